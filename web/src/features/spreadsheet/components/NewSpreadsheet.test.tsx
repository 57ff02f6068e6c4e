import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { SPREADSHEET_EVENTS } from '../spreadsheetEvents';
import { NewSpreadsheet } from './NewSpreadsheet';

const preview = {
  data: {
    previewSpreadsheet: {
      columns: [
        { name: 'Name', type: 'VARCHAR', family: 'TEXT' },
        { name: 'tracks', type: 'BIGINT', family: 'INTEGER' },
      ],
      rows: [['Rock', 1297]],
      page: 1,
      pageSize: 50,
      totalRows: 25,
      totalPages: 1,
    },
  },
};

const task = (status: string) => ({
  id: 'task1',
  threadId: 't1',
  responseId: 'r1',
  question: 'tracks per genre',
  status,
  statusCode: 0,
  understood: [],
  reading: [],
  suggestions: [],
  intent: null,
  reasoning: null,
  answeredBy: null,
  correctionRounds: 0,
  error: null,
});

function renderNew(route = '/projects/p1/home/spreadsheets/new') {
  const api = mockOperations({
    FolderTree: { data: { folderTree: { canCreateFolders: true, folders: [], items: [] } } },
    PreviewSpreadsheet: preview,
    CreateAskingTask: { data: { createAskingTask: task('IDLE') } },
    AskingTask: { data: { askingTask: task('FINISHED') } },
    ThreadResponse: { data: { threadResponse: { id: 'r7', threadId: 't7', question: 'revenue by country', sql: 'SELECT 1' } } },
    CreateSpreadsheet: (variables) => ({ data: { createSpreadsheet: { id: 's9', name: (variables.data as { name: string }).name } } }),
  });
  renderWithProviders(<NewSpreadsheet projectId="p1" />, api.client, { route, path: '/projects/:projectId/home/spreadsheets/new' });
  return api;
}

describe('NewSpreadsheet', () => {
  it('previews SQL a page at a time, then saves it, tells the sidebar and opens the spreadsheet', async () => {
    const api = renderNew();
    const made = vi.fn();
    window.addEventListener(SPREADSHEET_EVENTS.tree, made);
    fireEvent.click(screen.getByText('SQL'));
    fireEvent.change(await screen.findByRole('textbox', { name: 'SQL' }), { target: { value: 'SELECT "Name" FROM "Genre"' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Showing 1–25 of 25 rows')).toBeInTheDocument();
    expect(api.callsOf('PreviewSpreadsheet')).toEqual([
      { projectId: 'p1', data: { sql: 'SELECT "Name" FROM "Genre"', page: 1, pageSize: 50, sort: [], filters: [] } },
    ]);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Spreadsheet name'), { target: { value: 'Genres' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(api.callsOf('CreateSpreadsheet')).toEqual([{ projectId: 'p1', data: { name: 'Genres', sql: 'SELECT "Name" FROM "Genre"', folderId: null } }]),
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/p1/home/spreadsheets/s9');
    expect(made).toHaveBeenCalled();
    window.removeEventListener(SPREADSHEET_EVENTS.tree, made);
  });

  it('asks a question, waits for its answer and previews the rows of its response', async () => {
    const api = renderNew();
    fireEvent.change(screen.getByRole('textbox', { name: 'Question' }), { target: { value: 'tracks per genre' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Showing 1–25 of 25 rows')).toBeInTheDocument();
    expect(api.callsOf('CreateAskingTask')).toEqual([{ projectId: 'p1', data: { question: 'tracks per genre' } }]);
    expect(api.callsOf('PreviewSpreadsheet').at(-1)).toEqual({ projectId: 'p1', data: { responseId: 'r1', page: 1, pageSize: 50, sort: [], filters: [] } });
    expect(screen.getByLabelText('Spreadsheet name')).toHaveAttribute('placeholder', 'tracks per genre');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsOf('CreateSpreadsheet')).toEqual([{ projectId: 'p1', data: { name: 'tracks per genre', responseId: 'r1', folderId: null } }]));
  });

  it('opens on the thread response given in ?responseId=', async () => {
    const api = renderNew('/projects/p1/home/spreadsheets/new?responseId=r7');
    expect(await screen.findByText('revenue by country')).toBeInTheDocument();
    expect(await screen.findByText('Showing 1–25 of 25 rows')).toBeInTheDocument();
    expect(api.callsOf('PreviewSpreadsheet')).toEqual([{ projectId: 'p1', data: { responseId: 'r7', page: 1, pageSize: 50, sort: [], filters: [] } }]);
  });
});
