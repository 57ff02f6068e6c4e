// A spreadsheet's grid state as the browser holds it, and how it becomes a request: the
// page, sort and filters go to the server (which computes them at the source); column
// order, names and visibility are applied here and saved with the view.
import type { Key } from 'react';
import { displayName } from '../format/values';
import type {
  ColumnTypeFamily,
  FilterOperator,
  PageInput,
  SortDirection,
  SpreadsheetColumnInput,
  SpreadsheetFieldsFragment,
  SpreadsheetFilterInput,
  SpreadsheetSortInput,
} from '../../gql/graphql';

export const PAGE_SIZES = [50, 100, 200, 500] as const;
export const DEFAULT_PAGE_SIZE = 50;

export type FilterValue = string | number | boolean | null;
export type GridFilter = { column: string; operator: FilterOperator; value: FilterValue };
export type GridSort = { column: string; direction: SortDirection };
/** Which rows the grid asks the server for. */
export type GridView = { page: number; pageSize: number; sort: GridSort[]; filters: GridFilter[] };
/** A column as the grid shows it: under `label` (the source name unless renamed; blank shows the name). */
export type GridColumn = { name: string; label: string; hidden: boolean };
export type SourceColumn = { name: string; family: ColumnTypeFamily; displayName?: string | null };

const NUMERIC: readonly ColumnTypeFamily[] = ['INTEGER', 'DECIMAL', 'FLOAT'];
export const isNumeric = (family: ColumnTypeFamily | undefined) => !!family && NUMERIC.includes(family);

/** The view a saved spreadsheet opens with: its sort and filters, from the first page. */
export function savedView(sheet: Pick<SpreadsheetFieldsFragment, 'sort' | 'filters'>, pageSize = DEFAULT_PAGE_SIZE): GridView {
  return {
    page: 1,
    pageSize,
    sort: sheet.sort.map(({ column, direction }) => ({ column, direction })),
    filters: sheet.filters.map(({ column, operator, value }) => ({ column, operator, value: value as unknown as FilterValue })),
  };
}

export function savedColumns(sheet: Pick<SpreadsheetFieldsFragment, 'columns'>): GridColumn[] {
  return sheet.columns.map(({ name, label, hidden }) => ({ name, label: label ?? name, hidden }));
}

// The JSON scalar is typed as an object by codegen; a filter's value is any JSON scalar.
const filterInput = ({ column, operator, value }: GridFilter): SpreadsheetFilterInput => ({
  column,
  operator,
  value: value as unknown as SpreadsheetFilterInput['value'],
});

/**
 * The request for one page. Sort and filters are always sent, even empty, since the server
 * falls back to the saved ones when they are left out.
 */
export function pageInput(view: GridView): PageInput & { page: number; pageSize: number; sort: SpreadsheetSortInput[]; filters: SpreadsheetFilterInput[] } {
  return {
    page: view.page,
    pageSize: view.pageSize,
    sort: view.sort.map(({ column, direction }) => ({ column, direction })),
    filters: view.filters.map(filterInput),
  };
}

export type TableSorter = { columnKey?: Key; order?: 'ascend' | 'descend' | null };

/**
 * The view after the table's pager or a column header was used: a header click sorts by that
 * column alone (ascending, descending, then none); a new sort or page size starts at page 1.
 */
export function tableChange(view: GridView, pagination: { current?: number; pageSize?: number }, sorter: TableSorter | TableSorter[]): GridView {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  const sort: GridSort[] =
    one?.order && one.columnKey !== undefined
      ? [{ column: String(one.columnKey), direction: one.order === 'ascend' ? 'ASCENDING' : 'DESCENDING' }]
      : [];
  const pageSize = pagination.pageSize ?? view.pageSize;
  const resorted = JSON.stringify(sort) !== JSON.stringify(view.sort);
  const page = resorted || pageSize !== view.pageSize ? 1 : (pagination.current ?? view.page);
  return { ...view, page, pageSize, sort };
}

/** How the table marks a column's header. */
export function sortOrderOf(view: GridView, column: string): 'ascend' | 'descend' | null {
  const found = view.sort.find((s) => s.column === column);
  if (!found) return null;
  return found.direction === 'ASCENDING' ? 'ascend' : 'descend';
}

export const withFilter = (view: GridView, filter: GridFilter): GridView => ({ ...view, page: 1, filters: [...view.filters, filter] });
export const withoutFilter = (view: GridView, index: number): GridView => ({ ...view, page: 1, filters: view.filters.filter((_, i) => i !== index) });

