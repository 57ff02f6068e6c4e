import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { Button, Card, Flex, Typography, toast } from '../../../components/ui';
import { TypedConfirmModal } from '../../../components/page/TypedConfirmModal';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import { DeleteProjectMutation, ResetProjectMutation } from '../graphql/project';
import { useProject } from '../hooks/useProject';

type Action = 'reset' | 'delete';

export function ProjectDangerZone({ projectId }: { projectId: string }) {
  const { project, fetching, error, refetch } = useProject(projectId);
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [{ fetching: resetting }, resetProject] = useMutation(ResetProjectMutation);
  const [{ fetching: deleting }, deleteProject] = useMutation(DeleteProjectMutation);
  const navigate = useNavigate();

  if (fetching) return <LoadingState />;
  if (error && !project) {
    return <ErrorState message={failureMessage(error, 'Failed to load project.') ?? undefined} onRetry={refetch} />;
  }
  if (!project) return <EmptyState />;

  const busy = project.state !== 'ACTIVE';
  const confirm = async () => {
    const where = { where: { id: project.id } };
    if (confirming === 'reset') {
      const result = await resetProject(where);
      if (result.error) return showFailureToast(result.error, 'Failed to reset project.');
      toast.success('Project is being reset.');
      setConfirming(null);
      navigate(paths.projects);
    } else if (confirming === 'delete') {
      const result = await deleteProject(where, { additionalTypenames: ['Project'] });
      if (result.error) return showFailureToast(result.error, 'Failed to delete project.');
      toast.success('Project is being deleted.');
      setConfirming(null);
      navigate(paths.projects);
    }
  };

  return (
    <Card title="Danger zone" styles={{ header: { color: '#cf1322' } }}>
      <Flex vertical gap={24}>
        <Flex justify="space-between" align="center" gap={16}>
          <div>
            <Typography.Text strong>Reset project</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              Removes the data source, models, threads and dashboards; the project and its members stay.
            </Typography.Paragraph>
          </div>
          <Button danger disabled={busy} onClick={() => setConfirming('reset')}>
            Reset project
          </Button>
        </Flex>
        <Flex justify="space-between" align="center" gap={16}>
          <div>
            <Typography.Text strong>Delete project</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              Deletes the project and everything in it. This cannot be undone.
            </Typography.Paragraph>
          </div>
          <Button danger type="primary" disabled={busy} onClick={() => setConfirming('delete')}>
            Delete project
          </Button>
        </Flex>
      </Flex>
      <TypedConfirmModal
        open={confirming !== null}
        title={confirming === 'delete' ? 'Delete project' : 'Reset project'}
        description={
          confirming === 'delete'
            ? `"${project.displayName}" and everything in it will be deleted.`
            : `Everything in "${project.displayName}" except its members will be removed.`
        }
        confirmText={project.displayName}
        okText={confirming === 'delete' ? 'Delete project' : 'Reset project'}
        loading={resetting || deleting}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
