import { describe, expect, it } from 'vitest';
import {
  buildFilter,
  columnsInput,
  describeFilter,
  isDirty,
  mergeColumns,
  moveColumn,
  pageInput,
  rangeText,
  savedColumns,
  savedView,
  tableChange,
  withFilter,
  withoutFilter,
  type GridView,
} from './grid';

const start: GridView = { page: 1, pageSize: 50, sort: [], filters: [] };
const source = [
  { name: 'Name', family: 'TEXT' as const },
  { name: 'Milliseconds', family: 'INTEGER' as const },
  { name: 'UnitPrice', family: 'DECIMAL' as const },
];

describe('page, sort and filters → request variables', () => {
  it('always sends the sort and filters, even empty, so the saved ones are not used instead', () => {
    expect(pageInput(start)).toEqual({ page: 1, pageSize: 50, sort: [], filters: [] });
  });

  it('turns the pager into page and pageSize, a new page size starting at page 1', () => {
    const page3 = tableChange(start, { current: 3, pageSize: 50 }, {});
    expect(pageInput(page3)).toMatchObject({ page: 3, pageSize: 50 });
    expect(tableChange(page3, { current: 3, pageSize: 200 }, {})).toMatchObject({ page: 1, pageSize: 200 });
  });

  it('sorts by the clicked column: ascending, descending, then none, each from page 1', () => {
    const onPage2 = { ...start, page: 2 };
    const asc = tableChange(onPage2, { current: 2, pageSize: 50 }, { columnKey: 'Milliseconds', order: 'ascend' });
    expect(pageInput(asc)).toMatchObject({ page: 1, sort: [{ column: 'Milliseconds', direction: 'ASCENDING' }] });
    const desc = tableChange({ ...asc, page: 4 }, { current: 4, pageSize: 50 }, { columnKey: 'Milliseconds', order: 'descend' });
    expect(pageInput(desc)).toMatchObject({ page: 1, sort: [{ column: 'Milliseconds', direction: 'DESCENDING' }] });
    const none = tableChange(desc, { current: 1, pageSize: 50 }, { columnKey: 'Milliseconds', order: null });
    expect(pageInput(none).sort).toEqual([]);
    // Paging keeps the sort.
    expect(tableChange(desc, { current: 2, pageSize: 50 }, { columnKey: 'Milliseconds', order: 'descend' })).toMatchObject({ page: 2, sort: desc.sort });
  });

  it('sends filters with their values typed, and a new or removed filter starts at page 1', () => {
    const price = buildFilter(source[2], 'GREATER_THAN', ' 0.99 ');
    expect(price).toEqual({ filter: { column: 'UnitPrice', operator: 'GREATER_THAN', value: 0.99 } });
    if (!('filter' in price)) throw new Error('not a filter');
    const filtered = withFilter({ ...start, page: 5 }, price.filter);
    expect(pageInput(filtered)).toEqual({
      page: 1,
      pageSize: 50,
      sort: [],
      filters: [{ column: 'UnitPrice', operator: 'GREATER_THAN', value: 0.99 }],
    });
    expect(withoutFilter({ ...filtered, page: 3 }, 0)).toEqual(start);
  });
});

