import { useState } from 'react';
import { Modal, Select } from '../../../components/ui';

export const MY_SPACE = '__my_space__';

/** Chooses a folder (or "My space") to move or share something into. */
export function FolderPickerModal({ title, okText, folders, withMySpace, onPick, onClose }: {
  title: string;
  okText: string;
  folders: { id: string; name: string }[];
  withMySpace: boolean;
  /** The folder chosen, null for "My space"; resolves true when done. */
  onPick: (folderId: string | null) => Promise<boolean>;
  onClose: () => void;
}) {
  const [value, setValue] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const options = [...(withMySpace ? [{ value: MY_SPACE, label: 'My space' }] : []), ...folders.map((f) => ({ value: f.id, label: f.name }))];
  const submit = async () => {
    if (!value) return;
    setBusy(true);
    const done = await onPick(value === MY_SPACE ? null : value).finally(() => setBusy(false));
    if (done) onClose();
  };
  return (
    <Modal title={title} open okText={okText} onOk={submit} onCancel={onClose} okButtonProps={{ disabled: !value }} confirmLoading={busy}>
      <Select
        aria-label="Folder"
        style={{ width: '100%' }}
        placeholder={options.length ? 'Choose a folder' : 'No folder to choose'}
        options={options}
        value={value}
        onChange={setValue}
        showSearch
        optionFilterProp="label"
      />
    </Modal>
  );
}
