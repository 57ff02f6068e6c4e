import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { permissionsAs } from '../../../test/permissions';
import { elapse, mockOperations, renderWithProviders, useFastClock } from '../../../test/renderWithProviders';
import { GO_TO_FIRST_MODEL_EVENT, ModelingWorkspace } from './ModelingWorkspace';
import { DEPLOY_POLL_MS } from '../hooks/useDeploy';

afterEach(() => vi.useRealTimers());

// React Flow needs a real layout engine; the browser journey covers the canvas itself.
vi.mock('../diagram/ModelDiagram', () => ({
  default: ({ models }: { models: { referenceName: string }[] }) => <div>diagram of {models.length} models</div>,
}));

const column = (id: string, referenceName: string, extra: Record<string, unknown> = {}) => ({
  id,
  referenceName,
  displayName: referenceName,
  type: 'INTEGER',
  family: 'INTEGER',
  format: null,
  hidden: false,
  isCalculated: false,
  isPrimaryKey: false,
  expression: null,
  description: null,
  ...extra,
});

const DIAGRAM = {
  models: [
    {
      id: 'm1',
      referenceName: 'customers',
      displayName: 'Customers',
      description: 'Who buys',
      primaryKey: 'id',
      sourceTableName: 'public.customers',
      sourceSql: null,
      columns: [column('c1', 'id', { isPrimaryKey: true }), column('c2', 'total', { isCalculated: true, expression: 'SUM(orders.amount)', type: 'NUMERIC' })],
    },
    {
      id: 'm2',
      referenceName: 'orders',
      displayName: 'Orders',
      description: null,
      primaryKey: 'id',
      sourceTableName: 'public.orders',
      sourceSql: null,
      columns: [column('c3', 'id'), column('c4', 'customer_id')],
    },
  ],
  relationships: [{ id: 'r1', name: 'orders_customer_id_customers_id', fromModel: 'orders', fromColumn: 'customer_id', toModel: 'customers', toColumn: 'id', type: 'MANY_TO_ONE' }],
  views: [{ id: 'v1', name: 'big_orders', displayName: 'Big orders', description: null, statement: 'SELECT * FROM orders' }],
  metrics: [],
};

const status = (value: string, last: string | null = null) => ({
  data: {
    deployStatus: {
      status: value,
      lastDeploy: last ? { id: 'd1', status: last, log: '✓ model customers: 2 columns', error: null, startedAt: '2026-11-22T10:00:00Z', finishedAt: null } : null,
    },
  },
});

