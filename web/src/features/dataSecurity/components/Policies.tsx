import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Button, Checkbox, Flex, Form, Input, Modal, Popconfirm, Select, Table, Typography, PlusOutlined, toast } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import type { PoliciesQuery as PoliciesResult, PolicyOperator, SecurityKind } from '../../../gql/graphql';
import { ModelsQuery } from '../../modeling/graphql/modeling';
import { CreatePolicyMutation, DeletePolicyMutation, PoliciesQuery, SessionPropertiesQuery, UpdatePolicyMutation } from '../graphql/dataSecurity';
import { ValueInput, asJson, shownValue, typedValue } from './ValueInput';

type Policy = PoliciesResult['policies'][number];

export const OPERATOR_LABELS: Record<PolicyOperator, string> = {
  EQUALS: 'equals',
  NOT_EQUALS: 'does not equal',
  GREATER_THAN: 'is greater than',
  GREATER_THAN_OR_EQUALS: 'is at least',
  LESS_THAN: 'is less than',
  LESS_THAN_OR_EQUALS: 'is at most',
};

interface PolicyValues {
  name: string;
  model: string;
  condition?: string;
  columnName?: string;
  property?: string;
  operator?: PolicyOperator;
  threshold?: string | number | boolean | null;
  adminsExempt?: boolean;
}

