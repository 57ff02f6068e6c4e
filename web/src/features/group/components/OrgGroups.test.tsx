import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { orgPermissionsAs } from '../../../test/permissions';
import { OrgGroups } from './OrgGroups';

const GROUPS = {
  data: { orgGroups: [{ id: 'g1', name: 'Analysts', memberCount: 2, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' }] },
};

const members = (myRole: string) => ({
  data: {
    me: {
      id: 'u1',
      currentOrg: {
        id: 'o1',
        myRole,
        myPermissions: orgPermissionsAs(myRole === 'ADMIN' ? 'ADMIN' : 'MEMBER'),
        members: [
          { id: 'm1', userId: 'u1', email: 'sam@example.com', emailVerified: true, name: 'Sam', firstName: null, lastName: null, role: 'ADMIN', enabled: true, joinedAt: '2026-01-01T00:00:00Z', groups: [] },
          { id: 'm2', userId: 'u2', email: 'ann@example.com', emailVerified: true, name: 'Ann', firstName: null, lastName: null, role: 'MEMBER', enabled: true, joinedAt: '2026-01-01T00:00:00Z', groups: [{ id: 'g1', name: 'Analysts' }] },
        ],
      },
    },
  },
});

describe('OrgGroups', () => {
  it('shows groups read-only to members, with their people', async () => {
    renderWithProviders(
      <OrgGroups />,
      mockOperations({
        OrgGroups: GROUPS,
        OrgMembers: members('MEMBER'),
        OrgGroupMembers: { data: { orgGroupMembers: [{ userId: 'u2', email: 'ann@example.com', name: 'Ann', addedAt: '2026-01-02T00:00:00Z' }] } },
      }).client,
    );
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(within(table).getByText('2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create group/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Analysts' })).not.toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Group: Analysts')).toBeInTheDocument();
    expect(await screen.findByText('Ann')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Member to add' })).not.toBeInTheDocument();
  });

  it("creates a group, and shows the server's reason for a taken name", async () => {
    let creates = 0;
    const api = mockOperations({
      OrgGroups: GROUPS,
      OrgMembers: members('ADMIN'),
      CreateOrgGroup: () => {
        creates += 1;
        return creates === 1
          ? { error: { code: 'INVALID_INPUT', message: 'A group named "Analysts" already exists' } }
          : { data: { createOrgGroup: { id: 'g2', name: 'Finance', memberCount: 0, createdAt: '2026-01-05T00:00:00Z', updatedAt: '2026-01-05T00:00:00Z' } } };
      },
    });
    renderWithProviders(<OrgGroups />, api.client);
    fireEvent.click(await screen.findByRole('button', { name: /Create group/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: ' Analysts ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Failed to create group. A group named "Analysts" already exists.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: 'Finance' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Group created.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsOf('CreateOrgGroup')).toEqual([{ data: { name: 'Analysts' } }, { data: { name: 'Finance' } }]));
  });

  it('renames a group from its current name', async () => {
    const api = mockOperations({
      OrgGroups: GROUPS,
      OrgMembers: members('ADMIN'),
      UpdateOrgGroup: { data: { updateOrgGroup: { id: 'g1', name: 'Data team', updatedAt: '2026-01-06T00:00:00Z' } } },
    });
    renderWithProviders(<OrgGroups />, api.client);
    fireEvent.click(await screen.findByRole('button', { name: /Rename Analysts/ }));
    const name = await screen.findByLabelText('Group name');
    expect(name).toHaveValue('Analysts');
    fireEvent.change(name, { target: { value: 'Data team' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Group renamed.')).toBeInTheDocument();
    expect(api.callsOf('UpdateOrgGroup')).toEqual([{ where: { id: 'g1' }, data: { name: 'Data team' } }]);
  });
});
