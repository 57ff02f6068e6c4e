import { Navigate } from 'react-router';
import { Typography } from '../../../../../components/ui';
import { PageMeta } from '../../../../../components/page/PageMeta';
import { EmptyState, ErrorState, LoadingState } from '../../../../../components/page/PageStates';
import { failureMessage } from '../../../../../app/errors/operationErrors';
import { useOnboardingRedirect } from '../../../../../features/project/hooks/useOnboardingRedirect';

export function SetupModelsPage() {
  const { project, fetching, error, refetch, redirectTo } = useOnboardingRedirect();
  const meta = <PageMeta title="Select models" description="Choose the tables Quarry models for your questions." />;

  if (redirectTo) return <Navigate to={redirectTo} replace />;
  if (fetching) return <>{meta}<LoadingState /></>;
  if (!project && error) {
    return <>{meta}<ErrorState message={failureMessage(error, 'Failed to load project.') ?? undefined} onRetry={refetch} /></>;
  }
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto' }}>
      {meta}
      <Typography.Title level={2}>Select models</Typography.Title>
      <EmptyState />
    </div>
  );
}
