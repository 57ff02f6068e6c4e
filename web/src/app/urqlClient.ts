import { Client, cacheExchange, fetchExchange, mapExchange } from 'urql';
import type { CombinedError } from 'urql';
import { reportClientError } from '../features/auth/api';
import { isAbortError } from './errors/operationErrors';
import { isProjectPage, redirectUnauthorized } from './errors/unauthorizedRedirect';

export const GRAPHQL_URL = '/api/graphql';

/** Errors every operation shares: reporting, the project-page redirect, the price wall. */
export function handleOperationError(error: CombinedError, pathname = window.location.pathname): void {
  if (isAbortError(error)) {
    console.warn('GraphQL request aborted', error.message);
    return;
  }
  if (error.networkError && error.graphQLErrors.length === 0) {
    reportClientError('NETWORK_ERROR');
    return;
  }
  const codes = error.graphQLErrors.map((e) => String(e.extensions?.code ?? 'GRAPHQL_ERROR'));
  codes.forEach((code) => reportClientError(code));
  if (codes.includes('UNAUTHORIZED_ACCESS') && isProjectPage(pathname)) redirectUnauthorized();
  if (codes.includes('UNSUBSCRIBED_ACCESS')) window.dispatchEvent(new Event('toPriceWall'));
}

export function createQuarryClient(): Client {
  return new Client({
    url: GRAPHQL_URL,
    // The api answers GraphQL on POST with JSON only (GET serves GraphiQL); JSON is its CSRF guard.
    preferGetMethod: false,
    requestPolicy: 'cache-and-network',
    fetchOptions: { credentials: 'same-origin' },
    exchanges: [mapExchange({ onError: (error) => handleOperationError(error) }), cacheExchange, fetchExchange],
  });
}
