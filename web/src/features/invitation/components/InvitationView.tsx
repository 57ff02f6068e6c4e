import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, type CombinedError } from 'urql';
import { Alert, Button, Flex, Result, Tabs, Typography } from '../../../components/ui';
import { ErrorState, LoadingState } from '../../../components/page/PageStates';
import { useResetGraphqlClient } from '../../../app/clientContext';
import { failureMessage, serverErrorOf, withSentence } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import { authApi } from '../../auth/api';
import { SignInForm } from '../../auth/components/SignInForm';
import { useSession } from '../../auth/hooks/useSession';
import { InvitationByCodeQuery } from '../graphql/invitation';
import { useAcceptInvitation } from '../hooks/useAcceptInvitation';
import { InvitationSignUpForm } from './InvitationSignUpForm';
import { InvitationSummary, invitorName } from './InvitationSummary';

export const EXISTING_ACCOUNT_TEXT =
  'This e-mail address already has a Quarry account. Sign in with its password to accept the invitation.';

const ASK_AGAIN = 'Ask the person who invited you for a new one.';

type SignedOutTab = 'signup' | 'signin';

/** The server's words for a refused accept, or the operation's own failure sentence. */
function acceptFailure(error: CombinedError): string {
  const message = serverErrorOf(error)?.message;
  return message ? withSentence(message) : (failureMessage(error, 'Failed to accept invitation.') ?? 'Failed to accept invitation.');
}

/** The way on from a dead end: the projects when signed in, sign-in otherwise. */
function WayOut({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <Link to={paths.projects}>
      <Button>Go to projects</Button>
    </Link>
  ) : (
    <Link to={paths.signIn}>
      <Button>Go to sign in</Button>
    </Link>
  );
}

/** The /invitation page: what the link offers, then sign up, sign in or accept. */
export function InvitationView({ code }: { code: string | null }) {
  const session = useSession();
  const { accept, accepting, joined } = useAcceptInvitation();
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: InvitationByCodeQuery,
    variables: { code: code ?? '' },
    pause: !code || joined,
  });
  const resetClient = useResetGraphqlClient();
  const [tab, setTab] = useState<SignedOutTab>('signup');
  const [existingAccount, setExistingAccount] = useState(false);
  const [acceptError, setAcceptError] = useState<CombinedError | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  const wayOut = <WayOut signedIn={session.status === 'signed-in'} />;
  if (!code) {
    return (
      <Result
        status="warning"
        title="This invitation link is incomplete"
        subTitle="Open the link from the invitation e-mail again, or ask the person who invited you to send a new one."
        extra={wayOut}
      />
    );
  }
  if ((fetching && !data) || session.status === 'loading') return <LoadingState />;
  if (error && !data) {
    const server = serverErrorOf(error);
    if (server?.code === 'INVITATION_NOT_FOUND') {
      return (
        <Result
          status="404"
          title="Invitation not found"
          subTitle={`${server.message ? withSentence(server.message) : 'It may have been withdrawn or already accepted.'} ${ASK_AGAIN}`}
          extra={wayOut}
        />
      );
    }
    if (server?.code === 'INVITATION_EXPIRED') {
      return (
        <Result
          status="warning"
          title="This invitation has expired"
          subTitle="Ask the person who invited you to send it again."
          extra={wayOut}
        />
      );
    }
    return (
      <ErrorState
        message={failureMessage(error, 'Failed to load invitation.') ?? undefined}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  }
  const invitation = data?.invitationByCode;
  if (!invitation) return <LoadingState />;

  if (invitation.status === 'EXPIRED') {
    return (
      <Result
        status="warning"
        title="This invitation has expired"
        subTitle={`Ask ${invitorName(invitation.invitor)} to invite you to ${invitation.org.name} again.`}
        extra={wayOut}
      />
    );
  }

  const acceptNow = async () => {
    setAcceptError(null);
    const failure = await accept({ code });
    if (failure) {
      setAcceptError(failure);
      // Signing in from this page made a session: show its signed-in view with the error.
      session.refresh();
    }
  };

  const switchAccount = async () => {
    setSigningOut(true);
    try {
      await authApi.signOut();
    } catch {
      // Signed out or not, the page shows the signed-out view once the session is read again.
    }
    setSigningOut(false);
    setAcceptError(null);
    resetClient();
    session.refresh();
  };

  const signedInAs = session.status === 'signed-in' ? session.session.user.email : null;
  const otherAddress = signedInAs !== null && signedInAs.toLowerCase() !== invitation.email.toLowerCase();
  const notMatch = serverErrorOf(acceptError)?.code === 'INVITATION_NOT_MATCH_USER';
  const switchButton = (
    <Button onClick={() => void switchAccount()} loading={signingOut}>
      Sign out and switch account
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Join {invitation.org.name}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {invitorName(invitation.invitor)} invited {invitation.email} to work with them in Quarry.
        </Typography.Paragraph>
      </div>
      <InvitationSummary invitation={invitation} />
      {acceptError && (
        <Alert
          type="error"
          showIcon
          message="The invitation could not be accepted."
          description={
            <>
              {acceptFailure(acceptError)}
              {notMatch && <div style={{ marginTop: 12 }}>{switchButton}</div>}
            </>
          }
        />
      )}
      {signedInAs !== null ? (
        otherAddress && !acceptError ? (
          <Alert
            type="warning"
            showIcon
            message={`You are signed in as ${signedInAs}.`}
            description={
              <>
                This invitation is for {invitation.email}. Sign out, then sign in or create an account with that address.
                <div style={{ marginTop: 12 }}>{switchButton}</div>
              </>
            }
          />
        ) : (
          !notMatch && (
            <Button type="primary" size="large" block loading={accepting} onClick={() => void acceptNow()}>
              Accept invitation
            </Button>
          )
        )
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as SignedOutTab)}
          centered
          destroyOnHidden
          items={[
            {
              key: 'signup',
              label: 'Create account',
              children: (
                <InvitationSignUpForm
                  email={invitation.email}
                  code={code}
                  onSignedIn={acceptNow}
                  onExistingAccount={() => {
                    setExistingAccount(true);
                    setTab('signin');
                  }}
                />
              ),
            },
            {
              key: 'signin',
              label: 'Sign in',
              children: (
                <>
                  {existingAccount && <Alert type="info" showIcon message={EXISTING_ACCOUNT_TEXT} style={{ marginBottom: 16 }} />}
                  <SignInForm fixedEmail={invitation.email} onSignedIn={acceptNow} />
                </>
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
