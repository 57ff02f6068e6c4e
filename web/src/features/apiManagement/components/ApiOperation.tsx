import { Flex, Table, Tag, Typography } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import {
  curlExample,
  jsonBodyOf,
  resolve,
  schemaName,
  type HttpMethod,
  type OpenApiDocument,
  type OpenApiParameter,
  type ReferenceOperation,
} from '../openapi';
import { DocText } from './DocText';
import { SchemaBody, TypeLabel } from './SchemaView';

export const METHOD_COLORS: Record<HttpMethod, string> = {
  get: 'blue',
  post: 'green',
  put: 'orange',
  patch: 'cyan',
  delete: 'red',
  head: 'default',
  options: 'default',
};

function responseColor(code: string): string {
  if (code.startsWith('2')) return 'green';
  if (code.startsWith('3')) return 'blue';
  if (code.startsWith('4')) return 'orange';
  if (code.startsWith('5')) return 'red';
  return 'default';
}

const codeBlock = {
  background: '#f5f5f5',
  padding: 12,
  borderRadius: 6,
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  margin: 0,
} as const;

/** The collapsed line of an operation: method, path and summary. */
export function OperationHeader({ op }: { op: ReferenceOperation }) {
  return (
    <Flex gap={12} align="center" wrap>
      <Tag color={METHOD_COLORS[op.method]} style={{ minWidth: 64, textAlign: 'center', fontWeight: 600, marginInlineEnd: 0 }}>
        {op.method.toUpperCase()}
      </Tag>
      <code style={{ fontSize: 14, overflowWrap: 'anywhere' }}>{op.path}</code>
      {op.operation.summary && (
        <Typography.Text type="secondary" style={{ flex: '1 1 320px', minWidth: 0 }}>
          <DocText text={op.operation.summary} />
        </Typography.Text>
      )}
      {op.operation.deprecated && <Tag>deprecated</Tag>}
    </Flex>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section style={{ marginTop: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** Everything about one operation: parameters, body, responses and a curl call. */
export function OperationDetails({ doc, op, origin }: { doc: OpenApiDocument; op: ReferenceOperation; origin: string }) {
  const body = jsonBodyOf(doc, op.operation);
  const requestBody = resolve(doc, op.operation.requestBody);
  const parameterColumns: TableColumnsType<OpenApiParameter> = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, parameter) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <code>{name}</code>
          {parameter.required && (
            <Tag color="red" bordered={false} style={{ marginInlineStart: 6 }}>
              required
            </Tag>
          )}
        </span>
      ),
    },
    { title: 'In', dataIndex: 'in' },
    { title: 'Type', key: 'type', render: (_, parameter) => <TypeLabel doc={doc} schema={parameter.schema} /> },
    { title: 'Description', dataIndex: 'description', render: (text?: string) => (text ? <DocText text={text} /> : '') },
  ];

  return (
    <div>
      {op.operation.description && (
        <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
          <DocText text={op.operation.description} />
        </Typography.Paragraph>
      )}
      {op.parameters.length > 0 && (
        <Section title="Parameters">
          <Table<OpenApiParameter>
            rowKey={(parameter) => `${parameter.in}-${parameter.name}`}
            size="small"
            columns={parameterColumns}
            dataSource={op.parameters}
            pagination={false}
          />
        </Section>
      )}
      {body && (
        <Section title="Request body">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            <code>{body.contentType}</code>
            {schemaName(body.schema) && <> · {schemaName(body.schema)}</>}
            {requestBody?.description && (
              <>
                {' · '}
                <DocText text={requestBody.description} />
              </>
            )}
          </Typography.Paragraph>
          <SchemaBody doc={doc} schema={body.schema} />
        </Section>
      )}
      <Section title="Responses">
        <Flex vertical gap={16}>
          {Object.entries(op.operation.responses ?? {}).map(([code, reference], index, all) => {
            const response = resolve(doc, reference);
            const [contentType, media] = Object.entries(response?.content ?? {})[0] ?? [];
            const name = schemaName(media?.schema);
            // A body already shown for an earlier code is named, not repeated.
            const earlier = all
              .slice(0, index)
              .find(([, other]) => name && schemaName(Object.values(resolve(doc, other)?.content ?? {})[0]?.schema) === name);
            return (
              <div key={code} data-testid={`response-${code}`}>
                <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
                  <Tag color={responseColor(code)} style={{ marginInlineEnd: 0 }}>
                    {code}
                  </Tag>
                  {response?.description && (
                    <Typography.Text>
                      <DocText text={response.description} />
                    </Typography.Text>
                  )}
                  {contentType && (
                    <Typography.Text type="secondary">
                      <code>{contentType}</code>
                      {name && <> · {name}</>}
                    </Typography.Text>
                  )}
                </Flex>
                {earlier ? (
                  <Typography.Text type="secondary">The same {name} as {earlier[0]}.</Typography.Text>
                ) : (
                  media?.schema && <SchemaBody doc={doc} schema={media.schema} />
                )}
              </div>
            );
          })}
        </Flex>
      </Section>
      <Section title="Example">
        <pre aria-label={`curl example of ${op.method.toUpperCase()} ${op.path}`} style={codeBlock}>
          {curlExample(doc, op, origin)}
        </pre>
      </Section>
    </div>
  );
}
