import type { ActivityKind, ActivityLogFilter } from '../../gql/graphql';
import { parseDayRangeAndPage, setDayRangeAndPage, toInstants } from '../../app/filters/dayRange';
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

const isKind = (value: string): value is ActivityKind => value in ACTIVITY_KIND_LABELS;

export function parseActivityFilters(params: URLSearchParams): ActivityFilters {
  return {
    actorId: params.get('actor') || undefined,
    kinds: (params.get('kinds') ?? '').split(',').filter(isKind),
    ...parseDayRangeAndPage(params),
  };
}

export function activityFiltersToParams(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.actorId) params.set('actor', filters.actorId);
  if (filters.kinds.length > 0) params.set('kinds', filters.kinds.join(','));
  return setDayRangeAndPage(params, filters);
}

/** The server's filter: `from` at the start of its day, `to` at the start of the day after (exclusive). */
export function toActivityLogFilter(filters: ActivityFilters): ActivityLogFilter {
  return {
    actorId: filters.actorId ?? null,
    kinds: filters.kinds,
    ...toInstants(filters),
  };
}

export function hasActivityFilters(filters: ActivityFilters): boolean {
  return !!(filters.actorId || filters.kinds.length > 0 || filters.from || filters.to);
}
