import { useMutation } from 'urql';
import { Form, Input, Modal, toast } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { CreateOrgGroupMutation, UpdateOrgGroupMutation } from '../graphql/group';

export const GROUP_NAME_MAX = 100;

/** Creates a group, or renames `group` when given. Names are unique in the org (the server says so). */
export function GroupNameModal({
  open,
  group,
  onClose,
}: {
  open: boolean;
  group?: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ name: string }>();
  const [{ fetching: creating }, createGroup] = useMutation(CreateOrgGroupMutation);
  const [{ fetching: renaming }, renameGroup] = useMutation(UpdateOrgGroupMutation);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const name = values.name.trim();
    if (group) {
      const result = await renameGroup({ where: { id: group.id }, data: { name } });
      if (result.error) return showFailureToast(result.error, 'Failed to rename group.');
      toast.success('Group renamed.');
    } else {
      const result = await createGroup({ data: { name } }, { additionalTypenames: ['OrgGroup'] });
      if (result.error) return showFailureToast(result.error, 'Failed to create group.');
      toast.success('Group created.');
    }
    onClose();
  };

  return (
    <Modal
      title={group ? 'Rename group' : 'Create group'}
      open={open}
      okText={group ? 'Rename' : 'Create'}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={creating || renaming}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="group-name" initialValues={{ name: group?.name ?? '' }} preserve={false}>
        <Form.Item label="Group name" name="name" rules={[{ required: true, whitespace: true }, { max: GROUP_NAME_MAX }]}>
          <Input autoFocus onPressEnter={() => void submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
