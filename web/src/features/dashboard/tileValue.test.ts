import { describe, expect, it } from 'vitest';
import { firstNumber, formatNumber } from './tileValue';

describe('firstNumber', () => {
  it('reads the first numeric column of the first row', () => {
    const columns = [{ name: 'genre', family: 'TEXT' }, { name: 'tracks', family: 'INTEGER' }];
    expect(firstNumber(columns, [['Rock', 1297], ['Latin', 579]])).toEqual({ value: 1297, column: 'tracks' });
  });

  it('reads decimals sent as strings, and values of untyped columns', () => {
    expect(firstNumber([{ name: 'total', family: 'DECIMAL' }], [['2328.60']])).toEqual({ value: 2328.6, column: 'total' });
    expect(firstNumber([{ name: 'a' }, { name: 'b' }], [['x', '42']])).toEqual({ value: 42, column: 'b' });
  });

  it('has nothing to show without rows or numbers', () => {
    expect(firstNumber([{ name: 'n', family: 'INTEGER' }], [])).toBeNull();
    expect(firstNumber([{ name: 'name', family: 'TEXT' }], [['Rock']])).toBeNull();
  });

  it('groups thousands', () => {
    expect(formatNumber(3503)).toBe('3,503');
    expect(formatNumber(1234.5678)).toBe('1,234.57');
  });
});
