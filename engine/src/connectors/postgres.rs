//! POSTGRES and REDSHIFT (same wire protocol) with sqlx.
//!
//! A query runs as: prepare (result columns and types, nothing executed) → `BEGIN READ ONLY`
//! → `DECLARE … NO SCROLL CURSOR FOR <sql>` → `FETCH FORWARD <row_limit + 1>`: the source only
//! produces the rows we keep, cannot be written to, and answers in the simple-query text
//! format, which keeps every value exact (numeric, timestamps). `statement_timeout` bounds each
//! statement at the source; a cancel or the local deadline sends `pg_cancel_backend`.
//!
//! The host passes the [`NetworkPolicy`] once per connection and the connection (and its
//! cancel) goes to the address that was checked, never to the name again.

use super::{
    ColumnTypeFamily, Connector, ConnectorError, DataSourceType, ForeignKey, PostgresProperties, QueryOptions, QueryResult, ResultBudget, ResultColumn,
    SourceColumn, SourceTable, families, limit_rows, statement_body, supervise, values,
};
use crate::network::{CONNECT_FAILED, NetworkPolicy};
use async_trait::async_trait;
use secrecy::ExposeSecret;
use sqlx::{
    Column, Connection, Executor, Row, Statement, TypeInfo, ValueRef,
    postgres::{PgConnectOptions, PgConnection, PgRow, PgSslMode, PgTypeInfo, PgTypeKind},
};
use std::{net::SocketAddr, sync::Arc, time::Duration};

/// Statement timeout of the catalog queries (tables, keys) and of `test`.
const METADATA_TIMEOUT: Duration = Duration::from_secs(120);
const SYSTEM_SCHEMAS: &str = "n.nspname NOT IN ('pg_catalog', 'information_schema') \
     AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'";

#[derive(Debug, Clone)]
pub struct PostgresConnector {
    kind: DataSourceType,
    props: PostgresProperties,
    network: Arc<NetworkPolicy>,
}

impl PostgresConnector {
    /// `kind` is POSTGRES or REDSHIFT.
    pub fn new(kind: DataSourceType, props: PostgresProperties, network: Arc<NetworkPolicy>) -> Self {
        Self { kind, props, network }
    }

    fn is_redshift(&self) -> bool {
        self.kind == DataSourceType::Redshift
    }

    fn port(&self) -> u16 {
        self.props.port.unwrap_or(if self.is_redshift() { 5439 } else { 5432 })
    }

    /// The settings for a connection to `addr`, the checked address of the host.
    fn options(&self, addr: SocketAddr) -> PgConnectOptions {
        // Always set a password (empty when none is given): otherwise sqlx falls back to
        // PGPASSWORD from the server's own environment.
        let password = self.props.password.as_ref().map(|p| p.expose_secret()).unwrap_or("");
        PgConnectOptions::new_without_pgpass()
            .host(&addr.ip().to_string())
            .port(addr.port())
            .database(&self.props.database)
            .username(&self.props.user)
            .password(password)
            .ssl_mode(if self.props.ssl { PgSslMode::Require } else { PgSslMode::Prefer })
            .application_name("quarry")
            .statement_cache_capacity(16)
    }

    /// A new connection in UTC with ISO date, interval and bytea output.
    /// Also returns the options it used, for a cancel on a second connection.
    async fn open(&self) -> Result<(PgConnection, PgConnectOptions), ConnectorError> {
        let addr = self.network.resolve(&self.props.host, self.port()).await?;
        let options = self.options(addr);
        let mut conn = match tokio::time::timeout(super::CONNECT_TIMEOUT, PgConnection::connect_with(&options)).await {
            Err(_) => return Err(ConnectorError::ConnectionRefused(CONNECT_FAILED.into())),
            Ok(Err(e)) => return Err(refused(e)),
            Ok(Ok(conn)) => conn,
        };
        let session = if self.is_redshift() {
            format!("SET timezone TO 'UTC'; SET datestyle TO 'ISO, YMD'; SET statement_timeout TO {}", METADATA_TIMEOUT.as_millis())
        } else {
            format!(
                "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'iso_8601'; \
                 SET bytea_output = 'hex'; SET statement_timeout = {}",
                METADATA_TIMEOUT.as_millis()
            )
        };
        conn.execute(sqlx::raw_sql(&session)).await.map_err(|e| query_error(e, METADATA_TIMEOUT))?;
        Ok((conn, options))
    }

