import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { PendingInvitations } from './PendingInvitations';

const pending = (status: string) => ({
  id: `i-${status}`,
  role: 'MEMBER',
  status,
  expiresAt: '2030-01-08T10:00:00Z',
  invitor: { id: 'u1', email: 'sam@example.com', name: 'Sam' },
  org: { id: 'o2', name: 'Globex' },
  projects: [{ id: 'p1', displayName: 'Shop', role: 'CONTRIBUTOR' }],
});

describe('PendingInvitations', () => {
  it('offers to accept an open invitation and opens its org', async () => {
    const api = mockOperations({
      PendingInvitations: { data: { pendingInvitations: [pending('PENDING'), pending('EXPIRED')] } },
      AcceptInvitation: { data: { acceptInvitation: { id: 'o2', name: 'Globex', myRole: 'MEMBER' } } },
    });
    renderWithProviders(<PendingInvitations />, api.client, { route: '/somewhere', path: '/somewhere' });
    expect(await screen.findByText('You have an invitation')).toBeInTheDocument();
    expect(screen.getByText('Join Globex as member')).toBeInTheDocument();
    expect(screen.getByText('Shop · Contributor')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation to Globex' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects');
    await waitFor(() => expect(api.callsOf('AcceptInvitation')).toEqual([{ data: { id: 'i-PENDING' } }]));
  });

  it('shows nothing without open invitations', async () => {
    const api = mockOperations({ PendingInvitations: { data: { pendingInvitations: [pending('EXPIRED')] } } });
    renderWithProviders(<PendingInvitations />, api.client);
    await waitFor(() => expect(api.callsOf('PendingInvitations')).toHaveLength(1));
    expect(screen.queryByText(/invitation/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });
});
