import { Alert, Typography } from '../../../components/ui';
import { formatDateTime } from '../../../components/page/formatDate';

/** The link of a just-sent invitation: the server gives it once (only a hash is kept). */
export function InvitationLink({ email, url, expiresAt }: { email: string; url?: string | null; expiresAt?: string }) {
  return (
    <Alert
      type="success"
      showIcon
      message={`Invitation sent to ${email}.`}
      description={
        url ? (
          <>
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              We e-mailed them this link. It is shown only once: copy it now to share it another way
              {expiresAt ? ` before ${formatDateTime(expiresAt)}` : ''}.
            </Typography.Paragraph>
            <Typography.Text
              code
              copyable={{ text: url, tooltips: ['Copy link', 'Copied'] }}
              data-testid="invitation-link"
              style={{ wordBreak: 'break-all' }}
            >
              {url}
            </Typography.Text>
          </>
        ) : (
          'We e-mailed them a link to join.'
        )
      }
    />
  );
}
