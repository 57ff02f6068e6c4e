import { useCallback, useMemo, useRef, useState } from 'react';
import { useQuery } from 'urql';
import { Card, Typography } from '../../../components/ui';
import { PageMeta } from '../../../components/page/PageMeta';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { failureMessage, serverErrorOf } from '../../../app/errors/operationErrors';
import { DashboardQuery } from '../graphql/dashboard';
import { useDashboardRefresh } from '../hooks/useDashboardRefresh';
import { useFullScreen } from '../hooks/useFullScreen';
import { DashboardFiltersContext } from '../hooks/useDrillDown';
import { DashboardGrid } from './DashboardGrid';
import { DashboardHeader } from './DashboardHeader';
import { DashboardFilters, filtersToSend, type DashboardFilterDraft } from './DashboardFilters';

export const EMPTY_HINT = 'Pin answers from a thread to add tiles: open a response and choose "Pin to dashboard".';

/** A dashboard: its header, then its tiles on the grid. */
export function DashboardView({ projectId, dashboardId }: { projectId: string; dashboardId: string }) {
  const [drafts, setDrafts] = useState<DashboardFilterDraft[]>([]);
  const filters = useMemo(() => filtersToSend(drafts), [drafts]);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: DashboardQuery, variables: { projectId, dashboardId, filters } });
  const reload = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  const dashboard = data?.dashboard;
  const { refreshAll, refreshing, progress } = useDashboardRefresh(projectId, dashboardId, dashboard?.lastRefresh, reload);
  const page = useRef<HTMLDivElement>(null);
  const fullScreen = useFullScreen(page);

  if (fetching && !data) return <LoadingState />;
  if (error && !data) {
    const notFound = serverErrorOf(error)?.code === 'NOT_FOUND';
    return (
      <ErrorState
        title={notFound ? 'Dashboard not found' : undefined}
        message={notFound ? 'It was deleted, or it is in a folder you do not see.' : (failureMessage(error, 'Failed to load dashboard.') ?? undefined)}
        onRetry={notFound ? undefined : reload}
      />
    );
  }
  if (!dashboard) return <EmptyState />;
  return (
    <div ref={page} className="dashboard-page" data-testid="dashboard" data-dashboard-id={dashboard.id}>
      <PageMeta title={dashboard.name} description="A dashboard of pinned answers." />
      <DashboardHeader projectId={projectId} dashboard={dashboard} refreshing={refreshing} progress={progress} onRefreshAll={() => void refreshAll()} fullScreen={fullScreen} />
      {/* Text tiles take no filter: a board of text alone has no filter bar. */}
      {dashboard.items.some((item) => item.type !== 'TEXT') && <DashboardFilters projectId={projectId} filters={drafts} onChange={setDrafts} />}
      {dashboard.items.length === 0 ? (
        <Card>
          <EmptyState>
            <Typography.Text type="secondary">{EMPTY_HINT}</Typography.Text>
          </EmptyState>
        </Card>
      ) : (
        <DashboardFiltersContext.Provider value={filters}>
          <DashboardGrid projectId={projectId} dashboardId={dashboard.id} items={dashboard.items} canEdit={dashboard.canEdit} />
        </DashboardFiltersContext.Provider>
      )}
    </div>
  );
}
