import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pickOption } from '../../../test/antdSelect';
import { mockOperations, renderWithProviders, type MockAnswer } from '../../../test/renderWithProviders';
import { ApiHistory } from './ApiHistory';

const THREAD = '2f1c0a3e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

function call(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    callType: 'ASK',
    method: 'POST',
    path: '/api/v1/ask',
    statusCode: 200,
    durationMs: 1234,
    apiKeyId: 'k1',
    keyPrefix: 'qry_ab12',
    projectId: 'p1',
    threadId: THREAD,
    requestBody: { question: 'how many tracks are there' },
    responseBody: { status: 'FINISHED', summary: 'There are 3503 tracks.' },
    createdAt: '2026-03-02T10:00:00Z',
    ...extra,
  };
}

const page = (items: unknown[], total = items.length) => ({ data: { apiHistory: { items, total, retentionDays: 30 } } });

const KEYS = { data: { apiKeys: [{ id: 'k1', name: 'Reporting', prefix: 'qry_ab12' }] } };

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderHistory(history: MockAnswer | ((variables: Record<string, unknown>) => MockAnswer), route = '/history', answers: Record<string, MockAnswer> = {}) {
  const api = mockOperations({ ApiHistory: history, ApiKeys: KEYS, ...answers });
  renderWithProviders(
    <>
      <ApiHistory projectId="p1" />
      <Search />
    </>,
    api.client,
    { route, path: '/history' },
  );
  return api;
}

describe('ApiHistory', () => {
  it('lists calls with their status, duration, key and thread', async () => {
    renderHistory(page([call('c1'), call('c2', { callType: 'RUN_SQL', statusCode: 400, threadId: null, path: '/api/v1/run_sql' })], 42));
    const table = await screen.findByRole('table', { name: 'API history' });
    const ask = within(table).getByText('Ask').closest('tr') as HTMLElement;
    expect(within(ask).getByText('200')).toBeInTheDocument();
    expect(within(ask).getByText('1,234 ms')).toBeInTheDocument();
    expect(within(ask).getByText('qry_ab12…')).toBeInTheDocument();
    expect(within(ask).getByRole('link', { name: THREAD.slice(0, 8) })).toHaveAttribute('href', `/projects/p1/home/${THREAD}`);
    const runSql = within(table).getByText('Run SQL').closest('tr') as HTMLElement;
    expect(within(runSql).getByText('400')).toBeInTheDocument();
    expect(screen.getByText('42 calls')).toBeInTheDocument();
  });

  it('asks for the page and the filters of the URL', async () => {
    const api = renderHistory(page([]), `/history?type=RUN_SQL&status=401&key=k1&thread=${THREAD}&from=2026-03-01&to=2026-03-31&page=3`);
    await screen.findByRole('table', { name: 'API history' });
    expect(api.callsOf('ApiHistory')[0]).toEqual({
      projectId: 'p1',
      filter: {
        callType: 'RUN_SQL',
        statusCode: 401,
        apiKeyId: 'k1',
        threadId: THREAD,
        from: new Date(2026, 2, 1).toISOString(),
        to: new Date(2026, 3, 1).toISOString(),
      },
      offset: 40,
      limit: 20,
    });
  });

  it('puts the filters in the URL and asks again from the first page', async () => {
    const api = renderHistory(page([call('c1')], 60), '/history?page=2');
    await screen.findByRole('table', { name: 'API history' });

    await pickOption(screen.getByRole('combobox', { name: 'Type' }), 'Run SQL');
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?type=RUN_SQL'));

    const status = screen.getByRole('spinbutton', { name: 'Status code' });
    fireEvent.change(status, { target: { value: '404' } });
    fireEvent.keyDown(status, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?type=RUN_SQL&status=404'));

    await pickOption(screen.getByRole('combobox', { name: 'Key' }), 'Reporting (qry_ab12…)');
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?type=RUN_SQL&status=404&key=k1'));

    const thread = screen.getByRole('textbox', { name: 'Thread id' });
    fireEvent.change(thread, { target: { value: 'not-an-id' } });
    fireEvent.blur(thread);
    expect(screen.getByTestId('search')).not.toHaveTextContent('thread=');
    fireEvent.change(thread, { target: { value: THREAD } });
    fireEvent.blur(thread);
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(`thread=${THREAD}`));

    await waitFor(() =>
      expect(api.callsOf('ApiHistory').at(-1)).toEqual({
        projectId: 'p1',
        filter: { callType: 'RUN_SQL', statusCode: 404, apiKeyId: 'k1', threadId: THREAD, from: null, to: null },
        offset: 0,
        limit: 20,
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('search')).toBeEmptyDOMElement());
  });

  it('opens a call with its request and response bodies', async () => {
    renderHistory(page([call('c1')]));
    const table = await screen.findByRole('table', { name: 'API history' });
    fireEvent.click(within(table).getByText('Ask'));
    const drawer = await screen.findByRole('dialog', { name: 'POST /api/v1/ask' });
    expect(within(drawer).getByLabelText('Request body').textContent).toBe(
      JSON.stringify({ question: 'how many tracks are there' }, null, 2),
    );
    expect(within(drawer).getByLabelText('Response body')).toHaveTextContent('"summary": "There are 3503 tracks."');
  });

  it("says 'No Data' when no call matches", async () => {
    renderHistory(page([]), '/history?type=RUN_SQL');
    const table = await screen.findByRole('table', { name: 'API history' });
    expect(within(table).getByText('No Data')).toBeInTheDocument();
  });

  it('keeps history for the number of days chosen', async () => {
    const api = renderHistory(page([]), '/history', { SetApiHistoryRetention: { data: { setApiHistoryRetention: 90 } } });
    const days = await screen.findByRole('spinbutton', { name: 'Days of API history kept' });
    expect(days).toHaveValue('30');
    fireEvent.change(days, { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsOf('SetApiHistoryRetention')).toEqual([{ projectId: 'p1', days: 90 }]));
    expect(await screen.findByText('API history is kept for 90 days.')).toBeInTheDocument();
  });

  it('shows the no-permission page when the server refuses the role', async () => {
    renderHistory({ error: { code: 'UNAUTHORIZED_ROLE_ACCESS', message: 'You may not view API keys and API history.' } });
    expect(await screen.findByText('No permission')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'API history' })).not.toBeInTheDocument();
  });

  it('shows a failed load as an error with a retry', async () => {
    renderHistory({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } });
    expect(await screen.findByText('Failed to load API history.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
