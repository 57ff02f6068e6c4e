import { dateGrain, formatValue } from '../format/values';

type Column = { name: string; family: string };

const TIME_FAMILIES = ['DATE', 'TIMESTAMP'];

/**
 * How recent a tile's data is, read off its own rows: the latest date of its first date
 * column, at that column's grain ("Data through Dec 2025"). Null when the tile shows no dates.
 */
export function dataThrough(columns: readonly Column[], rows: readonly unknown[][]): string | null {
  const index = columns.findIndex((column) => TIME_FAMILIES.some((family) => column.family.toUpperCase().startsWith(family)));
  if (index < 0) return null;
  const values = rows.map((row) => row[index]).filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  if (values.length === 0) return null;
  const grain = dateGrain(values, columns[index].name);
  if (!grain) return null;
  // ISO dates and timestamps sort as text.
  const latest = values.reduce((last, value) => (value > last ? value : last));
  return `Data through ${formatValue(latest, columns[index].name, grain)}`;
}
