import { useMutation, useQuery } from 'urql';
import { Button, Card, Descriptions, Flex, ReloadOutlined, Tag, Typography, toast } from '../../../components/ui';
import { ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import { formatDateTime } from '../../../components/page/formatDate';
import type { SchemaChangeQuery as SchemaChangeResult } from '../../../gql/graphql';
import { CardHeading } from './CardHeading';
import { ResolveSchemaChangeMutation, SchemaChangeQuery, TriggerDataSourceDetectionMutation } from '../graphql/dataSource';

type SchemaChange = NonNullable<SchemaChangeResult['schemaChange']>;

const SECTIONS = [
  ['addedTables', 'Added tables', 'green'],
  ['removedTables', 'Removed tables', 'red'],
  ['addedColumns', 'Added columns', 'green'],
  ['removedColumns', 'Removed columns', 'red'],
  ['changedColumns', 'Changed columns', 'orange'],
] as const;

export function hasSchemaChanges(change: SchemaChange | null | undefined): boolean {
  return !!change && SECTIONS.some(([key]) => change[key].length > 0);
}

/** Detect schema changes in the source since the last detection, and apply them to the models. */
export function SchemaChangePanel({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const [{ data, fetching, error }, reexecute] = useQuery({ query: SchemaChangeQuery, variables: { projectId } });
  const [{ fetching: detecting }, trigger] = useMutation(TriggerDataSourceDetectionMutation);
  const [{ fetching: applying }, resolve] = useMutation(ResolveSchemaChangeMutation);
  const change = data?.schemaChange;

  const detect = async () => {
    const result = await trigger({ projectId }, { additionalTypenames: ['SchemaChange'] });
    if (result.error) showFailureToast(result.error, 'Failed to detect schema changes.');
    else if (!hasSchemaChanges(result.data?.triggerDataSourceDetection)) toast.success('No schema changes found.');
    reexecute({ requestPolicy: 'network-only' });
  };

  const apply = async () => {
    const result = await resolve({ projectId }, { additionalTypenames: ['SchemaChange', 'Model'] });
    if (result.error) {
      showFailureToast(result.error, 'Failed to apply schema changes.');
      return;
    }
    toast.success('Schema changes applied.');
    reexecute({ requestPolicy: 'network-only' });
  };

  let body;
  if (fetching && !data) body = <LoadingState />;
  else if (error && !data) {
    body = (
      <ErrorState
        message={failureMessage(error, 'Failed to load schema changes.') ?? undefined}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  } else if (!change) {
    body = <Typography.Text type="secondary">No detection has run yet.</Typography.Text>;
  } else if (!hasSchemaChanges(change)) {
    body = (
      <Typography.Text type="secondary">
        No schema changes{change.detectedAt ? ` (checked ${formatDateTime(change.detectedAt)})` : ''}.
      </Typography.Text>
    );
  } else {
    body = (
      <>
        <Descriptions
          column={1}
          size="small"
          bordered
          styles={{ label: { width: 200 } }}
          aria-label="Schema changes"
          items={SECTIONS.filter(([key]) => change[key].length > 0).map(([key, label, color]) => ({
            key,
            label,
            children: (
              <Flex wrap gap={4} role="list" aria-label={label}>
                {change[key].map((name) => (
                  <Tag key={name} color={color} role="listitem">
                    {name}
                  </Tag>
                ))}
              </Flex>
            ),
          }))}
        />
        {change.detectedAt && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            Detected {formatDateTime(change.detectedAt)}
          </Typography.Paragraph>
        )}
        <Button type="primary" onClick={apply} loading={applying} disabled={!canEdit || detecting} style={{ marginTop: 8 }}>
          Apply changes
        </Button>
      </>
    );
  }

  return (
    <Card
      title={<CardHeading>Schema changes</CardHeading>}
      extra={
        <Button icon={<ReloadOutlined />} onClick={detect} loading={detecting} disabled={!canEdit || applying}>
          Detect schema changes
        </Button>
      }
    >
      {body}
    </Card>
  );
}
