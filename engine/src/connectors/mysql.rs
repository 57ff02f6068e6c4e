//! MYSQL (MySQL and MariaDB) with mysql_async, which — unlike sqlx — gives each result
//! column's character set (text in a `_bin` collation is not binary data) and its origin.
//!
//! A query runs as: prepare (result columns, nothing executed) → the statement over the text
//! protocol in a read-only session, with `sql_select_limit = row_limit + 1` so the server
//! stops producing rows we would drop, and the server-side statement limit
//! (`max_statement_time` on MariaDB, `max_execution_time` on MySQL) a second beyond the
//! deadline as a backstop. The deadline and cancel are enforced with `KILL QUERY` from a
//! second connection. Sessions run in UTC.
//!
//! Every session runs with `NO_BACKSLASH_ESCAPES` added to its `sql_mode`: the SQL that
//! reaches the source is rendered by the compiler, whose string literals escape a quote by
//! doubling it and leave a backslash as it is. With backslash escapes on, `'a\'` would end
//! later than the checked statement says and the rest of the text would run as SQL.
//!
//! The host passes the [`NetworkPolicy`] once per session; the session and its `KILL QUERY`
//! connection go to the checked address.

use super::{
    ColumnTypeFamily, Connector, ConnectorError, DataSourceType, ForeignKey, MySqlProperties, QueryOptions, QueryResult, ResultBudget, ResultColumn,
    SourceColumn, SourceTable, families, limit_rows, statement_body, supervise, values,
};
use crate::network::{CONNECT_FAILED, NetworkPolicy};
use async_trait::async_trait;
use mysql_async::{
    Conn, Opts, OptsBuilder, Row, SslOpts, Value as MyValue,
    consts::{ColumnFlags, ColumnType},
    prelude::Queryable,
};
use secrecy::ExposeSecret;
use serde_json::Value;
use std::{net::SocketAddr, sync::Arc, time::Duration};

const METADATA_TIMEOUT: Duration = Duration::from_secs(120);
/// The character set number of binary strings.
const BINARY_CHARSET: u16 = 63;

#[derive(Debug, Clone)]
pub struct MySqlConnector {
    props: MySqlProperties,
    network: Arc<NetworkPolicy>,
}

/// Run on every connection, before anything else. A division or an average of whole numbers
/// keeps twelve decimals (MySQL's default four would answer 5.0277 for 5.027652…).
const SESSION_INIT: &str = "SET time_zone = '+00:00', NAMES utf8mb4, div_precision_increment = 12, \
     sql_mode = CONCAT_WS(',', NULLIF(@@SESSION.sql_mode, ''), 'NO_BACKSLASH_ESCAPES')";

/// An open connection and what we learnt about its server.
struct Session {
    conn: Conn,
    mariadb: bool,
    /// The checked address it is connected to (a `KILL QUERY` goes there too).
    addr: SocketAddr,
}

impl MySqlConnector {
    pub fn new(props: MySqlProperties, network: Arc<NetworkPolicy>) -> Self {
        Self { props, network }
    }

    fn port(&self) -> u16 {
        self.props.port.unwrap_or(3306)
    }

    fn options(&self, addr: SocketAddr) -> Opts {
        let mut builder = OptsBuilder::default()
            .ip_or_hostname(addr.ip().to_string())
            .tcp_port(addr.port())
            .user(Some(self.props.user.clone()))
            .pass(self.props.password.as_ref().map(|p| p.expose_secret().to_string()))
            .db_name(Some(self.props.database.clone()))
            // Never switch to a local socket because the host looks local.
            .prefer_socket(false)
            .stmt_cache_size(0)
            .init(vec![SESSION_INIT]);
        if self.props.ssl {
            // Like libpq's sslmode=require: encrypted, the certificate is not checked.
            builder = builder.ssl_opts(SslOpts::default().with_danger_accept_invalid_certs(true).with_danger_skip_domain_validation(true));
        }
        builder.into()
    }

