import type { KeyboardEvent } from 'react';
import { Card, Col, DatabaseOutlined, FileTextOutlined, Row, Tag, Typography } from '../../../components/ui';
import { CSV_IMPORT_AVAILABLE } from '../availability';
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
        {DATA_SOURCES.map((source) => {
          const comingSoon = source.type === 'CSV' && !CSV_IMPORT_AVAILABLE;
          return (
            <Col key={source.type} xs={12} md={8} lg={6} role="listitem">
              <Card
                size="small"
                hoverable={!comingSoon}
                role="button"
                tabIndex={comingSoon ? -1 : 0}
                aria-label={source.label}
                aria-disabled={comingSoon}
                data-source-type={source.type}
                onClick={comingSoon ? undefined : () => onSelect(source.type)}
                onKeyDown={comingSoon ? undefined : onActivateKey(() => onSelect(source.type))}
                style={comingSoon ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
              >
                <Card.Meta
                  avatar={source.type === 'CSV' ? <FileTextOutlined /> : <DatabaseOutlined />}
                  title={source.label}
                  description={comingSoon ? <Tag>Coming soon</Tag> : undefined}
                />
              </Card>
            </Col>
          );
        })}
      </Row>
    </>
  );
}
