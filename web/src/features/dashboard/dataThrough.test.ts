import { describe, expect, it } from 'vitest';
import { dataThrough } from './dataThrough';

describe('dataThrough', () => {
  it('reads the latest date of the tile at its grain', () => {
    const columns = [{ name: 'month', family: 'TIMESTAMP' }, { name: 'revenue', family: 'DECIMAL' }];
    const rows = [['2025-12-01T00:00:00', '10'], ['2025-01-01T00:00:00', '5'], ['2025-06-01T00:00:00', '7']];
    expect(dataThrough(columns, rows)).toBe('Data through Dec 2025');
    expect(dataThrough([{ name: 'day', family: 'DATE' }], [['2025-12-31'], ['2025-12-30'], [null]])).toBe('Data through 31 Dec 2025');
  });

  it('says nothing when the tile shows no dates', () => {
    expect(dataThrough([{ name: 'country', family: 'TEXT' }, { name: 'n', family: 'INTEGER' }], [['USA', 3]])).toBeNull();
    expect(dataThrough([{ name: 'day', family: 'DATE' }], [[null]])).toBeNull();
  });
});
