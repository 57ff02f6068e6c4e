// PRODUCT.md §3 data sources and sample datasets, as the setup page lists them.
export const DATA_SOURCES = [
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
] as const;

export const SAMPLE_DATASETS = [
  { name: 'ECOMMERCE', label: 'E-commerce', description: 'Orders, customers and products of an online shop.' },
  { name: 'HR', label: 'Human resources', description: 'Employees, departments, salaries and titles.' },
  { name: 'MUSIC', label: 'Music', description: 'Artists, albums, tracks and invoices of a music store.' },
  { name: 'NBA', label: 'NBA', description: 'Teams, players, games and box scores.' },
] as const;