    async fn connect(&self, addr: SocketAddr) -> Result<Conn, ConnectorError> {
        match tokio::time::timeout(super::CONNECT_TIMEOUT, Conn::new(self.options(addr))).await {
            Err(_) => Err(ConnectorError::ConnectionRefused(CONNECT_FAILED.into())),
            Ok(Err(e)) => Err(refused(e)),
            Ok(Ok(conn)) => Ok(conn),
        }
    }

    async fn open(&self) -> Result<Session, ConnectorError> {
        let addr = self.network.resolve(&self.props.host, self.port()).await?;
        let mut conn = self.connect(addr).await?;
        let (version, sql_mode): (String, String) =
            conn.query_first("SELECT VERSION(), @@SESSION.sql_mode").await.map_err(|e| query_error(e, METADATA_TIMEOUT))?.unwrap_or_default();
        if !sql_mode.split(',').any(|m| m == "NO_BACKSLASH_ESCAPES") {
            let _ = conn.disconnect().await;
            return Err(ConnectorError::ConnectionRefused("the MySQL server did not accept the session's sql_mode NO_BACKSLASH_ESCAPES".into()));
        }
        let mariadb = version.to_ascii_lowercase().contains("mariadb");
        let mut session = Session { conn, mariadb, addr };
        session.set_time_limit(METADATA_TIMEOUT).await?;
        Ok(session)
    }

    async fn kill_query(&self, addr: SocketAddr, id: u32) {
        if let Ok(mut conn) = self.connect(addr).await {
            if let Err(e) = conn.query_drop(format!("KILL QUERY {id}")).await {
                tracing::warn!(error = %e, "could not stop a MySQL query");
            }
            let _ = conn.disconnect().await;
        }
    }
}

impl Session {
    /// The server's own limit, a second beyond ours so that our KILL QUERY normally decides.
    async fn set_time_limit(&mut self, limit: Duration) -> Result<(), ConnectorError> {
        let limit = limit + Duration::from_secs(1);
        let sql = if self.mariadb {
            format!("SET SESSION max_statement_time = {:.3}", limit.as_secs_f64())
        } else {
            format!("SET SESSION max_execution_time = {}", limit.as_millis())
        };
        self.conn.query_drop(sql).await.map_err(|e| query_error(e, limit))
    }

    async fn close(self) {
        let _ = self.conn.disconnect().await;
    }
}

#[async_trait]
impl Connector for MySqlConnector {
    fn source_type(&self) -> DataSourceType {
        DataSourceType::Mysql
    }

    async fn test(&self) -> Result<(), ConnectorError> {
        let mut session = self.open().await?;
        session.conn.query_drop("SELECT 1").await.map_err(|e| query_error(e, METADATA_TIMEOUT))?;
        session.close().await;
        Ok(())
    }

    async fn tables(&self) -> Result<Vec<SourceTable>, ConnectorError> {
        let mut session = self.open().await?;
        let rows: Vec<(String, String, String, i64, i64)> = session
            .conn
            .query(
                "SELECT c.TABLE_NAME, c.COLUMN_NAME, c.COLUMN_TYPE, c.IS_NULLABLE = 'NO', k.COLUMN_NAME IS NOT NULL
                 FROM information_schema.COLUMNS c
                 LEFT JOIN information_schema.KEY_COLUMN_USAGE k
                   ON k.TABLE_SCHEMA = c.TABLE_SCHEMA AND k.TABLE_NAME = c.TABLE_NAME
                  AND k.COLUMN_NAME = c.COLUMN_NAME AND k.CONSTRAINT_NAME = 'PRIMARY'
                 WHERE c.TABLE_SCHEMA = DATABASE()
                 ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION",
            )
            .await
            .map_err(|e| query_error(e, METADATA_TIMEOUT))?;
        let json_columns = if session.mariadb { mariadb_json_columns(&mut session.conn).await } else { Vec::new() };
        session.close().await;

        let schema = self.props.database.clone();
        let mut tables: Vec<SourceTable> = Vec::new();
        for (name, column_name, type_name, not_null, is_pk) in rows {
            let is_json = json_columns.iter().any(|(_, t, c)| *t == name && *c == column_name);
            let (type_name, family) = if is_json { ("json".to_string(), ColumnTypeFamily::Json) } else { (type_name.clone(), families::mysql(&type_name)) };
            let column = SourceColumn { name: column_name, type_name, family, not_null: not_null != 0, is_primary_key: is_pk != 0 };
            match tables.last_mut() {
                Some(t) if t.name == name => t.columns.push(column),
                _ => tables.push(SourceTable { schema: schema.clone(), name, columns: vec![column] }),
            }
        }
        super::sort_tables(&mut tables);
        Ok(tables)
    }

