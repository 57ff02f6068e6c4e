import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../../../test/renderWithProviders';
import { SetupConnectionPage } from './SetupConnectionPage';

const PROJECT = {
  data: {
    project: {
      id: 'p1',
      orgId: 'o1',
      displayName: 'Shop',
      language: 'EN',
      timezone: 'UTC',
      onboardingStatus: 'NOT_STARTED',
      state: 'ACTIVE',
      createdAt: '2024-01-01T00:00:00Z',
      myRole: 'OWNER',
    },
  },
};

const SAMPLES = {
  data: {
    sampleDatasets: [
      { name: 'MUSIC', displayName: 'Music store', description: 'Artists, albums, tracks and invoices.' },
      { name: 'NBA', displayName: 'NBA', description: 'Teams, players, games and box scores.' },
    ],
  },
};

function renderPage(resolvers: Parameters<typeof mockOperations>[0] = {}) {
  const api = mockOperations({ Project: PROJECT, SampleDatasets: SAMPLES, ...resolvers });
  renderWithProviders(<SetupConnectionPage />, api.client, {
    route: '/projects/p1/setup/connection',
    path: '/projects/:projectId/setup/connection',
  });
  return api;
}

describe('SetupConnectionPage', () => {
  it('opens the connection form of the chosen source and goes back to the cards', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Amazon Athena' }, { timeout: 10_000 }));
    expect(screen.getByRole('heading', { name: 'Connect Amazon Athena' })).toBeInTheDocument();
    expect(screen.getByLabelText('S3 staging directory')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Back to data sources/ }));
    expect(screen.getByRole('button', { name: 'PostgreSQL' })).toBeInTheDocument();
  });

  it('sends CSV to the upload page', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'CSV file' }, { timeout: 10_000 }));
    expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1/setup/upload-csv');
  });

  it('lists the sample datasets of the server and starts the chosen one', async () => {
    const api = renderPage({ StartSampleDataset: { data: { startSampleDataset: true } } });
    expect(await screen.findByText('Artists, albums, tracks and invoices.', {}, { timeout: 10_000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Music store' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1/modeling'), {
      timeout: 10_000,
    });
    expect(api.callsOf('StartSampleDataset')).toEqual([{ projectId: 'p1', name: 'MUSIC' }]);
  });

  it('shows the server error when a sample dataset fails', async () => {
    renderPage({ StartSampleDataset: { error: { code: 'INVALID_INPUT', message: 'Sample datasets are off' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'NBA' }, { timeout: 10_000 }));
    expect(
      await screen.findByText('Failed to start sample dataset. Sample datasets are off.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'NBA' })).toHaveAttribute('aria-disabled', 'false');
  });
});
