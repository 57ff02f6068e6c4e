import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { DashboardFiltersContext, picksOf } from '../hooks/useDrillDown';
import type { DashboardItemFieldsFragment } from '../../../gql/graphql';
import { DashboardTile, STALE_TEXT, cacheText } from './DashboardTile';

vi.mock('../../asking/components/PlotlyChart', () => ({ default: ({ spec }: { spec: { chartType: string } }) => <div data-testid="chart">{spec.chartType}</div> }));

const item = (extra: Partial<DashboardItemFieldsFragment> = {}, data: Partial<DashboardItemFieldsFragment['data']> = {}): DashboardItemFieldsFragment => ({
  id: 'i1',
  dashboardId: 'd1',
  name: 'how many tracks are there',
  type: 'NUMBER',
  text: null,
  chart: null,
  layout: { x: 0, y: 0, w: 3, h: 2 },
  lastError: null,
  refreshedAt: null,
  data: {
    columns: [{ name: 'genre', type: '', family: 'TEXT', displayName: null, format: null }, { name: 'number_of_tracks', type: '', family: 'INTEGER', displayName: null, format: null }],
    rows: [['All', 3503], ['Other', 7]] as unknown as Record<string, unknown>,
    truncated: false,
    cacheHit: true,
    cacheCreatedAt: '2026-11-25T08:00:05Z',
    overridden: false,
    stale: false,
    error: null,
    unfiltered: [],
    ...data,
  },
  ...extra,
});