    async fn foreign_keys(&self) -> Result<Vec<ForeignKey>, ConnectorError> {
        let mut session = self.open().await?;
        let rows: Vec<Row> = session
            .conn
            .query(
                "SELECT TABLE_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, COLUMN_NAME,
                        REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME
                 FROM information_schema.KEY_COLUMN_USAGE
                 WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME IS NOT NULL
                 ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION",
            )
            .await
            .map_err(|e| query_error(e, METADATA_TIMEOUT))?;
        session.close().await;

        let mut keys: Vec<(String, ForeignKey)> = Vec::new();
        for row in rows {
            let get = |i: usize| text_at(&row, i);
            let (from_table, name, from_column, to_column) = (get(1)?, get(2)?, get(3)?, get(6)?);
            match keys.last_mut() {
                Some((n, key)) if *n == name && key.from_table == from_table => {
                    key.from_columns.push(from_column);
                    key.to_columns.push(to_column);
                }
                _ => keys.push((
                    name,
                    ForeignKey {
                        from_schema: get(0)?,
                        from_table,
                        from_columns: vec![from_column],
                        to_schema: get(4)?,
                        to_table: get(5)?,
                        to_columns: vec![to_column],
                    },
                )),
            }
        }
        let mut keys: Vec<ForeignKey> = keys.into_iter().map(|(_, key)| key).collect();
        super::sort_foreign_keys(&mut keys);
        Ok(keys)
    }

    async fn dry_run(&self, sql: &str) -> Result<Vec<ResultColumn>, ConnectorError> {
        let body = statement_body(sql)?;
        let mut session = self.open().await?;
        let columns = describe(&mut session, body).await;
        session.close().await;
        columns.map(|c| c.into_iter().map(|(column, _)| column).collect())
    }

    async fn query(&self, sql: &str, options: QueryOptions) -> Result<QueryResult, ConnectorError> {
        let body = statement_body(sql)?;
        let timeout = options.timeout;
        let mut session = self.open().await?;
        let id = session.conn.id();
        let addr = session.addr;
        let mut more_rows_pending = false;
        let work = run_query(&mut session, body, timeout, options.row_limit, &mut more_rows_pending);
        let result = supervise(work, timeout, &options.cancel, || self.kill_query(addr, id)).await;
        if more_rows_pending {
            // Unread rows are still on their way: stop the statement, drop the connection.
            self.kill_query(addr, id).await;
        } else if result.is_ok() {
            session.close().await;
        }
        result
    }
}

