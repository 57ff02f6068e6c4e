import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders, type MockAnswer } from '../../../test/renderWithProviders';
import { Policies } from './Policies';

const ROW = { id: 'r1', kind: 'RLS', name: 'Own region', model: 'Customer', condition: 'Country = @country', columnName: null, property: null, operator: null, threshold: null, adminsExempt: false, updatedAt: '2026-11-27T09:00:00Z' };
const COLUMN = {
  id: 'c1',
  kind: 'CLS',
  name: 'E-mail for support',
  model: 'Customer',
  condition: null,
  columnName: 'Email',
  property: 'clearance',
  operator: 'GREATER_THAN_OR_EQUALS',
  threshold: 3,
  adminsExempt: true,
  updatedAt: '2026-11-27T09:00:00Z',
};

function renderPolicies(kind: 'RLS' | 'CLS', answers: Record<string, MockAnswer> = {}) {
  const api = mockOperations({
    Policies: { data: { policies: [ROW, COLUMN] } },
    Models: { data: { models: [{ id: 'm1', referenceName: 'Customer', displayName: 'Customer', columns: [{ id: 'x', referenceName: 'Country', displayName: 'Country', type: 'VARCHAR' }] }] } },
    SessionProperties: { data: { sessionProperties: [{ id: 'p1', name: 'country', valueType: 'STRING', scope: 'SINGLE', required: false, defaultValue: null, createdAt: '2026-11-27T09:00:00Z' }] } },
    ...answers,
  });
  renderWithProviders(<Policies projectId="p1" kind={kind} />, api.client);
  return api;
}

describe('Policies', () => {
  it('lists the row policies on the row-level tab, each with the rows it shows', async () => {
    renderPolicies('RLS');
    const row = (await screen.findByText('Own region')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Country = @country')).toBeInTheDocument();
    expect(screen.queryByText('E-mail for support')).not.toBeInTheDocument();
  });

  it('says when a column is readable on the column-level tab', async () => {
    renderPolicies('CLS');
    const row = (await screen.findByText('E-mail for support')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Email: @clearance is at least 3');
    expect(row).toHaveTextContent('Not held');
    expect(screen.queryByText('Own region')).not.toBeInTheDocument();
  });

  it('shows an empty state with no policies of the kind', async () => {
    renderPolicies('CLS', { Policies: { data: { policies: [ROW] } } });
    expect(await screen.findByText('No column policies yet.')).toBeInTheDocument();
  });

  it("shows the server's reason when a policy is refused, and keeps the form open", async () => {
    const api = renderPolicies('RLS', {
      CreatePolicy: { error: { code: 'INVALID_POLICY', message: 'The policy "Mine" cannot be saved: there is no session property "region".' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Add row policy/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Mine' } });
    fireEvent.change(within(dialog).getByLabelText('Rows shown'), { target: { value: 'Country = @region' } });
    // The model select: pick the one model offered.
    fireEvent.mouseDown(within(dialog).getByLabelText('Model'));
    fireEvent.click(await screen.findByTitle('Customer'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add policy' }));
    expect(await screen.findByText('The policy "Mine" cannot be saved: there is no session property "region".')).toBeInTheDocument();
    expect(api.callsOf('CreatePolicy')[0]).toMatchObject({ projectId: 'p1', data: { kind: 'RLS', name: 'Mine', model: 'Customer', condition: 'Country = @region', adminsExempt: false } });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('leaves organization admins out of a policy only when asked to', async () => {
    const api = renderPolicies('RLS', { UpdatePolicy: { data: { updatePolicy: { id: 'r1', name: 'Own region' } } } });
    const row = (await screen.findByText('Own region')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Held');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const exempt = within(dialog).getByRole('checkbox', { name: 'Organization admins are not held by this policy' });
    expect(exempt).not.toBeChecked();
    fireEvent.click(exempt);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save policy' }));
    await screen.findByText('Policy "Own region" updated.');
    expect(api.callsOf('UpdatePolicy')[0]).toMatchObject({ policyId: 'r1', data: { condition: 'Country = @country', adminsExempt: true } });
  });

  it('shows an error with a retry when the policies cannot be loaded', async () => {
    renderPolicies('RLS', { Policies: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } } });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
