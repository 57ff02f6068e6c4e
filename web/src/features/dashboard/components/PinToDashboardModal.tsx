import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { Form, Input, Modal, Radio, Select, toast } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import type { DashboardItemType, ThreadResponseFieldsFragment } from '../../../gql/graphql';
import { CreateDashboardItemMutation, CreateDashboardMutation, DashboardsQuery } from '../graphql/dashboard';

type Response = Pick<ThreadResponseFieldsFragment, 'id' | 'question' | 'chart' | 'columns'>;

const NUMERIC = ['INTEGER', 'DECIMAL', 'FLOAT'];
const NEW = '__new__';
const label = (type: string) => type.charAt(0) + type.slice(1).toLowerCase().replace('_', ' ');

type Values = { dashboard: string; newName?: string; itemType: DashboardItemType; name?: string };

/** The tile types a response can be pinned as: its own chart first, then a table, then a number. */
export function pinTypeOptions(response: Response): { value: DashboardItemType; label: string; disabled?: boolean }[] {
  const options: { value: DashboardItemType; label: string; disabled?: boolean }[] = [];
  const chart = response.chart?.chartType;
  // A response whose chart is a number is offered as a number first.
  if (chart && chart !== 'NUMBER') options.push({ value: chart, label: `Its chart (${label(chart)})` });
  const numeric = response.columns.some((c) => NUMERIC.includes(c.family));
  const number = { value: 'NUMBER' as const, label: numeric ? 'Number' : 'Number (needs a numeric column)', disabled: !numeric };
  if (chart === 'NUMBER') options.push(number);
  options.push({ value: 'TABLE', label: 'Table' });
  if (chart !== 'NUMBER') options.push(number);
  return options;
}

/** Pins a response to an existing dashboard or a new one, as a chart, a table or a number. */
export function PinToDashboardModal({ projectId, response, open, onClose }: { projectId: string; response: Response; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [{ data, fetching: loading }] = useQuery({ query: DashboardsQuery, variables: { projectId }, pause: !open, requestPolicy: 'cache-and-network' });
  const [creatingDashboard, createDashboard] = useMutation(CreateDashboardMutation);
  const [creatingItem, createItem] = useMutation(CreateDashboardItemMutation);
  const [busy, setBusy] = useState(false);
  const dashboards = useMemo(() => (data?.dashboards ?? []).filter((d) => d.canEdit), [data]);
  const types = pinTypeOptions(response);
  const dashboardChoice = Form.useWatch('dashboard', form);
  // With no dashboard yet, a new one is the only choice.
  const none = !!data && dashboards.length === 0;
  useEffect(() => {
    if (open && none && !form.getFieldValue('dashboard')) form.setFieldValue('dashboard', NEW);
  }, [open, none, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      let dashboardId = values.dashboard;
      let dashboardName = dashboards.find((d) => d.id === dashboardId)?.name ?? '';
      if (dashboardId === NEW) {
        const created = await createDashboard({ projectId, data: { name: values.newName ?? '' } }, { additionalTypenames: ['FolderTree'] });
        if (created.error || !created.data) return showFailureToast(created.error, 'Failed to create dashboard.');
        dashboardId = created.data.createDashboard.id;
        dashboardName = created.data.createDashboard.name;
        form.setFieldValue('dashboard', dashboardId);
      }
      const name = values.name?.trim();
      const pinned = await createItem(
        { projectId, data: { dashboardId, responseId: response.id, itemType: values.itemType, name: name || undefined } },
        { additionalTypenames: ['Dashboard', 'DashboardItem'] },
      );
      if (pinned.error) return showFailureToast(pinned.error, 'Failed to create dashboard item.');
      const to = paths.dashboard(projectId, dashboardId);
      toast.success(
        <span data-testid="pinned-toast">
          Pinned to{' '}
          <a
            href={to}
            onClick={(event) => {
              event.preventDefault();
              navigate(to);
            }}
          >
            {dashboardName}
          </a>
          .
        </span>,
      );
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="Pin to dashboard"
      open={open}
      okText="Pin"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={busy || creatingDashboard.fetching || creatingItem.fetching}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="pin-to-dashboard"
        preserve={false}
        initialValues={{ itemType: types[0].value }}
      >
        <Form.Item label="Dashboard" name="dashboard" rules={[{ required: true, message: 'Please choose a dashboard' }]}>
          <Select
            aria-label="Dashboard"
            placeholder="Choose a dashboard"
            loading={loading}
            showSearch
            optionFilterProp="label"
            options={[...dashboards.map((d) => ({ value: d.id, label: d.name })), { value: NEW, label: '+ New dashboard' }]}
          />
        </Form.Item>
        {dashboardChoice === NEW && (
          <Form.Item label="New dashboard name" name="newName" rules={[{ required: true, whitespace: true, message: 'Please enter the dashboard name' }]}>
            <Input aria-label="New dashboard name" maxLength={200} placeholder="Sales overview" />
          </Form.Item>
        )}
        <Form.Item label="Show as" name="itemType">
          <Radio.Group aria-label="Show as" options={types} optionType="button" />
        </Form.Item>
        <Form.Item label="Tile name" name="name">
          <Input aria-label="Tile name" maxLength={200} placeholder={response.question} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
