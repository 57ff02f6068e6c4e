import { describe, expect, it } from 'vitest';
import { apiHistoryFiltersToParams, parseApiHistoryFilters, toApiHistoryFilter } from './apiHistoryFilters';

const THREAD = '2f1c0a3e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

describe('API history filters', () => {
  it('reads the URL, ignoring unknown types, malformed codes, days and pages', () => {
    expect(
      parseApiHistoryFilters(new URLSearchParams(`type=RUN_SQL&status=200&key=k1&thread=${THREAD}&from=2026-03-01&to=soon&page=3`)),
    ).toEqual({ callType: 'RUN_SQL', statusCode: 200, apiKeyId: 'k1', threadId: THREAD, from: '2026-03-01', to: undefined, page: 3 });
    expect(parseApiHistoryFilters(new URLSearchParams('type=NOPE&status=99&page=0'))).toEqual({
      callType: undefined,
      statusCode: undefined,
      apiKeyId: undefined,
      threadId: undefined,
      from: undefined,
      to: undefined,
      page: 1,
    });
  });

  it('writes back only what is set', () => {
    expect(apiHistoryFiltersToParams({ callType: 'ASK', statusCode: 401, page: 2 }).toString()).toBe('type=ASK&status=401&page=2');
    expect(apiHistoryFiltersToParams({ page: 1 }).toString()).toBe('');
  });

  it('sends whole local days, the last one included, and nulls for the rest', () => {
    const filter = toApiHistoryFilter({ page: 1, from: '2026-03-01', to: '2026-03-31', statusCode: 500 });
    expect(filter).toEqual({
      callType: null,
      statusCode: 500,
      apiKeyId: null,
      threadId: null,
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 3, 1).toISOString(),
    });
  });
});