/** The filter bar's operators: the six comparisons, and emptiness (null with = and ≠). */
export type FilterChoice = FilterOperator | 'IS_EMPTY' | 'IS_NOT_EMPTY';
export const FILTER_CHOICES: { value: FilterChoice; label: string; symbol: string }[] = [
  { value: 'EQUALS', label: '= equals', symbol: '=' },
  { value: 'NOT_EQUALS', label: '≠ does not equal', symbol: '≠' },
  { value: 'GREATER_THAN', label: '> greater than', symbol: '>' },
  { value: 'GREATER_THAN_OR_EQUALS', label: '≥ at least', symbol: '≥' },
  { value: 'LESS_THAN', label: '< less than', symbol: '<' },
  { value: 'LESS_THAN_OR_EQUALS', label: '≤ at most', symbol: '≤' },
  { value: 'IS_EMPTY', label: 'is empty', symbol: 'is empty' },
  { value: 'IS_NOT_EMPTY', label: 'is not empty', symbol: 'is not empty' },
];
export const needsValue = (choice: FilterChoice) => choice !== 'IS_EMPTY' && choice !== 'IS_NOT_EMPTY';

/**
 * A filter from the bar's column, operator and typed text: numbers for numeric columns,
 * true/false for boolean ones, the text as typed otherwise.
 */
export function buildFilter(column: SourceColumn, choice: FilterChoice, text: string): { filter: GridFilter } | { error: string } {
  if (choice === 'IS_EMPTY') return { filter: { column: column.name, operator: 'EQUALS', value: null } };
  if (choice === 'IS_NOT_EMPTY') return { filter: { column: column.name, operator: 'NOT_EQUALS', value: null } };
  const trimmed = text.trim();
  if (isNumeric(column.family)) {
    const number = Number(trimmed);
    if (trimmed === '' || !Number.isFinite(number)) return { error: 'Please enter a number.' };
    return { filter: { column: column.name, operator: choice, value: number } };
  }
  if (column.family === 'BOOLEAN') {
    if (trimmed !== 'true' && trimmed !== 'false') return { error: 'Please choose true or false.' };
    return { filter: { column: column.name, operator: choice, value: trimmed === 'true' } };
  }
  if (text === '') return { error: 'Please enter a value.' };
  return { filter: { column: column.name, operator: choice, value: text } };
}

/** A filter in words: `UnitPrice > 0.99`, `Name = "Jazz"`, `Composer is empty`. */
export function describeFilter(filter: GridFilter, label: string): string {
  if (filter.value === null) return `${label} ${filter.operator === 'EQUALS' ? 'is empty' : 'is not empty'}`;
  const symbol = FILTER_CHOICES.find((c) => c.value === filter.operator)?.symbol ?? filter.operator;
  const value = typeof filter.value === 'string' ? `"${filter.value}"` : String(filter.value);
  return `${label} ${symbol} ${value}`;
}

/** "Showing 51–100 of 3503 rows". */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'Showing 0 of 0 rows';
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  return `Showing ${first}–${last} of ${total} ${total === 1 ? 'row' : 'rows'}`;
}

/**
 * The grid's columns: the saved ones still in the source, in their order, then any the
 * source has that were not saved (shown, under their own name).
 */
export function mergeColumns(saved: readonly GridColumn[], source: readonly SourceColumn[] | undefined): GridColumn[] {
  if (!source) return [...saved];
  const known = new Set(source.map((c) => c.name));
  const kept = saved.filter((c) => known.has(c.name));
  const listed = new Set(kept.map((c) => c.name));
  return [...kept, ...source.filter((c) => !listed.has(c.name)).map((c) => ({ name: c.name, label: c.displayName ?? c.name, hidden: false }))];
}

/** A column's header: the name a user gave it, else its name in words ("Unit price"). */
export const labelOf = (column: GridColumn) => {
  const given = column.label.trim();
  return given && given !== column.name ? given : displayName(column.name);
};

/** What Save view sends for the columns: every column in order, a label only when renamed. */
export function columnsInput(columns: readonly GridColumn[]): SpreadsheetColumnInput[] {
  return columns.map(({ name, label, hidden }) => {
    const trimmed = label.trim();
    return { name, label: trimmed && trimmed !== name ? trimmed : null, hidden };
  });
}

export function moveColumn(columns: readonly GridColumn[], from: number, to: number): GridColumn[] {
  if (to < 0 || to >= columns.length || from === to) return [...columns];
  const next = [...columns];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** The saveSpreadsheet payload of the grid as it is. */
export function saveInput(columns: readonly GridColumn[], view: GridView) {
  const { sort, filters } = pageInput(view);
  return { columns: columnsInput(columns), sort, filters };
}

/** Whether the grid differs from what is saved (the page shown does not count). */
export function isDirty(
  sheet: Pick<SpreadsheetFieldsFragment, 'columns' | 'sort' | 'filters'>,
  columns: readonly GridColumn[],
  view: GridView,
  source: readonly SourceColumn[] | undefined,
): boolean {
  const saved = saveInput(mergeColumns(savedColumns(sheet), source), savedView(sheet));
  return JSON.stringify(saved) !== JSON.stringify(saveInput(columns, view));
}
