import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import { Alert, Button, Drawer, Form, Input, Modal, Popconfirm, Radio, Select, Tabs, toast } from '../../../components/ui';
import type { ModelingDiagramQuery } from '../../../gql/graphql';
import type { DiagramModel } from '../diagram/layout';
import {
  CreateModelMutation,
  CreateRelationshipMutation,
  CreateViewMutation,
  DeleteViewMutation,
  ListDataSourceTablesQuery,
  UpdateViewMetadataMutation,
} from '../graphql/modeling';
import { AddRelationshipForm } from './AddRelationshipForm';
import type { NewRelation } from './AddRelationshipForm';
import type { ModelingRights } from '../hooks/useModelingRights';
import { PreviewPanel, SqlPanel } from './PreviewPanel';

type View = ModelingDiagramQuery['views'][number];

interface DialogProps {
  projectId: string;
  onClose: () => void;
  onChanged: () => void;
}

interface AddModelForm {
  from: 'table' | 'sql';
  table?: string;
  fields?: string[];
  primaryKey?: string;
  name?: string;
  sql?: string;
}

/** "Add model": a source table not modelled yet with the columns to include, or a SQL statement. */
export function AddModelModal({ projectId, models, onClose, onChanged }: DialogProps & { models: DiagramModel[] }) {
  const [{ data, fetching: loading }] = useQuery({ query: ListDataSourceTablesQuery, variables: { projectId } });
  const [{ fetching }, create] = useMutation(CreateModelMutation);
  const [form] = Form.useForm<AddModelForm>();
  const from = Form.useWatch('from', form) ?? 'table';
  const table = Form.useWatch('table', form);
  const taken = new Set(models.map((m) => m.sourceTableName));
  const tables = (data?.listDataSourceTables ?? []).filter((t) => !taken.has(t.schema ? `${t.schema}.${t.name}` : t.name));
  const columns = tables.find((t) => t.displayName === table)?.columns ?? [];
  const save = async (values: AddModelForm) => {
    const input =
      values.from === 'sql'
        ? { projectId, name: values.name, sourceSql: values.sql }
        : { projectId, sourceTableName: values.table, fields: values.fields ?? [], primaryKey: values.primaryKey || null };
    const result = await create({ data: input });
    if (result.error) return showFailureToast(result.error, 'Failed to create model.');
    toast.success('Model created.');
    onChanged();
    onClose();
  };
  return (
    <Modal title="Add model" open onCancel={onClose} okText="Create" confirmLoading={fetching} onOk={() => form.submit()} width={640}>
      <Form form={form} layout="vertical" initialValues={{ from: 'table' }} onFinish={(v) => void save(v)}>
        <Form.Item name="from">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'table', label: 'From a table' },
              { value: 'sql', label: 'From SQL' },
            ]}
          />
        </Form.Item>
        {from === 'table' ? (
          <>
            <Form.Item label="Table" name="table" rules={[{ required: true }]}>
              <Select loading={loading} showSearch options={tables.map((t) => ({ value: t.displayName, label: t.displayName }))} placeholder="Choose a table" />
            </Form.Item>
            <Form.Item label="Columns" name="fields" extra="All columns when none are chosen.">
              <Select mode="multiple" options={columns.map((c) => ({ value: c.name, label: `${c.name} (${c.type})` }))} disabled={!table} />
            </Form.Item>
            <Form.Item label="Primary key" name="primaryKey">
              <Select allowClear options={columns.map((c) => ({ value: c.name, label: c.name }))} disabled={!table} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item label="Name" name="name" rules={[{ required: true }]}>
              <Input placeholder="Big spenders" />
            </Form.Item>
            <Form.Item label="SQL" name="sql" rules={[{ required: true }]} extra="One SELECT in the data source's own SQL; the model's columns are what it returns.">
              <Input.TextArea rows={6} style={{ fontFamily: 'ui-monospace, monospace' }} placeholder="SELECT customer_id, sum(amount) AS spent FROM orders GROUP BY customer_id" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

/** "Add view": a named query over the models, checked on the source when saved. */
export function CreateViewModal({ projectId, onClose, onChanged }: DialogProps) {
  const [{ fetching }, create] = useMutation(CreateViewMutation);
  const [form] = Form.useForm<{ name: string; sql: string }>();
  const save = async (values: { name: string; sql: string }) => {
    const result = await create({ data: { projectId, ...values } });
    if (result.error) return showFailureToast(result.error, 'Failed to create view.');
    toast.success(`View ${result.data?.createView.name} created.`);
    onChanged();
    onClose();
  };
  return (
    <Modal title="Add view" open onCancel={onClose} okText="Create" confirmLoading={fetching} onOk={() => form.submit()} width={640}>
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item label="Name" name="name" rules={[{ required: true }]}>
          <Input placeholder="Big orders" />
        </Form.Item>
        <Form.Item label="SQL" name="sql" rules={[{ required: true }]} extra="A SELECT over models and other views.">
          <Input.TextArea rows={6} style={{ fontFamily: 'ui-monospace, monospace' }} placeholder="SELECT * FROM orders WHERE amount > 100" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** "Add relationship" between two models' columns; a refusal is said in the dialog, which keeps what was chosen. */
export function AddRelationshipModal({ projectId, models, onClose, onChanged }: DialogProps & { models: DiagramModel[] }) {
  const [{ fetching }, create] = useMutation(CreateRelationshipMutation);
  const [refused, setRefused] = useState<string | null>(null);
  const add = async (relation: NewRelation) => {
    setRefused(null);
    const result = await create({ projectId, data: relation });
    if (result.error) {
      setRefused(failureMessage(result.error, 'Failed to create relationship.') ?? 'Failed to create relationship.');
      return false;
    }
    toast.success('Relationship added.');
    onChanged();
    onClose();
    return true;
  };
  const sourceColumns = models.map((m) => ({ ...m, columns: m.columns.filter((c) => !c.isCalculated) }));
  return (
    <Modal title="Add relationship" open onCancel={onClose} footer={null} width={760}>
      {refused && <Alert type="error" showIcon message={refused} style={{ marginBottom: 12 }} data-testid="relationship-refused" />}
      <AddRelationshipForm models={sourceColumns} disabled={fetching} onAdd={add} />
    </Modal>
  );
}

/** A view: its names, its data and its SQL. */
export function ViewDrawer({ view, rights, onClose, onChanged }: { view: View; rights: ModelingRights; onClose: () => void; onChanged: () => void }) {
  const [tab, setTab] = useState('details');
  const [{ fetching }, update] = useMutation(UpdateViewMetadataMutation);
  const [, remove] = useMutation(DeleteViewMutation);
  const save = async (values: { displayName: string; description: string }) => {
    const result = await update({ viewId: view.id, data: values });
    if (result.error) return showFailureToast(result.error, 'Failed to update view metadata.');
    toast.success('View metadata saved.');
    onChanged();
  };
  const drop = async () => {
    const result = await remove({ viewId: view.id });
    if (result.error) return showFailureToast(result.error, 'Failed to delete view.');
    onChanged();
    onClose();
  };
  return (
    <Drawer
      open
      width={760}
      title={view.displayName}
      onClose={onClose}
      destroyOnClose
      extra={
        rights.canCreate ? (
          <Popconfirm title="Delete this view?" okText="Delete" onConfirm={() => void drop()}>
            <Button danger>Delete</Button>
          </Popconfirm>
        ) : null
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'details',
            label: 'Details',
            children: (
              <Form
                layout="vertical"
                disabled={!rights.canUpdate}
                initialValues={{ displayName: view.displayName, description: view.description ?? '' }}
                onFinish={(v) => void save(v)}
              >
                <Form.Item label="Display name" name="displayName" rules={[{ required: true }]}>
                  <Input />
                </Form.Item>
                <Form.Item label="Description" name="description">
                  <Input.TextArea rows={2} />
                </Form.Item>
                <Form.Item label="Statement">
                  <pre className="deploy-log">{view.statement}</pre>
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={fetching}>
                  Save
                </Button>
              </Form>
            ),
          },
          { key: 'preview', label: 'Preview data', children: tab === 'preview' ? <PreviewPanel target={{ kind: 'view', id: view.id }} /> : null },
          { key: 'sql', label: 'View SQL', children: tab === 'sql' ? <SqlPanel target={{ kind: 'view', id: view.id }} /> : null },
        ]}
      />
    </Drawer>
  );
}
