import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import type { DiagramModel } from '../diagram/layout';
import { MetadataTab } from './MetadataTab';

const column = (id: string, referenceName: string, family: DiagramModel['columns'][number]['family'], format: DiagramModel['columns'][number]['format'] = null) => ({
  id,
  referenceName,
  displayName: referenceName,
  type: family,
  family,
  format,
  hidden: false,
  isCalculated: false,
  isPrimaryKey: false,
  expression: null,
  description: null,
});

const model: DiagramModel = {
  id: 'm1',
  referenceName: 'orders',
  displayName: 'Orders',
  description: null,
  primaryKey: null,
  currency: null,
  sourceTableName: 'orders',
  sourceSql: null,
  columns: [column('c1', 'channel', 'TEXT'), column('c2', 'net_amt', 'DECIMAL'), column('c3', 'fee', 'DECIMAL', { style: 'CURRENCY', decimals: null, currency: 'CHF' })],
};

describe('MetadataTab', () => {
  it('sets how a number column reads in answers and the model currency; text columns have no format', async () => {
    const api = mockOperations({ UpdateModelMetadata: { data: { updateModelMetadata: true } } });
    const onChanged = vi.fn();
    renderWithProviders(<MetadataTab model={model} canUpdate onChanged={onChanged} />, api.client);

    expect(screen.queryByRole('combobox', { name: 'Format of channel' }), 'a text column has no number format').toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Format of net_amt' }));
    // The open list's option (the fee column's chosen value says "Currency" too).
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="Currency"]')).not.toBeNull());
    fireEvent.click(document.querySelector('.ant-select-item-option[title="Currency"]')!);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Decimals of net_amt' }), { target: { value: '0' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Currency' }), { target: { value: 'eur' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const [sent] = api.callsOf('UpdateModelMetadata') as { data: { currency: string; columns: { id: string; format: unknown }[] } }[];
    expect(sent.data.currency).toBe('EUR');
    expect(sent.data.columns.find((c) => c.id === 'c2')?.format).toEqual({ style: 'CURRENCY', decimals: 0, currency: null });
    expect(sent.data.columns.find((c) => c.id === 'c3')?.format, "a column's own currency is kept").toEqual({ style: 'CURRENCY', decimals: null, currency: 'CHF' });
    expect(sent.data.columns.find((c) => c.id === 'c1')?.format, 'automatic: nothing kept').toEqual({ style: null, decimals: null, currency: null });
  });
});