    async fn cancel_backend(options: PgConnectOptions, pid: i32) {
        if let Ok(Ok(mut conn)) = tokio::time::timeout(super::CONNECT_TIMEOUT, PgConnection::connect_with(&options)).await {
            let cancel = format!("SELECT pg_cancel_backend({pid})");
            if let Err(e) = conn.execute(sqlx::raw_sql(&cancel)).await {
                tracing::warn!(error = %e, "could not cancel a Postgres query");
            }
            let _ = conn.close().await;
        }
    }

    fn schema_wanted(&self, schema: &str) -> bool {
        self.props.schemas.is_empty() || self.props.schemas.iter().any(|s| s == schema)
    }
}

#[async_trait]
impl Connector for PostgresConnector {
    fn source_type(&self) -> DataSourceType {
        self.kind
    }

    async fn test(&self) -> Result<(), ConnectorError> {
        let (mut conn, _) = self.open().await?;
        conn.execute(sqlx::raw_sql("SELECT 1")).await.map_err(|e| query_error(e, METADATA_TIMEOUT))?;
        let _ = conn.close().await;
        Ok(())
    }

    async fn tables(&self) -> Result<Vec<SourceTable>, ConnectorError> {
        let partitions = if self.is_redshift() { "" } else { "AND NOT c.relispartition" };
        let sql = format!(
            "SELECT n.nspname::text AS schema_name, c.relname::text AS table_name, a.attname::text AS column_name,
                    format_type(a.atttypid, a.atttypmod) AS type_name, t.typtype::text AS type_kind,
                    CASE WHEN t.typtype = 'd' THEN format_type(t.typbasetype, t.typtypmod) END AS base_type,
                    t.typcategory = 'A' AS is_array, a.attnotnull AS not_null,
                    COALESCE(a.attnum = ANY (pk.conkey), false) AS is_pk
             FROM pg_catalog.pg_class c
             JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
             JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
             JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
             LEFT JOIN pg_catalog.pg_constraint pk ON pk.conrelid = c.oid AND pk.contype = 'p'
             WHERE c.relkind IN ('r', 'v', 'm', 'f', 'p') {partitions} AND {SYSTEM_SCHEMAS}
               AND pg_catalog.has_table_privilege(c.oid, 'SELECT')
             ORDER BY 1, 2, a.attnum"
        );
        let (mut conn, _) = self.open().await?;
        let rows = sqlx::query(&sql).fetch_all(&mut conn).await.map_err(|e| query_error(e, METADATA_TIMEOUT))?;
        let _ = conn.close().await;

        let mut tables: Vec<SourceTable> = Vec::new();
        for row in rows {
            let get = |name: &str| row.try_get::<String, _>(name).map_err(decode_error);
            let schema = get("schema_name")?;
            if !self.schema_wanted(&schema) {
                continue;
            }
            let name = get("table_name")?;
            let type_name = get("type_name")?;
            let kind = get("type_kind")?;
            let base: Option<String> = row.try_get("base_type").map_err(decode_error)?;
            let is_array: bool = row.try_get("is_array").map_err(decode_error)?;
            let family = if is_array {
                ColumnTypeFamily::Record
            } else {
                match kind.as_str() {
                    "e" => ColumnTypeFamily::Text,
                    "c" => ColumnTypeFamily::Record,
                    "d" => families::postgres(base.as_deref().unwrap_or_default()),
                    _ => families::postgres(&type_name),
                }
            };
            let column = SourceColumn {
                name: get("column_name")?,
                type_name,
                family,
                not_null: row.try_get("not_null").map_err(decode_error)?,
                is_primary_key: row.try_get("is_pk").map_err(decode_error)?,
            };
            match tables.last_mut() {
                Some(t) if t.schema == schema && t.name == name => t.columns.push(column),
                _ => tables.push(SourceTable { schema, name, columns: vec![column] }),
            }
        }
        super::sort_tables(&mut tables);
        Ok(tables)
    }

