import { useEffect, useRef } from 'react';
import { Alert, Flex, Progress, Spin, Typography } from '../../../components/ui';
import { useOrgDeletion, type OrgDeletionState } from '../hooks/useOrgDeletion';

export function deletionProgressText(state: OrgDeletionState | null): string {
  if (state?.status !== 'deleting' || state.remainingProjects === undefined) return 'Starting…';
  const left = state.remainingProjects;
  if (left === 0) return 'Removing the organization and its members…';
  return `Deleting ${left} ${left === 1 ? 'project' : 'projects'}…`;
}

function percentDone(state: OrgDeletionState | null): number {
  if (state?.status !== 'deleting' || !state.totalProjects) return 5;
  const left = state.remainingProjects ?? state.totalProjects;
  // The last step (the org itself) is the remaining tenth.
  return Math.max(5, Math.round(((state.totalProjects - left) / state.totalProjects) * 90));
}

/**
 * An org being deleted: what is left, polled until it is gone (then `onDeleted`, once) or the
 * deletion stopped.
 */
export function OrgDeletionProgress({ org, onDeleted }: { org: { id: string; name: string }; onDeleted: () => void }) {
  const state = useOrgDeletion(org.id, true);
  const notified = useRef(false);

  useEffect(() => {
    if (state?.status !== 'deleted' || notified.current) return;
    notified.current = true;
    onDeleted();
  }, [state?.status, onDeleted]);

  if (state?.status === 'stopped') {
    return (
      <Alert
        type="warning"
        showIcon
        message={`The deletion of ${org.name} stopped before it finished.`}
        description="The organization is active again. An admin can try deleting it again from the organization's danger zone."
      />
    );
  }

  return (
    <Alert
      type="warning"
      role="status"
      message={
        <Flex align="center" gap={12}>
          <Spin size="small" />
          <Typography.Text strong>Deleting {org.name}</Typography.Text>
        </Flex>
      }
      description={
        <Flex vertical gap={4}>
          <Typography.Text data-testid="org-deletion-progress">{deletionProgressText(state)}</Typography.Text>
          <Progress percent={percentDone(state)} status="active" showInfo={false} />
          <Typography.Text type="secondary">
            The deletion goes on if you leave this page. When it is done you continue in another of your
            organizations.
          </Typography.Text>
        </Flex>
      }
    />
  );
}
