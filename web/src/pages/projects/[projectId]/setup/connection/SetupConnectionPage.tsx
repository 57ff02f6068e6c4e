import { Navigate } from 'react-router';
import { Typography } from '../../../../../components/ui';
import { PageMeta } from '../../../../../components/page/PageMeta';
import { ErrorState, LoadingState } from '../../../../../components/page/PageStates';
import { failureMessage } from '../../../../../app/errors/operationErrors';
import { DataSourceOptions } from '../../../../../features/project/components/DataSourceOptions';
import { useOnboardingRedirect } from '../../../../../features/project/hooks/useOnboardingRedirect';

export const SETUP_CONNECTION_TITLE = 'Connect a data source';

export function SetupConnectionPage() {
  const { project, fetching, error, refetch, redirectTo } = useOnboardingRedirect();
  const meta = (
    <PageMeta title={SETUP_CONNECTION_TITLE} description="Connect a database, upload a CSV file or start from a sample dataset." />
  );

  if (redirectTo) return <Navigate to={redirectTo} replace />;
  if (fetching) return <>{meta}<LoadingState /></>;
  if (!project && error) {
    return <>{meta}<ErrorState message={failureMessage(error, 'Failed to load project.') ?? undefined} onRetry={refetch} /></>;
  }

  return (
    <div style={{ maxWidth: 1100, margin: '0 auto' }}>
      {meta}
      <Typography.Title level={2}>{SETUP_CONNECTION_TITLE}</Typography.Title>
      <Typography.Paragraph type="secondary">
        Pick where the data of {project ? `"${project.displayName}"` : 'this project'} lives. Quarry reads its schema
        to build the semantic model you will ask questions against.
      </Typography.Paragraph>
      <DataSourceOptions />
    </div>
  );
}
