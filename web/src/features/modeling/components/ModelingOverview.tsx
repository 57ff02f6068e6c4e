import { Link } from 'react-router';
import { useQuery } from 'urql';
import { Card, Table, Typography } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { EMPTY_TEXT, EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import type { ModelingOverviewQuery as Overview } from '../../../gql/graphql';
import { ModelingOverviewQuery } from '../graphql/modeling';
import { RELATION_TYPE_OPTIONS, relationKey } from '../relationTypes';

type Model = Overview['models'][number];
type Relationship = Overview['relationships'][number];

const MODEL_COLUMNS: TableColumnsType<Model> = [
  { title: 'Model', dataIndex: 'displayName', key: 'displayName', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
  { title: 'Description', dataIndex: 'description', key: 'description', render: (text: string | null) => text ?? '' },
  { title: 'Primary key', dataIndex: 'primaryKey', key: 'primaryKey', render: (key: string | null) => key ?? '' },
  { title: 'Columns', key: 'columns', align: 'right', render: (_, model) => model.columns.length },
];

const RELATIONSHIP_COLUMNS: TableColumnsType<Relationship> = [
  { title: 'From', key: 'from', render: (_, r) => <code>{`${r.fromModel}.${r.fromColumn}`}</code> },
  { title: 'To', key: 'to', render: (_, r) => <code>{`${r.toModel}.${r.toColumn}`}</code> },
  {
    title: 'Type',
    dataIndex: 'type',
    key: 'type',
    render: (type: Relationship['type']) => RELATION_TYPE_OPTIONS.find((option) => option.value === type)?.label ?? type,
  },
];

/** The project's models and relationships as lists (the diagram and editing come with the semantic layer). */
export function ModelingOverview({ projectId }: { projectId: string }) {
  const [{ data, fetching, error }, reexecute] = useQuery({ query: ModelingOverviewQuery, variables: { projectId } });
  if (fetching && !data) return <LoadingState />;
  if (error && !data) {
    return (
      <ErrorState
        message={failureMessage(error, 'Failed to load models.') ?? undefined}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  }
  const models = data?.models ?? [];
  if (models.length === 0) {
    return (
      <EmptyState>
        <Link to={paths.setupConnection(projectId)}>Connect a data source</Link>
      </EmptyState>
    );
  }
  return (
    <>
      <Card title={`Models (${models.length})`} style={{ marginBottom: 16 }}>
        <Table<Model> rowKey="id" size="small" columns={MODEL_COLUMNS} dataSource={models} pagination={false} aria-label="Models" />
      </Card>
      <Card title={`Relationships (${data?.relationships.length ?? 0})`}>
        <Table<Relationship>
          rowKey={(r) => relationKey(r)}
          size="small"
          columns={RELATIONSHIP_COLUMNS}
          dataSource={data?.relationships ?? []}
          pagination={false}
          locale={{ emptyText: EMPTY_TEXT }}
          aria-label="Relationships"
        />
      </Card>
    </>
  );
}