describe('DashboardTile', () => {
  it('shows a NUMBER tile as the first numeric value of the first row, with its name', () => {
    renderWithProviders(<DashboardTile projectId="p1" item={item()} canEdit />);
    const tile = screen.getByTestId('number-tile');
    expect(within(tile).getByTestId('number-value')).toHaveTextContent('3,503');
    expect(within(tile).getByText('how many tracks are there')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-tile')).toHaveAttribute('data-item-type', 'NUMBER');
  });

  it('says where the result came from: the cache, or a run just now', () => {
    const at = '2026-11-25T08:00:05Z';
    const local = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    // PRODUCT.md §9's 'YYYY-MM-DD HH:mm': no seconds on a tile.
    const stamp = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
    expect(cacheText({ cacheHit: true, cacheCreatedAt: at })).toBe(`Cached · ${stamp}`);
    expect(cacheText({ cacheHit: false, cacheCreatedAt: at })).toBe(`Refreshed ${stamp}`);
    expect(cacheText({ cacheHit: false, cacheCreatedAt: null })).toBeNull();
  });

  it('marks an overridden, stale tile and shows why a tile failed', () => {
    const { unmount } = renderWithProviders(<DashboardTile projectId="p1" item={item({}, { overridden: true, stale: true })} canEdit />);
    expect(screen.getByText('Refreshed on demand')).toBeInTheDocument();
    expect(screen.getByText(STALE_TEXT)).toBeInTheDocument();
    unmount();

    renderWithProviders(
      <DashboardTile projectId="p1" item={item({ type: 'TABLE' }, { error: 'The models are not deployed.', columns: [], rows: [] as unknown as Record<string, unknown>, cacheCreatedAt: null })} canEdit />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The models are not deployed.');
  });

  it('draws a chart tile as its type with the response chart', async () => {
    const chart = { chartType: 'BAR' as const, title: 'Tracks', x: 'genre', y: 'number_of_tracks', color: null };
    renderWithProviders(<DashboardTile projectId="p1" item={item({ type: 'LINE', chart })} canEdit />);
    expect(await screen.findByTestId('chart')).toHaveTextContent('LINE');
  });

  it('offers no refresh, rename or delete to viewers', () => {
    renderWithProviders(<DashboardTile projectId="p1" item={item()} canEdit={false} />);
    expect(screen.queryByRole('button', { name: /Refresh/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Tile actions/ })).not.toBeInTheDocument();
  });

  it('says how recent the data of a tile over time is', () => {
    const { unmount } = renderWithProviders(
      <DashboardTile
        projectId="p1"
        item={item(
          { type: 'TABLE' },
          {
            columns: [{ name: 'month', type: '', family: 'TIMESTAMP', displayName: null, format: null }, { name: 'revenue', type: '', family: 'DECIMAL', displayName: null, format: null }],
            rows: [['2025-11-01T00:00:00', '5'], ['2025-12-01T00:00:00', '7']] as unknown as Record<string, unknown>,
          },
        )}
        canEdit
      />,
    );
    expect(screen.getByTestId('tile-freshness')).toHaveTextContent('Data through Dec 2025');
    unmount();
    // No dates shown: nothing to say.
    renderWithProviders(<DashboardTile projectId="p1" item={item()} canEdit />);
    expect(screen.queryByTestId('tile-freshness')).not.toBeInTheDocument();
  });

  it('says which dashboard filters the tile could not take', () => {
    renderWithProviders(<DashboardTile projectId="p1" item={item({}, { unfiltered: ['the date range (this tile shows no dates)'] })} canEdit />);
    expect(screen.getByTestId('tile-unfiltered')).toHaveTextContent('Not filtered by the date range (this tile shows no dates)');
  });

  it('opens the rows behind the tile, with the dashboard filters in force, in a new spreadsheet', async () => {
    const api = mockOperations({ DrillIntoDashboardItem: { data: { drillIntoDashboardItem: 's9' } } });
    const filters = [{ from: '2025-01-01', to: '2025-03-31' }];
    renderWithProviders(
      <DashboardFiltersContext.Provider value={filters}>
        <DashboardTile projectId="p1" item={item()} canEdit={false} />
      </DashboardFiltersContext.Provider>,
      api.client,
      { route: '/projects/p1/home/dashboard/d1', path: '/projects/:projectId/home/dashboard/:dashboardId' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Rows behind how many tracks are there' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1/home/spreadsheets/s9'));
    expect(api.callsOf('DrillIntoDashboardItem')[0]).toEqual({ projectId: 'p1', itemId: 'i1', data: { picks: [], filters } });
  });

  it('reads a clicked bar as its category and series', () => {
    const chart = { chartType: 'GROUPED_BAR' as const, title: 't', x: 'country', y: 'total', color: 'genre' };
    const bars = item({ type: 'GROUPED_BAR', chart }, { columns: [{ name: 'country', type: '', family: 'TEXT', displayName: null, format: null }, { name: 'genre', type: '', family: 'TEXT', displayName: null, format: null }, { name: 'total', type: '', family: 'DECIMAL', displayName: null, format: null }] });
    expect(picksOf(bars, ['Canada', 'Rock', 3])).toEqual([{ column: 'country', value: 'Canada' }, { column: 'genre', value: 'Rock' }]);
    expect(picksOf({ ...bars, chart: { ...chart, color: null } }, ['Canada', 'Rock', 3])).toEqual([{ column: 'country', value: 'Canada' }]);
  });

  it('shows a text tile under its name once, with its lines, and edits its text', async () => {
    const api = mockOperations({ UpdateDashboardItemText: { data: { updateDashboardItem: { id: 't1' } } } });
    const note = item({ id: 't1', type: 'TEXT', name: 'Sales at a glance', text: '# Sales at a glance\nRefreshed every morning.' }, { columns: [], rows: [] as unknown as Record<string, unknown>, cacheCreatedAt: null });
    renderWithProviders(<DashboardTile projectId="p1" item={note} canEdit />, api.client);
    // The name is the tile's title once: the text's own first heading is not repeated under it.
    expect(screen.getAllByText('Sales at a glance')).toHaveLength(1);
    expect(within(screen.getByTestId('text-tile')).queryByRole('heading')).toBeNull();
    expect(within(screen.getByTestId('text-tile')).getByText('Refreshed every morning.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rows behind/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Refresh / })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tile actions Sales at a glance' }));
    fireEvent.click(await screen.findByText('Edit text'));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Tile text' }), { target: { value: 'Q3 review' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsOf('UpdateDashboardItemText')).toEqual([{ projectId: 'p1', itemId: 't1', text: 'Q3 review' }]));
  });
});
