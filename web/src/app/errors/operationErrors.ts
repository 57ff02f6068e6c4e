import type { CombinedError } from 'urql';
import { toast } from '../../components/ui';
import { AuthApiError } from '../../features/auth/api';
import { isRedirectingUnauthorized } from './unauthorizedRedirect';

/** What the server said about a failure: GraphQL `extensions` or a REST `error` body. */
export interface ServerError {
  code?: string;
  message?: string;
  shortMessage?: string;
}

const ROLE_ACCESS_HINT = 'Please contact the project owner or an organization admin to perform this action.';
export const SOFT_LIMIT_MESSAGE =
  'The soft limit of the current plan has been reached and the operation cannot be performed.';
export const MODEL_LIMIT_MESSAGE =
  'The current model limit has been reached and the operation cannot be performed.';
export const AIRBYTE_RATE_LIMIT_MESSAGE =
  "You've hit a temporary limit on the data syncing status update. Please try again later.";

function isCombinedError(error: unknown): error is CombinedError {
  return typeof error === 'object' && error !== null && 'graphQLErrors' in error;
}

/** The first server error carried by a urql, auth or plain error. */
export function serverErrorOf(error: unknown): ServerError | null {
  if (isCombinedError(error)) {
    const first = error.graphQLErrors[0];
    if (!first) return null;
    const ext = (first.extensions ?? {}) as ServerError;
    return {
      code: typeof ext.code === 'string' ? ext.code : undefined,
      message: typeof ext.message === 'string' ? ext.message : first.message,
      shortMessage: typeof ext.shortMessage === 'string' ? ext.shortMessage : undefined,
    };
  }
  if (error instanceof AuthApiError) {
    return { code: error.code, message: error.message, shortMessage: error.shortMessage };
  }
  return null;
}

export function isAbortError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const candidate = isCombinedError(error) ? error.networkError : error;
  if (candidate && (candidate as Error).name === 'AbortError') return true;
  return serverErrorOf(error)?.code === 'ABORT_ERROR';
}

/** The text ending in a full stop (or other sentence mark). */
export function withSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The toast text for a failed operation (PRODUCT.md §8). `fallback` is the operation's own
 * 'Failed to <verb> <thing>.' sentence. Null means no toast (aborted requests only warn).
 */
export function failureMessage(error: unknown, fallback: string): string | null {
  if (isAbortError(error)) return null;
  const server = serverErrorOf(error);
  const serverMessage = server?.message?.trim();
  switch (server?.code) {
    case 'UNAUTHORIZED_ROLE_ACCESS': {
      const base = serverMessage ? withSentence(serverMessage) : fallback;
      return base.includes(ROLE_ACCESS_HINT) ? base : `${base} ${ROLE_ACCESS_HINT}`;
    }
    case 'SOFT_LIMIT_REACHED':
      return SOFT_LIMIT_MESSAGE;
    case 'MODEL_LIMIT_REACHED':
      return MODEL_LIMIT_MESSAGE;
    case 'AIRBYTE_RATE_LIMIT_REACHED':
      return serverMessage || AIRBYTE_RATE_LIMIT_MESSAGE;
    case 'CREDIT_LIMIT_REACHED':
    case 'INVALID_POLICY':
    case 'DUPLICATED_SESSION_PROPERTY_NAME':
      return serverMessage || fallback;
    case 'INTERNAL_SERVER_ERROR':
    case undefined:
      return fallback;
    default:
      return serverMessage && serverMessage !== fallback ? `${fallback} ${withSentence(serverMessage)}` : fallback;
  }
}

/**
 * Shows the failure toast of an operation, or warns when the request was aborted. `describe`
 * replaces the usual wording for operations with their own (PRODUCT.md §8).
 */
export function showFailureToast(
  error: unknown,
  fallback: string,
  describe: (error: unknown, fallback: string) => string | null = failureMessage,
): void {
  if (isAbortError(error)) {
    console.warn(`${fallback} (request aborted)`);
    return;
  }
  // The project guard is already telling the user and leaving the page.
  if (serverErrorOf(error)?.code === 'UNAUTHORIZED_ACCESS' && isRedirectingUnauthorized()) return;
  const text = describe(error, fallback);
  if (text) toast.error(text);
}
