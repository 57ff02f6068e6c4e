import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Alert, Button, Flex, Select, Typography } from '../../../components/ui';
import { failureMessage } from '../../../app/errors/operationErrors';
import type { ColumnTypeFamily } from '../../../gql/graphql';
import { CSV_COLUMN_TYPES, typeChangeText } from '../csvFiles';
import { ChangeCsvColumnTypeMutation, CsvTableColumnsQuery } from '../graphql/csvImport';

/**
 * Changes the type of an imported column, for a column the import read otherwise than meant
 * (codes read as numbers, numbers kept as text). Values that do not convert become missing
 * and are counted; the models follow, and the next deploy uses the new type.
 */
export function CsvColumnTypeForm({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  const [table, setTable] = useState<string>();
  const [column, setColumn] = useState<string>();
  const [type, setType] = useState<ColumnTypeFamily>();
  const [{ data, fetching }, refetch] = useQuery({ query: CsvTableColumnsQuery, variables: { projectId }, pause: !open });
  const [{ data: changed, error, fetching: changing }, change] = useMutation(ChangeCsvColumnTypeMutation);

  if (!open) {
    return (
      <Button onClick={() => setOpen(true)} style={{ marginTop: 16 }}>
        Change a column&apos;s type
      </Button>
    );
  }

  const tables = data?.listDataSourceTables ?? [];
  const columns = tables.find((t) => t.name === table)?.columns ?? [];
  const submit = async () => {
    if (!table || !column || !type) return;
    const result = await change({ projectId, table, column, type }, { additionalTypenames: ['Model', 'ModelColumn'] });
    if (!result.error) refetch({ requestPolicy: 'network-only' });
  };

  return (
    <Flex vertical gap={8} style={{ marginTop: 16 }} role="group" aria-label="Change a column's type">
      <Typography.Text strong>Change a column&apos;s type</Typography.Text>
      <Flex gap={8} wrap>
        <Select
          aria-label="Table"
          placeholder="Table"
          style={{ minWidth: 160 }}
          loading={fetching}
          value={table}
          options={tables.map((t) => ({ value: t.name, label: t.name }))}
          onChange={(value: string) => {
            setTable(value);
            setColumn(undefined);
          }}
        />
        <Select
          aria-label="Column"
          placeholder="Column"
          style={{ minWidth: 200 }}
          disabled={!table}
          value={column}
          options={columns.map((c) => ({ value: c.name, label: `${c.name} (${c.type})` }))}
          onChange={(value: string) => setColumn(value)}
        />
        <Select
          aria-label="New type"
          placeholder="New type"
          style={{ minWidth: 160 }}
          value={type}
          options={CSV_COLUMN_TYPES}
          onChange={(value: ColumnTypeFamily) => setType(value)}
        />
        <Button type="primary" disabled={!table || !column || !type} loading={changing} onClick={() => void submit()}>
          Change type
        </Button>
      </Flex>
      {error && <Alert type="error" showIcon message={failureMessage(error, 'Failed to change the column type.')} />}
      {!error && changed && (
        <Alert
          type="success"
          showIcon
          message={typeChangeText(changed.changeCsvColumnType)}
          description="Deploy the models for questions to use the new type."
        />
      )}
    </Flex>
  );
}
