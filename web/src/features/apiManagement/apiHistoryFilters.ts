import type { ApiCallType, ApiHistoryFilter } from '../../gql/graphql';
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

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function statusCodeOf(value: string | null): number | undefined {
  if (!value || !/^\d{3}$/.test(value)) return undefined;
  const code = Number(value);
  return code >= 100 && code <= 599 ? code : undefined;
}

export function parseApiHistoryFilters(params: URLSearchParams): ApiHistoryFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : undefined;
  };
  const type = params.get('type') ?? '';
  return {
    callType: isApiCallType(type) ? type : undefined,
    statusCode: statusCodeOf(params.get('status')),
    apiKeyId: params.get('key') || undefined,
    threadId: params.get('thread')?.trim() || undefined,
    from: day('from'),
    to: day('to'),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

export function apiHistoryFiltersToParams(filters: ApiHistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.callType) params.set('type', filters.callType);
  if (filters.statusCode) params.set('status', String(filters.statusCode));
  if (filters.apiKeyId) params.set('key', filters.apiKeyId);
  if (filters.threadId) params.set('thread', filters.threadId);
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
export function toApiHistoryFilter(filters: ApiHistoryFilters): ApiHistoryFilter {
  return {
    callType: filters.callType ?? null,
    statusCode: filters.statusCode ?? null,
    apiKeyId: filters.apiKeyId ?? null,
    threadId: filters.threadId ?? null,
    from: filters.from ? localMidnight(filters.from) : null,
    to: filters.to ? localMidnight(filters.to, 1) : null,
  };
}

export function hasApiHistoryFilters(filters: ApiHistoryFilters): boolean {
  return !!(filters.callType || filters.statusCode || filters.apiKeyId || filters.threadId || filters.from || filters.to);
}
