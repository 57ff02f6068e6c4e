import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { RelationshipsEditor } from './RelationshipsEditor';

const RECOMMENDED = [
  { fromModel: 'orders', fromColumn: 'customer_id', toModel: 'customers', toColumn: 'id', type: 'MANY_TO_ONE', reason: 'Foreign key orders_customer_id_fkey' },
  { fromModel: 'order_items', fromColumn: 'order_id', toModel: 'orders', toColumn: 'id', type: 'MANY_TO_ONE', reason: 'Matching column names' },
] as const;

const MODELS = [
  { id: 'm1', referenceName: 'orders', displayName: 'Orders', columns: [{ id: 'c1', referenceName: 'id', displayName: 'id', type: 'int' }] },
  { id: 'm2', referenceName: 'customers', displayName: 'Customers', columns: [{ id: 'c2', referenceName: 'id', displayName: 'id', type: 'int' }] },
];

function renderEditor() {
  const api = mockOperations({ SaveRelations: { data: { saveRelations: [] } } });
  renderWithProviders(
    <RelationshipsEditor projectId="p1" recommended={[...RECOMMENDED]} models={MODELS} />,
    api.client,
    { route: '/projects/p1/recommend-relationships', path: '/projects/:projectId/recommend-relationships' },
  );
  return api;
}

describe('RelationshipsEditor', () => {
  it('keeps every recommendation until one is unchecked, and saves the kept ones', async () => {
    const api = renderEditor();
    const first = screen.getByLabelText('Keep orders.customer_id → customers.id');
    const second = screen.getByLabelText('Keep order_items.order_id → orders.id');
    expect(first).toBeChecked();
    expect(second).toBeChecked();
    expect(screen.getByText('Foreign key orders_customer_id_fkey')).toBeInTheDocument();
    expect(screen.getByText('2 of 2 relationships kept')).toBeInTheDocument();

    fireEvent.click(second);
    expect(second).not.toBeChecked();
    expect(screen.getByText('1 of 2 relationships kept')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1/modeling'), {
      timeout: 10_000,
    });
    expect(api.callsOf('SaveRelations')).toEqual([
      {
        projectId: 'p1',
        relations: [{ fromModel: 'orders', fromColumn: 'customer_id', toModel: 'customers', toColumn: 'id', type: 'MANY_TO_ONE' }],
      },
    ]);
  });

  it('skips with no relationships', async () => {
    const api = renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1/modeling'), {
      timeout: 10_000,
    });
    expect(api.callsOf('SaveRelations')).toEqual([{ projectId: 'p1', relations: [] }]);
  });
});
