import type { OnboardingStatus } from '../../gql/graphql';
import { paths } from '../../app/routes/paths';

/** Where a project opens, by its onboarding status (PRODUCT.md §2 routing rules). */
export function pathForOnboardingStatus(projectId: string, status: OnboardingStatus): string {
  switch (status) {
    case 'NOT_STARTED':
      return paths.setupConnection(projectId);
    case 'ONBOARDING_FINISHED':
    case 'WITH_SAMPLE_DATASET':
      return paths.modeling(projectId);
    case 'DATASOURCE_SAVED':
    case 'SYNCING':
    case 'SYNCING_STOPPED':
    default:
      return paths.setupModels(projectId);
  }
}

/** The path to go to, or null when the current page already is the target. */
export function onboardingRedirect(
  projectId: string,
  status: OnboardingStatus,
  currentPathname: string,
): string | null {
  const target = pathForOnboardingStatus(projectId, status);
  return currentPathname.replace(/\/+$/, '') === target ? null : target;
}