/// The query itself, on a connection that is ready for it (see the module docs).
async fn run_query(
    session: &mut Session,
    body: &str,
    timeout: Duration,
    row_limit: usize,
    more_rows_pending: &mut bool,
) -> Result<QueryResult, ConnectorError> {
    let fail = |e| query_error(e, timeout);
    session.set_time_limit(timeout).await?;
    // Before sql_select_limit, which would also cut the catalog lookups short.
    let described = describe(session, body).await?;
    let fetch = row_limit.saturating_add(1);
    session.conn.query_drop(format!("SET SESSION sql_select_limit = {fetch}; SET SESSION TRANSACTION READ ONLY")).await.map_err(fail)?;
    let mut rows = Vec::new();
    let mut budget = ResultBudget::new();
    let mut over_budget = false;
    let mut result = session.conn.query_iter(body).await.map_err(fail)?;
    while let Some(row) = result.next().await.map_err(fail)? {
        let values = row_values(&row, &described);
        if !budget.take(&values) {
            over_budget = true;
            *more_rows_pending = true;
            break;
        }
        rows.push(values);
        if rows.len() >= fetch {
            // A LIMIT in the statement overrides sql_select_limit: stop reading here.
            *more_rows_pending = true;
            break;
        }
    }
    if !*more_rows_pending {
        result.drop_result().await.map_err(fail)?;
    }
    let (rows, more) = limit_rows(rows, row_limit);
    let truncated = more || over_budget;
    Ok(QueryResult { columns: described.into_iter().map(|(column, _)| column).collect(), rows, truncated })
}

/// How the text of a result column turns into JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Decode {
    Text,
    Binary,
    /// BIT(n): n bits, big-endian.
    Bits,
}

/// The result columns of a statement, from the server's prepare (nothing runs).
async fn describe(session: &mut Session, sql: &str) -> Result<Vec<(ResultColumn, Decode)>, ConnectorError> {
    let statement = session.conn.prep(sql).await.map_err(|e| query_error(e, METADATA_TIMEOUT))?;
    let mut columns: Vec<(ResultColumn, Decode)> = statement.columns().iter().map(result_column).collect();
    let origins: Vec<(String, String, String)> =
        statement.columns().iter().map(|c| (c.schema_str().into_owned(), c.org_table_str().into_owned(), c.org_name_str().into_owned())).collect();
    let _ = session.conn.close(statement).await;
    if session.mariadb {
        refine_from_catalog(&mut session.conn, &mut columns, &origins).await;
    }
    Ok(columns)
}

