import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Button, Flex, Form, Input, Modal, Popconfirm, Select, Switch, Table, Tag, Typography, PlusOutlined, toast } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import type { PolicyScope, SessionPropertiesQuery as PropertiesResult, ValueType } from '../../../gql/graphql';
import { CreateSessionPropertyMutation, DeleteSessionPropertyMutation, SessionPropertiesQuery } from '../graphql/dataSecurity';
import { PropertyValues } from './PropertyValues';
import { ValueInput, asJson, shownValue, typedValue } from './ValueInput';

type Property = PropertiesResult['sessionProperties'][number];

export const VALUE_TYPE_LABELS: Record<ValueType, string> = { STRING: 'Text', NUMERIC: 'Number', BOOL: 'Yes / no' };

/** How a member's value is resolved from their own and their groups' (our definition of §3's scopes). */
export const SCOPE_LABELS: Record<PolicyScope, { label: string; help: string }> = {
  SINGLE: { label: 'Single', help: "The member's own value, else the one value their groups agree on. Groups that disagree give no rows." },
  COMBINED: { label: 'Combined', help: "Every value the member and their groups have: rows matching any of them." },
  LIMITED: { label: 'Limited', help: 'Only a value the member and all their groups agree on: the most restrictive.' },
};

interface NewProperty {
  name: string;
  valueType: ValueType;
  scope: PolicyScope;
  required: boolean;
  defaultValue?: string | number | boolean | null;
}

function CreatePropertyModal({ projectId, onClose, onCreated }: { projectId: string; onClose: () => void; onCreated: () => void }) {
  const [form] = Form.useForm<NewProperty>();
  const valueType = Form.useWatch('valueType', form) ?? 'STRING';
  const scope: PolicyScope = Form.useWatch('scope', form) ?? 'SINGLE';
  const [{ fetching }, create] = useMutation(CreateSessionPropertyMutation);
  const save = async (values: NewProperty) => {
    const defaultValue = asJson(typedValue(valueType, values.defaultValue));
    const result = await create({
      projectId,
      data: { name: values.name.trim(), valueType: values.valueType, scope: values.scope, required: values.required, defaultValue },
    });
    if (result.error) return showFailureToast(result.error, 'Failed to create session property.');
    toast.success(`Session property "${values.name.trim()}" created.`);
    onCreated();
  };
  return (
    <Modal open title="Add session property" okText="Add property" confirmLoading={fetching} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={save} initialValues={{ valueType: 'STRING', scope: 'SINGLE', required: false }}>
        <Form.Item
          name="name"
          label="Name"
          extra="Policies read it as @name: letters, digits and underscores."
          rules={[{ required: true, message: 'Please enter the name.' }, { pattern: /^[A-Za-z_][A-Za-z0-9_]{0,62}$/, message: 'Letters, digits and underscores, starting with a letter.' }]}
        >
          <Input placeholder="sales_region" autoFocus />
        </Form.Item>
        <Form.Item name="valueType" label="Type">
          <Select options={(Object.keys(VALUE_TYPE_LABELS) as ValueType[]).map((v) => ({ value: v, label: VALUE_TYPE_LABELS[v] }))} />
        </Form.Item>
        <Form.Item name="scope" label="Scope" extra={SCOPE_LABELS[scope].help}>
          <Select options={(Object.keys(SCOPE_LABELS) as PolicyScope[]).map((v) => ({ value: v, label: SCOPE_LABELS[v].label }))} />
        </Form.Item>
        <Form.Item name="required" label="Required" valuePropName="checked" extra="A member without a value sees no rows of a model whose policy reads it, required or not.">
          <Switch />
        </Form.Item>
        <Form.Item name="defaultValue" label="Default (optional)">
          <ValueInput valueType={valueType} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The project's session properties: add one, delete one, and give members and groups values. */
export function SessionProperties({ projectId }: { projectId: string }) {
  const context = useMemo(() => ({ additionalTypenames: ['SessionProperty'] }), []);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: SessionPropertiesQuery, variables: { projectId }, context });
  const [, remove] = useMutation(DeleteSessionPropertyMutation);
  const [creating, setCreating] = useState(false);
  const refetch = () => reexecute({ requestPolicy: 'network-only' });

  if (fetching && !data) return <LoadingState />;
  if (error && !data) return <ErrorState message={failureMessage(error, 'Failed to load session properties.') ?? undefined} onRetry={refetch} />;
  const properties = data?.sessionProperties ?? [];

  const columns: TableColumnsType<Property> = [
    { title: 'Name', dataIndex: 'name', render: (name: string) => <Typography.Text code>@{name}</Typography.Text> },
    { title: 'Type', dataIndex: 'valueType', render: (t: ValueType) => VALUE_TYPE_LABELS[t] },
    { title: 'Scope', dataIndex: 'scope', render: (s: PolicyScope) => SCOPE_LABELS[s].label },
    { title: 'Required', dataIndex: 'required', render: (r: boolean) => (r ? <Tag color="orange">Required</Tag> : 'Optional') },
    { title: 'Default', dataIndex: 'defaultValue', render: (v: unknown) => (v === null || v === undefined ? <Typography.Text type="secondary">None</Typography.Text> : shownValue(v)) },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, property) => (
        <Popconfirm
          title={`Delete @${property.name}?`}
          description="Its values for members and groups go with it."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={async () => {
            const result = await remove({ projectId, propertyId: property.id });
            if (result.error) return showFailureToast(result.error, 'Failed to delete session property.');
            toast.success(`Session property "${property.name}" deleted.`);
            refetch();
          }}
        >
          <Button danger size="small">
            Delete
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 720 }}>
          What policies know of the person asking. Give each member, group or API key a value; a policy reads it as <Typography.Text code>@name</Typography.Text>.
        </Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          Add property
        </Button>
      </Flex>
      {properties.length === 0 ? (
        <EmptyState description="No session properties yet." />
      ) : (
        <Table<Property>
          rowKey="id"
          columns={columns}
          dataSource={properties}
          pagination={false}
          scroll={{ x: 'max-content' }}
          expandable={{ expandedRowRender: (property) => <PropertyValues projectId={projectId} property={property} />, expandRowByClick: false }}
        />
      )}
      {creating && (
        <CreatePropertyModal
          projectId={projectId}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            refetch();
          }}
        />
      )}
    </Flex>
  );
}
