import type { DataSourceInput, DataSourceType } from '../../gql/graphql';

// PRODUCT.md §3 data sources, as the setup page lists them.
export const DATA_SOURCES: readonly { type: DataSourceType; label: string }[] = [
  { type: 'POSTGRES', label: 'PostgreSQL' },
  { type: 'MYSQL', label: 'MySQL' },
  { type: 'MSSQL', label: 'SQL Server' },
  { type: 'ORACLE', label: 'Oracle' },
  { type: 'BIG_QUERY', label: 'BigQuery' },
  { type: 'SNOWFLAKE', label: 'Snowflake' },
  { type: 'REDSHIFT', label: 'Amazon Redshift' },
  { type: 'ATHENA', label: 'Amazon Athena' },
  { type: 'CLICK_HOUSE', label: 'ClickHouse' },
  { type: 'TRINO', label: 'Trino' },
  { type: 'DUCKDB', label: 'DuckDB' },
  { type: 'CSV', label: 'CSV file' },
];

export function dataSourceLabel(type: DataSourceType): string {
  return DATA_SOURCES.find((source) => source.type === type)?.label ?? type;
}

export type ConnectionFieldKind = 'text' | 'password' | 'port' | 'switch' | 'tags' | 'json';

/** One connection setting: its key in `DataSource.properties`, its form label and input. */
export interface ConnectionField {
  name: string;
  label: string;
  kind: ConnectionFieldKind;
  required?: boolean;
  /** Never returned by the api; left blank when editing, it keeps the stored value. */
  secret?: boolean;
  placeholder?: string;
  extra?: string;
  initialValue?: string | number | boolean | string[];
}

const host: ConnectionField = { name: 'host', label: 'Host', kind: 'text', required: true, placeholder: 'db.example.com' };
const port = (initialValue: number): ConnectionField => ({ name: 'port', label: 'Port', kind: 'port', required: true, initialValue });
const database: ConnectionField = { name: 'database', label: 'Database', kind: 'text', required: true };
const user: ConnectionField = { name: 'user', label: 'User', kind: 'text', required: true };
const password: ConnectionField = { name: 'password', label: 'Password', kind: 'password', required: true, secret: true };
const ssl: ConnectionField = { name: 'ssl', label: 'Use SSL', kind: 'switch', initialValue: false };
const schemas: ConnectionField = {
  name: 'schemas',
  label: 'Schemas',
  kind: 'tags',
  placeholder: 'public',
  extra: 'The schemas to read tables from; all of them when empty. Separate names with commas.',
};

/** The connection form of each data source type (CSV has none: its files are uploaded). */
export const CONNECTION_FIELDS: Record<DataSourceType, ConnectionField[]> = {
  POSTGRES: [host, port(5432), database, user, password, schemas, ssl],
  REDSHIFT: [host, port(5439), database, user, password, schemas, ssl],
  MYSQL: [host, port(3306), database, user, password, ssl],
  DUCKDB: [
    {
      name: 'path',
      label: 'Database file path',
      kind: 'text',
      required: true,
      placeholder: '/data/analytics.duckdb',
      extra: 'The path of the DuckDB database file on the Quarry server.',
    },
  ],
  CSV: [],
  ATHENA: [
    { name: 'region', label: 'AWS region', kind: 'text', required: true, placeholder: 'us-east-1' },
    { name: 's3StagingDir', label: 'S3 staging directory', kind: 'text', required: true, placeholder: 's3://bucket/athena-results/' },
    { name: 'database', label: 'Database', kind: 'text', required: true },
    { name: 'workgroup', label: 'Workgroup', kind: 'text', initialValue: 'primary' },
    { name: 'catalog', label: 'Data catalog', kind: 'text', initialValue: 'AwsDataCatalog' },
    { name: 'accessKeyId', label: 'AWS access key ID', kind: 'password', required: true, secret: true },
    { name: 'secretAccessKey', label: 'AWS secret access key', kind: 'password', required: true, secret: true },
    {
      name: 'endpoint',
      label: 'Endpoint',
      kind: 'text',
      placeholder: 'https://vpce-….athena.us-east-1.vpce.amazonaws.com',
      extra: "Only for a VPC endpoint; empty: the region's Athena endpoint.",
    },
  ],
  BIG_QUERY: [
    { name: 'projectId', label: 'Project ID', kind: 'text', required: true },
    { name: 'datasetId', label: 'Dataset ID', kind: 'text', required: true },
    {
      name: 'credentials',
      label: 'Credentials JSON',
      kind: 'json',
      required: true,
      secret: true,
      extra: 'The JSON key file of a service account that can read the dataset.',
    },
  ],
  CLICK_HOUSE: [host, port(8443), database, user, password, { ...ssl, initialValue: true }],
  MSSQL: [
    host,
    port(1433),
    database,
    user,
    password,
    { name: 'trustServerCertificate', label: 'Trust server certificate', kind: 'switch', initialValue: false },
  ],
  ORACLE: [host, port(1521), { ...database, label: 'Service name' }, user, password],
  SNOWFLAKE: [
    { name: 'account', label: 'Account', kind: 'text', required: true, placeholder: 'xy12345.eu-west-1' },
    { name: 'warehouse', label: 'Warehouse', kind: 'text', required: true },
    database,
    { name: 'schema', label: 'Schema', kind: 'text', required: true, placeholder: 'PUBLIC' },
    { name: 'token', label: 'Programmatic access token', kind: 'password', required: true, secret: true, extra: 'Made in Snowsight under the user who queries; its role decides what Quarry can read.' },
    { name: 'role', label: 'Role', kind: 'text' },
  ],
  TRINO: [
    host,
    port(8080),
    { name: 'catalog', label: 'Catalog', kind: 'text', required: true },
    { name: 'schema', label: 'Schema', kind: 'text', required: true },
    user,
    { ...password, required: false },
    ssl,
  ],
};

export type ConnectionValues = Record<string, unknown>;

/** The form's starting values: each field's default, overridden by saved (secret-free) properties. */
export function initialConnectionValues(type: DataSourceType, saved?: Record<string, unknown> | null): ConnectionValues {
  const values: ConnectionValues = {};
  for (const field of CONNECTION_FIELDS[type]) {
    const stored = field.secret ? undefined : saved?.[field.name];
    if (stored !== undefined && stored !== null) values[field.name] = stored;
    else if (field.initialValue !== undefined) values[field.name] = field.initialValue;
  }
  return values;
}

/**
 * The api input for the form's values: strings trimmed, empty optional values left out and,
 * when editing, blank secrets left out so the stored ones stay.
 */
export function toDataSourceInput(type: DataSourceType, values: ConnectionValues): DataSourceInput {
  const properties: Record<string, unknown> = {};
  for (const field of CONNECTION_FIELDS[type]) {
    const value = values[field.name];
    if (field.kind === 'switch') {
      properties[field.name] = Boolean(value);
    } else if (field.kind === 'port') {
      if (value !== undefined && value !== null && value !== '') properties[field.name] = Number(value);
    } else if (field.kind === 'tags') {
      const list = (Array.isArray(value) ? value : []).map((item) => String(item).trim()).filter(Boolean);
      if (list.length > 0) properties[field.name] = list;
    } else if (typeof value === 'string') {
      const text = field.kind === 'password' ? value : value.trim();
      if (text.trim() !== '') properties[field.name] = text;
    }
  }
  return { type, properties };
}

/** A saved property as people read it (secrets are never among them). */
export function formatProperty(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
