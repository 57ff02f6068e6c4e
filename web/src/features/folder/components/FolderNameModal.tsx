import { useMutation } from 'urql';
import { Form, Input, Modal, Radio } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import type { FolderAccessKind } from '../../../gql/graphql';
import { CreateFolderMutation, UpdateFolderMutation } from '../graphql/folder';
import { ACCESS_LABELS, type Folder } from '../folderTree';

type Values = { name: string; access: FolderAccessKind };

const ACCESS_OPTIONS = (Object.keys(ACCESS_LABELS) as FolderAccessKind[]).map((value) => ({ value, label: ACCESS_LABELS[value] }));

/** Creates a folder (owners also choose who sees it) or renames one. */
export function FolderNameModal({ projectId, folder, open, canChooseAccess, onClose }: {
  projectId: string;
  /** The folder to rename; none creates one. */
  folder: Folder | null;
  open: boolean;
  canChooseAccess: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [creating, create] = useMutation(CreateFolderMutation);
  const [updating, update] = useMutation(UpdateFolderMutation);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const context = { additionalTypenames: ['FolderTree'] };
    const result = folder
      ? await update({ projectId, folderId: folder.id, data: { name: values.name } }, context)
      : await create({ projectId, data: { name: values.name, access: canChooseAccess ? values.access : undefined } }, context);
    if (result.error) return showFailureToast(result.error, folder ? 'Failed to update folder.' : 'Failed to create folder.');
    onClose();
  };
  return (
    <Modal
      title={folder ? 'Rename folder' : 'New folder'}
      open={open}
      okText={folder ? 'Save' : 'Create'}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={creating.fetching || updating.fetching}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="folder" preserve={false} initialValues={{ name: folder?.name ?? '', access: 'PRIVATE' }}>
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: 'Please enter the folder name' }]}>
          <Input aria-label="Folder name" maxLength={100} onPressEnter={submit} />
        </Form.Item>
        {!folder && canChooseAccess && (
          <Form.Item label="Who sees it" name="access">
            <Radio.Group options={ACCESS_OPTIONS} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
