import { useMemo } from 'react';
import { useQuery } from 'urql';
import { Alert, Table, type TableColumnsType } from '../../../components/ui';
import { EMPTY_TEXT, LOADING_TEXT } from '../../../components/page/PageStates';
import { failureMessage } from '../../../app/errors/operationErrors';
import { columnTitle, dateGrain, formatValue, type DescribedColumn } from '../../format/values';
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

/** Rows of a result as a sortable table: pages of `pageSize`, 'No Data' when empty. */
export function RowsTable({
  columns: resultColumns,
  rows: resultRows,
  loading = false,
  pageSize = 10,
  scrollY,
}: {
  columns: readonly DescribedColumn[];
  rows: readonly unknown[][];
  loading?: boolean;
  pageSize?: number;
  /** A fixed body height that scrolls (a dashboard tile). */
  scrollY?: number;
}) {
  const columns: TableColumnsType<Row> = useMemo(
    () =>
      resultColumns.map((c, i) => {
        // Dates read at the grain their column has ("Jan 2025" for a month per row).
        const grain = dateGrain(resultRows.map((r) => r[i]), c.name);
        return {
          title: columnTitle(c),
          dataIndex: String(i),
          key: String(i),
          sorter: (a: Row, b: Row) => compare(a[String(i)], b[String(i)]),
          render: (value: unknown) => formatValue(value, c.name, grain, c.format),
        };
      }),
    [resultColumns, resultRows],
  );
  const rows: Row[] = useMemo(
    () => resultRows.map((r, key) => ({ key, ...Object.fromEntries(r.map((v, i) => [String(i), v])) })),
    [resultRows],
  );
  return (
    <Table<Row>
      aria-label="Result"
      size="small"
      loading={loading ? { tip: LOADING_TEXT } : false}
      columns={columns}
      dataSource={rows}
      pagination={{ pageSize, showSizeChanger: false, hideOnSinglePage: true, size: 'small' }}
      scroll={{ x: true, y: scrollY }}
      locale={{ emptyText: EMPTY_TEXT }}
    />
  );
}

const NO_ROWS: unknown[][] = [];
const NO_COLUMNS: { name: string }[] = [];

/** A response's result: sortable columns, pages of 10, 'No Data' when empty. */
export function ResultTable({ projectId, responseId }: { projectId: string; responseId: string }) {
  const [{ data, fetching, error }] = useQuery({ query: ResponseDataQuery, variables: { projectId, responseId, limit: TABLE_ROWS } });
  const preview = data?.previewResponseData;
  if (error) return <Alert type="error" showIcon message={failureMessage(error, 'Failed to load the result.')} />;
  const rows = (preview?.rows as unknown as unknown[][] | undefined) ?? NO_ROWS;
  const total = preview?.total ?? 0;
  return (
    <>
      {total > rows.length && (
        <Alert style={{ marginBottom: 8 }} type="info" message={`Showing the first ${rows.length} of ${total}${preview?.truncated ? '+' : ''} rows.`} />
      )}
      <RowsTable columns={preview?.columns ?? NO_COLUMNS} rows={rows} loading={fetching && !data} />
    </>
  );
}
