import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pickOption } from '../../../test/antdSelect';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { InviteModal } from './InviteModal';

const PROJECTS = {
  data: {
    projects: [
      { id: 'p1', displayName: 'Shop', language: 'EN', state: 'ACTIVE', onboardingStatus: 'ONBOARDING_FINISHED', createdAt: '2026-01-01T00:00:00Z', myRole: null },
      { id: 'p2', displayName: 'Old', language: 'EN', state: 'DELETING', onboardingStatus: 'ONBOARDING_FINISHED', createdAt: '2026-01-01T00:00:00Z', myRole: null },
    ],
  },
};

describe('InviteModal', () => {
  it('invites with a project role and shows the link once', async () => {
    const api = mockOperations({
      Projects: PROJECTS,
      CreateAndSendInvitation: {
        data: {
          createAndSendInvitation: {
            id: 'i1',
            email: 'ann@example.com',
            role: 'MEMBER',
            url: 'http://q.local/invitation?code=xyz',
            status: 'PENDING',
            expiresAt: '2030-01-08T10:00:00Z',
          },
        },
      },
    });
    renderWithProviders(<InviteModal open onClose={() => undefined} />, api.client);

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /Add a project role/ }));
    await pickOption(await screen.findByRole('combobox', { name: 'Project 1' }), 'Shop');
    expect(screen.queryByTitle('Old')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByTestId('invitation-link')).toHaveTextContent('http://q.local/invitation?code=xyz');
    expect(screen.getByText('Invitation sent to ann@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsOf('CreateAndSendInvitation')).toEqual([
        { data: { email: 'ann@example.com', role: 'MEMBER', projects: [{ projectId: 'p1', role: 'VIEWER' }] } },
      ]),
    );
  });

  it("shows the server's reason when sending fails", async () => {
    const api = mockOperations({
      Projects: PROJECTS,
      CreateAndSendInvitation: { error: { code: 'INVALID_INPUT', message: 'ann@example.com is already a member of Acme' } },
    });
    renderWithProviders(<InviteModal open onClose={() => undefined} />, api.client);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('Failed to send invitation. ann@example.com is already a member of Acme.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('invitation-link')).not.toBeInTheDocument();
  });
});
