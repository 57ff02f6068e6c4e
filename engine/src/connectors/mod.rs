//! Data-source connectors: one [`Connector`] per source, built by [`connect`] from the
//! source's type and settings. A connector holds settings only; every call opens its own
//! connection (or database handle) and closes it before returning.
//!
//! Values come back as JSON, by family:
//! - BOOLEAN → `true`/`false`; INTEGER, FLOAT, OID → numbers (INTEGERs beyond 64 bits, and
//!   NaN/±Infinity, → strings);
//! - DECIMAL → a **string** holding the exact decimal (`"12345.67"`): no precision is lost;
//! - DATE → `"2024-01-31"`; TIMESTAMP → `"2024-01-31T13:45:00.500"` (fractions of a second
//!   in groups of three digits, none when zero); TIMESTAMPTZ → in UTC, `"2024-01-31T13:45:00Z"`;
//!   INTERVAL → an ISO-8601 duration (`"P1Y2M3DT4H5M6.5S"`); a time of day (family TEXT) →
//!   `"13:45:00"`;
//! - JSON → the JSON value itself; BINARY → base64 (standard alphabet, padded);
//! - UUID, INET, TEXT → strings; RECORD → JSON arrays/objects where the source gives
//!   structure (DuckDB), its text form otherwise (Postgres arrays: `"{1,2}"`);
//! - NULL → `null`. Values a conversion does not understand are kept as their text.

mod athena;
mod clickhouse;
mod duckdb;
pub mod families;
mod mysql;
mod postgres;
pub mod properties;
mod snowflake;
mod source_type;
mod trino;
mod values;

pub use self::duckdb::{
    DUCKDB_FILE_UNAVAILABLE, DuckDbConnector, duckdb_source_path, is_lock_conflict, open_duckdb_read_only, value_to_json as duckdb_value_to_json,
};
pub use athena::AthenaConnector;
pub use clickhouse::ClickHouseConnector;
pub use families::ColumnTypeFamily;
pub use mysql::MySqlConnector;
pub use postgres::PostgresConnector;
pub use properties::{
    AthenaProperties, ClickHouseProperties, ConnectionProperties, CsvProperties, DuckDbProperties, MySqlProperties, PostgresProperties, SECRET_KEYS,
    SnowflakeProperties, TrinoProperties, merge_secrets, properties_without_secrets, split_secrets,
};
pub use snowflake::SnowflakeConnector;
pub use source_type::{DataSourceType, UnknownDataSourceType};
pub use trino::TrinoConnector;

use crate::network::NetworkPolicy;
use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::{future::Future, path::PathBuf, sync::Arc, time::Duration};
use tokio_util::sync::CancellationToken;

/// How long opening a connection may take before it counts as refused.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);
/// After a time-out or cancel, how long to wait for the source to stop the query.
const STOP_GRACE: Duration = Duration::from_secs(5);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConnectorError {
    /// The source could not be reached or refused us; carries its reason, e.g.
    /// `password authentication failed for user "quarry"`.
    #[error("{0}")]
    ConnectionRefused(String),
    /// `"<Name> is not yet supported"`.
    #[error("{0}")]
    NotSupported(String),
    #[error("invalid connection settings: {0}")]
    InvalidProperties(String),
    /// The source rejected or failed the statement; carries its message.
    #[error("{0}")]
    Query(String),
    #[error("the query took longer than the {}s limit and was stopped", .0.as_secs_f64())]
    Timeout(Duration),
    #[error("the query was cancelled")]
    Cancelled,
}

/// A table or view of the source, with its columns in their declared order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceTable {
    /// Postgres/DuckDB schema; for MySQL the database.
    pub schema: String,
    pub name: String,
    pub columns: Vec<SourceColumn>,
}

