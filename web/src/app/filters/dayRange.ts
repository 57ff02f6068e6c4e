// What paged lists filtered by calendar days share (activity log, API history): reading the
// days and the page from the URL, writing them back, and turning the days into the
// server's instants.

/** Local calendar days, both inclusive, as the URL carries them (YYYY-MM-DD). */
export interface DayRange {
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The days and the page from the URL; anything malformed is left out (page 1). */
export function parseDayRangeAndPage(params: URLSearchParams): DayRange & { page: number } {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : undefined;
  };
  return { from: day('from'), to: day('to'), page: Number.isFinite(page) && page > 0 ? page : 1 };
}

/** Adds the days and the page (beyond the first) to `params`. */
export function setDayRangeAndPage(params: URLSearchParams, filters: DayRange & { page: number }): URLSearchParams {
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

function localMidnight(day: string, addDays = 0): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + addDays).toISOString();
}

/** The server's range: `from` at the start of its day, `to` at the start of the day after (exclusive). */
export function toInstants(range: DayRange): { from: string | null; to: string | null } {
  return { from: range.from ? localMidnight(range.from) : null, to: range.to ? localMidnight(range.to, 1) : null };
}
