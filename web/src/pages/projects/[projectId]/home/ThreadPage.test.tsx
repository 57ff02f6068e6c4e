import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../../test/renderWithProviders';
import { ThreadPage } from './ThreadPage';

describe('ThreadPage', () => {
  it('shows a thread whose responses failed to load as an error with a retry, not a crash', async () => {
    // What a field failing on the server leaves: the thread without its responses.
    const api = mockOperations({ Thread: { data: { thread: { id: 't1', summary: 'Sales by country', canEdit: true, responses: null } } } });
    renderWithProviders(<ThreadPage />, api.client, { route: '/projects/p1/home/t1', path: '/projects/:projectId/home/:threadId' });
    expect(await screen.findByText('Failed to load thread.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
