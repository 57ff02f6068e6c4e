import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders, type MockAnswer } from '../../../../test/renderWithProviders';
import { HomePage } from './HomePage';

const NOT_DEPLOYED = 'Deploy your models to get suggested questions.';

function renderPage(suggestions: MockAnswer | ((variables: Record<string, unknown>) => MockAnswer)) {
  const api = mockOperations({ SuggestedQuestions: suggestions });
  renderWithProviders(<HomePage />, api.client, { route: '/projects/p1/home', path: '/projects/:projectId/home' });
  return api;
}

describe('HomePage suggested questions', () => {
  it('offers the suggested questions', async () => {
    renderPage({ data: { suggestedQuestions: ['How many orders?', 'Revenue by month'] } });
    expect(await screen.findByRole('button', { name: 'How many orders?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revenue by month' })).toBeInTheDocument();
    expect(screen.queryByText(NOT_DEPLOYED)).not.toBeInTheDocument();
  });

  it('says to deploy when nothing is deployed (no suggestions)', async () => {
    renderPage({ data: { suggestedQuestions: [] } });
    expect(await screen.findByText(NOT_DEPLOYED)).toBeInTheDocument();
  });

  it('shows a failed query as an error with a retry, not as "deploy your models"', async () => {
    let calls = 0;
    const api = renderPage(() => {
      calls += 1;
      return calls === 1
        ? { error: { code: 'INTERNAL_SERVER_ERROR', message: 'database is down' } }
        : { data: { suggestedQuestions: ['How many orders?'] } };
    });
    expect(await screen.findByText('Failed to load suggested questions.')).toBeInTheDocument();
    expect(screen.queryByText(NOT_DEPLOYED)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'How many orders?' })).toBeInTheDocument();
    expect(api.callsOf('SuggestedQuestions')).toEqual([{ projectId: 'p1' }, { projectId: 'p1' }]);
  });
});
