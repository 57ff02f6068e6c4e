import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { Button, Card, Flex, Typography, toast } from '../../../components/ui';
import { TypedConfirmModal } from '../../../components/page/TypedConfirmModal';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import { CurrentOrgQuery, DeleteOrgMutation } from '../graphql/org';
import { deletingOrgState } from './CurrentOrgDeletion';
import { OrgDeletionProgress } from './OrgDeletionProgress';

/**
 * Deleting the current org: typed confirmation, then the project list, where its progress
 * shows until it is gone (this page is inside a project of that org, which goes first).
 */
export function OrgDangerZone() {
  const [{ data, fetching, error }, reexecute] = useQuery({ query: CurrentOrgQuery, requestPolicy: 'network-only' });
  const [{ fetching: deleting }, deleteOrg] = useMutation(DeleteOrgMutation);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const org = data?.me.currentOrg;
  // The project list shows the deletion's progress and moves on when the org is gone.
  const toProjects = useCallback(
    () => navigate(paths.projects, { replace: true, state: org ? deletingOrgState(org) : undefined }),
    [navigate, org],
  );

  if (fetching && !data) return <LoadingState />;
  if (error && !data) {
    return (
      <ErrorState
        message={failureMessage(error, 'Failed to load organization.') ?? undefined}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  }
  if (!org) return <EmptyState />;

  const isAdmin = org.myPermissions.canDeleteOrg;
  const confirm = async () => {
    const result = await deleteOrg({ where: { id: org.id } });
    if (result.error) return showFailureToast(result.error, 'Failed to delete organization.');
    setConfirming(false);
    toast.info(`Deleting ${org.name}…`);
    toProjects();
  };

  return (
    <Card title="Danger zone" styles={{ header: { color: '#cf1322' } }}>
      {org.state === 'DELETING' ? (
        <Flex vertical gap={16} align="start">
          <OrgDeletionProgress org={org} onDeleted={toProjects} />
          <Button onClick={toProjects}>Go to projects</Button>
        </Flex>
      ) : (
        <Flex justify="space-between" align="center" gap={16}>
          <div>
            <Typography.Text strong>Delete organization</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              Deletes {org.name}, every project in it, its groups and invitations. Members keep their accounts. This
              cannot be undone.
            </Typography.Paragraph>
            {!isAdmin && (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                Only organization admins can delete the organization.
              </Typography.Paragraph>
            )}
          </div>
          <Button danger type="primary" disabled={!isAdmin} onClick={() => setConfirming(true)}>
            Delete organization
          </Button>
        </Flex>
      )}
      <TypedConfirmModal
        open={confirming}
        title="Delete organization"
        description={`"${org.name}" and all of its projects will be deleted.`}
        confirmText={org.name}
        okText="Delete organization"
        loading={deleting}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
