import { Navigate } from 'react-router';
import { Button, Flex, Typography, PlusOutlined } from '../../components/ui';
import { PageMeta } from '../../components/page/PageMeta';
import { ErrorState, LoadingState } from '../../components/page/PageStates';
import { failureMessage } from '../../app/errors/operationErrors';
import { paths } from '../../app/routes/paths';
import { PendingInvitations } from '../../features/invitation/components/PendingInvitations';
import { CurrentOrgDeletion } from '../../features/org/components/CurrentOrgDeletion';
import { ProjectList } from '../../features/project/components/ProjectList';
import { openCreateProjectModal } from '../../features/project/hooks/useCreateProjectModal';
import { pathAfterSignIn, useMe } from '../../features/user/hooks/useMe';

export function ProjectsPage() {
  const { me, fetching, stale, error, reexecute } = useMe();
  const meta = <PageMeta title="Projects" description="Your organization's Quarry projects." />;

  if (!me && fetching) return <>{meta}<LoadingState /></>;
  if (!me) {
    return (
      <>
        {meta}
        <ErrorState
          message={failureMessage(error, 'Failed to load your account.') ?? undefined}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      </>
    );
  }
  // A stale answer may predate onboarding; only a fresh one decides.
  if (!stale && pathAfterSignIn(me) !== paths.projects) return <Navigate to={paths.onboardingRegister} replace />;

  return (
    <div style={{ maxWidth: 1200, margin: '0 auto' }}>
      {meta}
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Projects
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={openCreateProjectModal}
          disabled={me.currentOrg?.state === 'DELETING'}
        >
          New project
        </Button>
      </Flex>
      <CurrentOrgDeletion currentOrg={me.currentOrg} />
      <PendingInvitations style={{ marginBottom: 16 }} />
      <ProjectList />
    </div>
  );
}
