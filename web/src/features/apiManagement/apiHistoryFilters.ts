import type { ApiCallType, ApiHistoryFilter } from '../../gql/graphql';
import { parseDayRangeAndPage, setDayRangeAndPage, toInstants } from '../../app/filters/dayRange';
import { isApiCallType } from './apiLabels';

export const API_HISTORY_PAGE_SIZE = 20;

/** The history's filters as the URL carries them: days are local calendar days, both inclusive. */
export interface ApiHistoryFilters {
  callType?: ApiCallType;
  statusCode?: number;
  apiKeyId?: string;
  threadId?: string;
  from?: string;
  to?: string;
  page: number;
}

function statusCodeOf(value: string | null): number | undefined {
  if (!value || !/^\d{3}$/.test(value)) return undefined;
  const code = Number(value);
  return code >= 100 && code <= 599 ? code : undefined;
}

export function parseApiHistoryFilters(params: URLSearchParams): ApiHistoryFilters {
  const type = params.get('type') ?? '';
  return {
    callType: isApiCallType(type) ? type : undefined,
    statusCode: statusCodeOf(params.get('status')),
    apiKeyId: params.get('key') || undefined,
    threadId: params.get('thread')?.trim() || undefined,
    ...parseDayRangeAndPage(params),
  };
}

export function apiHistoryFiltersToParams(filters: ApiHistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.callType) params.set('type', filters.callType);
  if (filters.statusCode) params.set('status', String(filters.statusCode));
  if (filters.apiKeyId) params.set('key', filters.apiKeyId);
  if (filters.threadId) params.set('thread', filters.threadId);
  return setDayRangeAndPage(params, filters);
}

/** The server's filter: `from` at the start of its day, `to` at the start of the day after (exclusive). */
export function toApiHistoryFilter(filters: ApiHistoryFilters): ApiHistoryFilter {
  return {
    callType: filters.callType ?? null,
    statusCode: filters.statusCode ?? null,
    apiKeyId: filters.apiKeyId ?? null,
    threadId: filters.threadId ?? null,
    ...toInstants(filters),
  };
}

export function hasApiHistoryFilters(filters: ApiHistoryFilters): boolean {
  return !!(filters.callType || filters.statusCode || filters.apiKeyId || filters.threadId || filters.from || filters.to);
}
