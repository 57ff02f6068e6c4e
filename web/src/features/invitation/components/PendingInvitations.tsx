import { useState, type CSSProperties } from 'react';
import { useQuery } from 'urql';
import { Alert, Button, Card, List, Space, Typography, MailOutlined } from '../../../components/ui';
import { authApi } from '../../auth/api';
import { useMe } from '../../user/hooks/useMe';
import { formatDateTime } from '../../../components/page/formatDate';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { ORG_ROLE_LABELS } from '../../org/orgRoles';
import { PendingInvitationsQuery } from '../graphql/invitation';
import { useAcceptInvitation } from '../hooks/useAcceptInvitation';
import { ProjectRoleTags, invitorName } from './InvitationSummary';

/**
 * Invitations waiting for the signed-in user's address, with Accept. Shows nothing when there
 * are none (or they cannot be read): it sits on pages that are about something else.
 */
export function PendingInvitations({ style }: { style?: CSSProperties }) {
  const [{ data }] = useQuery({ query: PendingInvitationsQuery });
  const { accept } = useAcceptInvitation();
  const [acceptingId, setAcceptingId] = useState<string | null>(null);
  const invitations = (data?.pendingInvitations ?? []).filter((invitation) => invitation.status === 'PENDING');
  const { me } = useMe();
  if (me && !me.emailVerified) return <VerifyToSeeMore email={me.email} style={style} />;
  if (invitations.length === 0) return null;

  const acceptOne = async (id: string) => {
    setAcceptingId(id);
    const failure = await accept({ id });
    setAcceptingId(null);
    if (failure) showFailureToast(failure, 'Failed to accept invitation.');
  };

  return (
    <Card
      size="small"
      style={style}
      title={
        <Space>
          <MailOutlined />
          {invitations.length === 1 ? 'You have an invitation' : `You have ${invitations.length} invitations`}
        </Space>
      }
    >
      <List
        aria-label="Your invitations"
        dataSource={invitations}
        renderItem={(invitation) => (
          <List.Item
            actions={[
              <Button
                key="accept"
                type="primary"
                loading={acceptingId === invitation.id}
                disabled={acceptingId !== null && acceptingId !== invitation.id}
                onClick={() => void acceptOne(invitation.id)}
                aria-label={`Accept invitation to ${invitation.org.name}`}
              >
                Accept
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={`Join ${invitation.org.name} as ${ORG_ROLE_LABELS[invitation.role].toLowerCase()}`}
              description={
                <Space direction="vertical" size={4}>
                  <Typography.Text type="secondary">
                    From {invitorName(invitation.invitor)} · expires {formatDateTime(invitation.expiresAt)}
                  </Typography.Text>
                  {invitation.projects.length > 0 && <ProjectRoleTags projects={invitation.projects} />}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <Typography.Text type="secondary">Accepting makes that organization your current one.</Typography.Text>
    </Card>
  );
}

/**
 * An account made from an invitation's link has not proven its mailbox (the link's code was
 * seen by whoever sent it): other organizations' invitations wait until it is verified.
 */
function VerifyToSeeMore({ email, style }: { email: string; style?: CSSProperties }) {
  const [sent, setSent] = useState(false);
  const resend = async () => {
    try {
      await authApi.resendVerification(email);
      setSent(true);
    } catch (error) {
      showFailureToast(error, 'Failed to send verification e-mail.');
    }
  };
  return (
    <Alert
      style={style}
      type="info"
      showIcon
      data-testid="verify-to-see-invitations"
      message="Verify your e-mail address to see invitations from other organizations."
      description={
        sent ? (
          `We sent a link to ${email}.`
        ) : (
          <Button size="small" onClick={() => void resend()}>
            Send the link again
          </Button>
        )
      }
    />
  );
}
