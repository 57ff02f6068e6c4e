import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { pickOption } from '../../../test/antdSelect';
import { PinToDashboardModal, pinTypeOptions } from './PinToDashboardModal';

const barResponse = {
  id: 'r1',
  question: 'number of tracks per genre',
  chart: { chartType: 'BAR' as const, title: 'Tracks per genre', x: 'genre', y: 'tracks', color: null },
  columns: [
    { name: 'genre', type: 'varchar', family: 'TEXT' as const, displayName: null, format: null },
    { name: 'tracks', type: 'bigint', family: 'INTEGER' as const, displayName: null, format: null },
  ],
};

function renderModal(dashboards: { id: string; name: string; canEdit: boolean }[], response = barResponse) {
  const api = mockOperations({
    Dashboards: { data: { dashboards } },
    CreateDashboard: (v) => ({ data: { createDashboard: { id: 'new-d', name: (v.data as { name: string }).name, canEdit: true } } }),
    CreateDashboardItem: { data: { createDashboardItem: { id: 'i1', dashboardId: 'd1', name: 'x', type: 'BAR' } } },
  });
  const onClose = vi.fn();
  renderWithProviders(<PinToDashboardModal projectId="p1" response={response} open onClose={onClose} />, api.client);
  return { api, onClose };
}

describe('PinToDashboardModal', () => {
  it('offers the response chart first, then a table and a number', () => {
    expect(pinTypeOptions(barResponse).map((o) => o.value)).toEqual(['BAR', 'TABLE', 'NUMBER']);
    const text = { ...barResponse, chart: null, columns: [barResponse.columns[0]] };
    expect(pinTypeOptions(text)).toEqual([
      { value: 'TABLE', label: 'Table' },
      { value: 'NUMBER', label: 'Number (needs a numeric column)', disabled: true },
    ]);
    const number = { ...barResponse, chart: { ...barResponse.chart, chartType: 'NUMBER' as const } };
    expect(pinTypeOptions(number).map((o) => o.value)).toEqual(['NUMBER', 'TABLE']);
  });

  it('creates a new dashboard by name and pins the chart to it', async () => {
    const { api, onClose } = renderModal([]);
    const name = await screen.findByRole('textbox', { name: 'New dashboard name' });
    expect(screen.getByRole('radio', { name: 'Its chart (Bar)' })).toBeChecked();
    fireEvent.change(name, { target: { value: 'Music overview' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsOf('CreateDashboard')).toEqual([{ projectId: 'p1', data: { name: 'Music overview' } }]);
    expect(api.callsOf('CreateDashboardItem')).toEqual([
      { projectId: 'p1', data: { dashboardId: 'new-d', responseId: 'r1', itemType: 'BAR', name: undefined } },
    ]);
    expect(await screen.findByTestId('pinned-toast')).toHaveTextContent('Pinned to Music overview.');
    expect(screen.getByRole('link', { name: 'Music overview' })).toHaveAttribute('href', '/projects/p1/home/dashboard/new-d');
  });

  it('pins to an existing dashboard as a NUMBER tile with its own name', async () => {
    const { api, onClose } = renderModal([
      { id: 'd1', name: 'Sales', canEdit: true },
      { id: 'd2', name: 'Read only', canEdit: false },
    ]);
    const select = screen.getByRole('combobox', { name: 'Dashboard' });
    await pickOption(select, 'Sales');
    expect(screen.queryByTitle('Read only')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Number' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Tile name' }), { target: { value: 'Tracks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsOf('CreateDashboard')).toEqual([]);
    expect(api.callsOf('CreateDashboardItem')).toEqual([
      { projectId: 'p1', data: { dashboardId: 'd1', responseId: 'r1', itemType: 'NUMBER', name: 'Tracks' } },
    ]);
  });

  it('asks for a dashboard, and for the name of a new one', async () => {
    const { api } = renderModal([{ id: 'd1', name: 'Sales', canEdit: true }]);
    await screen.findByRole('combobox', { name: 'Dashboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Pin' }));
    expect(await screen.findByText('Please choose a dashboard')).toBeInTheDocument();
    await pickOption(screen.getByRole('combobox', { name: 'Dashboard' }), '+ New dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Pin' }));
    expect(await screen.findByText('Please enter the dashboard name')).toBeInTheDocument();
    expect(api.callsOf('CreateDashboardItem')).toEqual([]);
  });
});
