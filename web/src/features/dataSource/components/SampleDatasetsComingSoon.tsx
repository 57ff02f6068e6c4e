import { Card, Col, ExperimentOutlined, Row, Tag, Typography } from '../../../components/ui';

const SAMPLES = [
  { name: 'ECOMMERCE', title: 'E-commerce', description: 'Orders, customers and products of an online shop.' },
  { name: 'HR', title: 'Human resources', description: 'Employees, departments, salaries and titles.' },
  { name: 'MUSIC', title: 'Music', description: 'Artists, albums, tracks and invoices of a music store.' },
  { name: 'NBA', title: 'NBA', description: 'Teams, players, games and box scores.' },
];

/** The sample datasets, shown but not yet selectable while their server side is on its way. */
export function SampleDatasetsComingSoon() {
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 32 }}>
        Or start from a sample dataset
      </Typography.Title>
      <Row gutter={[16, 16]} role="list" aria-label="Sample datasets">
        {SAMPLES.map((sample) => (
          <Col key={sample.name} xs={12} md={6} role="listitem">
            <Card size="small" aria-disabled style={{ opacity: 0.6 }}>
              <Card.Meta
                avatar={<ExperimentOutlined />}
                title={sample.title}
                description={
                  <>
                    {sample.description}
                    <div>
                      <Tag>Coming soon</Tag>
                    </div>
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
