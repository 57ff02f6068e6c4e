import { useState } from 'react';
import { useMutation } from 'urql';
import type { CombinedError } from 'urql';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { Button, Form, Input, Popconfirm, Space, Table, Typography, toast } from '../../../components/ui';
import { EMPTY_TEXT } from '../../../components/page/PageStates';
import type { DiagramModel } from '../diagram/layout';
import { CreateCalculatedFieldMutation, DeleteCalculatedFieldMutation, UpdateCalculatedFieldMutation } from '../graphql/modeling';
import type { ModelingRights } from '../hooks/useModelingRights';

type Column = DiagramModel['columns'][number];
type FieldForm = { name: string; expression: string };

/** The reason the server gave for refusing a field, shown under the expression. */
function refusal(error: CombinedError): string | null {
  const first = error.graphQLErrors[0];
  return first?.extensions?.code === 'INVALID_CALCULATED_FIELD' && first.message ? first.message : null;
}

/** A model's calculated fields: listed, added, edited and deleted, each checked by the server. */
export function CalculatedFieldsTab({ model, rights, onChanged }: { model: DiagramModel; rights: ModelingRights; onChanged: () => void }) {
  const [form] = Form.useForm<FieldForm>();
  const [{ fetching: creating }, create] = useMutation(CreateCalculatedFieldMutation);
  const [{ fetching: updating }, update] = useMutation(UpdateCalculatedFieldMutation);
  const [, remove] = useMutation(DeleteCalculatedFieldMutation);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<Column | null>(null);
  const fields = model.columns.filter((c) => c.isCalculated);

  const save = async (values: FieldForm) => {
    setProblem(null);
    const result = editing ? await update({ columnId: editing.id, data: values }) : await create({ modelId: model.id, data: values });
    if (result.error) {
      const reason = refusal(result.error);
      if (reason) setProblem(reason);
      else showFailureToast(result.error, editing ? 'Failed to update calculated field.' : 'Failed to create calculated field.');
      return;
    }
    toast.success(editing ? `Calculated field ${values.name} saved.` : `Calculated field ${values.name} added.`);
    setEditing(null);
    form.resetFields();
    onChanged();
  };
  const edit = (field: Column) => {
    setProblem(null);
    setEditing(field);
    form.setFieldsValue({ name: field.referenceName, expression: field.expression ?? '' });
  };
  const drop = async (field: Column) => {
    const result = await remove({ columnId: field.id });
    if (result.error) return showFailureToast(result.error, 'Failed to delete calculated field.');
    onChanged();
  };

  return (
    <>
      <Table<Column>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={fields}
        locale={{ emptyText: EMPTY_TEXT }}
        aria-label="Calculated fields"
        columns={[
          { title: 'Name', dataIndex: 'referenceName', key: 'name' },
          { title: 'Expression', key: 'expression', render: (_, c) => <Typography.Text code>{c.expression}</Typography.Text> },
          { title: 'Type', dataIndex: 'type', key: 'type' },
          {
            title: '',
            key: 'actions',
            render: (_, c) => (
              <Space size={0}>
                {rights.canUpdate ? (
                  <Button size="small" type="link" onClick={() => edit(c)}>
                    Edit
                  </Button>
                ) : null}
                {rights.canCreate ? (
                  <Popconfirm title="Delete this calculated field?" okText="Delete" onConfirm={() => void drop(c)}>
                    <Button size="small" danger type="link">
                      Delete
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {rights.canCreate || editing ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {editing ? `Edit ${editing.referenceName}` : 'Add a calculated field'}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            An expression over this model's columns, or across a relationship: <code>customers.country</code> on orders,{' '}
            <code>SUM(orders.amount)</code> on customers (SUM, AVG, COUNT, COUNT_IF, MAX, MIN aggregate the many side).
          </Typography.Paragraph>
          <Form form={form} name="calculated-field" layout="vertical" onFinish={(v) => void save(v)}>
            <Form.Item label="Name" name="name" rules={[{ required: true }]}>
              <Input placeholder="total_spent" />
            </Form.Item>
            <Form.Item
              label="Expression"
              name="expression"
              rules={[{ required: true }]}
              validateStatus={problem ? 'error' : undefined}
              help={problem ?? undefined}
            >
              <Input.TextArea rows={2} placeholder="SUM(orders.amount)" />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={creating || updating}>
                {editing ? 'Save field' : 'Add field'}
              </Button>
              {editing ? (
                <Button
                  onClick={() => {
                    setEditing(null);
                    form.resetFields();
                  }}
                >
                  Cancel
                </Button>
              ) : null}
            </Space>
          </Form>
        </>
      ) : null}
    </>
  );
}
