import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { DataSyncPanel, statusLabel } from './DataSyncPanel';

const TABLES = {
  data: {
    listDataSourceTables: [
      { name: 'customers', schema: 'public', columns: [{ name: 'id' }, { name: 'name' }] },
      { name: 'orders', schema: 'public', columns: [{ name: 'id' }, { name: 'updated_at' }] },
    ],
  },
};

const SYNCING = {
  data: {
    dataSync: {
      mode: 'STANDARD',
      everyMinutes: 60,
      stopped: false,
      status: 'RUNNING',
      lastSyncedAt: '2026-11-27T10:00:00Z',
      nextSyncAt: '2026-11-27T11:00:00Z',
      tables: [{ schema: 'public', name: 'orders', cursor: 'updated_at' }],
    },
    syncJobs: [
      { id: 'j2', status: 'RUNNING', rowsSynced: 15000, error: null, createdAt: '2026-11-27T11:00:00Z', finishedAt: null, tables: [{ table: 'public.orders', rows: 15000 }] },
      {
        id: 'j1',
        status: 'FAILED',
        rowsSynced: 0,
        error: 'password authentication failed for user "reader"',
        createdAt: '2026-11-27T10:00:00Z',
        finishedAt: '2026-11-27T10:00:05Z',
        tables: [],
      },
    ],
  },
};

describe('DataSyncPanel', () => {
  it('offers a sync where there is none and sets one with the chosen tables, cursor and schedule', async () => {
    let set = false;
    const api = mockOperations({
      DataSync: () => (set ? SYNCING : { data: { dataSync: null, syncJobs: [] } }),
      SyncSourceTables: TABLES,
      SetDataSync: () => {
        set = true;
        return { data: { setDataSync: { status: 'IDLE' } } };
      },
    });
    renderWithProviders(<DataSyncPanel projectId="p1" canEdit />, api.client);
    fireEvent.click(await screen.findByRole('button', { name: 'Set up a sync' }, { timeout: 10_000 }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Sync public.orders' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Cursor of public.orders' }));
    fireEvent.click(await screen.findByText('New and changed rows by updated_at'));
    fireEvent.click(screen.getByRole('button', { name: 'Start syncing' }));
    await screen.findByText('Sync started.');
    expect(api.callsOf('SetDataSync')).toEqual([
      { projectId: 'p1', mode: 'STANDARD', tables: [{ schema: 'public', name: 'orders', cursor: 'updated_at' }], everyMinutes: 60 },
    ]);
    // The panel reads the sync again and shows it, its settings closed.
    expect(await screen.findByLabelText('Sync status', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start syncing' })).not.toBeInTheDocument();
  });

  it('shows a running sync with its progress, the failed job with its reason, and stops it', async () => {
    const api = mockOperations({ DataSync: SYNCING, StopDataSync: { data: { stopDataSync: { stopped: true } } } });
    renderWithProviders(<DataSyncPanel projectId="p1" canEdit />, api.client);
    const status = await screen.findByLabelText('Sync status', {}, { timeout: 10_000 });
    expect(within(status).getByText('15,000 so far')).toBeInTheDocument();
    expect(within(status).getByText('public.orders (by updated_at)')).toBeInTheDocument();
    const jobs = screen.getByRole('table', { name: 'Sync jobs' });
    expect(within(jobs).getByText('password authentication failed for user "reader"')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Stop sync' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await screen.findByText('Sync stopped.');
    expect(api.callsOf('StopDataSync')).toEqual([{ projectId: 'p1' }]);
  });

  it('says when nothing can be loaded, and names statuses as people read them', async () => {
    const api = mockOperations({ DataSync: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } } });
    renderWithProviders(<DataSyncPanel projectId="p1" canEdit />, api.client);
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(statusLabel('NO_SYNCING_REQUIRED')).toBe('No syncing required');
    expect(statusLabel('SUCCEEDED')).toBe('Succeeded');
  });
});
