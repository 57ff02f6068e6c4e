import { useMemo, useState } from 'react';
import { Flex, Input, SearchOutlined, Table, Typography } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import type { ListDataSourceTablesQuery } from '../../../gql/graphql';

export type SourceTable = ListDataSourceTablesQuery['listDataSourceTables'][number];

/**
 * Tables whose name contains the search text, case-insensitively. `name` is the key the api
 * takes back (schema-qualified when the source has several schemas), `displayName` the bare name.
 */
export function filterTables<T extends Pick<SourceTable, 'name' | 'schema' | 'displayName'>>(
  tables: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...tables];
  return tables.filter((table) => {
    const qualified = table.schema ? `${table.schema}.${table.displayName}` : table.displayName;
    return [table.name, table.displayName, qualified].some((text) => text.toLowerCase().includes(needle));
  });
}

const columns: TableColumnsType<SourceTable> = [
  { title: 'Schema', dataIndex: 'schema', render: (schema: string | null) => schema ?? '—' },
  { title: 'Name', key: 'name', render: (_, table) => table.displayName || table.name },
  {
    title: 'Columns',
    key: 'columns',
    align: 'right',
    render: (_, table) => table.columns.length,
  },
];

/**
 * The source's tables with a search box and a checkbox each; the header checkbox selects all
 * the tables the search shows. Selections survive a change of search.
 */
export function TablePicker({
  tables,
  selected,
  onChange,
  disabled,
}: {
  tables: readonly SourceTable[];
  selected: string[];
  onChange: (names: string[]) => void;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterTables(tables, search), [tables, search]);

  return (
    <>
      <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 12 }} wrap>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search tables"
          aria-label="Search tables"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 320 }}
        />
        <Typography.Text aria-live="polite" data-testid="selected-count">
          {selected.length} of {tables.length} {tables.length === 1 ? 'table' : 'tables'} selected
        </Typography.Text>
      </Flex>
      <Table<SourceTable>
        rowKey="name"
        size="small"
        columns={columns}
        dataSource={shown}
        pagination={false}
        aria-label="Source tables"
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => onChange(keys.map(String)),
          getCheckboxProps: (table) => ({ disabled, 'aria-label': `Select ${table.name}` }) as object,
        }}
      />
    </>
  );
}