function PolicyModal({ projectId, kind, editing, onClose, onSaved }: { projectId: string; kind: SecurityKind; editing: Policy | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<PolicyValues>();
  const [{ data: models }] = useQuery({ query: ModelsQuery, variables: { projectId } });
  const [{ data: properties }] = useQuery({ query: SessionPropertiesQuery, variables: { projectId } });
  const [{ fetching: creating }, create] = useMutation(CreatePolicyMutation);
  const [{ fetching: updating }, update] = useMutation(UpdatePolicyMutation);
  const model = Form.useWatch('model', form);
  const propertyName = Form.useWatch('property', form);
  const columns = models?.models.find((m) => m.referenceName === model)?.columns ?? [];
  const property = properties?.sessionProperties.find((p) => p.name === propertyName);
  const rows = kind === 'RLS';

  const save = async (values: PolicyValues) => {
    const data = {
      kind,
      name: values.name.trim(),
      model: values.model,
      condition: rows ? values.condition : null,
      columnName: rows ? null : values.columnName,
      property: rows ? null : values.property,
      operator: rows ? null : values.operator,
      threshold: rows || !property ? null : asJson(typedValue(property.valueType, values.threshold)),
      adminsExempt: values.adminsExempt ?? false,
    };
    const result = editing ? await update({ projectId, policyId: editing.id, data }) : await create({ projectId, data });
    if (result.error) return showFailureToast(result.error, editing ? 'Failed to update policy.' : 'Failed to create policy.');
    toast.success(`Policy "${data.name}" ${editing ? 'updated' : 'created'}.`);
    onSaved();
  };

  const initial: Partial<PolicyValues> = editing
    ? {
        name: editing.name,
        model: editing.model,
        condition: editing.condition ?? undefined,
        columnName: editing.columnName ?? undefined,
        property: editing.property ?? undefined,
        operator: (editing.operator as PolicyOperator | null) ?? undefined,
        threshold: (editing.threshold as unknown as string | number | boolean | null) ?? undefined,
        adminsExempt: editing.adminsExempt,
      }
    : { operator: 'EQUALS', adminsExempt: false };

  return (
    <Modal
      open
      title={`${editing ? 'Edit' : 'Add'} ${rows ? 'row' : 'column'} policy`}
      okText={editing ? 'Save policy' : 'Add policy'}
      confirmLoading={creating || updating}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" onFinish={save} initialValues={initial}>
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Please enter the name.' }, { max: 100 }]}>
          <Input placeholder={rows ? 'Own region only' : 'Salaries for HR'} autoFocus />
        </Form.Item>
        <Form.Item name="model" label="Model" rules={[{ required: true, message: 'Please choose the model.' }]}>
          <Select showSearch options={(models?.models ?? []).map((m) => ({ value: m.referenceName, label: m.displayName || m.referenceName }))} />
        </Form.Item>
        {rows ? (
          <Form.Item
            name="condition"
            label="Rows shown"
            extra={
              <>
                A condition over the model's columns; <Typography.Text code>@name</Typography.Text> is the asker's value of a session property, e.g.{' '}
                <Typography.Text code>Region = @sales_region</Typography.Text>. Several policies on one model must all hold.
              </>
            }
            rules={[{ required: true, message: 'Please enter the condition.' }]}
          >
            <Input.TextArea rows={3} style={{ fontFamily: 'monospace' }} placeholder={`${columns[0]?.referenceName ?? 'Region'} = @${properties?.sessionProperties[0]?.name ?? 'sales_region'}`} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="columnName" label="Column" rules={[{ required: true, message: 'Please choose the column.' }]}>
              <Select showSearch options={columns.map((c) => ({ value: c.referenceName, label: c.displayName || c.referenceName }))} />
            </Form.Item>
            <Typography.Paragraph type="secondary">Readable only when the asker's value of</Typography.Paragraph>
            <Flex gap={8} wrap>
              <Form.Item name="property" label="Session property" rules={[{ required: true, message: 'Please choose the property.' }]} style={{ minWidth: 180 }}>
                <Select options={(properties?.sessionProperties ?? []).map((p) => ({ value: p.name, label: `@${p.name}` }))} />
              </Form.Item>
              <Form.Item name="operator" label="Comparison" rules={[{ required: true }]} style={{ minWidth: 180 }}>
                <Select options={(Object.keys(OPERATOR_LABELS) as PolicyOperator[]).map((o) => ({ value: o, label: OPERATOR_LABELS[o] }))} />
              </Form.Item>
              <Form.Item name="threshold" label="Value" rules={[{ required: true, message: 'Please enter the value.' }]} style={{ minWidth: 160 }}>
                <ValueInput valueType={property?.valueType ?? 'STRING'} />
              </Form.Item>
            </Flex>
          </>
        )}
        <Form.Item
          name="adminsExempt"
          valuePropName="checked"
          extra="By default organization admins are held by every policy, like everyone else."
          style={{ marginBottom: 0 }}
        >
          <Checkbox>Organization admins are not held by this policy</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The project's row policies (RLS) or column policies (CLS): add, edit, delete. */
export function Policies({ projectId, kind }: { projectId: string; kind: SecurityKind }) {
  const context = useMemo(() => ({ additionalTypenames: ['Policy'] }), []);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: PoliciesQuery, variables: { projectId }, context });
  const [, remove] = useMutation(DeletePolicyMutation);
  const [editing, setEditing] = useState<Policy | 'new' | null>(null);
  const refetch = () => reexecute({ requestPolicy: 'network-only' });
  const rows = kind === 'RLS';

  if (fetching && !data) return <LoadingState />;
  if (error && !data) return <ErrorState message={failureMessage(error, 'Failed to load policies.') ?? undefined} onRetry={refetch} />;
  const policies = (data?.policies ?? []).filter((p) => p.kind === kind);

  const columns: TableColumnsType<Policy> = [
    { title: 'Name', dataIndex: 'name' },
    { title: 'Model', dataIndex: 'model' },
    { title: 'Admins', dataIndex: 'adminsExempt', render: (exempt: boolean) => (exempt ? 'Not held' : 'Held') },
    rows
      ? { title: 'Rows shown', dataIndex: 'condition', render: (c: string) => <Typography.Text code>{c}</Typography.Text> }
      : {
          title: 'Readable when',
          key: 'rule',
          render: (_, p) => (
            <span>
              <Typography.Text code>{p.columnName}</Typography.Text>: <Typography.Text code>@{p.property}</Typography.Text>{' '}
              {OPERATOR_LABELS[p.operator as PolicyOperator] ?? p.operator} {shownValue(p.threshold)}
            </span>
          ),
        },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, policy) => (
        <Flex gap={8} justify="flex-end">
          <Button size="small" onClick={() => setEditing(policy)}>
            Edit
          </Button>
          <Popconfirm
            title={`Delete "${policy.name}"?`}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={async () => {
              const result = await remove({ projectId, policyId: policy.id });
              if (result.error) return showFailureToast(result.error, 'Failed to delete policy.');
              toast.success(`Policy "${policy.name}" deleted.`);
              refetch();
            }}
          >
            <Button danger size="small">
              Delete
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 720 }}>
          {rows
            ? 'Which rows of a model each member sees, by their session properties. Everyone is subject to them, owners too; a member with no value sees no rows.'
            : 'Columns only some members may read. A question that reads one — directly, through a field, a view or * — is refused with "Restricted by policy".'}
        </Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          Add {rows ? 'row' : 'column'} policy
        </Button>
      </Flex>
      {policies.length === 0 ? (
        <EmptyState description={`No ${rows ? 'row' : 'column'} policies yet.`} />
      ) : (
        <Table<Policy> rowKey="id" columns={columns} dataSource={policies} pagination={false} scroll={{ x: 'max-content' }} />
      )}
      {editing && (
        <PolicyModal
          projectId={projectId}
          kind={kind}
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refetch();
          }}
        />
      )}
    </Flex>
  );
}
