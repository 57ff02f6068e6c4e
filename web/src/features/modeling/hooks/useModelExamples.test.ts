import { describe, expect, it } from 'vitest';
import { GENERIC_EXAMPLES, examplesFrom } from './useModelExamples';

const column = (referenceName: string, displayName: string, type: string) => ({ id: referenceName, referenceName, displayName, type });

describe('examplesFrom', () => {
  it("writes the placeholders in the project's own models and columns", () => {
    const models = [
      { id: 'm0', referenceName: 'tags', displayName: 'Tags', columns: [column('id', 'Id', 'INTEGER'), column('label', 'Label', 'VARCHAR')] },
      {
        id: 'm1',
        referenceName: 'orders',
        displayName: 'Orders',
        columns: [column('order_id', 'Order', 'INTEGER'), column('channel', 'Channel', 'VARCHAR'), column('amount', 'Amount', 'DECIMAL')],
      },
    ];
    expect(examplesFrom(models)).toEqual({
      listQuestion: 'e.g. orders with channel and amount',
      sql: 'SELECT "channel", "amount" FROM "orders"',
      countQuestion: 'How many orders are there?',
      instruction: '"Total amount" always means the sum of orders.amount.',
    });
  });

  it('reads raw names as words and finds a number to add up in any model', () => {
    const models = [
      { id: 'c', referenceName: 'customers', displayName: 'customers', columns: [column('first_name', 'first_name', 'VARCHAR'), column('lastName', 'lastName', 'VARCHAR')] },
      { id: 'o', referenceName: 'order_items', displayName: 'order_items', columns: [column('unit_price', 'unit_price', 'DECIMAL(10,2)')] },
    ];
    const examples = examplesFrom(models);
    expect(examples.listQuestion).toBe('e.g. customers with first name and last name');
    expect(examples.instruction).toBe('"Total unit price" always means the sum of order_items.unit_price.');
  });

  it('says nothing of any sample before the project has models', () => {
    expect(examplesFrom([])).toBe(GENERIC_EXAMPLES);
    expect(examplesFrom(undefined)).toBe(GENERIC_EXAMPLES);
    expect(JSON.stringify(GENERIC_EXAMPLES)).not.toMatch(/track|genre|invoice/i);
  });
});