describe('filter values', () => {
  it('are numbers for numeric columns, text as typed for text, true/false for booleans, null for emptiness', () => {
    expect(buildFilter(source[1], 'LESS_THAN', '300000')).toEqual({ filter: { column: 'Milliseconds', operator: 'LESS_THAN', value: 300000 } });
    expect(buildFilter(source[1], 'EQUALS', 'abc')).toEqual({ error: 'Please enter a number.' });
    expect(buildFilter(source[0], 'EQUALS', ' 40 ')).toEqual({ filter: { column: 'Name', operator: 'EQUALS', value: ' 40 ' } });
    expect(buildFilter({ name: 'Live', family: 'BOOLEAN' }, 'NOT_EQUALS', 'true')).toEqual({ filter: { column: 'Live', operator: 'NOT_EQUALS', value: true } });
    expect(buildFilter(source[0], 'IS_EMPTY', '')).toEqual({ filter: { column: 'Name', operator: 'EQUALS', value: null } });
    expect(buildFilter(source[0], 'IS_NOT_EMPTY', 'ignored')).toEqual({ filter: { column: 'Name', operator: 'NOT_EQUALS', value: null } });
  });

  it('read in words', () => {
    expect(describeFilter({ column: 'UnitPrice', operator: 'GREATER_THAN', value: 0.99 }, 'Price')).toBe('Price > 0.99');
    expect(describeFilter({ column: 'Name', operator: 'NOT_EQUALS', value: 'Jazz' }, 'Name')).toBe('Name ≠ "Jazz"');
    expect(describeFilter({ column: 'Name', operator: 'EQUALS', value: null }, 'Name')).toBe('Name is empty');
  });
});

describe('the pager text', () => {
  it('says which rows of how many', () => {
    expect(rangeText(2, 50, 3503)).toBe('Showing 51–100 of 3503 rows');
    expect(rangeText(5, 50, 213)).toBe('Showing 201–213 of 213 rows');
    expect(rangeText(1, 50, 1)).toBe('Showing 1–1 of 1 row');
    expect(rangeText(1, 50, 0)).toBe('Showing 0 of 0 rows');
  });
});

describe('columns', () => {
  const sheet = {
    columns: [
      { name: 'Milliseconds', label: null, hidden: false },
      { name: 'Name', label: 'Track', hidden: false },
      { name: 'Gone', label: null, hidden: true },
    ],
    sort: [{ column: 'Milliseconds', direction: 'DESCENDING' as const }],
    filters: [{ column: 'UnitPrice', operator: 'GREATER_THAN' as const, value: 0.99 as unknown as Record<string, unknown> }],
  };

  it('show the saved ones in their order, then the source columns not saved; columns gone are dropped', () => {
    expect(mergeColumns(savedColumns(sheet), source)).toEqual([
      { name: 'Milliseconds', label: 'Milliseconds', hidden: false },
      { name: 'Name', label: 'Track', hidden: false },
      { name: 'UnitPrice', label: 'UnitPrice', hidden: false },
    ]);
  });

  it('are saved with a label only when renamed', () => {
    const columns = mergeColumns([], source).map((c) => (c.name === 'Name' ? { ...c, label: ' Track ' } : c.name === 'Milliseconds' ? { ...c, label: '' } : c));
    expect(columnsInput(columns)).toEqual([
      { name: 'Name', label: 'Track', hidden: false },
      { name: 'Milliseconds', label: null, hidden: false },
      { name: 'UnitPrice', label: null, hidden: false },
    ]);
  });

  it('move within bounds', () => {
    const columns = mergeColumns([], source);
    expect(moveColumn(columns, 1, 0).map((c) => c.name)).toEqual(['Milliseconds', 'Name', 'UnitPrice']);
    expect(moveColumn(columns, 0, 2).map((c) => c.name)).toEqual(['Milliseconds', 'UnitPrice', 'Name']);
    expect(moveColumn(columns, 0, -1)).toEqual(columns);
  });

  it('make the view dirty when they, the sort or the filters differ from what is saved, not the page', () => {
    const columns = mergeColumns(savedColumns(sheet), source);
    const view = savedView(sheet);
    expect(view).toEqual({ page: 1, pageSize: 50, sort: sheet.sort, filters: [{ column: 'UnitPrice', operator: 'GREATER_THAN', value: 0.99 }] });
    expect(isDirty(sheet, columns, { ...view, page: 3, pageSize: 200 }, source)).toBe(false);
    expect(isDirty(sheet, moveColumn(columns, 0, 1), view, source)).toBe(true);
    expect(isDirty(sheet, columns, { ...view, sort: [] }, source)).toBe(true);
    expect(isDirty(sheet, columns, withoutFilter(view, 0), source)).toBe(true);
  });
});
