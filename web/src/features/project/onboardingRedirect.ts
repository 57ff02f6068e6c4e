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

/**
 * The pages of the same onboarding step as the status's target, where the user may stay:
 * the CSV upload belongs to choosing a source, the relationships to choosing the models.
 */
function pagesOfStep(projectId: string, status: OnboardingStatus): string[] {
  const target = pathForOnboardingStatus(projectId, status);
  if (target === paths.setupConnection(projectId)) return [target, paths.setupUploadCsv(projectId)];
  if (target === paths.setupModels(projectId)) return [target, paths.recommendRelationships(projectId)];
  return [target];
}

/** The path to go to, or null when the current page already is the target (or a page of its step). */
export function onboardingRedirect(
  projectId: string,
  status: OnboardingStatus,
  currentPathname: string,
): string | null {
  const current = currentPathname.replace(/\/+$/, '');
  return pagesOfStep(projectId, status).includes(current) ? null : pathForOnboardingStatus(projectId, status);
}
