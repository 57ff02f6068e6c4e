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
      listQuestion: 'e.g. Orders with Channel and Amount',
      sql: 'SELECT "channel", "amount" FROM "orders"',
      countQuestion: 'How many Orders are there?',
      instruction: '"Total amount" always means the sum of orders.amount.',
    });
  });

  it('says nothing of any sample before the project has models', () => {
    expect(examplesFrom([])).toBe(GENERIC_EXAMPLES);
    expect(examplesFrom(undefined)).toBe(GENERIC_EXAMPLES);
    expect(JSON.stringify(GENERIC_EXAMPLES)).not.toMatch(/track|genre|invoice/i);
  });
});
