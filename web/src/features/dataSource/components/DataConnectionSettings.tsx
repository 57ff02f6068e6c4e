import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { Button, Card, Descriptions, Flex, Form, Typography, toast } from '../../../components/ui';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import type { DataSourceQuery as DataSourceResult } from '../../../gql/graphql';
import { useProject } from '../../project/hooks/useProject';
import { UPDATE_DATA_SOURCE_FAILED, connectionRefusedReason, updateDataSourceErrorMessage } from '../connectionErrors';
import {
  CONNECTION_FIELDS,
  dataSourceLabel,
  formatProperty,
  initialConnectionValues,
  toDataSourceInput,
  type ConnectionValues,
} from '../dataSources';
import { DataSourceQuery, SampleDatasetsQuery, UpdateDataSourceMutation } from '../graphql/dataSource';
import { useConnectionTest } from '../hooks/useConnectionTest';
import { CardHeading } from './CardHeading';
import { ConnectionForm } from './ConnectionForm';
import { ConnectionOutcomeAlert } from './ConnectionOutcomeAlert';
import { SchemaChangePanel } from './SchemaChangePanel';
import { CsvFilesPanel } from '../../csvImport/components/CsvFilesPanel';
import { DataSyncPanel } from '../../dataSync/components/DataSyncPanel';

/** Source types whose tables Quarry can copy into its own store (the sync engine reads them). */
const SYNCABLE = new Set(['POSTGRES', 'REDSHIFT', 'MYSQL']);

type DataSource = NonNullable<DataSourceResult['dataSource']>;

const SECRET_NAMES = new Set(
  Object.values(CONNECTION_FIELDS)
    .flat()
    .filter((field) => field.secret)
    .map((field) => field.name),
);

/** The saved settings as label/value pairs, in form order, secrets left out. */
function describedProperties(source: DataSource) {
  const properties = source.properties ?? {};
  const fields = CONNECTION_FIELDS[source.type];
  const known = fields
    .filter((field) => !field.secret && field.name in properties)
    .map((field) => ({ key: field.name, label: field.label, children: formatProperty(properties[field.name]) }));
  const others = Object.keys(properties)
    .filter((key) => !SECRET_NAMES.has(key) && !fields.some((field) => field.name === key))
    .map((key) => ({ key, label: key, children: formatProperty(properties[key]) }));
  return [...known, ...others];
}

function EditConnection({ projectId, source, canEdit }: { projectId: string; source: DataSource; canEdit: boolean }) {
  const [form] = Form.useForm<ConnectionValues>();
  const { test, testing, outcome, setOutcome, clear } = useConnectionTest(projectId);
  const [{ fetching: saving }, updateDataSource] = useMutation(UpdateDataSourceMutation);

  const runTest = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) await test(toDataSourceInput(source.type, values));
  };

  // The api tests the connection (with the stored secrets for blank ones) before it saves.
  const save = async (values: ConnectionValues) => {
    clear();
    const result = await updateDataSource(
      { projectId, data: toDataSourceInput(source.type, values) },
      { additionalTypenames: ['DataSource'] },
    );
    if (result.error) {
      const reason = connectionRefusedReason(result.error);
      if (reason) setOutcome({ status: 'refused', reason });
      showFailureToast(result.error, UPDATE_DATA_SOURCE_FAILED, updateDataSourceErrorMessage);
      return;
    }
    toast.success('Data source updated.');
    form.resetFields(CONNECTION_FIELDS[source.type].filter((field) => field.secret).map((field) => field.name));
  };

  return (
    <Card title={<CardHeading>Edit connection</CardHeading>} style={{ marginBottom: 16 }}>
      <ConnectionForm
        type={source.type}
        form={form}
        mode="edit"
        initialValues={initialConnectionValues(source.type, source.properties)}
        disabled={!canEdit || saving}
        onValuesChange={clear}
        onFinish={save}
      >
        <ConnectionOutcomeAlert outcome={outcome} />
        <Flex gap={8}>
          <Button onClick={runTest} loading={testing} disabled={saving}>
            Test connection
          </Button>
          <Button type="primary" htmlType="submit" loading={saving} disabled={testing}>
            Save
          </Button>
        </Flex>
      </ConnectionForm>
    </Card>
  );
}

/** Settings › Project › Data connection: the saved source, its edit form and schema changes. */
export function DataConnectionSettings({ projectId }: { projectId: string }) {
  const { project } = useProject(projectId);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: DataSourceQuery, variables: { projectId } });
  const sampleDataset = data?.dataSource?.sampleDataset;
  const [samples] = useQuery({ query: SampleDatasetsQuery, pause: !sampleDataset, requestPolicy: 'cache-first' });

  if (fetching && !data) return <LoadingState />;
  if (error && !data) {
    return (
      <ErrorState
        message={failureMessage(error, 'Failed to load data source.') ?? undefined}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  }
  const source = data?.dataSource;
  if (!source) {
    return (
      <Card title={<CardHeading>Data connection</CardHeading>}>
        <EmptyState description="No data source is connected yet.">
          <Link to={paths.setupConnection(projectId)}>Connect a data source</Link>
        </EmptyState>
      </Card>
    );
  }

  // What the server says this member may do; while it loads nothing is hidden (the server decides).
  const canEdit = project?.myPermissions.canManageDataSource ?? true;
  const editable = !source.sampleDataset && CONNECTION_FIELDS[source.type].length > 0;
  const items = [
    { key: 'type', label: 'Type', children: dataSourceLabel(source.type) },
    ...(sampleDataset
      ? [
          {
            key: 'sampleDataset',
            label: 'Sample dataset',
            children: samples.data?.sampleDatasets.find((sample) => sample.name === sampleDataset)?.displayName ?? sampleDataset,
          },
        ]
      : []),
    ...describedProperties(source),
  ];

  return (
    <>
      <Card title={<CardHeading>Data connection</CardHeading>} style={{ marginBottom: 16 }}>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={items}
          styles={{ label: { width: 200 } }}
          aria-label="Saved connection"
        />
        {!editable && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {source.sampleDataset ? 'A sample dataset has no connection settings to edit.' : 'CSV files have no connection settings to edit.'}
          </Typography.Paragraph>
        )}
      </Card>
      {editable && <EditConnection key={source.type} projectId={projectId} source={source} canEdit={canEdit} />}
      {source.type === 'CSV' && (
        <CsvFilesPanel projectId={projectId} canEdit={canEdit} canChangeTypes={project?.myPermissions.canUpdateModels ?? true} />
      )}
      {!source.sampleDataset && SYNCABLE.has(source.type) && <DataSyncPanel projectId={projectId} canEdit={canEdit} />}
      <SchemaChangePanel projectId={projectId} canEdit={canEdit} />
    </>
  );
}