impl SourceTable {
    /// The columns of the primary key, in column order (several for a composite key).
    pub fn primary_key(&self) -> Vec<&str> {
        self.columns.iter().filter(|c| c.is_primary_key).map(|c| c.name.as_str()).collect()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceColumn {
    pub name: String,
    /// The type as the source names it (`numeric(10,2)`, `varchar(255)`, `DECIMAL(18,3)`).
    pub type_name: String,
    pub family: ColumnTypeFamily,
    pub not_null: bool,
    pub is_primary_key: bool,
}

/// A foreign key; composite keys list their columns pairwise in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForeignKey {
    pub from_schema: String,
    pub from_table: String,
    pub from_columns: Vec<String>,
    pub to_schema: String,
    pub to_table: String,
    pub to_columns: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultColumn {
    pub name: String,
    pub type_name: String,
    pub family: ColumnTypeFamily,
    /// The semantic layer's name for the column, when it names it otherwise than `name`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    /// How the semantic layer says its values read (`compile::describe`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<crate::mdl::DisplayFormat>,
}

impl ResultColumn {
    /// A column as the source describes it, before the semantic layer says more.
    pub fn new(name: impl Into<String>, type_name: impl Into<String>, family: ColumnTypeFamily) -> Self {
        Self { name: name.into(), type_name: type_name.into(), family, display_name: None, format: None }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueryResult {
    pub columns: Vec<ResultColumn>,
    /// At most `row_limit` rows, each with one value per column (see the module docs).
    pub rows: Vec<Vec<Value>>,
    /// The query had more rows than `row_limit`.
    pub truncated: bool,
}

#[derive(Debug, Clone)]
pub struct QueryOptions {
    pub row_limit: usize,
    /// Enforced at the source (statement timeout) and, as a backstop, here.
    pub timeout: Duration,
    /// Cancelling it stops the running query at the source.
    pub cancel: CancellationToken,
}

impl QueryOptions {
    pub fn new(row_limit: usize, timeout: Duration) -> Self {
        Self { row_limit, timeout, cancel: CancellationToken::new() }
    }
}

impl Default for QueryOptions {
    fn default() -> Self {
        Self::new(1000, Duration::from_secs(60))
    }
}

#[async_trait]
pub trait Connector: Send + Sync + std::fmt::Debug {
    fn source_type(&self) -> DataSourceType;

    /// Connects and runs a trivial statement.
    async fn test(&self) -> Result<(), ConnectorError>;

    /// Tables and views in (schema, name) order, with columns (in table order), families and
    /// primary keys.
    async fn tables(&self) -> Result<Vec<SourceTable>, ConnectorError>;

    async fn foreign_keys(&self) -> Result<Vec<ForeignKey>, ConnectorError>;

    /// The result columns of `sql` without running it (the source parses and plans it, so a
    /// bad query fails with the source's message).
    async fn dry_run(&self, sql: &str) -> Result<Vec<ResultColumn>, ConnectorError>;

    /// Runs one read-only statement.
    async fn query(&self, sql: &str, options: QueryOptions) -> Result<QueryResult, ConnectorError>;
}

/// What a tenant's connection settings may reach. Built once from the operator's
/// configuration and handed to every connector that is made from tenant settings.
#[derive(Debug, Clone, Default)]
pub struct SourcePolicy {
    /// Hosts of POSTGRES, REDSHIFT, MYSQL, TRINO, CLICK_HOUSE, ATHENA and SNOWFLAKE sources.
    pub network: Arc<NetworkPolicy>,
    /// DUCKDB sources are files under this directory; `None`: the type is unavailable.
    pub duckdb_dir: Option<PathBuf>,
    /// Quarry's own files (projects' CSV stores, samples): never a DUCKDB source, even when
    /// `duckdb_dir` overlaps it.
    pub private_dir: Option<PathBuf>,
}

impl SourcePolicy {
    /// Any host, any DuckDB file under `/`: for connector tests against local servers.
    pub fn permissive() -> Self {
        Self { network: Arc::new(NetworkPolicy::permissive()), duckdb_dir: Some(PathBuf::from("/")), private_dir: None }
    }
}

/// The connector of a data source. Checks the settings (and, for DUCKDB, the file) against
/// `policy`; does not connect yet (hosts are checked when a connection opens).
pub fn connect(source_type: DataSourceType, properties: &Value, policy: &SourcePolicy) -> Result<Box<dyn Connector>, ConnectorError> {
    connector_for(ConnectionProperties::parse(source_type, properties)?, policy)
}

pub fn connector_for(properties: ConnectionProperties, policy: &SourcePolicy) -> Result<Box<dyn Connector>, ConnectorError> {
    let network = || policy.network.clone();
    Ok(match properties {
        ConnectionProperties::Postgres(p) => Box::new(PostgresConnector::new(DataSourceType::Postgres, p, network())),
        ConnectionProperties::Redshift(p) => Box::new(PostgresConnector::new(DataSourceType::Redshift, p, network())),
        ConnectionProperties::Mysql(p) => Box::new(MySqlConnector::new(p, network())),
        ConnectionProperties::Trino(p) => Box::new(TrinoConnector::new(p, network())),
        ConnectionProperties::ClickHouse(p) => Box::new(ClickHouseConnector::new(p, network())),
        ConnectionProperties::Athena(p) => Box::new(AthenaConnector::new(p, network())),
        ConnectionProperties::Snowflake(p) => Box::new(SnowflakeConnector::new(p, network())),
        ConnectionProperties::Duckdb(p) => Box::new(DuckDbConnector::duckdb(duckdb_source_path(policy, &p.path)?)),
        // The directory is the project's own, which only the caller knows: never a setting.
        ConnectionProperties::Csv => {
            return Err(ConnectorError::InvalidProperties("a CSV source is made by uploading files to the project".into()));
        }
        ConnectionProperties::Other { source_type, .. } => return Err(not_supported(source_type)),
    })
}

pub fn not_supported(source_type: DataSourceType) -> ConnectorError {
    ConnectorError::NotSupported(format!("{} is not yet supported", source_type.display_name()))
}

/// The statement without trailing semicolons and blanks, ready to be wrapped.
pub(crate) fn statement_body(sql: &str) -> Result<&str, ConnectorError> {
    let body = sql.trim().trim_end_matches(|c: char| c == ';' || c.is_whitespace());
    if body.is_empty() {
        return Err(ConnectorError::Query("the query is empty".into()));
    }
    Ok(body)
}

/// Tables in (schema, name) order, whatever the source's collation.
pub(crate) fn sort_tables(tables: &mut [SourceTable]) {
    tables.sort_by(|a, b| (&a.schema, &a.name).cmp(&(&b.schema, &b.name)));
}

pub(crate) fn sort_foreign_keys(keys: &mut [ForeignKey]) {
    keys.sort_by(|a, b| (&a.from_schema, &a.from_table, &a.from_columns).cmp(&(&b.from_schema, &b.from_table, &b.from_columns)));
}

/// The most bytes of values one result keeps (measured as their JSON text), whatever its
/// row limit: a few rows of huge values must not exhaust the process.
pub const MAX_RESULT_BYTES: usize = 32 << 20;

/// What is left of [`MAX_RESULT_BYTES`] while a connector reads rows.
pub(crate) struct ResultBudget {
    left: usize,
}

impl ResultBudget {
    pub(crate) fn new() -> Self {
        Self { left: MAX_RESULT_BYTES }
    }

    /// Counts `row` against the budget; false (and the row is not to be kept) once it is spent.
    pub(crate) fn take(&mut self, row: &[Value]) -> bool {
        let size: usize = row.iter().map(json_size).sum();
        match self.left.checked_sub(size) {
            Some(left) => {
                self.left = left;
                true
            }
            None => false,
        }
    }
}

fn json_size(value: &Value) -> usize {
    match value {
        Value::String(text) => text.len() + 2,
        Value::Array(items) => 2 + items.iter().map(json_size).sum::<usize>(),
        Value::Object(map) => 2 + map.iter().map(|(k, v)| k.len() + 3 + json_size(v)).sum::<usize>(),
        _ => 8,
    }
}

/// What a statement gave a connector that reads it page by page: its columns, the rows read
/// (at most the limit plus one), and whether there were more.
#[derive(Debug, Default)]
pub(crate) struct PagedRead {
    pub(crate) columns: Vec<ResultColumn>,
    pub(crate) rows: Vec<Vec<Value>>,
    pub(crate) more: bool,
}

impl PagedRead {
    /// Keeps `row` unless `row_limit + 1` rows are read or the budget is spent (then there
    /// were more); false once no more rows are wanted.
    pub(crate) fn keep(&mut self, row: Vec<Value>, row_limit: usize, budget: &mut ResultBudget) -> bool {
        if self.rows.len() > row_limit || !budget.take(&row) {
            self.more = true;
            return false;
        }
        self.rows.push(row);
        true
    }

    /// Whether enough rows are read: the rest of the statement is not wanted.
    pub(crate) fn enough(&self, row_limit: usize) -> bool {
        self.more || self.rows.len() > row_limit
    }

    pub(crate) fn into_result(self, row_limit: usize) -> QueryResult {
        let (rows, truncated) = limit_rows(self.rows, row_limit);
        QueryResult { columns: self.columns, rows, truncated: truncated || self.more }
    }
}

/// Tables from an `INFORMATION_SCHEMA.COLUMNS`-like read: rows of (schema, table, column,
/// type, nullable `YES`/`NO`, …) ordered by table and position, each column's family from
/// `family` (its type and the whole row). In (schema, name) order.
pub(crate) fn tables_of_columns(rows: Vec<Vec<Value>>, family: impl Fn(&str, &[Value]) -> ColumnTypeFamily) -> Vec<SourceTable> {
    let mut tables: Vec<SourceTable> = Vec::new();
    for row in rows {
        let text = |i: usize| row.get(i).and_then(Value::as_str).unwrap_or_default().to_owned();
        let (schema, name, type_name) = (text(0), text(1), text(3));
        let column = SourceColumn { name: text(2), family: family(&type_name, &row), type_name, not_null: text(4) == "NO", is_primary_key: false };
        match tables.last_mut() {
            Some(last) if last.schema == schema && last.name == name => last.columns.push(column),
            _ => tables.push(SourceTable { schema, name, columns: vec![column] }),
        }
    }
    sort_tables(&mut tables);
    tables
}

/// A statement that gives the columns of `body` (a statement without its semicolon) and no row.
pub(crate) fn columns_only(body: &str) -> String {
    format!("SELECT * FROM ({body}) AS dry_run LIMIT 0")
}

/// Rows fetched → (at most `row_limit` rows, whether there were more).
pub(crate) fn limit_rows(mut rows: Vec<Vec<Value>>, row_limit: usize) -> (Vec<Vec<Value>>, bool) {
    let truncated = rows.len() > row_limit;
    rows.truncate(row_limit);
    (rows, truncated)
}

/// Runs `work`; if the time limit passes or `cancel` fires first, starts `stop` (which
/// interrupts the statement at the source; it may keep going, e.g. to retry) and waits a
/// little for `work` to wind down, so the source is idle again when this returns.
pub(crate) async fn supervise<T, W, S>(work: W, timeout: Duration, cancel: &CancellationToken, stop: impl FnOnce() -> S) -> Result<T, ConnectorError>
where
    W: Future<Output = Result<T, ConnectorError>>,
    S: Future<Output = ()>,
{
    tokio::pin!(work);
    let error = tokio::select! {
        biased;
        result = &mut work => return result,
        _ = cancel.cancelled() => ConnectorError::Cancelled,
        _ = tokio::time::sleep(timeout) => ConnectorError::Timeout(timeout),
    };
    let stopping = stop();
    let _ = tokio::time::timeout(STOP_GRACE, async {
        tokio::select! {
            _ = &mut work => {}
            _ = async { stopping.await; std::future::pending::<()>().await } => {}
        }
    })
    .await;
    Err(error)
}
