import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import type { AskStatus, ThreadResponseFieldsFragment } from '../../../gql/graphql';
import { ResponseCard } from './ResponseCard';

vi.mock('./PlotlyChart', () => ({ default: () => <div>plot</div> }));

type Task = NonNullable<ThreadResponseFieldsFragment['askingTask']>;

const task = (status: AskStatus, extra: Partial<Task> = {}): Task => ({
  id: 't1',
  threadId: 'th1',
  responseId: 'r1',
  question: 'total revenue by country',
  status,
  statusCode: 0,
  understood: [],
  reading: [],
  suggestions: [],
  teachOffers: [],
  intent: null,
  reasoning: null,
  answeredBy: null,
  correctionRounds: 0,
  error: null,
  ...extra,
});

const response = (status: AskStatus, extra: Partial<ThreadResponseFieldsFragment> = {}): ThreadResponseFieldsFragment => ({
  id: 'r1',
  threadId: 'th1',
  question: 'total revenue by country',
  sql: null,
  answer: null,
  answerStatus: 'NOT_STARTED',
  chartStatus: 'NOT_STARTED',
  chartError: null,
  rowCount: 0,
  truncated: false,
  withheld: false,
  chart: null,
  columns: [],
  askingTask: task(status),
  ...extra,
});

describe('ResponseCard', () => {
  it('follows a running task, can stop it, and reloads the response when it ends', async () => {
    let polls = 0;
    const api = mockOperations({
      AskingTask: () => {
        polls += 1;
        return { data: { askingTask: task(polls < 2 ? 'GENERATING' : 'STOPPED') } };
      },
      CancelAskingTask: { data: { cancelAskingTask: true } },
    });
    const changed = vi.fn();
    renderWithProviders(<ResponseCard projectId="p1" response={response('UNDERSTANDING')} onChanged={changed} onAsk={vi.fn()} />, api.client);
    expect(await screen.findByText('Generating the answer…')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(api.callsOf('CancelAskingTask')).toEqual([{ projectId: 'p1', taskId: 't1' }]));
    await waitFor(() => expect(changed).toHaveBeenCalled(), { timeout: 5000 });
  });

  it('keeps saying the answer is being written while the thread has not reloaded the answer of a finished task', async () => {
    const api = mockOperations({ AskingTask: { data: { askingTask: task('FINISHED') } } });
    const changed = vi.fn();
    renderWithProviders(<ResponseCard projectId="p1" response={response('GENERATING')} onChanged={changed} onAsk={vi.fn()} />, api.client);
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect(screen.getByTestId('task-status')).toHaveTextContent('Generating the answer…');
    expect(screen.queryByTestId('answer')).toBeNull();
  });

  it("shows the language model's steps and plan while it works, then how the answer was reached", async () => {
    const plan = '1. Sum Invoice.Total by BillingCountry.\n2. Sort by revenue.';
    const api = mockOperations({
      AskingTask: { data: { askingTask: task('CORRECTING', { reasoning: plan, correctionRounds: 1 }) } },
    });
    renderWithProviders(<ResponseCard projectId="p1" response={response('PLANNING', { askingTask: task('PLANNING', { reasoning: plan }) })} onChanged={vi.fn()} onAsk={vi.fn()} />, api.client);
    expect(screen.getByTestId('reasoning')).toHaveTextContent('Sum Invoice.Total by BillingCountry.');
    expect(await screen.findByText('Correcting the query…')).toBeInTheDocument();
    expect(screen.getByText('Correct')).toBeInTheDocument();

    const done = response('FINISHED', {
      sql: 'SELECT 1',
      answer: 'USA brings the most.',
      askingTask: task('FINISHED', { reasoning: plan, answeredBy: 'LLM', correctionRounds: 1 }),
    });
    renderWithProviders(<ResponseCard projectId="p1" response={done} onChanged={vi.fn()} onAsk={vi.fn()} />, mockOperations({}).client);
    expect(screen.getByTestId('answered-by')).toHaveTextContent('Written by the language model · corrected 1×');
  });

  it('shows what it understood and suggests questions instead of guessing', async () => {
    const ask = vi.fn();
    const notUnderstood = task('NO_RESULT', {
      understood: ['could not place "planet"', 'total revenue'],
      suggestions: ['How many customers are there?'],
      error: { code: 'NO_RESULT', message: 'I could not place "planet"; I understood total revenue.', shortMessage: 'Not understood' },
    });
    renderWithProviders(<ResponseCard projectId="p1" response={response('NO_RESULT', { askingTask: notUnderstood })} onChanged={vi.fn()} onAsk={ask} />, mockOperations({}).client);
    expect(screen.getByText('I could not place "planet"; I understood total revenue.')).toBeInTheDocument();
    expect(screen.queryByText(/^Understood:/), 'the reply already says it').toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'How many customers are there?' }));
    expect(ask).toHaveBeenCalledWith('How many customers are there?');
  });

  it('teaches an unplaced word in one click, then asks the same question again in the thread', async () => {
    const notUnderstood = task('NO_RESULT', {
      question: 'average millis per genre',
      error: { code: 'NO_RESULT', message: 'I could not place "millis".', shortMessage: 'Not understood' },
      teachOffers: [{ phrase: 'millis', candidates: [{ model: 'Track', column: 'Milliseconds', label: 'milliseconds (track)' }] }],
    });
    const api = mockOperations({
      TeachTerm: { data: { teachTerm: { id: 'term1', phrase: 'millis', model: 'Track', column: 'Milliseconds', removed: false } } },
      AdjustThreadResponse: { data: { adjustThreadResponse: response('IDLE', { id: 'r2' }) } },
    });
    const changed = vi.fn();
    renderWithProviders(<ResponseCard projectId="p1" response={response('NO_RESULT', { askingTask: notUnderstood })} onChanged={changed} onAsk={vi.fn()} />, api.client);
    expect(screen.getByText('“millis” means:')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'milliseconds (track)' }));
    await waitFor(() => expect(api.callsOf('TeachTerm')).toEqual([{ projectId: 'p1', data: { phrase: 'millis', model: 'Track', column: 'Milliseconds' } }]));
    await waitFor(() => expect(api.callsOf('AdjustThreadResponse')).toEqual([{ projectId: 'p1', responseId: 'r1', data: { question: 'average millis per genre' } }]));
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect(await screen.findByText('“millis” now means milliseconds (track). Asking again…')).toBeInTheDocument();
    expect(screen.getByText('milliseconds (track) (taught)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'milliseconds (track)' }), 'taught once, not offered again').toBeNull();
  });

  it('shows the reading as chips; removing or changing one asks the edited question in the thread', async () => {
    const question = 'Total sales by billing country in 2024';
    const reading: Task['reading'] = [
      { kind: 'TIME_RANGE', label: 'in 2024', text: '2024', start: 34, end: 38 },
      { kind: 'GROUPING', label: 'by billing country', text: 'billing country', start: 15, end: 30 },
      { kind: 'MEASURE', label: 'total invoice total', text: null, start: 0, end: 0 },
    ];
    const finished = response('FINISHED', { question, sql: 'SELECT 1', answer: 'USA.', askingTask: task('FINISHED', { question, reading }) });
    const api = mockOperations({
      AdjustThreadResponse: ({ data }) => ({ data: { adjustThreadResponse: response('IDLE', { id: 'r2', question: String((data as { question: string }).question) }) } }),
      ResponseData: { data: { previewResponseData: { rows: [], total: 0, truncated: false, columns: [] } } },
    });
    const changed = vi.fn();
    renderWithProviders(<ResponseCard projectId="p1" response={finished} onChanged={changed} onAsk={vi.fn()} />, api.client);
    expect(screen.getByTestId('reading')).toHaveAccessibleName('Reading: total invoice total · by billing country · in 2024');
    expect(screen.queryByRole('button', { name: 'Remove total invoice total' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove in 2024' }));
    await waitFor(() => expect(api.callsOf('AdjustThreadResponse')).toEqual([{ projectId: 'p1', responseId: 'r1', data: { question: 'Total sales by billing country' } }]));
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));

    fireEvent.click(screen.getByRole('button', { name: 'Change by billing country' }));
    const input = await screen.findByRole('textbox', { name: 'New value for by billing country' });
    expect(input).toHaveValue('billing country');
    fireEvent.change(input, { target: { value: 'genre' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(api.callsOf('AdjustThreadResponse')[1]).toEqual({ projectId: 'p1', responseId: 'r1', data: { question: 'Total sales by genre in 2024' } }));
  });

  it('shows the deploy failure as a panel with the log', () => {
    const failed = task('DEPLOY_FAILED', { error: { code: 'DEPLOY_FAILED', message: '✗ model orders: column gone', shortMessage: 'Failed to deploy' } });
    renderWithProviders(<ResponseCard projectId="p1" response={response('DEPLOY_FAILED', { askingTask: failed })} onChanged={vi.fn()} onAsk={vi.fn()} />, mockOperations({}).client);
    expect(screen.getByText('Failed to deploy')).toBeInTheDocument();
    expect(screen.getByText('✗ model orders: column gone')).toBeInTheDocument();
  });

  it('shows the answer with the result table, and the SQL', async () => {
    const finished = response('FINISHED', {
      sql: 'SELECT "BillingCountry", SUM("Total") FROM "Invoice" GROUP BY 1',
      answer: 'USA has the highest total: 523.06.',
      columns: [{ name: 'BillingCountry', type: 'VARCHAR', family: 'TEXT', displayName: null, format: null }, { name: 'total', type: 'DECIMAL', family: 'DECIMAL', displayName: null, format: null }],
      rowCount: 2,
    });
    const api = mockOperations({
      ResponseData: { data: { previewResponseData: { rows: [['USA', '523.06'], ['Canada', '303.96']], total: 2, truncated: false, columns: [{ name: 'BillingCountry', type: '', family: 'TEXT', displayName: null, format: null }, { name: 'total', type: '', family: 'DECIMAL', displayName: null, format: null }] } } },
    });
    renderWithProviders(<ResponseCard projectId="p1" response={finished} onChanged={vi.fn()} onAsk={vi.fn()} />, api.client);
    expect(screen.getByTestId('answer')).toHaveTextContent('USA has the highest total: 523.06.');
    expect(await screen.findByText('Canada')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'View SQL' }));
    expect(await screen.findByText(/GROUP BY 1/)).toBeInTheDocument();
  });

  it('says an answer made with data the reader may not see is withheld, and offers to ask it for them', async () => {
    const api = mockOperations({ AdjustThreadResponse: { data: { adjustThreadResponse: { id: 't2', responseId: 'r2', threadId: 'th1' } } } });
    const withheld = response('FINISHED', {
      sql: 'SELECT COUNT(*) FROM "Customer"',
      answer: 'This answer was made with data you may not see under this project\'s data-security policies (or before they changed). Ask the question again to get your own answer.',
      withheld: true,
    });
    renderWithProviders(<ResponseCard projectId="p1" response={withheld} onChanged={vi.fn()} onAsk={vi.fn()} />, api.client);
    expect(screen.getByTestId('withheld')).toHaveTextContent('This answer is not shown to you');
    expect(screen.queryByTestId('answer')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'View SQL' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ask it again for me' }));
    await waitFor(() => expect(api.callsOf('AdjustThreadResponse')[0]).toMatchObject({ responseId: 'r1', data: { question: 'total revenue by country' } }));
  });

  it('opens a finished response as a new spreadsheet', async () => {
    const finished = response('FINISHED', { sql: 'SELECT 1', answer: 'One.' });
    renderWithProviders(<ResponseCard projectId="p1" response={finished} onChanged={vi.fn()} onAsk={vi.fn()} />, mockOperations({}).client, {
      route: '/projects/p1/home/th1',
      path: '/projects/:projectId/home/:threadId',
    });
    fireEvent.click(screen.getByRole('button', { name: /Open as spreadsheet/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/p1/home/spreadsheets/new?responseId=r1');
  });
});
