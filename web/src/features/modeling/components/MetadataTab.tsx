import { useMutation } from 'urql';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { Button, Form, Input, InputNumber, Select, Space, Switch, Table, Tag, Typography, toast } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import type { FormatStyle } from '../../../gql/graphql';
import type { DiagramModel } from '../diagram/layout';
import { UpdateModelMetadataMutation } from '../graphql/modeling';

type Column = DiagramModel['columns'][number];

interface ColumnFields {
  displayName: string;
  description: string;
  hidden: boolean;
  /** '' reads the values as they are. */
  style: FormatStyle | '';
  decimals: number | null;
}

interface MetadataForm {
  displayName: string;
  description: string;
  currency: string;
  columns: Record<string, ColumnFields>;
}

const STYLE_OPTIONS = [
  { value: '', label: 'Automatic' },
  { value: 'NUMBER' as FormatStyle, label: 'Number' },
  { value: 'CURRENCY' as FormatStyle, label: 'Currency' },
  { value: 'PERCENT' as FormatStyle, label: 'Percent (0.25 → 25%)' },
];

const NUMERIC = ['INTEGER', 'DECIMAL', 'FLOAT'];

/**
 * A model's names and descriptions, and how its columns read in answers: display names,
 * descriptions, a format (money in the model's currency, a percentage, fixed decimals) and
 * whether the question engines see the column.
 */
export function MetadataTab({ model, canUpdate, onChanged }: { model: DiagramModel; canUpdate: boolean; onChanged: () => void }) {
  const [form] = Form.useForm<MetadataForm>();
  const [{ fetching }, update] = useMutation(UpdateModelMetadataMutation);
  const initial: MetadataForm = {
    displayName: model.displayName,
    description: model.description ?? '',
    currency: model.currency ?? '',
    columns: Object.fromEntries(
      model.columns.map((c) => [
        c.id,
        { displayName: c.displayName, description: c.description ?? '', hidden: c.hidden, style: c.format?.style ?? '', decimals: c.format?.decimals ?? null },
      ]),
    ),
  };
  const save = async (values: MetadataForm) => {
    const columns = model.columns.map((c) => {
      const { style, decimals, ...names } = values.columns[c.id];
      // A column's own currency (from an imported model) is kept; the form sets the model's.
      return { id: c.id, ...names, format: { style: style || null, decimals: decimals ?? null, currency: c.format?.currency ?? null } };
    });
    const data = { displayName: values.displayName, description: values.description, currency: values.currency.trim().toUpperCase(), columns };
    const result = await update({ modelId: model.id, data });
    if (result.error) return showFailureToast(result.error, 'Failed to update model metadata.');
    toast.success('Model metadata saved.');
    onChanged();
  };
  const columns: TableColumnsType<Column> = [
    {
      title: 'Column',
      key: 'name',
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_, c) => (
        <Space size={4}>
          <Typography.Text code>{c.referenceName}</Typography.Text>
          {c.isPrimaryKey ? <Tag>PK</Tag> : null}
          {c.isCalculated ? <Tag color="purple">ƒ</Tag> : null}
        </Space>
      ),
    },
    { title: 'Type', dataIndex: 'type', key: 'type' },
    {
      title: 'Display name',
      key: 'displayName',
      render: (_, c) => (
        <Form.Item name={['columns', c.id, 'displayName']} noStyle>
          <Input size="small" aria-label={`Display name of ${c.referenceName}`} />
        </Form.Item>
      ),
    },
    {
      title: 'Format',
      key: 'format',
      render: (_, c) =>
        NUMERIC.includes(c.family) ? (
          <Space.Compact size="small">
            <Form.Item name={['columns', c.id, 'style']} noStyle>
              <Select size="small" style={{ width: 130 }} options={STYLE_OPTIONS} aria-label={`Format of ${c.referenceName}`} />
            </Form.Item>
            <Form.Item name={['columns', c.id, 'decimals']} noStyle>
              <InputNumber size="small" min={0} max={6} precision={0} placeholder="auto" style={{ width: 72 }} aria-label={`Decimals of ${c.referenceName}`} />
            </Form.Item>
          </Space.Compact>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: 'Description',
      key: 'description',
      render: (_, c) => (
        <Form.Item name={['columns', c.id, 'description']} noStyle>
          <Input size="small" aria-label={`Description of ${c.referenceName}`} />
        </Form.Item>
      ),
    },
    {
      title: 'Hidden',
      key: 'hidden',
      render: (_, c) => (
        <Form.Item name={['columns', c.id, 'hidden']} valuePropName="checked" noStyle>
          <Switch size="small" aria-label={`Hide ${c.referenceName}`} />
        </Form.Item>
      ),
    },
  ];
  return (
    <Form form={form} name="model-metadata" layout="vertical" initialValues={initial} disabled={!canUpdate} onFinish={(v) => void save(v)}>
      <Form.Item label="Display name" name="displayName" rules={[{ required: true }]}>
        <Input />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={2} placeholder="What one row of this model is, for people and for the question engine." />
      </Form.Item>
      <Form.Item
        label="Currency"
        name="currency"
        extra="The ISO code of the money in this model's columns formatted as Currency (USD when empty)."
        rules={[{ pattern: /^\s*([A-Za-z]{3})?\s*$/, message: 'Use a three-letter currency code, such as USD or EUR.' }]}
      >
        <Input placeholder="USD" maxLength={3} style={{ width: 120, textTransform: 'uppercase' }} />
      </Form.Item>
      <Table<Column> rowKey="id" size="small" columns={columns} dataSource={model.columns} pagination={false} scroll={{ x: true }} aria-label="Columns" />
      <Button type="primary" htmlType="submit" loading={fetching} style={{ marginTop: 16 }}>
        Save
      </Button>
    </Form>
  );
}
