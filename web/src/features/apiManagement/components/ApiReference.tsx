import { useMemo } from 'react';
import { Alert, Collapse, Typography } from '../../../components/ui';
import { ErrorState, LoadingState } from '../../../components/page/PageStates';
import { OPENAPI_URL, useOpenApiDocument } from '../hooks/useOpenApiDocument';
import { authorizationNotes, operationsByTag, type OpenApiDocument } from '../openapi';
import { OperationDetails, OperationHeader } from './ApiOperation';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The REST API's reference, read from its OpenAPI document. */
export function ApiReference() {
  const state = useOpenApiDocument();
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'failed') {
    return <ErrorState message={`Failed to load the API reference. ${state.message}`} onRetry={state.retry} />;
  }
  return <ApiReferenceDocument doc={state.document} origin={window.location.origin} />;
}

export function ApiReferenceDocument({ doc, origin }: { doc: OpenApiDocument; origin: string }) {
  const tags = useMemo(() => operationsByTag(doc), [doc]);
  const notes = authorizationNotes(doc);

  return (
    <div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {doc.info.title} <Typography.Text type="secondary">v{doc.info.version}</Typography.Text>
      </Typography.Title>
      {doc.info.description && <Typography.Paragraph>{doc.info.description}</Typography.Paragraph>}
      {notes.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          message="Authentication"
          description={
            <>
              {notes.map((note) => (
                <Typography.Paragraph key={note.name} style={{ marginBottom: 4 }}>
                  Send <Typography.Text code>{note.header}</Typography.Text> with every call
                  {note.description ? ` (${note.description}).` : '.'}
                </Typography.Paragraph>
              ))}
              <Typography.Paragraph style={{ marginBottom: 0 }}>
                Calls go to <Typography.Text code>{origin}</Typography.Text>. The document itself is at{' '}
                <Typography.Link href={OPENAPI_URL} target="_blank" rel="noreferrer">
                  {OPENAPI_URL}
                </Typography.Link>
                .
              </Typography.Paragraph>
            </>
          }
        />
      )}
      {tags.map((tag) => (
        <section key={tag.name} style={{ marginBottom: 24 }} aria-label={capitalize(tag.name)}>
          <Typography.Title level={5}>{capitalize(tag.name)}</Typography.Title>
          {tag.description && <Typography.Paragraph type="secondary">{tag.description}</Typography.Paragraph>}
          <Collapse
            items={tag.operations.map((op) => ({
              key: op.id,
              label: <OperationHeader op={op} />,
              children: <OperationDetails doc={doc} op={op} origin={origin} />,
            }))}
          />
        </section>
      ))}
    </div>
  );
}
