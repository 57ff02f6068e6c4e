import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { ArrowLeftOutlined, Button, Card, Flex, Form } from '../../../components/ui';
import { paths } from '../../../app/routes/paths';
import type { DataSourceType } from '../../../gql/graphql';
import { dataSourceLabel, initialConnectionValues, toDataSourceInput, type ConnectionValues } from '../dataSources';
import { SaveDataSourceMutation } from '../graphql/dataSource';
import { useConnectionTest } from '../hooks/useConnectionTest';
import { CardHeading } from './CardHeading';
import { ConnectionForm } from './ConnectionForm';
import { ConnectionOutcomeAlert } from './ConnectionOutcomeAlert';

export const SAVE_DATA_SOURCE_FAILED = 'Failed to save data source.';

/** The connection form of a chosen source: test it, then save it and go on to the models. */
export function ConnectionSetup({
  projectId,
  type,
  onBack,
}: {
  projectId: string;
  type: DataSourceType;
  onBack: () => void;
}) {
  const [form] = Form.useForm<ConnectionValues>();
  const navigate = useNavigate();
  const { test, testing, outcome, clear, reportFailure } = useConnectionTest(projectId);
  const [{ fetching: saving }, saveDataSource] = useMutation(SaveDataSourceMutation);
  const label = dataSourceLabel(type);

  const runTest = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) await test(toDataSourceInput(type, values));
  };

  const save = async (values: ConnectionValues) => {
    clear();
    // The project's onboarding status changes: its cached answers must go.
    const result = await saveDataSource(
      { projectId, data: toDataSourceInput(type, values) },
      { additionalTypenames: ['Project', 'DataSource'] },
    );
    if (result.error || !result.data) {
      reportFailure(result.error, SAVE_DATA_SOURCE_FAILED);
      return;
    }
    navigate(paths.setupModels(projectId));
  };

  return (
    <Card
      title={<CardHeading>Connect {label}</CardHeading>}
      extra={
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack}>
          Back to data sources
        </Button>
      }
      data-source-type={type}
    >
      <ConnectionForm
        type={type}
        form={form}
        mode="create"
        initialValues={initialConnectionValues(type)}
        onValuesChange={clear}
        onFinish={save}
        disabled={saving}
      >
        <ConnectionOutcomeAlert outcome={outcome} />
        <Flex gap={8}>
          <Button onClick={runTest} loading={testing} disabled={saving}>
            Test connection
          </Button>
          <Button type="primary" htmlType="submit" loading={saving} disabled={testing}>
            Next
          </Button>
        </Flex>
      </ConnectionForm>
    </Card>
  );
}
