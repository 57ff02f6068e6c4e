import type { KeyboardEvent } from 'react';
import { Card, Col, DatabaseOutlined, FileTextOutlined, Row, Typography } from '../../../components/ui';
import type { DataSourceType } from '../../../gql/graphql';
import { DATA_SOURCES } from '../dataSources';

/** Runs `action` on Enter or Space, as a button would. */
export function onActivateKey(action: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      action();
    }
  };
}

/** A card per data source type of PRODUCT.md §3; choosing one opens its connection form. */
export function DataSourceOptions({ onSelect }: { onSelect: (type: DataSourceType) => void }) {
  return (
    <>
      <Typography.Title level={4}>Data sources</Typography.Title>
      <Row gutter={[16, 16]} role="list" aria-label="Data sources">
        {DATA_SOURCES.map((source) => (
          <Col key={source.type} xs={12} md={8} lg={6} role="listitem">
            <Card
              size="small"
              hoverable
              role="button"
              tabIndex={0}
              aria-label={source.label}
              data-source-type={source.type}
              onClick={() => onSelect(source.type)}
              onKeyDown={onActivateKey(() => onSelect(source.type))}
            >
              <Card.Meta avatar={source.type === 'CSV' ? <FileTextOutlined /> : <DatabaseOutlined />} title={source.label} />
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
