import { useLocation, useParams } from 'react-router';
import { useProject } from './useProject';
import { onboardingRedirect } from '../onboardingRedirect';

/** Setup pages follow the onboarding status too, unless they already are its target. */
export function useOnboardingRedirect() {
  const { projectId = '' } = useParams();
  const { pathname } = useLocation();
  const { project, fetching, error, refetch } = useProject(projectId);
  const redirectTo = project ? onboardingRedirect(project.id, project.onboardingStatus, pathname) : null;
  return { projectId, project, fetching, error, refetch, redirectTo };
}
