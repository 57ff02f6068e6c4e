import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { orgPermissionsAs } from '../../../test/permissions';
import { ADMINS_ONLY_TEXT, ActivityLog } from './ActivityLog';

const me = (role: string) => ({
  data: { me: { id: 'u1', email: 'sam@example.com', currentOrg: { id: 'o1', name: 'Acme', myRole: role, state: 'ACTIVE', myPermissions: orgPermissionsAs(role === 'ADMIN' ? 'ADMIN' : 'MEMBER') }, currentOrgRole: role } },
});

const MEMBERS = {
  data: { me: { id: 'u1', currentOrg: { id: 'o1', myRole: 'ADMIN', myPermissions: orgPermissionsAs('ADMIN'), members: [{ id: 'm1', userId: 'u1', email: 'sam@example.com', groups: [] }] } } },
};

function entry(id: string, kind: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    kind,
    actorId: 'u1',
    actorEmail: 'sam@example.com',
    targetKind: 'INVITATION',
    targetId: 't1',
    targetLabel: 'ann@example.com',
    projectId: null,
    detail: {},
    clientAddress: '10.0.0.1',
    createdAt: '2026-03-02T10:00:00Z',
    ...extra,
  };
}

describe('ActivityLog', () => {
  it('tells members that only admins can see it, without asking for the log', async () => {
    const api = mockOperations({ Me: me('MEMBER') });
    renderWithProviders(<ActivityLog />, api.client);
    expect(await screen.findByText(ADMINS_ONLY_TEXT)).toBeInTheDocument();
    expect(api.callsOf('ActivityLogs')).toEqual([]);
  });

  it('asks for the page and filters of the URL and shows readable entries', async () => {
    const api = mockOperations({
      Me: me('ADMIN'),
      OrgMembers: MEMBERS,
      ActivityLogs: {
        data: {
          activityLogs: {
            total: 23,
            items: [
              entry('a1', 'INVITATION_SENT', { detail: { role: 'MEMBER', projects: [{ projectId: 'p1', project: 'Shop', role: 'VIEWER' }] } }),
              entry('a2', 'INVITATION_ACCEPTED', { actorEmail: 'ann@example.com' }),
            ],
          },
        },
      },
    });
    renderWithProviders(<ActivityLog />, api.client, {
      route: '/log?kinds=INVITATION_SENT,INVITATION_ACCEPTED&page=2',
      path: '/log',
    });
    const table = await screen.findByRole('table', { name: 'Activity log' });
    expect(within(table).getByText('Invitation sent')).toBeInTheDocument();
    expect(within(table).getByText('Invitation accepted')).toBeInTheDocument();
    expect(within(table).getByText('Role: Member · Projects: Shop (Viewer)')).toBeInTheDocument();
    expect(screen.getByText('23 events')).toBeInTheDocument();
    await waitFor(() => expect(api.callsOf('ActivityLogs').length).toBeGreaterThan(0));
    expect(api.callsOf('ActivityLogs')[0]).toEqual({
      filter: { actorId: null, kinds: ['INVITATION_SENT', 'INVITATION_ACCEPTED'], from: null, to: null },
      offset: 20,
      limit: 20,
    });
  });

  it("says 'No Data' when nothing matches", async () => {
    renderWithProviders(
      <ActivityLog />,
      mockOperations({ Me: me('ADMIN'), OrgMembers: MEMBERS, ActivityLogs: { data: { activityLogs: { total: 0, items: [] } } } }).client,
    );
    const table = await screen.findByRole('table', { name: 'Activity log' });
    expect(within(table).getByText('No Data')).toBeInTheDocument();
  });
});
