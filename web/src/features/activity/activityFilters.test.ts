import { describe, expect, it } from 'vitest';
import { activityFiltersToParams, parseActivityFilters, toActivityLogFilter } from './activityFilters';
import { ACTIVITY_KIND_GROUPS, ACTIVITY_KINDS, describeActivityDetail } from './activityKinds';

describe('activity log filters', () => {
  it('reads the URL, ignoring unknown kinds, malformed days and pages', () => {
    const filters = parseActivityFilters(
      new URLSearchParams('actor=u1&kinds=INVITATION_SENT,NOPE,GROUP_CREATED&from=2026-03-01&to=yesterday&page=-2'),
    );
    expect(filters).toEqual({ actorId: 'u1', kinds: ['INVITATION_SENT', 'GROUP_CREATED'], from: '2026-03-01', to: undefined, page: 1 });
  });

  it('writes back only what is set', () => {
    const params = activityFiltersToParams({ kinds: ['SIGN_IN'], page: 3, to: '2026-03-31' });
    expect(params.toString()).toBe('kinds=SIGN_IN&to=2026-03-31&page=3');
    expect(activityFiltersToParams({ kinds: [], page: 1 }).toString()).toBe('');
  });

  it('sends whole local days, the last one included', () => {
    const filter = toActivityLogFilter({ kinds: [], page: 1, from: '2026-03-01', to: '2026-03-31' });
    expect(filter.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(filter.to).toBe(new Date(2026, 3, 1).toISOString());
    expect(filter.actorId).toBeNull();
  });
});

describe('activity kinds', () => {
  it('lists every kind in exactly one filter group', () => {
    const grouped = ACTIVITY_KIND_GROUPS.flatMap((group) => group.kinds);
    expect([...grouped].sort()).toEqual([...ACTIVITY_KINDS].sort());
  });

  it('words the details of invitations, renames and group changes', () => {
    expect(
      describeActivityDetail({ role: 'MEMBER', projects: [{ projectId: 'p1', project: 'Shop', role: 'VIEWER' }] }),
    ).toBe('Role: Member · Projects: Shop (Viewer)');
    expect(describeActivityDetail({ previousName: 'Analysts' })).toBe('Renamed from "Analysts"');
    expect(describeActivityDetail({ userId: 'u1', email: 'ann@example.com' })).toBe('ann@example.com');
    expect(describeActivityDetail({ change: 'POSTGRES', type: 'POSTGRES' }, 'POSTGRES')).toBe('');
    expect(describeActivityDetail({})).toBe('');
    expect(describeActivityDetail({ scopes: ['ASK', 'RUN_SQL'], organizationWide: true })).toBe('Scopes: Ask, Run SQL · Organization-wide');
    expect(describeActivityDetail({ scopes: ['ADMIN'], organizationWide: false })).toBe('Scopes: Admin');
  });
});
