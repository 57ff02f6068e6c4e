import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { Form, Input, Modal, Select } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import type { ProjectLanguage } from '../../../gql/graphql';
import { CreateProjectMutation } from '../graphql/project';
import { PROJECT_LANGUAGES, defaultTimezone } from '../languages';
import { useTimezoneOptions } from '../hooks/useTimezoneOptions';

interface CreateProjectValues {
  displayName: string;
  language: ProjectLanguage;
  timezone?: string;
}

export function CreateProjectModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<CreateProjectValues>();
  const navigate = useNavigate();
  const [{ fetching }, createProject] = useMutation(CreateProjectMutation);
  const { timezones, options, fetching: loadingTimezones } = useTimezoneOptions(!open);

  useEffect(() => {
    if (open && timezones.length > 0 && !form.getFieldValue('timezone')) {
      form.setFieldValue('timezone', defaultTimezone(timezones));
    }
  }, [open, timezones, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const result = await createProject(
      { data: { displayName: values.displayName.trim(), language: values.language, timezone: values.timezone } },
      { additionalTypenames: ['Project'] },
    );
    if (result.error || !result.data) {
      showFailureToast(result.error, 'Failed to create project.');
      return;
    }
    onClose();
    navigate(paths.project(result.data.createProject.id));
  };

  return (
    <Modal
      title="Create a project"
      open={open}
      okText="Create"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={fetching}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="create-project" initialValues={{ language: 'EN' }}>
        <Form.Item label="Display name" name="displayName" rules={[{ required: true, whitespace: true }, { max: 100 }]}>
          <Input placeholder="Sales analytics" autoFocus />
        </Form.Item>
        <Form.Item label="Language" name="language" rules={[{ required: true }]}>
          <Select options={PROJECT_LANGUAGES} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item label="Timezone" name="timezone">
          <Select options={options} loading={loadingTimezones} showSearch placeholder="Select a timezone" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
