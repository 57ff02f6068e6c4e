import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders, type MockAnswer } from '../../../test/renderWithProviders';
import { SessionProperties } from './SessionProperties';

const REGION = { id: 'p1', name: 'sales_region', valueType: 'STRING', scope: 'COMBINED', required: true, defaultValue: null, createdAt: '2026-11-27T09:00:00Z' };
const CLEARANCE = { id: 'p2', name: 'clearance', valueType: 'NUMERIC', scope: 'SINGLE', required: false, defaultValue: 1, createdAt: '2026-11-27T09:00:00Z' };

function renderProperties(answers: Record<string, MockAnswer> = {}) {
  const api = mockOperations({
    SessionProperties: { data: { sessionProperties: [CLEARANCE, REGION] } },
    SessionPropertyValues: {
      data: {
        sessionPropertyValues: [
          { propertyId: 'p1', userId: null, groupId: 'g1', apiKeyId: null, value: 'East' },
          { propertyId: 'p1', userId: null, groupId: null, apiKeyId: 'k1', value: 'West' },
        ],
      },
    },
    ApiKeys: { data: { apiKeys: [{ id: 'k1', name: 'Portal', prefix: 'qk_ab12', organizationWide: false, projectId: 'p1', scopes: ['ASK'], createdByEmail: 'a@x.io', expiresAt: null, lastUsedAt: null, revokedAt: null, createdAt: '2026-11-27T09:00:00Z', active: true }] } },
    OrgGroups: { data: { orgGroups: [{ id: 'g1', name: 'Sales East', memberCount: 2, createdAt: '2026-11-27T09:00:00Z', updatedAt: '2026-11-27T09:00:00Z' }] } },
    OrgMembers: { data: { me: { id: 'u1', currentOrg: { id: 'o1', myRole: 'ADMIN', myPermissions: {}, members: [] } } } },
    CreateSessionProperty: { data: { createSessionProperty: { id: 'p3', name: 'team' } } },
    ...answers,
  });
  renderWithProviders(<SessionProperties projectId="p1" />, api.client);
  return api;
}

describe('SessionProperties', () => {
  it('lists each property as a policy reads it, with its type, scope and default', async () => {
    renderProperties();
    const region = (await screen.findByText('@sales_region')).closest('tr') as HTMLElement;
    expect(region).toHaveTextContent('Text');
    expect(region).toHaveTextContent('Combined');
    expect(within(region).getByText('Required')).toBeInTheDocument();
    const clearance = screen.getByText('@clearance').closest('tr') as HTMLElement;
    expect(clearance).toHaveTextContent('Number');
    expect(clearance).toHaveTextContent('Single');
  });

  it("shows who holds a value once a property's row is opened", async () => {
    renderProperties();
    const region = (await screen.findByText('@sales_region')).closest('tr') as HTMLElement;
    fireEvent.click(within(region).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('Group: Sales East')).toBeInTheDocument();
    expect(screen.getByText('East')).toBeInTheDocument();
    // An API key holds a value of its own (the data it sees over the REST API).
    expect(await screen.findByText('API key: Portal (qk_ab12…)')).toBeInTheDocument();
    expect(screen.getByText('West')).toBeInTheDocument();
  });

  it('creates a property with the name and type given, and refuses a duplicate with the server message', async () => {
    const api = renderProperties({ CreateSessionProperty: { error: { code: 'DUPLICATED_SESSION_PROPERTY_NAME', message: 'Session property name already exists.' } } });
    fireEvent.click(await screen.findByRole('button', { name: /Add property/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'sales_region' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add property' }));
    expect(await screen.findByText('Session property name already exists.')).toBeInTheDocument();
    expect(api.callsOf('CreateSessionProperty')[0]).toMatchObject({ projectId: 'p1', data: { name: 'sales_region', valueType: 'STRING', scope: 'SINGLE', required: false } });
  });

  it('shows an empty state with no properties', async () => {
    renderProperties({ SessionProperties: { data: { sessionProperties: [] } } });
    expect(await screen.findByText('No session properties yet.')).toBeInTheDocument();
  });
});
