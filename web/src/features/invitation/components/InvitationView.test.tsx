import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockOperations, renderWithProviders, type MockAnswer } from '../../../test/renderWithProviders';
import { EXISTING_ACCOUNT_TEXT, InvitationView } from './InvitationView';

const INVITATION = {
  id: 'i1',
  email: 'ann@example.com',
  role: 'MEMBER',
  status: 'PENDING',
  expiresAt: '2030-01-08T10:00:00Z',
  invitor: { id: 'u1', email: 'sam@example.com', name: 'Sam' },
  org: { id: 'o1', name: 'Acme' },
  projects: [{ id: 'p1', displayName: 'Shop', role: 'VIEWER' }],
};

interface AuthCall {
  path: string;
  body?: Record<string, unknown>;
}

/** The auth endpoints: a session (or none) and sign-in answering `signIn`. */
function stubAuth({ sessionEmail, signIn = 200 }: { sessionEmail?: string; signIn?: number } = {}) {
  const calls: AuthCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace('/api/auth/', '');
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
      if (path === 'session') return json(200, sessionEmail ? { user: { id: 'u9', email: sessionEmail } } : {});
      if (path === 'csrf') return json(200, { csrfToken: 'token' });
      if (path === 'callback/credentials' && signIn !== 200) {
        return json(signIn, { error: { code: 'UNAUTHORIZED_ACCESS', message: 'The e-mail or password is incorrect.' } });
      }
      return json(200, { ok: true });
    }),
  );
  return calls;
}

function renderView(invitation: MockAnswer, accept?: MockAnswer) {
  const api = mockOperations({
    InvitationByCode: invitation,
    AcceptInvitation: accept ?? { data: { acceptInvitation: { id: 'o1', name: 'Acme', myRole: 'MEMBER' } } },
  });
  renderWithProviders(<InvitationView code="abc" />, api.client, { route: '/invitation?code=abc', path: '/invitation' });
  return api;
}

describe('InvitationView', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('signs a new person up with the code, signs them in, accepts and opens the projects', async () => {
    const calls = stubAuth();
    const api = renderView({ data: { invitationByCode: INVITATION } });
    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeInTheDocument();
    expect(screen.getByText('Shop · Viewer')).toBeInTheDocument();
    expect(screen.getByText('Sam (sam@example.com)')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ann@example.com');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/projects');
    const signUp = calls.find((call) => call.path === 'signup');
    expect(signUp?.body).toMatchObject({ email: 'ann@example.com', password: 'long-enough-1', name: 'Ann', invitationCode: 'abc' });
    expect(calls.map((call) => call.path)).toContain('callback/credentials');
    expect(api.callsOf('AcceptInvitation')).toEqual([{ data: { code: 'abc' } }]);
  });

  it('sends someone whose address already had an account to the sign-in tab', async () => {
    stubAuth({ signIn: 401 });
    const api = renderView({ data: { invitationByCode: INVITATION } });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));

    expect(await screen.findByText(EXISTING_ACCOUNT_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    expect(api.callsOf('AcceptInvitation')).toEqual([]);
  });

  it('tells a signed-in user of another address to switch account', async () => {
    stubAuth({ sessionEmail: 'bo@example.com' });
    renderView({ data: { invitationByCode: INVITATION } });
    expect(await screen.findByText('You are signed in as bo@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out and switch account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when accepting is refused", async () => {
    stubAuth({ sessionEmail: 'ann@example.com' });
    renderView(
      { data: { invitationByCode: INVITATION } },
      { error: { code: 'INVITATION_NOT_MATCH_USER', message: 'This invitation is for another e-mail address' } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('This invitation is for another e-mail address.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out and switch account' })).toBeInTheDocument());
  });

  it('has clear states for expired and unknown invitations', async () => {
    stubAuth();
    renderView({ data: { invitationByCode: { ...INVITATION, status: 'EXPIRED' } } });
    expect(await screen.findByText('This invitation has expired')).toBeInTheDocument();
    expect(screen.getByText('Ask Sam (sam@example.com) to invite you to Acme again.')).toBeInTheDocument();
  });

  it('says when the link matches no invitation', async () => {
    stubAuth();
    renderView({ error: { code: 'INVITATION_NOT_FOUND', message: 'The invitation does not exist' } });
    expect(await screen.findByText('Invitation not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to sign in' })).toBeInTheDocument();
  });
});
