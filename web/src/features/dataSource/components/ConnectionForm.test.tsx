import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, Form } from '../../../components/ui';
import type { DataSourceType } from '../../../gql/graphql';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { toDataSourceInput, type ConnectionValues } from '../dataSources';
import { ConnectionForm, type ConnectionFormMode } from './ConnectionForm';
import { ConnectionSetup } from './ConnectionSetup';

function Harness({ type, mode = 'create' }: { type: DataSourceType; mode?: ConnectionFormMode }) {
  const [form] = Form.useForm<ConnectionValues>();
  return (
    <ConnectionForm type={type} form={form} mode={mode}>
      <Button htmlType="submit">Submit</Button>
    </ConnectionForm>
  );
}

const labelsOf = (container: HTMLElement) =>
  [...container.querySelectorAll('.ant-form-item-label label')].map((label) => label.textContent);

describe('ConnectionForm', () => {
  it.each<[DataSourceType, string[]]>([
    ['POSTGRES', ['Host', 'Port', 'Database', 'User', 'Password', 'Schemas', 'Use SSL']],
    ['REDSHIFT', ['Host', 'Port', 'Database', 'User', 'Password', 'Schemas', 'Use SSL']],
    ['MYSQL', ['Host', 'Port', 'Database', 'User', 'Password', 'Use SSL']],
    ['DUCKDB', ['Database file path']],
    ['ATHENA', ['AWS region', 'S3 staging directory', 'Database', 'Workgroup', 'Data catalog', 'AWS access key ID', 'AWS secret access key', 'Endpoint']],
    ['BIG_QUERY', ['Project ID', 'Dataset ID', 'Credentials JSON']],
    ['CLICK_HOUSE', ['Host', 'Port', 'Database', 'User', 'Password', 'Use SSL']],
    ['MSSQL', ['Host', 'Port', 'Database', 'User', 'Password', 'Trust server certificate']],
    ['ORACLE', ['Host', 'Port', 'Service name', 'User', 'Password']],
    ['SNOWFLAKE', ['Account', 'Warehouse', 'Database', 'Schema', 'Programmatic access token', 'Role']],
    ['TRINO', ['Host', 'Port', 'Catalog', 'Schema', 'User', 'Password', 'Use SSL']],
  ])('renders the %s fields', (type, labels) => {
    const { container } = renderWithProviders(<Harness type={type} />);
    expect(labelsOf(container)).toEqual(labels);
    for (const label of labels) expect(screen.getByLabelText(label)).toBeInTheDocument();
  });

  it('asks for the host before anything is sent', async () => {
    renderWithProviders(<Harness type="POSTGRES" />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter Host', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Please enter Password')).toBeInTheDocument();
  });

  it('does not ask for a saved password when editing', async () => {
    renderWithProviders(<Harness type="MYSQL" mode="edit" />);
    expect(screen.getByLabelText('Password')).toHaveAttribute('placeholder', 'Leave blank to keep the saved value');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter Host', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Please enter Password')).not.toBeInTheDocument();
  });
});

describe('toDataSourceInput', () => {
  it('trims, types and drops empty values', () => {
    expect(
      toDataSourceInput('POSTGRES', {
        host: ' db.local ',
        port: 5432,
        database: 'shop',
        user: 'reader',
        password: ' secret ',
        schemas: ['public', ' sales '],
        ssl: undefined,
      }),
    ).toEqual({
      type: 'POSTGRES',
      properties: { host: 'db.local', port: 5432, database: 'shop', user: 'reader', password: ' secret ', schemas: ['public', 'sales'], ssl: false },
    });
  });

  it('leaves a blank password out so the saved one stays', () => {
    const input = toDataSourceInput('MYSQL', { host: 'h', port: 3306, database: 'd', user: 'u', password: '', ssl: true });
    expect(input.properties).not.toHaveProperty('password');
  });
});

describe('ConnectionSetup', () => {
  const values = { Host: 'db.invalid', Database: 'shop', User: 'reader', Password: 'pw' };
  const fill = () => {
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
  };

  it('shows the server reason inline when the connection is refused', async () => {
    const api = mockOperations({
      TestDataSourceConnection: { error: { code: 'CONNECTION_REFUSED', message: 'could not translate host name "db.invalid"' } },
    });
    renderWithProviders(<ConnectionSetup projectId="p1" type="POSTGRES" onBack={() => undefined} />, api.client);

    expect(screen.getByRole('heading', { name: 'Connect PostgreSQL' })).toBeInTheDocument();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));

    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByText('could not translate host name "db.invalid"')).toBeInTheDocument();
    expect(api.callsOf('TestDataSourceConnection')[0]).toEqual({
      projectId: 'p1',
      data: {
        type: 'POSTGRES',
        properties: { host: 'db.invalid', port: 5432, database: 'shop', user: 'reader', password: 'pw', ssl: false },
      },
    });
  });

  it('saves the source and goes on to the models', async () => {
    const api = mockOperations({ SaveDataSource: { data: { saveDataSource: { type: 'MYSQL', properties: {}, sampleDataset: null } } } });
    renderWithProviders(<ConnectionSetup projectId="p1" type="MYSQL" onBack={() => undefined} />, api.client, {
      route: '/projects/p1/setup/connection',
      path: '/projects/:projectId/setup/connection',
    });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1/setup/models'), {
      timeout: 10_000,
    });
    expect(api.callsOf('SaveDataSource')[0]).toMatchObject({ data: { type: 'MYSQL', properties: { port: 3306 } } });
  });
});
