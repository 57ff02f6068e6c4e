import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { ModelingOverview } from './ModelingOverview';

describe('ModelingOverview', () => {
  it('lists the models with their descriptions and the relationships', async () => {
    const api = mockOperations({
      ModelingOverview: {
        data: {
          models: [
            { id: 'm1', referenceName: 'Track', displayName: 'Track', description: 'Songs for sale.', primaryKey: 'TrackId', columns: [{ id: 'c1' }, { id: 'c2' }] },
            { id: 'm2', referenceName: 'Genre', displayName: 'Genre', description: null, primaryKey: 'GenreId', columns: [{ id: 'c3' }] },
          ],
          relationships: [{ id: 'r1', fromModel: 'Track', fromColumn: 'GenreId', toModel: 'Genre', toColumn: 'GenreId', type: 'MANY_TO_ONE' }],
        },
      },
    });
    renderWithProviders(<ModelingOverview projectId="p1" />, api.client);
    const models = await screen.findByRole('table', { name: 'Models' }, { timeout: 10_000 });
    expect(within(models).getByText('Songs for sale.')).toBeInTheDocument();
    expect(screen.getByText('Models (2)')).toBeInTheDocument();
    const relationships = screen.getByRole('table', { name: 'Relationships' });
    expect(within(relationships).getByText('Track.GenreId')).toBeInTheDocument();
    expect(within(relationships).getByText('Many to one')).toBeInTheDocument();
  });

  it('offers to connect a source when there are no models', async () => {
    const api = mockOperations({ ModelingOverview: { data: { models: [], relationships: [] } } });
    renderWithProviders(<ModelingOverview projectId="p1" />, api.client);
    expect(await screen.findByText('No Data', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect a data source' })).toBeInTheDocument();
  });
});
