import { formatNumber, type DescribedColumn } from '../format/values';

// What a NUMBER tile shows: the first numeric value of the result's first row.
const NUMERIC = ['integer', 'decimal', 'float'];

type Column = DescribedColumn & { family?: string | null };

const toNumber = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
};

/** The first numeric value of the first row and its column: numeric columns first, then any value that reads as a number. */
export function firstNumber(columns: readonly Column[], rows: readonly unknown[][]): { value: number; column: Column } | null {
  const row = rows[0];
  if (!row) return null;
  const numericFirst = [
    ...columns.map((c, i) => ({ c, i })).filter(({ c }) => NUMERIC.includes((c.family ?? '').toLowerCase())),
    ...columns.map((c, i) => ({ c, i })),
  ];
  for (const { c, i } of numericFirst) {
    const value = toNumber(row[i]);
    if (value !== null) return { value, column: c };
  }
  return null;
}

/** The tile's number in its column's format ("$742,310.00", "25%"), else with separators. */
export function tileNumber(value: number, column: Column): string {
  return (column.format ? formatNumber(value, column.format) : null) ?? value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}
