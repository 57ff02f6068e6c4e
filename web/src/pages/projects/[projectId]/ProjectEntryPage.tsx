import { Navigate, useLocation, useParams } from 'react-router';
import { PageMeta } from '../../../components/page/PageMeta';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage } from '../../../app/errors/operationErrors';
import { useProject } from '../../../features/project/hooks/useProject';
import { onboardingRedirect } from '../../../features/project/onboardingRedirect';

/** /projects/:projectId opens the page its onboarding status calls for. */
export function ProjectEntryPage() {
  const { projectId = '' } = useParams();
  const { pathname } = useLocation();
  const { project, fetching, error, refetch } = useProject(projectId);
  const meta = <PageMeta title="Project" description="Open a Quarry project." />;

  if (fetching) return <>{meta}<LoadingState /></>;
  if (!project) {
    return (
      <>
        {meta}
        {error ? <ErrorState message={failureMessage(error, 'Failed to load project.') ?? undefined} onRetry={refetch} /> : <EmptyState />}
      </>
    );
  }
  const target = onboardingRedirect(project.id, project.onboardingStatus, pathname);
  return target ? <Navigate to={target} replace /> : <EmptyState />;
}
