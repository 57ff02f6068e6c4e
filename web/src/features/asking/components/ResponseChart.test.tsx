import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import type { ThreadResponseFieldsFragment } from '../../../gql/graphql';
import { chartChoices, ResponseChart } from './ResponseChart';

vi.mock('./PlotlyChart', () => ({ default: () => <div>plot</div> }));

const columns = [
  { name: 'order_id', type: 'INTEGER', family: 'INTEGER' as const, displayName: null, format: null },
  { name: 'ordered_at', type: 'TIMESTAMP', family: 'TIMESTAMP' as const, displayName: null, format: null },
  { name: 'total_amount', type: 'DECIMAL', family: 'DECIMAL' as const, displayName: null, format: null },
];

const response = {
  id: 'r1',
  chart: null,
  chartError: 'The result has 2 number columns (order id, total amount); a chart draws one: choose it as the y axis. No charges applied.',
  columns,
} as unknown as ThreadResponseFieldsFragment;

describe('ResponseChart without a chart', () => {
  it('offers the chart types that fit, over time for a date, with the amount rather than the id', () => {
    expect(chartChoices(columns)).toEqual({ types: ['LINE', 'AREA', 'BAR'], x: 'ordered_at', y: 'total_amount' });
    expect(chartChoices([{ name: 'country', type: 'TEXT', family: 'TEXT', displayName: null, format: null }, { name: 'n', type: 'INTEGER', family: 'INTEGER', displayName: null, format: null }])).toMatchObject({ types: ['BAR', 'LINE'] });
    expect(chartChoices([{ name: 'country', type: 'TEXT', family: 'TEXT', displayName: null, format: null }]).types).toEqual([]);
  });

  it('says why and draws the chart the user picks', async () => {
    const api = mockOperations({ AdjustThreadResponseChart: { data: { adjustThreadResponseChart: { id: 'r1' } } } });
    renderWithProviders(<ResponseChart projectId="p1" response={response} />, api.client);
    expect(screen.getByText(/a chart draws one: choose it as the y axis/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Draw' }));
    await waitFor(() => expect(api.callsOf('AdjustThreadResponseChart')).toHaveLength(1));
    expect(api.callsOf('AdjustThreadResponseChart')[0]).toMatchObject({ responseId: 'r1', data: { chartType: 'LINE', x: 'ordered_at', y: 'total_amount' } });
  });
});
