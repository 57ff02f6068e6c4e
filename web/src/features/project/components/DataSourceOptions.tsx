import { Card, Col, DatabaseOutlined, ExperimentOutlined, Row, Tag, Typography } from '../../../components/ui';
import { DATA_SOURCES, SAMPLE_DATASETS } from '../dataSources';

const COMING_SOON = <Tag color="default">Coming soon</Tag>;

/** Every source and sample dataset, not selectable yet. */
export function DataSourceOptions() {
  return (
    <>
      <Typography.Title level={4}>Data sources</Typography.Title>
      <Row gutter={[16, 16]} role="list" aria-label="Data sources">
        {DATA_SOURCES.map((source) => (
          <Col key={source.type} xs={12} md={8} lg={6} role="listitem">
            <Card size="small" aria-disabled="true" data-source-type={source.type} style={{ opacity: 0.6, cursor: 'not-allowed' }}>
              <Card.Meta avatar={<DatabaseOutlined />} title={source.label} description={COMING_SOON} />
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Title level={4} style={{ marginTop: 32 }}>
        Or start from a sample dataset
      </Typography.Title>
      <Row gutter={[16, 16]} role="list" aria-label="Sample datasets">
        {SAMPLE_DATASETS.map((dataset) => (
          <Col key={dataset.name} xs={12} md={6} role="listitem">
            <Card size="small" aria-disabled="true" data-sample-dataset={dataset.name} style={{ opacity: 0.6, cursor: 'not-allowed' }}>
              <Card.Meta
                avatar={<ExperimentOutlined />}
                title={dataset.label}
                description={
                  <>
                    <div>{dataset.description}</div>
                    {COMING_SOON}
                  </>
                }
              />
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
