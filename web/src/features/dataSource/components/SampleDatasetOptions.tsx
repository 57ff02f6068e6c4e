import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { Card, Col, ExperimentOutlined, Row, Spin, Typography } from '../../../components/ui';
import { EmptyState, ErrorState, LOADING_TEXT, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import type { SampleDatasetName } from '../../../gql/graphql';
import { SampleDatasetsQuery, StartSampleDatasetMutation } from '../graphql/dataSource';
import { onActivateKey } from './DataSourceOptions';

export const START_SAMPLE_DATASET_FAILED = 'Failed to start sample dataset.';

/** The sample datasets of the server; choosing one builds its models and opens modeling. */
export function SampleDatasetOptions({ projectId }: { projectId: string }) {
  const [{ data, fetching, error }, reexecute] = useQuery({ query: SampleDatasetsQuery, requestPolicy: 'cache-first' });
  const [, startSampleDataset] = useMutation(StartSampleDatasetMutation);
  const [starting, setStarting] = useState<SampleDatasetName | null>(null);
  const navigate = useNavigate();

  const start = async (name: SampleDatasetName) => {
    if (starting) return;
    setStarting(name);
    const result = await startSampleDataset({ projectId, name }, { additionalTypenames: ['Project', 'DataSource', 'Model'] });
    if (result.error || !result.data?.startSampleDataset) {
      setStarting(null);
      showFailureToast(result.error, START_SAMPLE_DATASET_FAILED);
      return;
    }
    navigate(paths.modeling(projectId));
  };

  const datasets = data?.sampleDatasets ?? [];
  let body;
  if (fetching && !data) body = <LoadingState />;
  else if (error && !data) {
    body = (
      <ErrorState
        message={failureMessage(error, 'Failed to load sample datasets.') ?? undefined}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  } else if (datasets.length === 0) body = <EmptyState />;
  else {
    body = (
      <Row gutter={[16, 16]} role="list" aria-label="Sample datasets">
        {datasets.map((dataset) => {
          const running = starting === dataset.name;
          const disabled = starting !== null;
          const choose = () => void start(dataset.name);
          return (
            <Col key={dataset.name} xs={12} md={6} role="listitem">
              <Spin spinning={running} tip={LOADING_TEXT}>
                <Card
                  size="small"
                  hoverable={!disabled}
                  role="button"
                  tabIndex={disabled ? -1 : 0}
                  aria-label={dataset.displayName}
                  aria-disabled={disabled}
                  aria-busy={running}
                  data-sample-dataset={dataset.name}
                  onClick={disabled ? undefined : choose}
                  onKeyDown={disabled ? undefined : onActivateKey(choose)}
                  style={disabled && !running ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
                >
                  <Card.Meta avatar={<ExperimentOutlined />} title={dataset.displayName} description={dataset.description} />
                </Card>
              </Spin>
            </Col>
          );
        })}
      </Row>
    );
  }

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 32 }}>
        Or start from a sample dataset
      </Typography.Title>
      {starting && (
        <Typography.Paragraph type="secondary" role="status">
          Preparing the sample dataset. This may take a moment...
        </Typography.Paragraph>
      )}
      {body}
    </>
  );
}
