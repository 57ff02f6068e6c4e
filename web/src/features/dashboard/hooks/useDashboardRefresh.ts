import { useState } from 'react';
import { useMutation } from 'urql';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { usePollUntil } from '../../../app/polling/usePollUntil';
import type { DashboardRefreshFieldsFragment, DashboardRefreshStatusQuery as StatusResult } from '../../../gql/graphql';
import { DashboardRefreshStatusQuery, RefreshDashboardMutation } from '../graphql/dashboard';

export const REFRESH_POLL_MS = 2000;

/** The run being waited for: a new one after `previousId` (undefined: the current one). */
type Waiting = { previousId?: string | null };

/**
 * "Refresh all": starts the refresh, then polls the dashboard's latest refresh every 2 s
 * until a run started by it (or one already running) has ended, and calls `onEnded` to
 * re-read the tiles. The run is recorded by the workflow, so right after the mutation the
 * latest refresh may still be the previous one.
 */
export function useDashboardRefresh(
  projectId: string,
  dashboardId: string,
  lastRefresh: DashboardRefreshFieldsFragment | null | undefined,
  onEnded: () => void,
) {
  const [started, setStarted] = useState<Waiting | null>(null);
  const [, refresh] = useMutation(RefreshDashboardMutation);
  // A run already going when the page opened (a scheduled one) is followed too.
  const running = lastRefresh?.status === 'RUNNING';
  const waiting: Waiting | null = started ?? (running ? {} : null);

  const previousId = waiting?.previousId;
  const done = (data: StatusResult | undefined) => {
    const latest = data?.dashboard.lastRefresh;
    if (!latest || latest.status === 'RUNNING') return false;
    return previousId === undefined || latest.id !== previousId;
  };

  const [{ data }] = usePollUntil(
    { query: DashboardRefreshStatusQuery, variables: { projectId, dashboardId }, pause: !waiting, requestPolicy: 'network-only' },
    {
      interval: REFRESH_POLL_MS,
      enabled: !!waiting,
      done,
      onDone: () => {
        setStarted(null);
        onEnded();
      },
      onError: (error) => {
        setStarted(null);
        showFailureToast(error, 'Failed to load dashboard refresh.');
      },
    },
  );

  const refreshAll = async () => {
    const before = lastRefresh?.id ?? null;
    const result = await refresh({ projectId, dashboardId });
    if (result.error) {
      showFailureToast(result.error, 'Failed to refresh dashboard.');
      return;
    }
    setStarted({ previousId: before });
  };

  const progress = waiting ? (data?.dashboard.lastRefresh ?? null) : null;
  return { refreshAll, refreshing: !!waiting, progress };
}
