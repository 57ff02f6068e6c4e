import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../../test/renderWithProviders';
import { permissionsAs, type PlayedRole } from '../../../../test/permissions';
import { ApiManagementLayout } from './ApiManagementLayout';

const me = (orgRole: string, projectRole: string) => ({
  data: {
    me: {
      id: 'u1',
      email: 'sam@example.com',
      currentOrgRole: orgRole,
      currentProject: { id: 'p1', permissions: permissionsAs(orgRole === 'ADMIN' ? 'ADMIN' : (projectRole as PlayedRole)) },
      currentProjectRole: projectRole,
    },
  },
});

function renderLayout(orgRole: string, projectRole: string) {
  renderWithProviders(<ApiManagementLayout />, mockOperations({ Me: me(orgRole, projectRole) }).client, {
    route: '/projects/p1/api-management/history',
    path: '/projects/:projectId/api-management/history',
  });
}

describe('ApiManagementLayout', () => {
  it('shows a viewer the no-permission page and no tabs', async () => {
    renderLayout('MEMBER', 'VIEWER');
    expect(await screen.findByText('No permission')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'API keys' })).not.toBeInTheDocument();
  });

  it('gives a contributor the history, keys and reference tabs', async () => {
    renderLayout('MEMBER', 'CONTRIBUTOR');
    expect(await screen.findByRole('tab', { name: 'API history', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Reference' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'API keys' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/p1/api-management/keys');
  });

  it('lets an org admin in whatever the project role', async () => {
    renderLayout('ADMIN', 'VIEWER');
    expect(await screen.findByRole('tab', { name: 'API keys' })).toBeInTheDocument();
  });
});