describe('ModelingWorkspace', () => {
  it('lists models and views, deploys and polls until the models are in sync', async () => {
    let deployed = false;
    let polls = 0;
    const api = mockOperations({
      ModelingDiagram: { data: DIAGRAM },
      DeployStatus: () => {
        if (!deployed) return status('UNSYNCRONIZED');
        polls += 1;
        return polls < 2 ? status('IN_PROGRESS', 'IN_PROGRESS') : status('SYNCRONIZED', 'SUCCESS');
      },
      Deploy: () => {
        deployed = true;
        return { data: { deploy: { status: 'IN_PROGRESS', error: null, deployId: 'd1' } } };
      },
    });
    renderWithProviders(<ModelingWorkspace projectId="p1" />, api.client);
    expect(await screen.findByText('diagram of 2 models', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Big orders')).toBeInTheDocument();
    expect(screen.getByTestId('sync-status')).toHaveTextContent('Undeployed changes');
    useFastClock();
    fireEvent.click(screen.getByRole('button', { name: /Deploy$/ }));
    await waitFor(() => expect(screen.getByTestId('sync-status')).toHaveTextContent('Deploying…'));
    await elapse(2 * DEPLOY_POLL_MS);
    await waitFor(() => expect(screen.getByTestId('sync-status')).toHaveTextContent('Synced'));
    expect(api.callsOf('Deploy')).toEqual([{ projectId: 'p1' }]);
  });

  it('says a deploy failed with the catalogue text', async () => {
    let deployed = false;
    const api = mockOperations({
      ModelingDiagram: { data: DIAGRAM },
      DeployStatus: () => (deployed ? status('UNSYNCRONIZED', 'FAILED') : status('UNSYNCRONIZED')),
      Deploy: () => {
        deployed = true;
        return { data: { deploy: { status: 'IN_PROGRESS', error: null, deployId: 'd1' } } };
      },
    });
    renderWithProviders(<ModelingWorkspace projectId="p1" />, api.client);
    fireEvent.click(await screen.findByRole('button', { name: /Deploy$/ }, { timeout: 10_000 }));
    expect(await screen.findByText('Failed to deploy. Please check the log for more details.', {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 30_000);

  it('opens a model and shows why a calculated field was refused', async () => {
    const api = mockOperations({
      ModelingDiagram: { data: DIAGRAM },
      DeployStatus: status('SYNCRONIZED', 'SUCCESS'),
      CreateCalculatedField: { error: { code: 'INVALID_CALCULATED_FIELD', message: 'Invalid calculated field: customers has no column "amount".' } },
      UpdateCalculatedField: { data: { updateCalculatedField: true } },
    });
    renderWithProviders(<ModelingWorkspace projectId="p1" />, api.client);
    fireEvent.click(await screen.findByText('Customers', {}, { timeout: 10_000 }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('table', { name: 'Columns' })).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Calculated fields' }));
    expect(within(within(drawer).getByRole('table', { name: 'Calculated fields' })).getByText('SUM(orders.amount)')).toBeInTheDocument();
    fireEvent.change(within(drawer).getByLabelText('Name'), { target: { value: 'bad' } });
    fireEvent.change(within(drawer).getByLabelText('Expression'), { target: { value: 'SUM(amount)' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add field' }));
    expect(await within(drawer).findByText('Invalid calculated field: customers has no column "amount".', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.callsOf('CreateCalculatedField')).toEqual([{ modelId: 'm1', data: { name: 'bad', expression: 'SUM(amount)' } }]);
    // An existing field is edited in the same form.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Edit' }));
    expect(within(drawer).getByLabelText('Expression')).toHaveValue('SUM(orders.amount)');
    fireEvent.change(within(drawer).getByLabelText('Expression'), { target: { value: 'AVG(orders.amount)' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save field' }));
    await waitFor(() => expect(api.callsOf('UpdateCalculatedField')).toEqual([{ columnId: 'c2', data: { name: 'total', expression: 'AVG(orders.amount)' } }]), { timeout: 10_000 });
  }, 60_000);

  it('adds a model of a SQL statement', async () => {
    const api = mockOperations({
      ModelingDiagram: { data: DIAGRAM },
      DeployStatus: status('SYNCRONIZED', 'SUCCESS'),
      ListDataSourceTables: { data: { listDataSourceTables: [] } },
      CreateModel: { data: { createModel: 'm9' } },
    });
    renderWithProviders(<ModelingWorkspace projectId="p1" />, api.client);
    fireEvent.click(await screen.findByRole('button', { name: /Add model/ }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('From SQL'));
    fireEvent.change(await within(dialog).findByLabelText('Name'), { target: { value: 'Big spenders' } });
    fireEvent.change(within(dialog).getByLabelText('SQL'), { target: { value: 'SELECT 1 AS x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsOf('CreateModel')).toEqual([{ data: { projectId: 'p1', name: 'Big spenders', sourceSql: 'SELECT 1 AS x' } }]), { timeout: 10_000 });
  }, 30_000);

  it('shows a viewer the models without the buttons that change them', async () => {
    const api = mockOperations({
      ModelingDiagram: { data: DIAGRAM },
      DeployStatus: status('UNSYNCRONIZED'),
      Me: { data: { me: { id: 'u1', currentOrgRole: 'MEMBER', currentProject: { id: 'p1', permissions: permissionsAs('VIEWER') }, currentProjectRole: 'VIEWER' } } },
    });
    renderWithProviders(<ModelingWorkspace projectId="p1" />, api.client);
    expect(await screen.findByText('diagram of 2 models', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Add model/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Import MDL' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Deploy$/ })).toBeDisabled();
    fireEvent.click(screen.getByText('Customers'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  }, 30_000);

  it('opens the first model on the goToFirstModel event', async () => {
    const api = mockOperations({ ModelingDiagram: { data: DIAGRAM }, DeployStatus: status('SYNCRONIZED', 'SUCCESS') });
    renderWithProviders(<ModelingWorkspace projectId="p1" />, api.client);
    await screen.findByText('diagram of 2 models', {}, { timeout: 10_000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event(GO_TO_FIRST_MODEL_EVENT));
    });
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('public.customers')).toBeInTheDocument();
  }, 30_000);

  it('offers to connect a source when there are no models', async () => {
    const api = mockOperations({ ModelingDiagram: { data: { models: [], relationships: [], views: [], metrics: [] } }, DeployStatus: status('UNSYNCRONIZED') });
    renderWithProviders(<ModelingWorkspace projectId="p1" />, api.client);
    expect(await screen.findByText('No Data', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect a data source' })).toBeInTheDocument();
  });
});
