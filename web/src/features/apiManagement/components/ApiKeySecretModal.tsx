import { Alert, Button, Modal, Typography } from '../../../components/ui';

export const SECRET_ONCE_TEXT = 'Copy this key now. You will not be able to see it again.';

export interface CreatedSecret {
  name: string;
  secret: string;
}

/**
 * The secret of a key just created, the only time it is shown. The parent mounts this only
 * while it holds the secret and forgets the secret when it closes.
 */
export function ApiKeySecretModal({ created, onClose }: { created: CreatedSecret; onClose: () => void }) {
  return (
    <Modal
      open
      title={`API key "${created.name}" created`}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
      width={640}
    >
      <Alert type="warning" showIcon message={SECRET_ONCE_TEXT} style={{ marginBottom: 16 }} />
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        Send it as <Typography.Text code>Authorization: Bearer &lt;key&gt;</Typography.Text> with each call.
      </Typography.Paragraph>
      <Typography.Text
        code
        copyable={{ text: created.secret, tooltips: ['Copy key', 'Copied'] }}
        data-testid="api-key-secret"
        style={{ wordBreak: 'break-all', fontSize: 14 }}
      >
        {created.secret}
      </Typography.Text>
    </Modal>
  );
}
