import { useMutation } from 'urql';
import { Flex, Form, InputNumber, Modal, Select, Switch, toast } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { UpdateDashboardMutation } from '../graphql/dashboard';

const UNITS = [
  { value: 60, label: 'minutes' },
  { value: 3600, label: 'hours' },
  { value: 86400, label: 'days' },
];
const MIN_TTL = 60;
const MAX_TTL = 2_592_000;

/** The largest unit that divides the lifetime evenly, for showing it back. */
function split(seconds: number): { amount: number; unit: number } {
  const unit = [...UNITS].reverse().find((u) => seconds % u.value === 0)?.value ?? 60;
  return { amount: Math.max(1, Math.round(seconds / unit)), unit };
}

type Values = { cacheEnabled: boolean; amount: number; unit: number };

/** The cache_settings action: whether tiles are served from the cache, and for how long. */
export function CacheSettingsModal({ projectId, dashboard, open, onClose }: {
  projectId: string;
  dashboard: { id: string; cacheEnabled: boolean; cacheTtlSeconds: number };
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [{ fetching }, update] = useMutation(UpdateDashboardMutation);
  const enabled = Form.useWatch('cacheEnabled', form) ?? dashboard.cacheEnabled;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const all = form.getFieldsValue(true) as Values;
    const result = await update({
      projectId,
      dashboardId: dashboard.id,
      data: { cacheEnabled: all.cacheEnabled, cacheTtlSeconds: all.amount * all.unit },
    });
    if (result.error) return showFailureToast(result.error, 'Failed to update dashboard cache settings.');
    toast.success('Cache settings saved.');
    onClose();
  };

  const ttlRule = {
    validator: () => {
      const { amount, unit } = form.getFieldsValue(true) as Values;
      const seconds = (amount ?? 0) * (unit ?? 60);
      return seconds >= MIN_TTL && seconds <= MAX_TTL
        ? Promise.resolve()
        : Promise.reject(new Error('The cache lifetime must be between 1 minute and 30 days.'));
    },
  };

  return (
    <Modal title="Cache settings" open={open} okText="Save" onOk={submit} onCancel={onClose} confirmLoading={fetching} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        name="dashboard-cache"
        preserve={false}
        initialValues={{ cacheEnabled: dashboard.cacheEnabled, ...split(dashboard.cacheTtlSeconds) }}
      >
        <Form.Item
          label="Cache results"
          name="cacheEnabled"
          valuePropName="checked"
          extra="Tiles are served from the cache while it is fresh, and run at the source otherwise."
        >
          <Switch aria-label="Cache results" />
        </Form.Item>
        <Form.Item label="Keep results for" required>
          <Flex gap={8}>
            <Form.Item name="amount" noStyle rules={[ttlRule]}>
              <InputNumber aria-label="Cache lifetime" min={1} precision={0} disabled={!enabled} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="unit" noStyle>
              <Select aria-label="Cache lifetime unit" options={UNITS} disabled={!enabled} style={{ width: 120 }} />
            </Form.Item>
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
}
