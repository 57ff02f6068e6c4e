import { useMutation } from 'urql';
import { Form, Input, Modal } from '../../../components/ui';
import { toast } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { CreateOrgMutation } from '../graphql/org';

/** createOrg makes the new org current; the caller refreshes everything afterwards. */
export function CreateOrgModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (orgId: string) => void;
}) {
  const [form] = Form.useForm<{ name: string }>();
  const [{ fetching }, createOrg] = useMutation(CreateOrgMutation);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const result = await createOrg({ data: { name: values.name.trim() } });
    if (result.error || !result.data) {
      showFailureToast(result.error, 'Failed to create organization.');
      return;
    }
    toast.success('Organization created.');
    onClose();
    onCreated(result.data.createOrg.id);
  };

  return (
    <Modal
      title="Create organization"
      open={open}
      okText="Create"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={fetching}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="create-org">
        <Form.Item label="Organization name" name="name" rules={[{ required: true, whitespace: true }, { max: 100 }]}>
          <Input autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
