import { useState, type ReactNode } from 'react';
import { Input, Modal, Typography } from '../ui';

/** A destructive action that runs only once the user has typed `confirmText` exactly. */
export function TypedConfirmModal({
  open,
  title,
  description,
  confirmText,
  okText,
  loading,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmText: string;
  okText: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      okButtonProps={{ danger: true, disabled: typed !== confirmText }}
      confirmLoading={loading}
      onOk={onConfirm}
      onCancel={onCancel}
      afterClose={() => setTyped('')}
    >
      <div style={{ marginBottom: 12 }}>{description}</div>
      <Typography.Paragraph>
        Type <Typography.Text code>{confirmText}</Typography.Text> to confirm.
      </Typography.Paragraph>
      <Input
        aria-label="Confirmation"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        placeholder={confirmText}
        autoComplete="off"
      />
    </Modal>
  );
}
