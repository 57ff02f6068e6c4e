import { serverErrorOf, isAbortError } from '../../app/errors/operationErrors';

export const ONBOARD_INTERNAL_ERROR_MESSAGE = 'Failed to process user entry into organization or project.';
export const ONBOARD_CONSENT_ERROR_MESSAGE = 'Failed to update privacy policy consent.';

/** PRODUCT.md §8: the two failure toasts of OnboardUser. */
export function onboardUserErrorMessage(error: unknown): string | null {
  if (isAbortError(error)) return null;
  return serverErrorOf(error)?.code === 'INTERNAL_SERVER_ERROR'
    ? ONBOARD_INTERNAL_ERROR_MESSAGE
    : ONBOARD_CONSENT_ERROR_MESSAGE;
}
