import { useMemo } from 'react';
import { Table, type TableColumnsType } from '../../../components/ui';
import { EMPTY_TEXT, LOADING_TEXT } from '../../../components/page/PageStates';
import type { SpreadsheetPageFieldsFragment } from '../../../gql/graphql';
import { dateGrain, formatValue, type ColumnFormat, type DateGrain } from '../../format/values';
import { PAGE_SIZES, isNumeric, labelOf, rangeText, sortOrderOf, tableChange, type GridColumn, type GridView, type TableSorter } from '../grid';

type Row = Record<string, unknown> & { key: number };

/** A cell as every answer surface writes it (dates at their column's grain, numbers in its format). */
const cell = (column: string, grain: DateGrain | null, format: ColumnFormat | null | undefined) => (value: unknown) => {
  if (value === null || value === undefined) return <span className="spreadsheet-grid__null">—</span>;
  return formatValue(value, column, grain, format);
};

type Props = {
  /** The page the server sent (the last one while the next loads). */
  page: SpreadsheetPageFieldsFragment | undefined;
  /** The columns in the order and under the names the grid shows; hidden ones are left out. */
  columns: readonly GridColumn[];
  view: GridView;
  loading: boolean;
  onChange: (view: GridView) => void;
};

/**
 * One page of a grid in a table whose pager and column headers ask the server for another
 * page: sorting, paging and filtering happen at the source, never over the rows loaded here.
 */
export function SpreadsheetGrid({ page, columns, view, loading, onChange }: Props) {
  const source = page?.columns;
  const tableColumns: TableColumnsType<Row> = useMemo(() => {
    const index = new Map((source ?? []).map((c, i) => [c.name, i]));
    const family = new Map((source ?? []).map((c) => [c.name, c.family]));
    const format = new Map((source ?? []).map((c) => [c.name, c.format]));
    const data = (page?.rows as unknown as unknown[][] | undefined) ?? [];
    return columns
      .filter((c) => !c.hidden && index.has(c.name))
      .map((c) => ({
        key: c.name,
        title: labelOf(c),
        dataIndex: String(index.get(c.name)),
        sorter: true,
        sortOrder: sortOrderOf(view, c.name),
        showSorterTooltip: { title: `Sort by ${labelOf(c)}` },
        align: isNumeric(family.get(c.name)) ? ('right' as const) : undefined,
        render: cell(c.name, dateGrain(data.map((r) => r[index.get(c.name) ?? 0]), c.name), format.get(c.name)),
      }));
  }, [columns, source, view, page?.rows]);

  const rows: Row[] = useMemo(() => {
    const data = (page?.rows as unknown as unknown[][] | undefined) ?? [];
    const first = ((page?.page ?? 1) - 1) * (page?.pageSize ?? 0);
    return data.map((r, i) => ({ key: first + i, ...Object.fromEntries(r.map((v, j) => [String(j), v])) }));
  }, [page]);

  const total = page?.totalRows ?? 0;
  return (
    <div className="spreadsheet-grid" data-testid="spreadsheet-grid">
      <Table<Row>
        size="small"
        bordered
        loading={loading ? { tip: LOADING_TEXT } : false}
        columns={tableColumns}
        dataSource={rows}
        scroll={{ x: 'max-content', y: 'calc(100vh - 360px)' }}
        locale={{ emptyText: EMPTY_TEXT }}
        pagination={{
          current: view.page,
          pageSize: view.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: () => <span data-testid="row-range">{rangeText(view.page, view.pageSize, total)}</span>,
        }}
        onChange={(pagination, _filters, sorter) => onChange(tableChange(view, pagination, sorter as TableSorter | TableSorter[]))}
      />
    </div>
  );
}
