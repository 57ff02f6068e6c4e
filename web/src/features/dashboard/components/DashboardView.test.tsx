import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { elapse, mockOperations, renderWithProviders, useFastClock } from '../../../test/renderWithProviders';
import { DashboardView, EMPTY_HINT } from './DashboardView';
import { REFRESH_POLL_MS } from '../hooks/useDashboardRefresh';

afterEach(() => vi.useRealTimers());

vi.mock('./DashboardGrid', () => ({
  DashboardGrid: ({ items }: { items: { id: string; data: { cacheCreatedAt: string } }[] }) => (
    <div data-testid="grid">{items.map((i) => `${i.id}@${i.data.cacheCreatedAt}`).join(',')}</div>
  ),
}));

const refresh = (id: string, status: string) => ({
  id,
  status,
  scheduled: false,
  tilesRefreshed: status === 'RUNNING' ? 0 : 1,
  tilesFailed: 0,
  startedAt: '2026-11-25T08:00:00Z',
  finishedAt: status === 'RUNNING' ? null : '2026-11-25T08:00:03Z',
});

const dashboard = (extra: Record<string, unknown> = {}) => ({
  id: 'd1',
  name: 'Music overview',
  folderId: null,
  canEdit: true,
  cacheEnabled: true,
  cacheTtlSeconds: 86400,
  schedule: { frequency: 'NEVER', day: null, hour: null, minute: null, cron: null, timezone: null, nextRunAt: null },
  lastRefresh: null,
  items: [{ id: 'i1', data: { cacheCreatedAt: '2026-11-25T07:00:00Z' } }],
  ...extra,
});

describe('DashboardView', () => {
  it('says it is loading', () => {
    renderWithProviders(<DashboardView projectId="p1" dashboardId="d1" />, mockOperations({}).client);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('says what to do with an empty dashboard', async () => {
    const api = mockOperations({ Dashboard: { data: { dashboard: dashboard({ items: [] }) } } });
    renderWithProviders(<DashboardView projectId="p1" dashboardId="d1" />, api.client);
    expect(await screen.findByText('No Data')).toBeInTheDocument();
    expect(screen.getByText(EMPTY_HINT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Refresh all/ })).toBeDisabled();
  });

  it('shows why the dashboard could not be loaded', async () => {
    const api = mockOperations({ Dashboard: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } } });
    renderWithProviders(<DashboardView projectId="p1" dashboardId="d1" />, api.client);
    expect(await screen.findByText('Failed to load dashboard.')).toBeInTheDocument();
  });

  it('refreshes all tiles, follows the run until it ends, then re-reads the tiles', async () => {
    let reads = 0;
    let polls = 0;
    const api = mockOperations({
      Dashboard: () => {
        reads += 1;
        return reads === 1
          ? { data: { dashboard: dashboard({ lastRefresh: refresh('old', 'SUCCEEDED') }) } }
          : { data: { dashboard: dashboard({ lastRefresh: refresh('new', 'SUCCEEDED'), items: [{ id: 'i1', data: { cacheCreatedAt: '2026-11-25T08:00:02Z' } }] }) } };
      },
      RefreshDashboard: { data: { refreshDashboard: { id: 'd1', lastRefresh: refresh('old', 'SUCCEEDED') } } },
      DashboardRefreshStatus: () => {
        polls += 1;
        // The workflow records its run a moment after the mutation answers.
        const latest = polls === 1 ? refresh('old', 'SUCCEEDED') : polls === 2 ? refresh('new', 'RUNNING') : refresh('new', 'SUCCEEDED');
        return { data: { dashboard: { id: 'd1', lastRefresh: latest } } };
      },
    });
    renderWithProviders(<DashboardView projectId="p1" dashboardId="d1" />, api.client);
    expect(await screen.findByTestId('grid')).toHaveTextContent('i1@2026-11-25T07:00:00Z');
    useFastClock();
    fireEvent.click(screen.getByRole('button', { name: /Refresh all/ }));
    expect(await screen.findByRole('button', { name: /Refreshing…/ })).toBeInTheDocument();
    await elapse(3 * REFRESH_POLL_MS);
    await waitFor(() => expect(screen.getByTestId('grid')).toHaveTextContent('i1@2026-11-25T08:00:02Z'));
    expect(polls).toBe(3);
    expect(screen.getByRole('button', { name: /Refresh all/ })).toBeInTheDocument();
    expect(screen.getByTestId('last-refresh')).toHaveTextContent('Refreshed');
    expect(api.callsOf('RefreshDashboard')).toEqual([{ projectId: 'p1', dashboardId: 'd1' }]);
  });

  it('fills the screen with the dashboard, also for a viewer, and says how to leave', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    let full: Element | null = null;
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => full });
    const requestFullscreen = vi.fn((element: Element) => {
      full = element;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    Element.prototype.requestFullscreen = async function (this: Element) {
      requestFullscreen(this);
    };
    document.exitFullscreen = vi.fn(async () => {
      full = null;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    const api = mockOperations({ Dashboard: { data: { dashboard: dashboard({ canEdit: false }) } } });
    renderWithProviders(<DashboardView projectId="p1" dashboardId="d1" />, api.client);
    fireEvent.click(await screen.findByRole('button', { name: /Full screen/ }));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(full).toBe(screen.getByTestId('dashboard'));
    fireEvent.click(await screen.findByRole('button', { name: /Exit full screen/ }));
    expect(await screen.findByRole('button', { name: /^(?!Exit).*Full screen/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refresh all/ })).not.toBeInTheDocument();
  });

  it('adds a text tile from the header', async () => {
    const api = mockOperations({
      Dashboard: { data: { dashboard: dashboard() } },
      CreateDashboardTextItem: { data: { createDashboardTextItem: { id: 't1' } } },
    });
    renderWithProviders(<DashboardView projectId="p1" dashboardId="d1" />, api.client);
    fireEvent.click(await screen.findByRole('button', { name: /Add text/ }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Text tile' }), { target: { value: '# Overview' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsOf('CreateDashboardTextItem')).toEqual([{ projectId: 'p1', data: { dashboardId: 'd1', text: '# Overview' } }]));
  });
});
