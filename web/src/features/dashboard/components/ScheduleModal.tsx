import { useMemo } from 'react';
import { useMutation } from 'urql';
import { Flex, Form, Input, InputNumber, Modal, Select, toast } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import type { DashboardScheduleFieldsFragment } from '../../../gql/graphql';
import { SetDashboardScheduleMutation } from '../graphql/dashboard';
import {
  FREQUENCIES,
  WEEKDAYS,
  defaultTimezone,
  scheduleErrors,
  scheduleInput,
  scheduleTimezones,
  type ScheduleField,
  type ScheduleValues,
} from '../schedule';

type Props = {
  projectId: string;
  dashboardId: string;
  schedule: DashboardScheduleFieldsFragment;
  open: boolean;
  onClose: () => void;
};

/** When every tile is refreshed: never, daily, weekly or by a cron expression, in a timezone. */
export function ScheduleModal({ projectId, dashboardId, schedule, open, onClose }: Props) {
  const [form] = Form.useForm<ScheduleValues>();
  const [{ fetching }, setSchedule] = useMutation(SetDashboardScheduleMutation);
  const zones = useMemo(() => scheduleTimezones(), []);
  const zoneOptions = useMemo(() => zones.map((zone) => ({ value: zone, label: zone })), [zones]);
  const frequency = Form.useWatch('frequency', form) ?? schedule.frequency;

  const initialValues: ScheduleValues = {
    frequency: schedule.frequency,
    day: schedule.day ?? 'MON',
    hour: schedule.hour ?? 8,
    minute: schedule.minute ?? 0,
    cron: schedule.cron ?? '',
    timezone: schedule.timezone ?? defaultTimezone(zones),
  };

  // Each field is checked against the whole form, as the server checks the schedule.
  const rule = (field: ScheduleField) => ({
    validator: () => {
      const message = scheduleErrors(form.getFieldsValue(true) as ScheduleValues)[field];
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const all = form.getFieldsValue(true) as ScheduleValues;
    const result = await setSchedule({ projectId, dashboardId, data: scheduleInput(all) });
    if (result.error) return showFailureToast(result.error, 'Failed to set dashboard schedule.');
    toast.success(all.frequency === 'NEVER' ? 'Schedule removed.' : 'Schedule saved.');
    onClose();
  };

  return (
    <Modal title="Refresh schedule" open={open} okText="Save" onOk={submit} onCancel={onClose} confirmLoading={fetching} destroyOnHidden>
      <Form form={form} layout="vertical" name="dashboard-schedule" initialValues={initialValues} preserve={false}>
        <Form.Item label="Frequency" name="frequency">
          <Select aria-label="Frequency" options={FREQUENCIES} />
        </Form.Item>
        {frequency === 'WEEKLY' && (
          <Form.Item label="Day" name="day" rules={[rule('day')]}>
            <Select aria-label="Day" options={WEEKDAYS} placeholder="Choose a day" allowClear />
          </Form.Item>
        )}
        {(frequency === 'DAILY' || frequency === 'WEEKLY') && (
          <Flex gap={12}>
            <Form.Item label="Hour" name="hour" rules={[rule('hour')]} style={{ flex: 1 }}>
              <InputNumber aria-label="Hour" placeholder="0–23" style={{ width: '100%' }} precision={0} />
            </Form.Item>
            <Form.Item label="Minute" name="minute" rules={[rule('minute')]} style={{ flex: 1 }}>
              <InputNumber aria-label="Minute" placeholder="0–59" style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Flex>
        )}
        {frequency === 'CUSTOM' && (
          <Form.Item
            label="Cron expression"
            name="cron"
            rules={[rule('cron')]}
            extra="Five fields: minute, hour, day of month, month, day of week. Runs at least 10 minutes apart."
          >
            <Input aria-label="Cron expression" placeholder="0 8 * * 1-5" style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        )}
        {frequency !== 'NEVER' && (
          <Form.Item label="Timezone" name="timezone" rules={[rule('timezone')]}>
            <Select aria-label="Timezone" options={zoneOptions} showSearch optionFilterProp="label" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
