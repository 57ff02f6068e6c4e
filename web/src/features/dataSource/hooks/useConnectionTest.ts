import { useCallback, useState } from 'react';
import { useMutation } from 'urql';
import { showFailureToast } from '../../../app/errors/operationErrors';
import type { DataSourceInput } from '../../../gql/graphql';
import { connectionRefusedReason } from '../connectionErrors';
import { TestDataSourceConnectionMutation } from '../graphql/dataSource';

/** What the last check said: shown inline under the connection form. */
export type ConnectionOutcome = { status: 'success' } | { status: 'refused'; reason: string };

export const TEST_CONNECTION_FAILED = 'Failed to test connection.';

/**
 * Test connection, and the inline outcome shared with saving: CONNECTION_REFUSED shows the
 * server's reason under the form, any other failure is a toast.
 */
export function useConnectionTest(projectId: string) {
  const [{ fetching: testing }, testConnection] = useMutation(TestDataSourceConnectionMutation);
  const [outcome, setOutcome] = useState<ConnectionOutcome | null>(null);

  /** Reports a failed test or save; true when it was a refused connection. */
  const reportFailure = useCallback((error: unknown, fallback: string) => {
    const reason = connectionRefusedReason(error);
    if (reason) {
      setOutcome({ status: 'refused', reason });
      return true;
    }
    setOutcome(null);
    showFailureToast(error, fallback);
    return false;
  }, []);

  const test = useCallback(
    async (data: DataSourceInput): Promise<boolean> => {
      setOutcome(null);
      const result = await testConnection({ projectId, data });
      if (result.error) {
        reportFailure(result.error, TEST_CONNECTION_FAILED);
        return false;
      }
      if (!result.data?.testDataSourceConnection) {
        showFailureToast(undefined, TEST_CONNECTION_FAILED);
        return false;
      }
      setOutcome({ status: 'success' });
      return true;
    },
    [projectId, testConnection, reportFailure],
  );

  const clear = useCallback(() => setOutcome(null), []);
  return { test, testing, outcome, setOutcome, clear, reportFailure };
}