fn result_column(column: &mysql_async::Column) -> (ResultColumn, Decode) {
    use ColumnType::*;
    let flags = column.flags();
    let binary = column.character_set() == BINARY_CHARSET;
    let unsigned = if flags.contains(ColumnFlags::UNSIGNED_FLAG) { " UNSIGNED" } else { "" };
    let (type_name, decode) = match column.column_type() {
        MYSQL_TYPE_TINY if column.column_length() == 1 => ("TINYINT(1)".to_string(), Decode::Text),
        MYSQL_TYPE_TINY => (format!("TINYINT{unsigned}"), Decode::Text),
        MYSQL_TYPE_SHORT => (format!("SMALLINT{unsigned}"), Decode::Text),
        MYSQL_TYPE_INT24 => (format!("MEDIUMINT{unsigned}"), Decode::Text),
        MYSQL_TYPE_LONG => (format!("INT{unsigned}"), Decode::Text),
        MYSQL_TYPE_LONGLONG => (format!("BIGINT{unsigned}"), Decode::Text),
        MYSQL_TYPE_YEAR => ("YEAR".into(), Decode::Text),
        MYSQL_TYPE_FLOAT => ("FLOAT".into(), Decode::Text),
        MYSQL_TYPE_DOUBLE => ("DOUBLE".into(), Decode::Text),
        MYSQL_TYPE_DECIMAL | MYSQL_TYPE_NEWDECIMAL => ("DECIMAL".into(), Decode::Text),
        MYSQL_TYPE_DATE | MYSQL_TYPE_NEWDATE => ("DATE".into(), Decode::Text),
        MYSQL_TYPE_TIME | MYSQL_TYPE_TIME2 => ("TIME".into(), Decode::Text),
        MYSQL_TYPE_DATETIME | MYSQL_TYPE_DATETIME2 => ("DATETIME".into(), Decode::Text),
        MYSQL_TYPE_TIMESTAMP | MYSQL_TYPE_TIMESTAMP2 => ("TIMESTAMP".into(), Decode::Text),
        MYSQL_TYPE_BIT => (format!("BIT({})", column.column_length()), Decode::Bits),
        MYSQL_TYPE_JSON => ("JSON".into(), Decode::Text),
        MYSQL_TYPE_ENUM => ("ENUM".into(), Decode::Text),
        MYSQL_TYPE_SET => ("SET".into(), Decode::Text),
        _ if flags.contains(ColumnFlags::ENUM_FLAG) => ("ENUM".into(), Decode::Text),
        _ if flags.contains(ColumnFlags::SET_FLAG) => ("SET".into(), Decode::Text),
        MYSQL_TYPE_VARCHAR | MYSQL_TYPE_VAR_STRING if binary => ("VARBINARY".into(), Decode::Binary),
        MYSQL_TYPE_VARCHAR | MYSQL_TYPE_VAR_STRING => ("VARCHAR".into(), Decode::Text),
        MYSQL_TYPE_STRING if binary => ("BINARY".into(), Decode::Binary),
        MYSQL_TYPE_STRING => ("CHAR".into(), Decode::Text),
        MYSQL_TYPE_TINY_BLOB | MYSQL_TYPE_MEDIUM_BLOB | MYSQL_TYPE_LONG_BLOB | MYSQL_TYPE_BLOB if binary => ("BLOB".into(), Decode::Binary),
        MYSQL_TYPE_TINY_BLOB | MYSQL_TYPE_MEDIUM_BLOB | MYSQL_TYPE_LONG_BLOB | MYSQL_TYPE_BLOB => ("TEXT".into(), Decode::Text),
        MYSQL_TYPE_GEOMETRY => ("GEOMETRY".into(), Decode::Binary),
        MYSQL_TYPE_NULL => ("NULL".into(), Decode::Text),
        other => (format!("{other:?}").trim_start_matches("MYSQL_TYPE_").to_string(), Decode::Text),
    };
    let family = families::mysql(&type_name);
    (ResultColumn::new(column.name_str().into_owned(), type_name, family), decode)
}

/// MariaDB sends JSON, UUID and INET6 columns as plain strings; where a result column is a
/// table's column, take its type from the catalog.
async fn refine_from_catalog(conn: &mut Conn, columns: &mut [(ResultColumn, Decode)], origins: &[(String, String, String)]) {
    let candidates: Vec<usize> = (0..columns.len())
        .filter(|&i| columns[i].1 == Decode::Text && columns[i].0.family == ColumnTypeFamily::Text)
        .filter(|&i| origins.get(i).is_some_and(|(s, t, c)| !s.is_empty() && !t.is_empty() && !c.is_empty()))
        .collect();
    if candidates.is_empty() {
        return;
    }
    let mut conditions = Vec::new();
    let mut params: Vec<MyValue> = Vec::new();
    for &i in &candidates {
        let (schema, table, column) = &origins[i];
        conditions.push("(TABLE_SCHEMA = ? AND TABLE_NAME = ? AND COLUMN_NAME = ?)");
        params.extend([schema, table, column].map(|s| MyValue::from(s.as_str())));
    }
    let sql = format!("SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE {}", conditions.join(" OR "));
    let Ok(types) = conn.exec::<(String, String, String, String), _, _>(sql, params).await else {
        return;
    };
    let json = mariadb_json_columns(conn).await;
    for i in candidates {
        let (schema, table, column) = &origins[i];
        let is_json = json.iter().any(|(s, t, c)| s == schema && t == table && c == column);
        let catalog = types.iter().find(|(s, t, c, _)| s == schema && t == table && c == column);
        let (type_name, family) = match catalog {
            _ if is_json => ("json".to_string(), ColumnTypeFamily::Json),
            Some((_, _, _, type_name)) => (type_name.clone(), families::mysql(type_name)),
            None => continue,
        };
        if matches!(family, ColumnTypeFamily::Json | ColumnTypeFamily::Uuid | ColumnTypeFamily::Inet) {
            columns[i].0.type_name = type_name;
            columns[i].0.family = family;
        }
    }
}

