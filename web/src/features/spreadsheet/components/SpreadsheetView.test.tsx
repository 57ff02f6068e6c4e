import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pickOption } from '../../../test/antdSelect';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { SpreadsheetView } from './SpreadsheetView';

const sheet = (extra = {}) => ({
  id: 's1',
  name: 'Tracks',
  sql: 'SELECT "Name", "Milliseconds", "UnitPrice" FROM "Track"',
  responseId: null,
  folderId: null,
  columns: [],
  sort: [],
  filters: [],
  canEdit: true,
  updatedAt: '2026-11-25T08:00:00Z',
  ...extra,
});

const page = (variables: Record<string, unknown>) => {
  const data = variables.data as { page: number; pageSize: number; filters: unknown[] };
  return {
    data: {
      spreadsheetPage: {
        columns: [
          { name: 'Name', type: 'VARCHAR', family: 'TEXT' },
          { name: 'Milliseconds', type: 'INTEGER', family: 'INTEGER' },
          { name: 'UnitPrice', type: 'NUMERIC', family: 'DECIMAL' },
        ],
        rows: [
          ['Occupation / Precipice', 5286953, '1.99'],
          ['Through a Looking Glass', 5088838, '1.99'],
        ],
        page: data.page,
        pageSize: data.pageSize,
        totalRows: data.filters.length ? 213 : 3503,
        totalPages: 71,
      },
    },
  };
};

function renderSheet(extra = {}) {
  const api = mockOperations({
    Spreadsheet: { data: { spreadsheet: sheet(extra) } },
    SpreadsheetPage: page,
    SaveSpreadsheet: (variables) => ({ data: { saveSpreadsheet: sheet(variables.data as object) } }),
  });
  renderWithProviders(<SpreadsheetView projectId="p1" spreadsheetId="s1" />, api.client);
  const lastPage = () => api.callsOf('SpreadsheetPage').at(-1)?.data;
  return { api, lastPage };
}

const header = (name: string) => within(screen.getByTestId('spreadsheet-grid')).getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('SpreadsheetView', () => {
  it('asks the server for the first page with the saved sort and filters, and shows which rows of how many', async () => {
    const { lastPage } = renderSheet({ sort: [{ column: 'Milliseconds', direction: 'DESCENDING' }], filters: [{ column: 'UnitPrice', operator: 'GREATER_THAN', value: 0.99 }] });
    expect(await screen.findByText('Showing 1–50 of 213 rows')).toBeInTheDocument();
    expect(lastPage()).toEqual({
      page: 1,
      pageSize: 50,
      sort: [{ column: 'Milliseconds', direction: 'DESCENDING' }],
      filters: [{ column: 'UnitPrice', operator: 'GREATER_THAN', value: 0.99 }],
    });
    expect(screen.getByTestId('filter-tag')).toHaveTextContent('Unit price > 0.99');
    expect(header('Milliseconds')).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts on the server from a header click, and pages from the pager', async () => {
    const { lastPage } = renderSheet();
    await screen.findByText('Showing 1–50 of 3503 rows');
    fireEvent.click(header('Milliseconds'));
    await waitFor(() => expect(lastPage()).toMatchObject({ page: 1, sort: [{ column: 'Milliseconds', direction: 'ASCENDING' }] }));
    fireEvent.click(header('Milliseconds'));
    await waitFor(() => expect(lastPage()).toMatchObject({ sort: [{ column: 'Milliseconds', direction: 'DESCENDING' }] }));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastPage()).toMatchObject({ page: 2, sort: [{ column: 'Milliseconds', direction: 'DESCENDING' }] }));
    expect(await screen.findByText('Showing 51–100 of 3503 rows')).toBeInTheDocument();
  });

  it('adds a filter from the bar, its value typed as a number, and asks again from page 1', async () => {
    const { lastPage } = renderSheet();
    await screen.findByText('Showing 1–50 of 3503 rows');
    fireEvent.click(screen.getByRole('button', { name: /Add filter/ }));
    await pickOption(await screen.findByRole('combobox', { name: 'Filter column' }), 'Unit price');
    await pickOption(screen.getByRole('combobox', { name: 'Filter operator' }), '> greater than');
    fireEvent.change(screen.getByLabelText('Filter value'), { target: { value: '0.99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(lastPage()).toMatchObject({ page: 1, filters: [{ column: 'UnitPrice', operator: 'GREATER_THAN', value: 0.99 }] }));
    expect(await screen.findByText('Showing 1–50 of 213 rows')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Remove filter Unit price > 0.99'));
    await waitFor(() => expect(lastPage()).toMatchObject({ filters: [] }));
  });

  it('hides, renames and moves columns in the Columns panel, and Save view sends them with the sort and filters', async () => {
    const { api } = renderSheet({ sort: [{ column: 'Milliseconds', direction: 'DESCENDING' }], filters: [{ column: 'UnitPrice', operator: 'GREATER_THAN', value: 0.99 }] });
    await screen.findByText('Showing 1–50 of 213 rows');
    expect(screen.getByRole('button', { name: /Save view/ })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const panel = await screen.findByRole('list', { name: 'Columns' });
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Show UnitPrice' }));
    fireEvent.change(within(panel).getByLabelText('Name of Name'), { target: { value: 'Track' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Move Milliseconds up' }));
    const grid = screen.getByTestId('spreadsheet-grid');
    await waitFor(() => expect(within(grid).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Milliseconds', 'Track']));
    expect(screen.getByTestId('unsaved')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Save view/ }));
    await waitFor(() =>
      expect(api.callsOf('SaveSpreadsheet')).toEqual([
        {
          projectId: 'p1',
          spreadsheetId: 's1',
          data: {
            columns: [
              { name: 'Milliseconds', label: null, hidden: false },
              { name: 'Name', label: 'Track', hidden: false },
              { name: 'UnitPrice', label: null, hidden: true },
            ],
            sort: [{ column: 'Milliseconds', direction: 'DESCENDING' }],
            filters: [{ column: 'UnitPrice', operator: 'GREATER_THAN', value: 0.99 }],
          },
        },
      ]),
    );
  });

  it('keeps the last shown column from being hidden', async () => {
    renderSheet({ columns: [{ name: 'Name', label: null, hidden: true }, { name: 'Milliseconds', label: null, hidden: true }] });
    await screen.findByText('Showing 1–50 of 3503 rows');
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const panel = await screen.findByRole('list', { name: 'Columns' });
    expect(within(panel).getByRole('checkbox', { name: 'Show UnitPrice' })).toBeDisabled();
  });

  it('shows a viewer the grid read-only: no Columns, Save view, rename or delete', async () => {
    renderSheet({ canEdit: false });
    await screen.findByText('Showing 1–50 of 3503 rows');
    expect(screen.getByTestId('read-only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Columns/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save view/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Spreadsheet actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download CSV/ })).toBeInTheDocument();
  });

  it('says when the spreadsheet is gone', async () => {
    const api = mockOperations({ Spreadsheet: { error: { code: 'NOT_FOUND', message: 'Spreadsheet not found' } } });
    renderWithProviders(<SpreadsheetView projectId="p1" spreadsheetId="s9" />, api.client);
    expect(await screen.findByText('Spreadsheet not found')).toBeInTheDocument();
  });
});
