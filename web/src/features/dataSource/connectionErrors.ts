import { failureMessage, serverErrorOf, withSentence } from '../../app/errors/operationErrors';

export const UPDATE_DATA_SOURCE_FAILED = 'Failed to update data source.';

/** The server's reason when it could not reach the data source (CONNECTION_REFUSED), else null. */
export function connectionRefusedReason(error: unknown): string | null {
  const server = serverErrorOf(error);
  if (server?.code !== 'CONNECTION_REFUSED') return null;
  return server.message?.trim() || server.shortMessage?.trim() || 'The data source refused the connection.';
}

/** PRODUCT.md §8: an UpdateDataSource failure embeds the server message, whatever its code. */
export function updateDataSourceErrorMessage(error: unknown, fallback = UPDATE_DATA_SOURCE_FAILED): string | null {
  const base = failureMessage(error, fallback);
  if (base === null || base !== fallback) return base;
  const message = serverErrorOf(error)?.message?.trim();
  return message ? `${fallback} ${withSentence(message)}` : base;
}
