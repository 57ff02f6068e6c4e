import { Navigate } from 'react-router';
import { useQuery } from 'urql';
import { Typography } from '../../../../components/ui';
import { PageMeta } from '../../../../components/page/PageMeta';
import { ErrorState, LoadingState } from '../../../../components/page/PageStates';
import { failureMessage } from '../../../../app/errors/operationErrors';
import { RelationshipsEditor } from '../../../../features/modeling/components/RelationshipsEditor';
import { ModelsQuery, RecommendedRelationshipsQuery } from '../../../../features/modeling/graphql/modeling';
import { useOnboardingRedirect } from '../../../../features/project/hooks/useOnboardingRedirect';

export const RECOMMEND_RELATIONSHIPS_TITLE = 'Recommended relationships';

function Relationships({ projectId }: { projectId: string }) {
  const [recommended, reexecuteRecommended] = useQuery({
    query: RecommendedRelationshipsQuery,
    variables: { projectId },
    // The editor starts from one answer; a cached one could be outdated.
    requestPolicy: 'network-only',
  });
  const [models, reexecuteModels] = useQuery({ query: ModelsQuery, variables: { projectId } });

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
  return (
    <RelationshipsEditor
      projectId={projectId}
      recommended={recommended.data.recommendedRelationships}
      models={models.data.models}
    />
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
