import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { SAMPLE_OPENAPI } from '../openapi.fixture';
import { ApiReference } from './ApiReference';

function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

afterEach(() => vi.unstubAllGlobals());

describe('ApiReference', () => {
  it('renders the operations of the OpenAPI document, by tag', async () => {
    const fetchMock = vi.fn(() => answer(200, SAMPLE_OPENAPI));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ApiReference />);

    expect(await screen.findByText('/api/v1/run_sql')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/openapi.json', expect.anything());
    expect(screen.getByText('Authorization: Bearer <key>')).toBeInTheDocument();
    const asking = screen.getByRole('region', { name: 'Asking' });
    expect(within(asking).getByText('/api/v1/ask')).toBeInTheDocument();
    expect(within(asking).getByText('/api/v1/asks/{taskId}')).toBeInTheDocument();
    expect(within(asking).getAllByText('POST')).toHaveLength(1);
    expect(within(asking).getByText('GET')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Data' })).toBeInTheDocument();

    // Opened: the body's fields (its $ref followed), the answers and a curl call.
    fireEvent.click(within(asking).getByText('/api/v1/ask'));
    expect(await screen.findByText('The question, in plain language.')).toBeInTheDocument();
    expect(screen.getByText('Answers 202 when the answer takes longer.')).toBeInTheDocument();
    const ok = screen.getByTestId('response-200');
    expect(within(ok).getByText('The task ended')).toBeInTheDocument();
    expect(within(ok).getByText('taskId')).toBeInTheDocument();
    expect(within(ok).getByText('The SQL, once written.')).toBeInTheDocument();
    expect(within(ok).getByRole('button', { name: 'Schema Chart' })).toBeInTheDocument();
    const refused = screen.getByTestId('response-4XX');
    expect(within(refused).getByText('Refused')).toBeInTheDocument();
    expect(within(refused).getByRole('button', { name: 'Schema ErrorDetail' })).toBeInTheDocument();
    const curl = screen.getByLabelText('curl example of POST /api/v1/ask');
    expect(curl).toHaveTextContent("-H 'Authorization: Bearer <key>'");
    expect(curl).toHaveTextContent(`-d '{"question":"string"}'`);

    // A nested schema opens its fields.
    fireEvent.click(within(ok).getByRole('button', { name: 'Schema Chart' }));
    expect(await screen.findByText('BAR, LINE…')).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    const fetchMock = vi.fn().mockImplementationOnce(() => answer(500, {})).mockImplementation(() => answer(200, SAMPLE_OPENAPI));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ApiReference />);
    expect(await screen.findByText('Failed to load the API reference. The server answered 500.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('/api/v1/run_sql')).toBeInTheDocument();
  });
});
