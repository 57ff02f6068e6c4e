import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { filtersToSend } from './DashboardFilters';
import { DashboardView } from './DashboardView';

vi.mock('./DashboardGrid', () => ({ DashboardGrid: () => <div data-testid="grid" /> }));

const dashboard = {
  id: 'd1',
  name: 'Sales',
  folderId: null,
  canEdit: false,
  cacheEnabled: true,
  cacheTtlSeconds: 86400,
  schedule: { frequency: 'NEVER', day: null, hour: null, minute: null, cron: null, timezone: null, nextRunAt: null },
  lastRefresh: null,
  items: [{ id: 'i1', data: { cacheCreatedAt: null } }],
};

const models = [
  {
    id: 'm1',
    referenceName: 'Invoice',
    displayName: 'Invoice',
    columns: [
      { id: 'c1', referenceName: 'BillingCountry', displayName: 'Billing country', type: 'VARCHAR' },
      { id: 'c2', referenceName: 'Total', displayName: 'Total', type: 'DECIMAL' },
    ],
  },
];

/** Types `text` into a searchable select and takes the option it leaves first. */
function choose(name: string, text: string) {
  const combobox = screen.getByRole('combobox', { name });
  fireEvent.mouseDown(combobox.closest('.ant-select')!.querySelector('.ant-select-selector')!);
  fireEvent.change(combobox, { target: { value: text } });
  fireEvent.keyDown(combobox, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('DashboardFilters', () => {
  it('sends only complete filters', () => {
    expect(
      filtersToSend([
        { kind: 'dates', from: '2025-01-01', to: null },
        { kind: 'values', model: 'Invoice', column: 'BillingCountry', values: [] },
        { kind: 'values', model: 'Invoice', column: 'BillingCountry', values: ['USA'] },
      ]),
    ).toEqual([{ from: '2025-01-01', to: null }, { model: 'Invoice', column: 'BillingCountry', values: ['USA'] }]);
  });

  it('narrows the dashboard by the values of a text column the viewer picks', async () => {
    const api = mockOperations({ Dashboard: { data: { dashboard } }, Models: { data: { models } } });
    renderWithProviders(<DashboardView projectId="p1" dashboardId="d1" />, api.client);
    fireEvent.click(await screen.findByRole('button', { name: 'Add filter' }));
    choose('Filter 1 column', 'Billing');
    const values = screen.getByRole('combobox', { name: 'Filter 1 values' });
    fireEvent.change(values, { target: { value: 'USA' } });
    fireEvent.keyDown(values, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(api.callsOf('Dashboard').at(-1)).toMatchObject({ filters: [{ model: 'Invoice', column: 'BillingCountry', values: ['USA'] }] }));
    expect(api.callsOf('Dashboard')[0]).toMatchObject({ filters: [] });
    expect(screen.getByText('Filtered tiles run now, not from the cache.')).toBeInTheDocument();
  });

  it('has no filter bar on a board of text tiles alone', async () => {
    const notes = { ...dashboard, items: [{ id: 'i1', type: 'TEXT', data: { cacheCreatedAt: null } }] };
    const api = mockOperations({ Dashboard: { data: { dashboard: notes } }, Models: { data: { models } } });
    renderWithProviders(<DashboardView projectId="p1" dashboardId="d1" />, api.client);
    await screen.findByTestId('grid');
    expect(screen.queryByRole('group', { name: 'Dashboard filters' })).toBeNull();
  });
});
