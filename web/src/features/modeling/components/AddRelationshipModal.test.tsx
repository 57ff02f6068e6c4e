import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import type { DiagramModel } from '../diagram/layout';
import { AddRelationshipModal } from './ModelingDialogs';

const model = (name: string, columns: string[]): DiagramModel => ({
  id: `id-${name}`,
  referenceName: name,
  displayName: name,
  description: null,
  primaryKey: columns[0],
  sourceTableName: name,
  sourceSql: null,
  currency: null,
  columns: columns.map((c) => ({ id: `${name}.${c}`, referenceName: c, displayName: c, type: 'INTEGER', family: 'INTEGER', format: null, hidden: false, isCalculated: false, isPrimaryKey: false, expression: null, description: null })),
});

/** Types `text` into a searchable select and takes the option it leaves first. */
function choose(name: string, text: string) {
  const combobox = screen.getByRole('combobox', { name });
  fireEvent.mouseDown(combobox.closest('.ant-select')!.querySelector('.ant-select-selector')!);
  fireEvent.change(combobox, { target: { value: text } });
  fireEvent.keyDown(combobox, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('AddRelationshipModal', () => {
  it('says in the dialog why a relationship was refused and keeps what was chosen', async () => {
    const api = mockOperations({ CreateRelationship: { error: { code: 'INVALID_INPUT', message: 'The relationship already exists.' } } });
    const onClose = vi.fn();
    renderWithProviders(
      <AddRelationshipModal projectId="p1" models={[model('orders', ['order_no', 'customer_ref']), model('customers', ['customer_no'])]} onClose={onClose} onChanged={vi.fn()} />,
      api.client,
    );
    choose('From model', 'orders');
    choose('From column', 'customer_ref');
    choose('To model', 'customers');
    choose('To column', 'customer_no');
    fireEvent.click(screen.getByRole('button', { name: /Add/ }));
    expect(await screen.findByTestId('relationship-refused')).toHaveTextContent('The relationship already exists.');
    expect(api.callsOf('CreateRelationship')).toEqual([
      { projectId: 'p1', data: { fromModel: 'orders', fromColumn: 'customer_ref', toModel: 'customers', toColumn: 'customer_no', type: 'MANY_TO_ONE' } },
    ]);
    // The choices stay, to be corrected; the dialog stays open.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Add relationship' })).toHaveTextContent('customer_ref'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
