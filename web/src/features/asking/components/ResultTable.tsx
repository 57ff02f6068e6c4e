import { useMemo } from 'react';
import { useQuery } from 'urql';
import { Alert, Table, type TableColumnsType } from '../../../components/ui';
import { EMPTY_TEXT, LOADING_TEXT } from '../../../components/page/PageStates';
import { failureMessage } from '../../../app/errors/operationErrors';
import { ResponseDataQuery } from '../graphql/asking';

/** Rows fetched for the table; the rest of the cached result stays on the server. */
export const TABLE_ROWS = 500;

type Row = Record<string, unknown> & { key: number };

const compare = (a: unknown, b: unknown): number => {
  const na = typeof a === 'number' ? a : Number(a);
  const nb = typeof b === 'number' ? b : Number(b);
  if (a !== null && b !== null && a !== '' && b !== '' && !Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  return String(a ?? '').localeCompare(String(b ?? ''));
};

/** A response's result: sortable columns, pages of 10, 'No Data' when empty. */
export function ResultTable({ projectId, responseId }: { projectId: string; responseId: string }) {
  const [{ data, fetching, error }] = useQuery({ query: ResponseDataQuery, variables: { projectId, responseId, limit: TABLE_ROWS } });
  const preview = data?.previewResponseData;
  const columns: TableColumnsType<Row> = useMemo(
    () =>
      (preview?.columns ?? []).map((c, i) => ({
        title: c.name,
        dataIndex: String(i),
        key: String(i),
        sorter: (a: Row, b: Row) => compare(a[String(i)], b[String(i)]),
        render: (value: unknown) => (value === null || value === undefined ? '—' : String(value)),
      })),
    [preview],
  );
  const rows: Row[] = useMemo(
    () => ((preview?.rows as unknown as unknown[][] | undefined) ?? []).map((r, key) => ({ key, ...Object.fromEntries(r.map((v, i) => [String(i), v])) })),
    [preview],
  );
  if (error) return <Alert type="error" showIcon message={failureMessage(error, 'Failed to load the result.')} />;
  const total = preview?.total ?? 0;
  return (
    <>
      {total > rows.length && (
        <Alert style={{ marginBottom: 8 }} type="info" message={`Showing the first ${rows.length} of ${total}${preview?.truncated ? '+' : ''} rows.`} />
      )}
      <Table<Row>
        aria-label="Result"
        size="small"
        loading={fetching && !data ? { tip: LOADING_TEXT } : false}
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: true }}
        locale={{ emptyText: EMPTY_TEXT }}
      />
    </>
  );
}
