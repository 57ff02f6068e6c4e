import dayjs, { type Dayjs } from 'dayjs';
import { useMutation } from 'urql';
import { Checkbox, DatePicker, Flex, Form, Input, Modal, Typography } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import type { ApiScope } from '../../../gql/graphql';
import { API_SCOPE_LABELS, PROJECT_SCOPES } from '../apiLabels';
import { CreateApiKeyMutation } from '../graphql/apiManagement';
import type { CreatedSecret } from './ApiKeySecretModal';

interface Values {
  name: string;
  scopes: ApiScope[];
  expiresOn?: Dayjs | null;
  organizationWide: boolean;
}

export const ORG_WIDE_ADMINS_ONLY_TEXT = 'Only organization admins can create organization-wide keys.';

/**
 * Name, scopes, expiry and reach of a new key. Unmounted once the key exists, so the answer
 * holding the secret does not outlive it here.
 */
export function CreateApiKeyModal({
  projectId,
  isOrgAdmin,
  onClose,
  onCreated,
}: {
  projectId: string;
  isOrgAdmin: boolean;
  onClose: () => void;
  onCreated: (created: CreatedSecret) => void;
}) {
  const [form] = Form.useForm<Values>();
  const organizationWide = Form.useWatch('organizationWide', form) ?? false;
  const [{ fetching }, create] = useMutation(CreateApiKeyMutation);
  const scopes: ApiScope[] = organizationWide ? [...PROJECT_SCOPES, 'ADMIN'] : PROJECT_SCOPES;

  const save = async (values: Values) => {
    const result = await create({
      projectId,
      data: {
        name: values.name.trim(),
        scopes: values.scopes,
        // The key works through the whole chosen day.
        expiresAt: values.expiresOn ? values.expiresOn.endOf('day').toISOString() : null,
        organizationWide: values.organizationWide,
      },
    });
    if (result.error || !result.data) return showFailureToast(result.error, 'Failed to create API key.');
    onCreated({ name: result.data.createApiKey.key.name, secret: result.data.createApiKey.secret });
  };

  return (
    <Modal
      open
      title="Create API key"
      okText="Create key"
      confirmLoading={fetching}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="create-api-key"
        initialValues={{ scopes: [], organizationWide: false, expiresOn: null }}
        onFinish={save}
        onValuesChange={(changed: Partial<Values>) => {
          // ADMIN exists only on organization-wide keys.
          if (changed.organizationWide === false) {
            form.setFieldValue('scopes', (form.getFieldValue('scopes') as ApiScope[]).filter((scope) => scope !== 'ADMIN'));
          }
        }}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true }, { max: 100 }]}>
          <Input placeholder="Reporting service" autoFocus />
        </Form.Item>
        <Form.Item
          name="organizationWide"
          valuePropName="checked"
          extra={isOrgAdmin ? 'The key reaches every project of the organization; calls name the project.' : ORG_WIDE_ADMINS_ONLY_TEXT}
        >
          <Checkbox disabled={!isOrgAdmin}>Organization-wide</Checkbox>
        </Form.Item>
        <Form.Item name="scopes" label="Scopes" rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one scope.' }]}>
          <Checkbox.Group style={{ width: '100%' }}>
            <Flex vertical gap={6}>
              {scopes.map((scope) => (
                <Checkbox key={scope} value={scope}>
                  {API_SCOPE_LABELS[scope].label}
                  <Typography.Text type="secondary"> — {API_SCOPE_LABELS[scope].description}</Typography.Text>
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="expiresOn" label="Expires" extra="Leave empty for a key that does not expire.">
          <DatePicker
            aria-label="Expires"
            placeholder="Never"
            format="YYYY-MM-DD"
            disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
            style={{ width: 200 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
