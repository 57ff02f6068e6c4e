import { describe, expect, it } from 'vitest';
import { firstNumber, tileNumber } from './tileValue';

describe('firstNumber', () => {
  it('reads the first numeric column of the first row', () => {
    const columns = [{ name: 'genre', family: 'TEXT' }, { name: 'tracks', family: 'INTEGER' }];
    expect(firstNumber(columns, [['Rock', 1297], ['Latin', 579]])).toMatchObject({ value: 1297, column: { name: 'tracks' } });
  });

  it('reads decimals sent as strings, and values of untyped columns', () => {
    expect(firstNumber([{ name: 'total', family: 'DECIMAL' }], [['2328.60']])).toMatchObject({ value: 2328.6, column: { name: 'total' } });
    expect(firstNumber([{ name: 'a' }, { name: 'b' }], [['x', '42']])).toMatchObject({ value: 42, column: { name: 'b' } });
  });

  it('has nothing to show without rows or numbers', () => {
    expect(firstNumber([{ name: 'n', family: 'INTEGER' }], [])).toBeNull();
    expect(firstNumber([{ name: 'name', family: 'TEXT' }], [['Rock']])).toBeNull();
  });

  it('groups thousands, in the format of its column when the semantic layer gives one', () => {
    expect(tileNumber(3503, { name: 'n' })).toBe('3,503');
    expect(tileNumber(1234.5678, { name: 'total' })).toBe('1,234.57');
    expect(tileNumber(742310, { name: 'revenue', format: { style: 'CURRENCY', currency: 'USD', decimals: 0 } })).toBe('$742,310');
    expect(tileNumber(0.125, { name: 'share', format: { style: 'PERCENT' } })).toBe('12.5%');
  });
});