/// (schema, table, column) of MariaDB's JSON columns: LONGTEXT with CHECK (json_valid(`column`)).
async fn mariadb_json_columns(conn: &mut Conn) -> Vec<(String, String, String)> {
    let rows: Vec<(String, String, String)> = conn
        .query(
            "SELECT CONSTRAINT_SCHEMA, TABLE_NAME, CHECK_CLAUSE FROM information_schema.CHECK_CONSTRAINTS
             WHERE CONSTRAINT_SCHEMA = DATABASE()",
        )
        .await
        .unwrap_or_default();
    rows.into_iter()
        .filter_map(|(schema, table, clause)| {
            let column = clause.trim().strip_prefix("json_valid(`")?.strip_suffix("`)")?;
            Some((schema, table, column.replace("``", "`")))
        })
        .collect()
}

/// One row of a text-protocol result.
fn row_values(row: &Row, columns: &[(ResultColumn, Decode)]) -> Vec<Value> {
    (0..row.len())
        .map(|i| {
            let (family, decode) = columns.get(i).map(|(c, d)| (c.family, *d)).unwrap_or((ColumnTypeFamily::Unknown, Decode::Text));
            match row.as_ref(i) {
                None | Some(MyValue::NULL) => Value::Null,
                Some(MyValue::Bytes(bytes)) => match decode {
                    Decode::Binary => values::base64(bytes),
                    Decode::Bits => {
                        let n = bytes.iter().fold(0u64, |acc, b| (acc << 8) | u64::from(*b));
                        if family == ColumnTypeFamily::Boolean { Value::Bool(n != 0) } else { n.into() }
                    }
                    Decode::Text => values::from_text(family, &String::from_utf8_lossy(bytes)),
                },
                // The text protocol sends every value as bytes; these are for completeness.
                Some(MyValue::Int(i)) => (*i).into(),
                Some(MyValue::UInt(u)) => (*u).into(),
                Some(MyValue::Float(f)) => values::float(&f.to_string()),
                Some(MyValue::Double(f)) => values::f64_value(*f),
                Some(other) => Value::String(other.as_sql(true).trim_matches('\'').to_string()),
            }
        })
        .collect()
}

fn text_at(row: &Row, i: usize) -> Result<String, ConnectorError> {
    match row.as_ref(i) {
        Some(MyValue::Bytes(bytes)) => Ok(String::from_utf8_lossy(bytes).into_owned()),
        _ => Err(ConnectorError::Query("unexpected catalog data".into())),
    }
}

/// Only the server's own answer (access denied, unknown database) is passed on: it comes
/// after the MySQL handshake. Anything earlier — refused, reset, TLS, not a MySQL server —
/// is the one generic message, so the connection test cannot map a network.
fn refused(error: mysql_async::Error) -> ConnectorError {
    ConnectorError::ConnectionRefused(match error {
        mysql_async::Error::Server(e) => e.message,
        other => {
            tracing::info!(error = %other, "could not connect to a MySQL source");
            CONNECT_FAILED.to_owned()
        }
    })
}

fn query_error(error: mysql_async::Error, timeout: Duration) -> ConnectorError {
    match error {
        mysql_async::Error::Server(e) => match e.code {
            // MariaDB max_statement_time, MySQL max_execution_time.
            1969 | 3024 => ConnectorError::Timeout(timeout),
            // Interrupted by KILL QUERY.
            1317 => ConnectorError::Cancelled,
            _ => ConnectorError::Query(e.message),
        },
        mysql_async::Error::Io(e) => ConnectorError::Query(format!("lost the connection to the database: {e}")),
        other => ConnectorError::Query(other.to_string()),
    }
}
