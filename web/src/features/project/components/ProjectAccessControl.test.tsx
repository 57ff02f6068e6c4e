import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pickOption } from '../../../test/antdSelect';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { permissionsAs } from '../../../test/permissions';
import { ProjectAccessControl, READ_ONLY_ACCESS_TEXT } from './ProjectAccessControl';

const project = (myRole: 'OWNER' | 'CONTRIBUTOR' | 'VIEWER' | null, orgAdmin = false) => ({
  data: {
    project: {
      id: 'p1',
      displayName: 'Shop',
      myRole,
      myPermissions: permissionsAs(orgAdmin ? 'ADMIN' : (myRole ?? 'VIEWER')),
      members: [
        { id: 'm1', userId: 'u1', email: 'sam@example.com', name: 'Sam', role: 'OWNER', joinedAt: '2026-01-01T00:00:00Z' },
        { id: 'm2', userId: 'u2', email: 'ann@example.com', name: null, role: 'VIEWER', joinedAt: '2026-01-02T00:00:00Z' },
      ],
      groups: [{ id: 'g1', groupId: 'grp1', name: 'Analysts', memberCount: 3, role: 'CONTRIBUTOR', addedAt: '2026-01-03T00:00:00Z' }],
    },
  },
});

const me = (orgRole: string) => ({
  data: { me: { id: 'u2', email: 'ann@example.com', currentOrg: { id: 'o1', name: 'Acme', myRole: orgRole, state: 'ACTIVE' }, currentOrgRole: orgRole, currentProject: { id: 'p1' }, currentProjectRole: 'VIEWER' } },
});

describe('ProjectAccessControl', () => {
  it('lists people and groups, tagged, and lets an owner change a group role', async () => {
    const api = mockOperations({
      ProjectAccess: project('OWNER'),
      Me: me('MEMBER'),
      UpdateProjectGroupRole: { data: { updateProjectGroupRole: { id: 'g1', role: 'OWNER' } } },
    });
    renderWithProviders(<ProjectAccessControl projectId="p1" />, api.client);
    const table = await screen.findByRole('table', { name: 'Project access' });
    const group = within(table).getByText('Analysts').closest('tr') as HTMLElement;
    expect(within(group).getByText('Group')).toBeInTheDocument();
    expect(within(group).getByText('3 members')).toBeInTheDocument();
    const ann = within(table).getByText('ann@example.com').closest('tr') as HTMLElement;
    expect(within(ann).getByText('User')).toBeInTheDocument();
    expect(screen.getByTestId('my-project-role')).toHaveTextContent('Owner');

    await pickOption(screen.getByRole('combobox', { name: 'Role of Analysts' }), 'Owner');
    await waitFor(() =>
      expect(api.callsOf('UpdateProjectGroupRole')).toEqual([{ data: { projectId: 'p1', groupId: 'grp1', role: 'OWNER' } }]),
    );
  });

  it('is read-only for a viewer', async () => {
    renderWithProviders(
      <ProjectAccessControl projectId="p1" />,
      mockOperations({ ProjectAccess: project('VIEWER'), Me: me('MEMBER') }).client,
    );
    expect(await screen.findByText(READ_ONLY_ACCESS_TEXT)).toBeInTheDocument();
    expect(screen.getByTestId('my-project-role')).toHaveTextContent('Viewer');
    expect(screen.queryByRole('button', { name: /Add member/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Role of Analysts' })).not.toBeInTheDocument();
  });

  it('lets an org admin without a project role manage access', async () => {
    renderWithProviders(
      <ProjectAccessControl projectId="p1" />,
      mockOperations({ ProjectAccess: project(null, true), Me: me('ADMIN') }).client,
    );
    expect(await screen.findByRole('button', { name: /Add group/ })).toBeInTheDocument();
    expect(screen.getByTestId('my-project-role')).toHaveTextContent('Owner (as an organization admin)');
  });

  it('shows a failed load as an error with a retry', async () => {
    renderWithProviders(
      <ProjectAccessControl projectId="p1" />,
      mockOperations({ ProjectAccess: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } }, Me: me('MEMBER') }).client,
    );
    expect(await screen.findByText('Failed to load project access.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