    async fn foreign_keys(&self) -> Result<Vec<ForeignKey>, ConnectorError> {
        let partitions = if self.is_redshift() { "" } else { "AND NOT fc.relispartition" };
        let columns_of = |keys: &str, rel: &str| {
            format!(
                "ARRAY(SELECT a.attname::text FROM unnest(con.{keys}) WITH ORDINALITY AS k(attnum, ord)
                       JOIN pg_catalog.pg_attribute a ON a.attrelid = con.{rel} AND a.attnum = k.attnum
                       ORDER BY k.ord)"
            )
        };
        let sql = format!(
            "SELECT n.nspname::text AS from_schema, fc.relname::text AS from_table, {} AS from_columns,
                    tn.nspname::text AS to_schema, tc.relname::text AS to_table, {} AS to_columns
             FROM pg_catalog.pg_constraint con
             JOIN pg_catalog.pg_class fc ON fc.oid = con.conrelid
             JOIN pg_catalog.pg_namespace n ON n.oid = fc.relnamespace
             JOIN pg_catalog.pg_class tc ON tc.oid = con.confrelid
             JOIN pg_catalog.pg_namespace tn ON tn.oid = tc.relnamespace
             WHERE con.contype = 'f' {partitions} AND {SYSTEM_SCHEMAS}
             ORDER BY 1, 2, con.conname",
            columns_of("conkey", "conrelid"),
            columns_of("confkey", "confrelid"),
        );
        let (mut conn, _) = self.open().await?;
        let rows = sqlx::query(&sql).fetch_all(&mut conn).await.map_err(|e| query_error(e, METADATA_TIMEOUT))?;
        let _ = conn.close().await;
        let mut keys = Vec::new();
        for row in rows {
            let key = ForeignKey {
                from_schema: row.try_get("from_schema").map_err(decode_error)?,
                from_table: row.try_get("from_table").map_err(decode_error)?,
                from_columns: row.try_get("from_columns").map_err(decode_error)?,
                to_schema: row.try_get("to_schema").map_err(decode_error)?,
                to_table: row.try_get("to_table").map_err(decode_error)?,
                to_columns: row.try_get("to_columns").map_err(decode_error)?,
            };
            if self.schema_wanted(&key.from_schema) {
                keys.push(key);
            }
        }
        super::sort_foreign_keys(&mut keys);
        Ok(keys)
    }

    async fn dry_run(&self, sql: &str) -> Result<Vec<ResultColumn>, ConnectorError> {
        let body = statement_body(sql)?;
        let (mut conn, _) = self.open().await?;
        let columns = describe(&mut conn, body).await;
        let _ = conn.close().await;
        columns
    }

    async fn query(&self, sql: &str, options: QueryOptions) -> Result<QueryResult, ConnectorError> {
        let body = statement_body(sql)?;
        let timeout = options.timeout;
        let (mut conn, cancel_options) = self.open().await?;
        let pid: i32 = sqlx::query_scalar("SELECT pg_backend_pid()").fetch_one(&mut conn).await.map_err(|e| query_error(e, timeout))?;
        let work = run_query(&mut conn, body, timeout, options.row_limit);
        let result = supervise(work, timeout, &options.cancel, || Self::cancel_backend(cancel_options, pid)).await;
        if result.is_ok() {
            let _ = conn.close().await;
        }
        result
    }
}

/// The query itself, on a connection that is ready for it (see the module docs).
/// Rows fetched from the cursor at a time.
const FETCH_BATCH: usize = 500;

