import type { ActivityKind, ActivityLogFilter } from '../../gql/graphql';
import { ACTIVITY_KIND_LABELS } from './activityKinds';

export const ACTIVITY_PAGE_SIZE = 20;

/** The log's filters as the URL carries them: days are local calendar days, both inclusive. */
export interface ActivityFilters {
  actorId?: string;
  kinds: ActivityKind[];
  from?: string;
  to?: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isKind = (value: string): value is ActivityKind => value in ACTIVITY_KIND_LABELS;

export function parseActivityFilters(params: URLSearchParams): ActivityFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : undefined;
  };
  return {
    actorId: params.get('actor') || undefined,
    kinds: (params.get('kinds') ?? '').split(',').filter(isKind),
    from: day('from'),
    to: day('to'),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

export function activityFiltersToParams(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.actorId) params.set('actor', filters.actorId);
  if (filters.kinds.length > 0) params.set('kinds', filters.kinds.join(','));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

function localMidnight(day: string, addDays = 0): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + addDays).toISOString();
}

/** The server's filter: `from` at the start of its day, `to` at the start of the day after (exclusive). */
export function toActivityLogFilter(filters: ActivityFilters): ActivityLogFilter {
  return {
    actorId: filters.actorId ?? null,
    kinds: filters.kinds,
    from: filters.from ? localMidnight(filters.from) : null,
    to: filters.to ? localMidnight(filters.to, 1) : null,
  };
}

export function hasActivityFilters(filters: ActivityFilters): boolean {
  return !!(filters.actorId || filters.kinds.length > 0 || filters.from || filters.to);
}
