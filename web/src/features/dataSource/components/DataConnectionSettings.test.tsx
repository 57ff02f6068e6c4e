import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { permissionsAs } from '../../../test/permissions';
import { DataConnectionSettings } from './DataConnectionSettings';

const PROJECT = {
  data: {
    project: {
      id: 'p1',
      orgId: 'o1',
      displayName: 'Shop',
      language: 'EN',
      timezone: 'UTC',
      onboardingStatus: 'ONBOARDING_FINISHED',
      state: 'ACTIVE',
      createdAt: '2024-01-01T00:00:00Z',
      myRole: 'OWNER',
      myPermissions: permissionsAs('OWNER'),
    },
  },
};

const SOURCE = {
  data: {
    dataSource: {
      type: 'POSTGRES',
      properties: { host: 'db.local', port: 5432, database: 'shop', user: 'reader', schemas: ['public'], ssl: false },
      sampleDataset: null,
    },
  },
};

const CHANGE = {
  data: {
    schemaChange: {
      addedTables: ['public.refunds'],
      removedTables: [],
      addedColumns: ['orders.coupon'],
      removedColumns: [],
      changedColumns: [],
      detectedAt: '2024-05-01T10:00:00Z',
    },
  },
};

function renderSettings(resolvers: Parameters<typeof mockOperations>[0] = {}) {
  const api = mockOperations({ Project: PROJECT, DataSource: SOURCE, SchemaChange: CHANGE, ...resolvers });
  renderWithProviders(<DataConnectionSettings projectId="p1" />, api.client);
  return api;
}

describe('DataConnectionSettings', () => {
  it('shows the saved source, tests it and saves with a blank password left out', async () => {
    const api = renderSettings({
      TestDataSourceConnection: { data: { testDataSourceConnection: true } },
      UpdateDataSource: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'database "shop2" does not exist' } },
    });
    const saved = await screen.findByRole('heading', { name: 'Data connection' }, { timeout: 10_000 });
    expect(saved).toBeInTheDocument();
    expect(screen.getByText('PostgreSQL')).toBeInTheDocument();
    expect(screen.getByLabelText('Host')).toHaveValue('db.local');
    expect(screen.getByLabelText('Password')).toHaveValue('');

    fireEvent.change(screen.getByLabelText('Database'), { target: { value: 'shop2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connection successful', {}, { timeout: 10_000 })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Failed to update data source. database "shop2" does not exist.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const [update] = api.callsOf('UpdateDataSource');
    expect(update).toEqual({
      projectId: 'p1',
      data: {
        type: 'POSTGRES',
        properties: { host: 'db.local', port: 5432, database: 'shop2', user: 'reader', schemas: ['public'], ssl: false },
      },
    });
  });

  it('lists detected schema changes and applies them', async () => {
    const api = renderSettings({ ResolveSchemaChange: { data: { resolveSchemaChange: true } } });
    const tables = await screen.findByRole('list', { name: 'Added tables' }, { timeout: 10_000 });
    expect(within(tables).getByText('public.refunds')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Added columns' })).getByText('orders.coupon')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Detect schema changes/ })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    expect(await screen.findByText('Schema changes applied.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.callsOf('ResolveSchemaChange')).toEqual([{ projectId: 'p1' }]);
  });

  it('lists the imported CSV files of a CSV source with their outcome, and offers more uploads', async () => {
    renderSettings({
      DataSource: { data: { dataSource: { type: 'CSV', properties: {}, sampleDataset: null } } },
      CsvImportJobs: {
        data: {
          csvImportJobs: [
            { id: 'j2', state: 'ERROR', error: 'Line 3, column 4: expected 3 columns like the header, found 4.', fileName: 'orders.csv', tableName: 'orders', rowCount: null, notes: [], createdAt: '2024-05-02T10:00:00Z' },
            { id: 'j1', state: 'SUCCESS', error: null, fileName: 'Orders.csv', tableName: 'orders', rowCount: 12500, notes: ["3 values 'NA' read as missing (amount 3)"], createdAt: '2024-05-01T10:00:00Z' },
          ],
        },
      },
    });
    const files = await screen.findByRole('table', { name: 'Imported CSV files' }, { timeout: 10_000 });
    expect(within(files).getByText('12,500')).toBeInTheDocument();
    expect(within(files).getByText('Line 3, column 4: expected 3 columns like the header, found 4.')).toBeInTheDocument();
    expect(within(files).getByText('Imported')).toBeInTheDocument();
    expect(screen.getByText('CSV files have no connection settings to edit.')).toBeInTheDocument();
    expect(screen.getByLabelText('CSV files')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'How Orders.csv was read' })).getByText("3 values 'NA' read as missing (amount 3)")).toBeInTheDocument();
  });

  it("changes an imported column's type and says how many values converted", async () => {
    const api = renderSettings({
      DataSource: { data: { dataSource: { type: 'CSV', properties: {}, sampleDataset: null } } },
      CsvImportJobs: { data: { csvImportJobs: [] } },
      CsvTableColumns: {
        data: { listDataSourceTables: [{ name: 'parts', columns: [{ name: 'code', type: 'BIGINT', family: 'INTEGER' }] }] },
      },
      ChangeCsvColumnType: {
        data: { changeCsvColumnType: { table: 'parts', column: 'code', type: 'VARCHAR', family: 'TEXT', converted: 3, failed: 1 } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: "Change a column's type" }, { timeout: 10_000 }));
    const pick = async (label: string, option: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
      fireEvent.click(await screen.findByTitle(option));
    };
    await pick('Table', 'parts');
    await pick('Column', 'code (BIGINT)');
    await pick('New type', 'Text');
    fireEvent.click(screen.getByRole('button', { name: 'Change type' }));
    expect(await screen.findByText('code is now VARCHAR: 3 values converted; 1 could not be read and is now missing.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.callsOf('ChangeCsvColumnType')).toEqual([{ projectId: 'p1', table: 'parts', column: 'code', type: 'TEXT' }]);
  });

  it('offers a data sync for a Postgres source', async () => {
    const api = renderSettings({ DataSync: { data: { dataSync: null, syncJobs: [] } } });
    expect(await screen.findByRole('button', { name: 'Set up a sync' }, { timeout: 10_000 })).toBeEnabled();
    expect(api.callsOf('DataSync')).toEqual([{ projectId: 'p1' }]);
  });

  it('has no data sync for a CSV source', async () => {
    const api = renderSettings({
      DataSource: { data: { dataSource: { type: 'CSV', properties: {}, sampleDataset: null } } },
      CsvImportJobs: { data: { csvImportJobs: [] } },
    });
    await screen.findByText('CSV files have no connection settings to edit.', {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Set up a sync' })).not.toBeInTheDocument();
    expect(api.callsOf('DataSync')).toEqual([]);
  });
});
