import { useQuery } from 'urql';
import { Table } from '../../../components/ui';
import { EMPTY_TEXT, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage } from '../../../app/errors/operationErrors';
import { ModelSqlQuery, PreviewModelDataQuery, PreviewViewDataQuery, ViewSqlQuery } from '../graphql/modeling';

export const PREVIEW_LIMIT = 100;

type Target = { kind: 'model'; id: string } | { kind: 'view'; id: string };

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The first rows of a model or view, run on the data source. */
export function PreviewPanel({ target }: { target: Target }) {
  const [model] = useQuery({ query: PreviewModelDataQuery, variables: { modelId: target.id, limit: PREVIEW_LIMIT }, pause: target.kind !== 'model', requestPolicy: 'network-only' });
  const [view] = useQuery({ query: PreviewViewDataQuery, variables: { viewId: target.id, limit: PREVIEW_LIMIT }, pause: target.kind !== 'view', requestPolicy: 'network-only' });
  const { data, fetching, error } = target.kind === 'model' ? model : view;
  const preview = target.kind === 'model' ? model.data?.previewModelData : view.data?.previewViewData;
  if (fetching && !data) return <LoadingState />;
  if (error) return <ErrorState message={failureMessage(error, 'Failed to preview data.') ?? undefined} />;
  const columns = (preview?.columns ?? []).map((c, i) => ({
    title: c.name,
    key: `${i}`,
    render: (_: unknown, row: unknown[]) => cell(row[i]),
    ellipsis: true,
  }));
  const rows = ((preview?.rows as unknown[][] | undefined) ?? []).map((row, i) => Object.assign([...row], { key: i }));
  return (
    <Table
      size="small"
      columns={columns}
      dataSource={rows}
      rowKey="key"
      pagination={false}
      scroll={{ x: 'max-content', y: 420 }}
      locale={{ emptyText: EMPTY_TEXT }}
      aria-label="Preview data"
    />
  );
}

/** The SQL a model or view runs as on the data source. */
export function SqlPanel({ target }: { target: Target }) {
  const [model] = useQuery({ query: ModelSqlQuery, variables: { modelId: target.id }, pause: target.kind !== 'model', requestPolicy: 'network-only' });
  const [view] = useQuery({ query: ViewSqlQuery, variables: { viewId: target.id }, pause: target.kind !== 'view', requestPolicy: 'network-only' });
  const { data, fetching, error } = target.kind === 'model' ? model : view;
  const sql = target.kind === 'model' ? model.data?.modelSql : view.data?.viewSql;
  if (fetching && !data) return <LoadingState />;
  if (error) return <ErrorState message={failureMessage(error, 'Failed to load the SQL.') ?? undefined} />;
  return (
    <pre className="deploy-log" aria-label="SQL">
      {sql}
    </pre>
  );
}
