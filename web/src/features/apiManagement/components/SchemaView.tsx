import { Popover, Table, Tag, Typography } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { DocText } from './DocText';
import { describeType, resolve, schemaFields, type OpenApiDocument, type OpenApiSchema, type SchemaField } from '../openapi';

/** A type in words; a named schema opens its fields in a popover. */
export function TypeLabel({ doc, schema }: { doc: OpenApiDocument; schema: OpenApiSchema | undefined }) {
  return (
    <code style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
      {describeType(schema).map((part, index) =>
        'text' in part ? <span key={index}>{part.text}</span> : <SchemaRef key={index} doc={doc} name={part.ref} />,
      )}
    </code>
  );
}

function SchemaRef({ doc, name }: { doc: OpenApiDocument; name: string }) {
  const schema = doc.components?.schemas?.[name];
  if (!schema) return <span>{name}</span>;
  return (
    <Popover
      title={name}
      trigger="click"
      content={
        <div style={{ maxWidth: 640, maxHeight: 420, overflow: 'auto' }}>
          <SchemaBody doc={doc} schema={schema} />
        </div>
      }
    >
      <Typography.Link role="button" aria-label={`Schema ${name}`} style={{ fontFamily: 'inherit' }}>
        {name}
      </Typography.Link>
    </Popover>
  );
}

/** An object's fields as a table; anything else (an enum, a list) as its type. */
export function SchemaBody({ doc, schema }: { doc: OpenApiDocument; schema: OpenApiSchema | undefined }) {
  const resolved = resolve(doc, schema);
  const fields = schemaFields(doc, schema);
  return (
    <>
      {resolved?.description && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          <DocText text={resolved.description} />
        </Typography.Paragraph>
      )}
      {fields.length > 0 ? <FieldsTable doc={doc} fields={fields} /> : <TypeLabel doc={doc} schema={schema} />}
    </>
  );
}

function FieldsTable({ doc, fields }: { doc: OpenApiDocument; fields: SchemaField[] }) {
  const columns: TableColumnsType<SchemaField> = [
    {
      title: 'Field',
      dataIndex: 'name',
      render: (name: string, field) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <code>{name}</code>
          {field.required && (
            <Tag color="red" bordered={false} style={{ marginInlineStart: 6 }}>
              required
            </Tag>
          )}
        </span>
      ),
    },
    { title: 'Type', key: 'type', render: (_, field) => <TypeLabel doc={doc} schema={field.schema} /> },
    { title: 'Description', dataIndex: 'description', render: (text?: string) => (text ? <DocText text={text} /> : '') },
  ];
  return <Table<SchemaField> rowKey="name" size="small" columns={columns} dataSource={fields} pagination={false} />;
}