async fn run_query(conn: &mut PgConnection, body: &str, timeout: Duration, row_limit: usize) -> Result<QueryResult, ConnectorError> {
    let fail = |e| query_error(e, timeout);
    let limit = format!("SET statement_timeout = {}", timeout.as_millis().max(1));
    conn.execute(sqlx::raw_sql(&limit)).await.map_err(fail)?;
    let columns = describe(conn, body).await?;
    conn.execute(sqlx::raw_sql("BEGIN READ ONLY")).await.map_err(fail)?;
    let declare = format!("DECLARE quarry_result NO SCROLL CURSOR FOR {body}\n");
    conn.execute(sqlx::raw_sql(&declare)).await.map_err(fail)?;
    let fetch = row_limit.saturating_add(1);
    let mut rows = Vec::new();
    let mut budget = ResultBudget::new();
    let mut over_budget = false;
    // In batches, so rows past the byte budget are never fetched.
    'fetching: while rows.len() < fetch {
        let want = (fetch - rows.len()).min(FETCH_BATCH);
        let fetch_sql = format!("FETCH FORWARD {want} FROM quarry_result");
        let batch = conn.fetch_all(sqlx::raw_sql(&fetch_sql)).await.map_err(fail)?;
        for row in &batch {
            let values = row_values(row, &columns)?;
            if !budget.take(&values) {
                over_budget = true;
                break 'fetching;
            }
            rows.push(values);
        }
        if batch.len() < want {
            break;
        }
    }
    let (rows, more) = limit_rows(rows, row_limit);
    let truncated = more || over_budget;
    Ok(QueryResult { columns, rows, truncated })
}

/// The result columns of a statement, from the server's prepare (nothing runs).
async fn describe(conn: &mut PgConnection, sql: &str) -> Result<Vec<ResultColumn>, ConnectorError> {
    let statement = conn.prepare(sql).await.map_err(|e| query_error(e, METADATA_TIMEOUT))?;
    Ok(statement.columns().iter().map(|c| ResultColumn::new(c.name(), c.type_info().name(), type_family(c.type_info()))).collect())
}

fn type_family(info: &PgTypeInfo) -> ColumnTypeFamily {
    match info.kind() {
        PgTypeKind::Enum(_) => ColumnTypeFamily::Text,
        PgTypeKind::Composite(_) | PgTypeKind::Array(_) => ColumnTypeFamily::Record,
        PgTypeKind::Domain(base) => type_family(base),
        _ => families::postgres(info.name()),
    }
}

/// One row of the text-format result.
fn row_values(row: &PgRow, columns: &[ResultColumn]) -> Result<Vec<serde_json::Value>, ConnectorError> {
    (0..row.len())
        .map(|i| {
            let raw = row.try_get_raw(i).map_err(decode_error)?;
            if raw.is_null() {
                return Ok(serde_json::Value::Null);
            }
            let text = raw.as_str().map_err(|e| ConnectorError::Query(format!("unreadable value: {e}")))?;
            let family = columns.get(i).map(|c| c.family).unwrap_or(ColumnTypeFamily::Unknown);
            Ok(match family {
                ColumnTypeFamily::Binary => values::pg_bytea(text),
                family => values::from_text(family, text),
            })
        })
        .collect()
}

/// Only a Postgres server's own answer (wrong password, no such database) is passed on: it
/// comes after the protocol handshake, so it tells nothing a port scan would want. Anything
/// earlier — refused, reset, TLS or protocol failure (something else listens there) — is
/// the one generic message.
fn refused(error: sqlx::Error) -> ConnectorError {
    ConnectorError::ConnectionRefused(match error {
        sqlx::Error::Database(db) => db.message().to_string(),
        other => {
            tracing::info!(error = %other, "could not connect to a Postgres source");
            CONNECT_FAILED.to_owned()
        }
    })
}

fn query_error(error: sqlx::Error, timeout: Duration) -> ConnectorError {
    match error {
        // query_canceled: by statement_timeout, or by pg_cancel_backend.
        sqlx::Error::Database(db) if db.code().as_deref() == Some("57014") => {
            if db.message().contains("statement timeout") {
                ConnectorError::Timeout(timeout)
            } else {
                ConnectorError::Cancelled
            }
        }
        sqlx::Error::Database(db) => ConnectorError::Query(db.message().to_string()),
        sqlx::Error::Io(e) => ConnectorError::Query(format!("lost the connection to the database: {e}")),
        other => ConnectorError::Query(other.to_string()),
    }
}

fn decode_error(error: sqlx::Error) -> ConnectorError {
    ConnectorError::Query(format!("unexpected catalog data: {error}"))
}
