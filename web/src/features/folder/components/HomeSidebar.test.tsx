import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { pickOption } from '../../../test/antdSelect';
import { THREAD_EVENTS } from '../../asking/hooks/threadEvents';
import { SPREADSHEET_EVENTS, emitSpreadsheetEvent } from '../../spreadsheet/spreadsheetEvents';
import { HomeSidebar } from './HomeSidebar';

const folder = (id: string, name: string, access: string, extra = {}) => ({
  id,
  name,
  access,
  createdBy: 'u1',
  canEdit: true,
  canManageAccess: true,
  members: [],
  groups: [],
  ...extra,
});
const item = (kind: string, id: string, name: string, folderId: string | null, shared = false) => ({
  kind,
  id,
  name,
  folderId,
  shared,
  createdBy: 'u1',
  updatedAt: '2026-11-25T08:00:00Z',
});

function renderSidebar() {
  const api = mockOperations({
    Me: { data: { me: { id: 'u1' } } },
    Project: { data: { project: { id: 'p1', myRole: 'OWNER' } } },
    FolderTree: {
      data: {
        folderTree: {
          canCreateFolders: true,
          folders: [folder('f1', 'Finance', 'ANYONE_IN_PROJECT'), folder('f2', 'Board', 'SPECIFIC')],
          items: [
            item('DASHBOARD', 'd1', 'Revenue', 'f1'),
            item('THREAD', 't2', 'Churn by month', 'f1', true),
            item('DASHBOARD', 'd2', 'My numbers', null),
            item('SPREADSHEET', 's1', 'Tracks', null),
            item('SPREADSHEET', 's2', 'Invoices', 'f2'),
            item('THREAD', 't1', 'total revenue by country', null),
            item('THREAD', 't2', 'Churn by month', null),
          ],
        },
      },
    },
    SwitchFolder: { data: { switchFolder: true } },
  });
  renderWithProviders(<HomeSidebar projectId="p1" />, api.client, { route: '/projects/p1/home', path: '/projects/:projectId/home' });
  return api;
}

describe('HomeSidebar', () => {
  it('lists folders with who sees them, their items, and my own threads and dashboards', async () => {
    renderSidebar();
    const finance = await screen.findByRole('list', { name: 'Finance' });
    expect(within(finance).getByRole('link', { name: 'Revenue' })).toHaveAttribute('href', '/projects/p1/home/dashboard/d1');
    expect(within(finance).getByRole('link', { name: 'Churn by month' })).toHaveAttribute('href', '/projects/p1/home/t2');
    expect(within(finance).getByLabelText('Shared')).toBeInTheDocument();
    expect(screen.getByLabelText('Anyone in the project')).toBeInTheDocument();
    expect(screen.getByLabelText('Specific people')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Dashboards' })).getByRole('link', { name: 'My numbers' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Threads' })).getByRole('link', { name: 'total revenue by country' })).toBeInTheDocument();
  });

  it('lists spreadsheets in their folder and in my space, linking to their page', async () => {
    renderSidebar();
    const mine = await screen.findByRole('list', { name: 'Spreadsheets' });
    expect(within(mine).getByRole('link', { name: 'Tracks' })).toHaveAttribute('href', '/projects/p1/home/spreadsheets/s1');
    expect(within(screen.getByRole('list', { name: 'Board' })).getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/projects/p1/home/spreadsheets/s2');
    fireEvent.click(screen.getByRole('button', { name: 'New spreadsheet' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/p1/home/spreadsheets/new');
  });

  it('moves a spreadsheet with switchFolder(kind: SPREADSHEET) and tells the app the tree changed', async () => {
    const api = renderSidebar();
    const changed = vi.fn();
    window.addEventListener(SPREADSHEET_EVENTS.tree, changed);
    fireEvent.click(await screen.findByRole('button', { name: 'Spreadsheet actions Tracks' }));
    fireEvent.click(await screen.findByText('Move to…'));
    await pickOption(await screen.findByRole('combobox', { name: 'Folder' }), 'Finance');
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.callsOf('SwitchFolder')).toEqual([{ projectId: 'p1', kind: 'SPREADSHEET', itemId: 's1', folderId: 'f1' }]));
    await waitFor(() => expect(changed).toHaveBeenCalled());
    window.removeEventListener(SPREADSHEET_EVENTS.tree, changed);
  });

  it('reloads the tree when a spreadsheet is made or renamed elsewhere', async () => {
    const api = renderSidebar();
    await screen.findByRole('list', { name: 'Spreadsheets' });
    const before = api.callsOf('FolderTree').length;
    emitSpreadsheetEvent('name', { spreadsheetId: 's1', name: 'Renamed' });
    await waitFor(() => expect(api.callsOf('FolderTree').length).toBeGreaterThan(before));
  });

  it('moves a thread into a folder and tells the app it moved', async () => {
    const api = renderSidebar();
    const moved = vi.fn();
    window.addEventListener(THREAD_EVENTS.move, moved);
    fireEvent.click(await screen.findByRole('button', { name: 'Thread actions total revenue by country' }));
    fireEvent.click(await screen.findByText('Move to…'));
    await pickOption(await screen.findByRole('combobox', { name: 'Folder' }), 'Board');
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.callsOf('SwitchFolder')).toEqual([{ projectId: 'p1', kind: 'THREAD', itemId: 't1', folderId: 'f2' }]));
    await waitFor(() => expect(moved).toHaveBeenCalled());
    window.removeEventListener(THREAD_EVENTS.move, moved);
  });
});
