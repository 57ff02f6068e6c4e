import { useState } from 'react';
import { Navigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { Alert, Button, Flex, Typography, BulbOutlined } from '../../../../components/ui';
import { PageMeta } from '../../../../components/page/PageMeta';
import { ErrorState, LoadingState } from '../../../../components/page/PageStates';
import { failureMessage } from '../../../../app/errors/operationErrors';
import { RelationshipsEditor } from '../../../../features/modeling/components/RelationshipsEditor';
import { ModelsQuery, RecommendedRelationshipsQuery } from '../../../../features/modeling/graphql/modeling';
import { useOnboardingRedirect } from '../../../../features/project/hooks/useOnboardingRedirect';
import { CreateRelationshipRecommendationTaskMutation } from '../../../../features/generation/graphql/generation';
import { isDone, useGenerationTask } from '../../../../features/generation/hooks/useGenerationTask';
import { showFailureToast } from '../../../../app/errors/operationErrors';

export const RECOMMEND_RELATIONSHIPS_TITLE = 'Recommended relationships';

function Relationships({ projectId }: { projectId: string }) {
  const [recommended, reexecuteRecommended] = useQuery({
    query: RecommendedRelationshipsQuery,
    variables: { projectId },
    // The editor starts from one answer; a cached one could be outdated.
    requestPolicy: 'network-only',
  });
  const [models, reexecuteModels] = useQuery({ query: ModelsQuery, variables: { projectId } });
  const [taskId, setTaskId] = useState<string | null>(null);
  const [{ fetching: starting }, createTask] = useMutation(CreateRelationshipRecommendationTaskMutation);
  const { task } = useGenerationTask(projectId, taskId);
  const asking = starting || (!!taskId && !isDone(task?.status));

  const askModel = async () => {
    const result = await createTask({ projectId });
    if (result.error) return showFailureToast(result.error, 'Failed to recommend relationships.');
    setTaskId(result.data?.createRelationshipRecommendationTask.id ?? null);
  };

  if ((recommended.fetching && !recommended.data) || (models.fetching && !models.data)) return <LoadingState />;
  const error = (!recommended.data && recommended.error) || (!models.data && models.error);
  if (error || !recommended.data || !models.data) {
    return (
      <ErrorState
        message={failureMessage(error, 'Failed to load relationships.') ?? undefined}
        onRetry={() => {
          reexecuteRecommended({ requestPolicy: 'network-only' });
          reexecuteModels({ requestPolicy: 'network-only' });
        }}
      />
    );
  }
  const fromModel = task?.status === 'FINISHED' ? task.relationships : null;
  return (
    <>
      <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
        <Button icon={<BulbOutlined />} loading={asking} onClick={askModel}>
          Ask the language model
        </Button>
        {task?.status === 'FINISHED' && (
          <Typography.Text type="secondary" data-testid="relationship-source">
            {task.generatedBy === 'LLM'
              ? 'Recommendations from foreign keys, names and your language model.'
              : 'No language model is configured: these come from foreign keys and names.'}
          </Typography.Text>
        )}
      </Flex>
      {task?.status === 'FAILED' && <Alert type="error" showIcon message="Failed to recommend relationships." description={task.error} style={{ marginBottom: 16 }} />}
      <RelationshipsEditor
        key={fromModel ? task?.id : 'heuristics'}
        projectId={projectId}
        recommended={fromModel ?? recommended.data.recommendedRelationships}
        models={models.data.models}
      />
    </>
  );
}

export function RecommendRelationshipsPage() {
  const { projectId, project, fetching, error, refetch, redirectTo } = useOnboardingRedirect();
  const meta = (
    <PageMeta
      title={RECOMMEND_RELATIONSHIPS_TITLE}
      description="Review the relationships Quarry found between your models before you start asking questions."
    />
  );

  if (redirectTo) return <Navigate to={redirectTo} replace />;
  if (fetching) return <>{meta}<LoadingState /></>;
  if (!project && error) {
    return <>{meta}<ErrorState message={failureMessage(error, 'Failed to load project.') ?? undefined} onRetry={refetch} /></>;
  }
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto' }}>
      {meta}
      <Typography.Title level={2}>{RECOMMEND_RELATIONSHIPS_TITLE}</Typography.Title>
      <Typography.Paragraph type="secondary">
        Quarry found these from foreign keys and matching column names. Keep the ones that are right, fix their type or
        add your own; relationships let questions join models.
      </Typography.Paragraph>
      <Relationships projectId={projectId} />
    </div>
  );
}
