import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { TablePicker, filterTables, type SourceTable } from './TablePicker';

const table = (schema: string | null, name: string, columns: number): SourceTable => ({
  schema,
  name,
  displayName: name,
  columns: Array.from({ length: columns }, (_, index) => ({ name: `c${index}`, type: 'text' })),
});

const TABLES = [table('public', 'orders', 5), table('public', 'order_items', 4), table('sales', 'customers', 3)];

function Harness() {
  const [selected, setSelected] = useState<string[]>([]);
  return <TablePicker tables={TABLES} selected={selected} onChange={setSelected} />;
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell')[2]?.textContent)
    .filter(Boolean);

describe('filterTables', () => {
  it('matches names and schema-qualified names, ignoring case', () => {
    expect(filterTables(TABLES, 'ORDER').map((t) => t.name)).toEqual(['orders', 'order_items']);
    expect(filterTables(TABLES, 'sales.').map((t) => t.name)).toEqual(['customers']);
    expect(filterTables(TABLES, '  ')).toHaveLength(3);
  });

  it('finds tables of several schemas by their qualified key or bare name', () => {
    const qualified = [
      { name: 'public.orders', schema: 'public', displayName: 'orders' },
      { name: 'archive.orders', schema: 'archive', displayName: 'orders' },
    ];
    expect(filterTables(qualified, 'archive.ord').map((t) => t.name)).toEqual(['archive.orders']);
    expect(filterTables(qualified, 'orders')).toHaveLength(2);
  });
});

describe('TablePicker', () => {
  it('shows schema, name and column count of each table', () => {
    renderWithProviders(<Harness />);
    const row = screen.getByRole('row', { name: /customers/ });
    expect(within(row).getByText('sales')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(screen.getByText('0 of 3 tables selected')).toBeInTheDocument();
  });

  it('filters by name and selects all the tables it shows', () => {
    renderWithProviders(<Harness />);
    fireEvent.change(screen.getByLabelText('Search tables'), { target: { value: 'order' } });

    expect(rowNames()).toEqual(['orders', 'order_items']);
    expect(screen.queryByText('customers')).not.toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Select all'));
    expect(screen.getByText('2 of 3 tables selected')).toBeInTheDocument();

    // Clearing the search keeps the selection and shows every table again.
    fireEvent.change(screen.getByLabelText('Search tables'), { target: { value: '' } });
    expect(rowNames()).toEqual(['orders', 'order_items', 'customers']);
    expect(screen.getByLabelText('Select customers')).not.toBeChecked();
    fireEvent.click(screen.getByLabelText('Select customers'));
    expect(screen.getByText('3 of 3 tables selected')).toBeInTheDocument();
  });

  it('shows No Data when nothing matches', () => {
    renderWithProviders(<Harness />);
    fireEvent.change(screen.getByLabelText('Search tables'), { target: { value: 'zzz' } });
    expect(rowNames()).toEqual([]);
  });
});
