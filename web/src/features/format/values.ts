// How result values and column names read on every surface of an answer (tables, charts,
// tiles): one place, so that no page shows `total_revenue`, `2025-01-01T00:00:00` or
// `283.1173934108527`. CSV exports keep the raw values.

/** Words of a column name that keep their case as people write them. */
const UPPER = new Set(['id', 'url', 'sql', 'csv', 'api', 'usd', 'eur', 'gbp', 'kpi', 'sku', 'vat', 'gdp', 'nps', 'roi', 'ip', 'utc']);

/** "total_revenue" → "Total revenue"; "unitPrice" → "Unit price"; "order_id" → "Order ID". */
export function displayName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter((w) => w.length > 0);
  if (words.length === 0) return name;
  return words
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (UPPER.has(lower)) return lower.toUpperCase();
      // An acronym already in capitals ("HR", "NYC") stays one.
      if (word.length > 1 && word === word.toUpperCase() && /[A-Z]/.test(word)) return word;
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/** Columns whose whole numbers are labels, not amounts: no thousands separators (2,013). */
const LABEL_NUMBER_WORDS = /(^|[^a-z])(year|yr|id|code|zip|postal|phone|month|day|hour|quarter|week|season|number_id)([^a-z]|$)/i;

function isLabelNumber(column: string | undefined): boolean {
  if (!column) return false;
  return LABEL_NUMBER_WORDS.test(column.replace(/([a-z0-9])([A-Z])/g, '$1_$2'));
}

const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** How finely a column of dates varies: every value the first of January → years. */
export type DateGrain = 'year' | 'quarter' | 'month' | 'week' | 'day' | 'minute';

/** The parts of a date or timestamp value, or null when it is none. */
function moment(value: unknown): { y: string; m: number; d: number; time: string | null } | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const day = ISO_DATE.exec(text);
  if (day) return { y: day[1], m: Number(day[2]), d: Number(day[3]), time: null };
  const stamp = ISO_TIMESTAMP.exec(text);
  if (!stamp) return null;
  const [, date, hour, minute, second] = stamp;
  const [y, m, d] = date.split('-');
  const midnight = hour === '00' && minute === '00' && (second ?? '00') === '00';
  return { y, m: Number(m), d: Number(d), time: midnight ? null : `${hour}:${minute}` };
}

/**
 * The coarsest grain that describes every date among `values`; null when one is no date.
 * With the column's name: quarter starts in a column named as a quarter are quarters, days in
 * one named as a week are weeks (the question's grain, "Q3 2024", "Week of 3 Mar 2025").
 */
export function dateGrain(values: unknown[], column?: string): DateGrain | null {
  const order: DateGrain[] = ['year', 'month', 'day', 'minute'];
  let grain = 0;
  let any = false;
  let quarterStarts = true;
  for (const value of values) {
    if (value === null || value === undefined || value === '') continue;
    const at = moment(value);
    if (!at) return null;
    any = true;
    grain = Math.max(grain, at.time ? 3 : at.d !== 1 ? 2 : at.m !== 1 ? 1 : 0);
    quarterStarts &&= at.d === 1 && !at.time && (at.m - 1) % 3 === 0;
  }
  if (!any) return null;
  const said = (word: string) => new RegExp(`(^|[^a-z])${word}s?([^a-z]|$)`, 'i').test((column ?? '').replace(/([a-z0-9])([A-Z])/g, '$1_$2'));
  if (grain <= 1 && quarterStarts && said('quarter')) return 'quarter';
  if (grain <= 2 && said('week')) return 'week';
  return order[grain];
}

/** How the semantic layer says a column's values read (its modeling page format). */
export type ColumnFormat = { style?: string | null; decimals?: number | null; currency?: string | null };

/** A result column as the server describes it: its name, and what the semantic layer adds. */
export type DescribedColumn = { name: string; displayName?: string | null; format?: ColumnFormat | null };

/** A column's title: the semantic layer's display name, else its name in words. */
export function columnTitle(column: DescribedColumn): string {
  const given = column.displayName?.trim();
  return given ? given : displayName(column.name);
}

/** The sign of a currency as English writes it ("$", "€"), else its code ("CHF"). */
export function currencySymbol(currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/** A number in its column's format: money ("$1,234.50"), a ratio as a percentage ("25.3%"), fixed decimals. */
export function formatNumber(value: number, format: ColumnFormat): string | null {
  if (!Number.isFinite(value)) return null;
  const decimals = format.decimals ?? undefined;
  switch (format.style) {
    case 'CURRENCY': {
      const currency = format.currency ?? 'USD';
      try {
        return value.toLocaleString('en-US', { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
      } catch {
        return `${value.toLocaleString('en-US', { minimumFractionDigits: decimals ?? 2, maximumFractionDigits: decimals ?? 2 })} ${currency}`;
      }
    }
    case 'PERCENT': {
      const percent = value * 100;
      const digits = decimals ?? (Math.round(percent * 10) % 10 === 0 ? 0 : 1);
      return `${percent.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}%`;
    }
    default:
      return decimals === undefined ? null : value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  }
}

/**
 * A value as it reads: numbers with separators and at most 2 decimals (4 below 1), whole
 * numbers of label columns (years, ids) as they are, dates at the grain of their column
 * ("2025", "Jan 2025", "3 Mar 2025", "3 Mar 2025 14:05"), missing values as "—"; numbers in the
 * column's `format` when the semantic layer gives one.
 */
export function formatValue(value: unknown, column?: string, grain?: DateGrain | null, format?: ColumnFormat | null): string {
  if (value === null || value === undefined || value === '') return '—';
  // Numbers a source sends as text (DECIMAL) take the format too.
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : null;
  const formatted = format && number !== null ? formatNumber(number, format) : null;
  if (formatted !== null) return formatted;
  if (typeof value === 'number') return formatNumberValue(value, column);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    const at = moment(value);
    if (at) {
      const month = MONTHS[at.m - 1];
      switch (grain) {
        case 'year':
          return at.y;
        case 'quarter':
          return `Q${Math.floor((at.m - 1) / 3) + 1} ${at.y}`;
        case 'month':
          return `${month} ${at.y}`;
        case 'week':
          return `Week of ${at.d} ${month} ${at.y}`;
        case 'day':
          return `${at.d} ${month} ${at.y}`;
        default:
          return at.time ? `${at.d} ${month} ${at.y} ${at.time}` : `${at.d} ${month} ${at.y}`;
      }
    }
    // Numbers a source sends as text (DECIMAL) read as numbers too.
    if (/^-?\d+\.\d+$/.test(value.trim())) return formatNumberValue(Number(value), column);
    return value;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function formatNumberValue(value: number, column?: string): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value) && isLabelNumber(column)) return String(value);
  const digits = Math.abs(value) < 1 && value !== 0 ? 4 : 2;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}
