import { useState } from 'react';
import { Button, Flex, Form, Input, PlusOutlined, Popover, Select, Tag, Typography } from '../../../components/ui';
import { FILTER_CHOICES, buildFilter, describeFilter, isNumeric, labelOf, needsValue, type FilterChoice, type GridColumn, type GridFilter, type SourceColumn } from '../grid';

type Props = {
  filters: readonly GridFilter[];
  /** The grid's columns (hidden ones too: a filter may use them). */
  columns: readonly GridColumn[];
  source: readonly SourceColumn[] | undefined;
  onAdd: (filter: GridFilter) => void;
  onRemove: (index: number) => void;
};

/** The grid's filters, each removable, and a form to add one (column, operator, value). */
export function FilterBar({ filters, columns, source, onAdd, onRemove }: Props) {
  const [open, setOpen] = useState(false);
  const byName = new Map(columns.map((c) => [c.name, c]));
  const labelFor = (name: string) => {
    const column = byName.get(name);
    return column ? labelOf(column) : name;
  };
  return (
    <Flex gap={8} align="center" wrap="wrap" className="spreadsheet-filters" role="group" aria-label="Filters">
      <Typography.Text type="secondary">Filters:</Typography.Text>
      {filters.length === 0 && <Typography.Text type="secondary">none</Typography.Text>}
      {filters.map((filter, index) => {
        const text = describeFilter(filter, labelFor(filter.column));
        return (
          <Tag
            key={`${index}-${text}`}
            closable
            onClose={(event) => {
              event.preventDefault();
              onRemove(index);
            }}
            closeIcon={<span aria-label={`Remove filter ${text}`}>×</span>}
          >
            <span data-testid="filter-tag">{text}</span>
          </Tag>
        );
      })}
      <Popover
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        placement="bottomLeft"
        title="Add a filter"
        destroyOnHidden
        content={
          <AddFilterForm
            columns={columns}
            source={source}
            onAdd={(filter) => {
              onAdd(filter);
              setOpen(false);
            }}
          />
        }
      >
        <Button size="small" icon={<PlusOutlined />} disabled={!source}>
          Add filter
        </Button>
      </Popover>
    </Flex>
  );
}

type Values = { column?: string; choice: FilterChoice; value?: string };

function AddFilterForm({ columns, source, onAdd }: { columns: readonly GridColumn[]; source: readonly SourceColumn[] | undefined; onAdd: (filter: GridFilter) => void }) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const columnName = Form.useWatch('column', form);
  const choice = Form.useWatch('choice', form) ?? 'EQUALS';
  const families = new Map((source ?? []).map((c) => [c.name, c.family]));
  const family = columnName ? families.get(columnName) : undefined;
  const submit = (values: Values) => {
    const column = source?.find((c) => c.name === values.column);
    if (!column) return setError('Please choose a column.');
    const built = buildFilter(column, values.choice, values.value ?? '');
    if ('error' in built) return setError(built.error);
    setError(null);
    onAdd(built.filter);
  };
  return (
    <Form form={form} layout="vertical" size="small" initialValues={{ choice: 'EQUALS' }} onFinish={submit} style={{ width: 280 }}>
      <Form.Item name="column" label="Column" rules={[{ required: true }]}>
        <Select
          aria-label="Filter column"
          showSearch
          optionFilterProp="label"
          options={columns.filter((c) => families.has(c.name)).map((c) => ({ value: c.name, label: labelOf(c) }))}
          onChange={() => form.setFieldValue('value', undefined)}
        />
      </Form.Item>
      <Form.Item name="choice" label="Operator">
        <Select aria-label="Filter operator" options={FILTER_CHOICES.map(({ value, label }) => ({ value, label }))} />
      </Form.Item>
      {needsValue(choice) && (
        <Form.Item name="value" label="Value" extra={family ? valueHint(family) : undefined}>
          {family === 'BOOLEAN' ? (
            <Select aria-label="Filter value" options={[{ value: 'true', label: 'true' }, { value: 'false', label: 'false' }]} />
          ) : (
            <Input aria-label="Filter value" inputMode={isNumeric(family) ? 'decimal' : undefined} />
          )}
        </Form.Item>
      )}
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginBottom: 8 }}>
          {error}
        </Typography.Text>
      )}
      <Button type="primary" htmlType="submit" block>
        Add
      </Button>
    </Form>
  );
}

/** What a filter value of a column of `family` looks like, in words. */
function valueHint(family: string): string {
  switch (family) {
    case 'INTEGER':
      return 'A whole number';
    case 'DECIMAL':
    case 'FLOAT':
      return 'A number, such as 12.5';
    case 'DATE':
      return 'A date, such as 2025-03-31';
    case 'TIMESTAMP':
    case 'TIMESTAMPTZ':
      return 'A date, or a date and time such as 2025-03-31 14:00';
    case 'BOOLEAN':
      return 'Yes (true) or no (false)';
    default:
      return 'Text, matched as written';
  }
}
