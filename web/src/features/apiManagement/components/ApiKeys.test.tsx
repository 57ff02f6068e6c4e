import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders, type MockAnswer } from '../../../test/renderWithProviders';
import { ApiKeys } from './ApiKeys';
import { SECRET_ONCE_TEXT } from './ApiKeySecretModal';
import { ORG_WIDE_ADMINS_ONLY_TEXT } from './CreateApiKeyModal';

const SECRET = 'qry_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0';

function key(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: `Key ${id}`,
    prefix: `qry_${id}`,
    organizationWide: false,
    projectId: 'p1',
    scopes: ['ASK'],
    createdByEmail: 'sam@example.com',
    expiresAt: null,
    lastUsedAt: null,
    revokedAt: null,
    createdAt: '2026-03-02T10:00:00Z',
    active: true,
    ...extra,
  };
}

function renderKeys({ isOrgAdmin = false, keys = [key('k1')], ...answers }: { isOrgAdmin?: boolean; keys?: unknown[] } & Record<string, MockAnswer | unknown>) {
  const api = mockOperations({
    ApiKeys: { data: { apiKeys: keys } },
    CreateApiKey: { data: { createApiKey: { key: { id: 'k9', name: 'Reporting', prefix: 'qry_live_9f8e' }, secret: SECRET } } },
    RevokeApiKey: { data: { revokeApiKey: { id: 'k1', revokedAt: '2026-03-03T10:00:00Z', active: false } } },
    ...(answers as Record<string, MockAnswer>),
  });
  renderWithProviders(<ApiKeys projectId="p1" isOrgAdmin={isOrgAdmin} />, api.client);
  return api;
}

async function openCreate() {
  fireEvent.click(await screen.findByRole('button', { name: /Create key/ }));
  return screen.findByRole('dialog', { name: 'Create API key' });
}

describe('ApiKeys', () => {
  it('lists keys with their reach, scopes, use and status', async () => {
    renderKeys({
      keys: [
        key('k1', { organizationWide: true, projectId: null, scopes: ['ASK', 'ADMIN'], lastUsedAt: '2026-03-04T08:00:00Z' }),
        key('k2', { revokedAt: '2026-03-05T09:30:00Z', active: false }),
        key('k3', { expiresAt: '2026-03-01T00:00:00Z', active: false }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'API keys' });
    const org = within(table).getByText('Key k1').closest('tr') as HTMLElement;
    expect(within(org).getByText('Organization')).toBeInTheDocument();
    expect(within(org).getByText('Admin')).toBeInTheDocument();
    expect(within(org).getByText('qry_k1…')).toBeInTheDocument();
    expect(within(org).getByText('Active')).toBeInTheDocument();
    const revoked = within(table).getByText('Key k2').closest('tr') as HTMLElement;
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
    expect(within(revoked).getAllByText('Never')).toHaveLength(2); // no expiry, never used
    expect(within(revoked).queryByRole('button', { name: 'Revoke Key k2' })).not.toBeInTheDocument();
    const expired = within(table).getByText('Key k3').closest('tr') as HTMLElement;
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
  });

  it("says 'No Data' when the project has no key", async () => {
    renderKeys({ keys: [] });
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('No Data')).toBeInTheDocument();
  });

  it('shows the secret once, and forgets it when the dialog is closed', async () => {
    const api = renderKeys({});
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Reporting ' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Ask/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'API key "Reporting" created' });
    expect(within(secretDialog).getByText(SECRET_ONCE_TEXT)).toBeInTheDocument();
    expect(within(secretDialog).getByTestId('api-key-secret')).toHaveTextContent(SECRET);
    expect(within(secretDialog).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(api.callsOf('CreateApiKey')).toEqual([
      { projectId: 'p1', data: { name: 'Reporting', scopes: ['ASK'], expiresAt: null, organizationWide: false } },
    ]);
    // The create form is gone with its answer.
    expect(screen.queryByRole('dialog', { name: 'Create API key' })).not.toBeInTheDocument();

    fireEvent.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(document.body.textContent).not.toContain(SECRET));
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(screen.queryByText(SECRET_ONCE_TEXT)).not.toBeInTheDocument();
  });

  it('needs a name and a scope', async () => {
    const api = renderKeys({});
    const dialog = await openCreate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Choose at least one scope.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter Name')).toBeInTheDocument();
    expect(api.callsOf('CreateApiKey')).toEqual([]);
  });

  it('keeps organization-wide keys for org admins', async () => {
    renderKeys({ isOrgAdmin: false });
    const dialog = await openCreate();
    expect(within(dialog).getByRole('checkbox', { name: 'Organization-wide' })).toBeDisabled();
    expect(within(dialog).getByText(ORG_WIDE_ADMINS_ONLY_TEXT)).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: /^Admin/ })).not.toBeInTheDocument();
  });

  it('offers ADMIN only on an organization-wide key, and drops it with the reach', async () => {
    const api = renderKeys({ isOrgAdmin: true });
    const dialog = await openCreate();
    const orgWide = within(dialog).getByRole('checkbox', { name: 'Organization-wide' });
    expect(orgWide).toBeEnabled();
    expect(within(dialog).queryByRole('checkbox', { name: /^Admin/ })).not.toBeInTheDocument();

    fireEvent.click(orgWide);
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /^Admin/ }));
    fireEvent.click(orgWide);
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: /^Admin/ })).not.toBeInTheDocument());
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Nightly export' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Run SQL/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(api.callsOf('CreateApiKey')).toHaveLength(1));
    expect(api.callsOf('CreateApiKey')[0]).toMatchObject({ data: { scopes: ['RUN_SQL'], organizationWide: false } });
  });

  it('creates an organization-wide ADMIN key for an org admin', async () => {
    const api = renderKeys({ isOrgAdmin: true });
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Org automation' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Organization-wide' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /^Admin/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(api.callsOf('CreateApiKey')).toHaveLength(1));
    expect(api.callsOf('CreateApiKey')[0]).toMatchObject({ data: { scopes: ['ADMIN'], organizationWide: true } });
  });

  it("says 'Failed to create API key.' when the server refuses", async () => {
    renderKeys({ CreateApiKey: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } } });
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Reporting' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Ask/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Failed to create API key.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create API key' })).toBeInTheDocument();
  });

  it('revokes a key after a confirmation', async () => {
    const api = renderKeys({});
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Key k1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.callsOf('RevokeApiKey')).toEqual([{ projectId: 'p1', keyId: 'k1' }]));
    expect(await screen.findByText('API key "Key k1" revoked.')).toBeInTheDocument();
  });

  it("says 'Failed to revoke API key.' when the server refuses", async () => {
    renderKeys({ RevokeApiKey: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Key k1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Failed to revoke API key.')).toBeInTheDocument();
  });

  it('leaves organization-wide keys to org admins', async () => {
    renderKeys({ keys: [key('k1', { organizationWide: true, projectId: null })] });
    expect(await screen.findByRole('button', { name: 'Revoke Key k1' })).toBeDisabled();
  });

  it('shows the no-permission page when the server refuses the role', async () => {
    renderKeys({ ApiKeys: { error: { code: 'UNAUTHORIZED_ROLE_ACCESS', message: 'You may not view API keys and API history.' } } });
    expect(await screen.findByText('No permission')).toBeInTheDocument();
    expect(screen.getByText(/Please contact the project owner or an organization admin/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create key/ })).not.toBeInTheDocument();
  });

  it('shows a failed load as an error with a retry', async () => {
    renderKeys({ ApiKeys: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } } });
    expect(await screen.findByText('Failed to load API keys.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
