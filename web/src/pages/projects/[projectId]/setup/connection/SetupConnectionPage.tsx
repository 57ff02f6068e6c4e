import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Typography } from '../../../../../components/ui';
import { PageMeta } from '../../../../../components/page/PageMeta';
import { ErrorState, LoadingState } from '../../../../../components/page/PageStates';
import { failureMessage } from '../../../../../app/errors/operationErrors';
import { paths } from '../../../../../app/routes/paths';
import type { DataSourceType } from '../../../../../gql/graphql';
import { ConnectionSetup } from '../../../../../features/dataSource/components/ConnectionSetup';
import { DataSourceOptions } from '../../../../../features/dataSource/components/DataSourceOptions';
import { SampleDatasetOptions } from '../../../../../features/dataSource/components/SampleDatasetOptions';
import { DATA_SOURCES } from '../../../../../features/dataSource/dataSources';
import { useOnboardingRedirect } from '../../../../../features/project/hooks/useOnboardingRedirect';

export const SETUP_CONNECTION_TITLE = 'Connect a data source';

function sourceOf(value: string | null): DataSourceType | null {
  return DATA_SOURCES.find((source) => source.type === value)?.type ?? null;
}

export function SetupConnectionPage() {
  const { projectId, project, fetching, error, refetch, redirectTo } = useOnboardingRedirect();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  // The chosen source lives in the URL (?source=POSTGRES), so Back and reload keep it.
  const source = sourceOf(searchParams.get('source'));
  const meta = (
    <PageMeta title={SETUP_CONNECTION_TITLE} description="Connect a database, upload a CSV file or start from a sample dataset." />
  );

  if (redirectTo) return <Navigate to={redirectTo} replace />;
  if (fetching) return <>{meta}<LoadingState /></>;
  if (!project && error) {
    return <>{meta}<ErrorState message={failureMessage(error, 'Failed to load project.') ?? undefined} onRetry={refetch} /></>;
  }

  const choose = (type: DataSourceType) => {
    if (type === 'CSV') navigate(paths.setupUploadCsv(projectId));
    else setSearchParams({ source: type });
  };

  return (
    <div style={{ maxWidth: 1100, margin: '0 auto' }}>
      {meta}
      <Typography.Title level={2}>{SETUP_CONNECTION_TITLE}</Typography.Title>
      <Typography.Paragraph type="secondary">
        Pick where the data of {project ? `"${project.displayName}"` : 'this project'} lives. Quarry reads its schema
        to build the semantic model you will ask questions against.
      </Typography.Paragraph>
      {source && source !== 'CSV' ? (
        <ConnectionSetup key={source} projectId={projectId} type={source} onBack={() => setSearchParams({})} />
      ) : (
        <>
          <DataSourceOptions onSelect={choose} />
          <SampleDatasetOptions projectId={projectId} />
        </>
      )}
    </div>
  );
}
