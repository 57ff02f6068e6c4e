//! CLICK_HOUSE over its HTTP interface. A statement is POSTed as the body; the settings go in
//! the URL (`database`, `query_id`, `default_format` and ClickHouse settings by name), the
//! user in `X-ClickHouse-User` / `X-ClickHouse-Key`. Rows come back as
//! `JSONCompactEachRowWithNamesAndTypes`: one JSON array per line, names first, then types,
//! then one line a row, streamed as the server makes them. A failed statement answers an
//! HTTP error with `Code: N. DB::Exception: …`; one that fails after rows were sent puts the
//! exception in the stream.
//!
//! - The host passes the [`NetworkPolicy`] once per call; the client is pinned to the checked
//!   address and follows no redirect.
//! - Every statement runs with `readonly=2` (reads, and settings changes for itself only), a
//!   server-side time limit a second beyond ours, `join_use_nulls=1` (an outer join's missing
//!   side is NULL, as in other SQL, not the type's default), and in UTC.
//! - Rows are read up to the limit plus one, then the connection is closed and the query
//!   killed by its id: the server stops producing rows nobody reads. Our deadline and cancel
//!   kill it the same way.
//! - Values come as the module docs of [`super`] say: 64-bit integers as numbers, decimals as
//!   exact text, `DateTime` with a `T`, arrays, tuples and maps as JSON.

use super::{
    ClickHouseProperties, ColumnTypeFamily, Connector, ConnectorError, DataSourceType, ForeignKey, PagedRead, QueryOptions, QueryResult, ResultBudget,
    ResultColumn, SourceColumn, SourceTable, columns_only, families, sort_tables, statement_body, supervise, values,
};
use crate::network::{CONNECT_FAILED, NetworkPolicy};
use async_trait::async_trait;
use secrecy::ExposeSecret;
use serde_json::Value;
use std::{sync::Arc, time::Duration};
use tokio_util::sync::CancellationToken;

const METADATA_TIMEOUT: Duration = Duration::from_secs(120);
/// The longest line (one row) we read.
const LINE_MAX_BYTES: usize = 16 << 20;
/// The most bytes of an error answer we read.
const ERROR_MAX_BYTES: usize = 64 << 10;
/// ClickHouse's error codes that mean the user was not let in.
const REFUSED_CODES: &[u32] = &[192, 193, 194, 195, 516];
const UNKNOWN_DATABASE: u32 = 81;
const TIMEOUT_EXCEEDED: u32 = 159;
const QUERY_WAS_CANCELLED: u32 = 394;

#[derive(Debug, Clone)]
pub struct ClickHouseConnector {
    props: ClickHouseProperties,
    network: Arc<NetworkPolicy>,
}

/// A client for one call, pinned to the checked address.
struct Session {
    client: reqwest::Client,
    origin: String,
}

impl ClickHouseConnector {
    pub fn new(props: ClickHouseProperties, network: Arc<NetworkPolicy>) -> Self {
        Self { props, network }
    }

    fn port(&self) -> u16 {
        self.props.port.unwrap_or(if self.props.ssl { 8443 } else { 8123 })
    }

    fn user(&self) -> &str {
        self.props.user.as_deref().map(str::trim).filter(|u| !u.is_empty()).unwrap_or("default")
    }

    async fn open(&self) -> Result<Session, ConnectorError> {
        let addr = self.network.resolve(&self.props.host, self.port()).await?;
        let host = self.props.host.trim().trim_start_matches('[').trim_end_matches(']');
        let shown_host = if host.contains(':') { format!("[{host}]") } else { host.to_owned() };
        let origin = format!("{}://{shown_host}:{}", if self.props.ssl { "https" } else { "http" }, self.port());
        let client = reqwest::Client::builder()
            // The checked address, whatever the name resolves to later.
            .resolve(host, addr)
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(super::CONNECT_TIMEOUT)
            // Like the other sources' SSL: encrypted, the certificate not checked.
            .danger_accept_invalid_certs(true)
            .no_proxy()
            .build()
            .map_err(|e| ConnectorError::ConnectionRefused(format!("{CONNECT_FAILED} ({e})")))?;
        Ok(Session { client, origin })
    }

    /// A request carrying `sql`, the user and the URL settings every statement runs with.
    fn request(&self, session: &Session, sql: &str, query_id: &str, limit: Duration, row_limit: usize) -> reqwest::RequestBuilder {
        let server_limit = (limit.as_secs() + 1).to_string();
        let max_rows = row_limit.saturating_add(1).to_string();
        let params: [(&str, &str); 14] = [
            ("database", self.props.database.trim()),
            ("query_id", query_id),
            ("default_format", "JSONCompactEachRowWithNamesAndTypes"),
            ("readonly", "2"),
            ("max_execution_time", &server_limit),
            ("max_result_rows", &max_rows),
            ("result_overflow_mode", "break"),
            ("join_use_nulls", "1"),
            ("session_timezone", "UTC"),
            ("output_format_json_quote_64bit_integers", "0"),
            ("output_format_json_quote_decimals", "1"),
            // `7.50` as the column's scale says, like the other sources.
            ("output_format_decimal_trailing_zeros", "1"),
            ("output_format_json_quote_denormals", "1"),
            ("cancel_http_readonly_queries_on_client_close", "1"),
        ];
        self.authenticated(session.client.post(format!("{}/", session.origin)).query(&params).body(sql.to_owned()))
    }

    fn authenticated(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        let request = request.header("X-ClickHouse-User", self.user());
        match &self.props.password {
            Some(password) => request.header("X-ClickHouse-Key", password.expose_secret()),
            None => request,
        }
    }

    /// Runs `sql` and reads at most `row_limit + 1` rows, within `limit` and `cancel`.
    async fn run(&self, sql: &str, row_limit: usize, limit: Duration, cancel: &CancellationToken) -> Result<PagedRead, ConnectorError> {
        let session = self.open().await?;
        let query_id = uuid::Uuid::new_v4().to_string();
        let work = async {
            let read = self.read_rows(&session, sql, &query_id, row_limit, limit).await;
            if matches!(&read, Ok(read) if read.more) {
                // Enough was read: the server stops the rest.
                self.kill(&session, &query_id).await;
            }
            read
        };
        supervise(work, limit, cancel, || self.kill(&session, &query_id)).await
    }

    async fn read_rows(&self, session: &Session, sql: &str, query_id: &str, row_limit: usize, limit: Duration) -> Result<PagedRead, ConnectorError> {
        let mut response = self.request(session, sql, query_id, limit, row_limit).send().await.map_err(unreachable)?;
        if !response.status().is_success() {
            return Err(failure(response).await);
        }
        let mut read = PagedRead::default();
        let mut budget = ResultBudget::new();
        let mut names: Option<Vec<String>> = None;
        let mut pending: Vec<u8> = Vec::new();
        loop {
            let chunk = response.chunk().await.map_err(|e| ConnectorError::Query(format!("the ClickHouse server's answer was cut: {e}")))?;
            let finished = chunk.is_none();
            pending.extend_from_slice(chunk.as_deref().unwrap_or_default());
            while let Some(end) = pending.iter().position(|b| *b == b'\n').or(finished.then_some(pending.len()).filter(|n| *n > 0)) {
                let line: Vec<u8> = pending.drain(..(end + 1).min(pending.len())).collect();
                let line = std::str::from_utf8(&line).map_err(|_| ConnectorError::Query("the ClickHouse server sent text that is not UTF-8".into()))?.trim();
                if line.is_empty() {
                    continue;
                }
                let Ok(Value::Array(items)) = serde_json::from_str::<Value>(line) else {
                    return Err(exception(line));
                };
                match (&names, read.columns.is_empty()) {
                    (None, _) => names = Some(items.iter().map(|v| v.as_str().unwrap_or_default().to_owned()).collect()),
                    (Some(names), true) => {
                        read.columns = names
                            .iter()
                            .zip(&items)
                            .map(|(name, type_name)| {
                                let type_name = type_name.as_str().unwrap_or_default();
                                ResultColumn::new(name.clone(), type_name.to_owned(), families::clickhouse(type_name))
                            })
                            .collect();
                    }
                    (Some(_), false) => {
                        let row = items.into_iter().zip(&read.columns).map(|(v, c)| value_of(v, c.family)).collect();
                        if !read.keep(row, row_limit, &mut budget) {
                            return Ok(read);
                        }
                    }
                }
            }
            if pending.len() > LINE_MAX_BYTES {
                return Err(ConnectorError::Query("the ClickHouse server sent a row too large to read".into()));
            }
            if finished {
                return Ok(read);
            }
        }
    }

    /// Stops `query_id` at the server (on its own connection: the statement's may be busy).
    async fn kill(&self, session: &Session, query_id: &str) {
        let sql = format!("KILL QUERY WHERE query_id = {} ASYNC", text_literal(query_id));
        let params = [("database", self.props.database.trim()), ("default_format", "JSONCompactEachRowWithNamesAndTypes")];
        let request = self.authenticated(session.client.post(format!("{}/", session.origin)).query(&params).body(sql));
        let _ = tokio::time::timeout(super::CONNECT_TIMEOUT, request.send()).await;
    }

    async fn query_all(&self, sql: &str, row_limit: usize) -> Result<PagedRead, ConnectorError> {
        self.run(sql, row_limit, METADATA_TIMEOUT, &CancellationToken::new()).await
    }
}

fn unreachable(e: reqwest::Error) -> ConnectorError {
    if e.is_connect() || e.is_timeout() {
        ConnectorError::ConnectionRefused(CONNECT_FAILED.into())
    } else {
        ConnectorError::Query(format!("the ClickHouse server could not be read: {e}"))
    }
}

/// The error of an HTTP answer that is not a success.
async fn failure(response: reqwest::Response) -> ConnectorError {
    let status = response.status();
    let mut response = response;
    let mut body = Vec::new();
    while body.len() < ERROR_MAX_BYTES {
        match response.chunk().await {
            Ok(Some(chunk)) => body.extend_from_slice(&chunk),
            _ => break,
        }
    }
    let text = String::from_utf8_lossy(&body[..body.len().min(ERROR_MAX_BYTES)]).trim().to_owned();
    if text.is_empty() {
        return ConnectorError::Query(format!("the ClickHouse server answered {status}"));
    }
    exception(&text)
}

/// `Code: 60. DB::Exception: Unknown table … (UNKNOWN_TABLE) (version 24.8.1)` as an error:
/// the server's message without its code and version.
fn exception(text: &str) -> ConnectorError {
    let code = text.split_once("Code: ").and_then(|(_, rest)| rest.split(|c: char| !c.is_ascii_digit()).next()).and_then(|c| c.parse::<u32>().ok());
    let message = text.split_once("DB::Exception: ").map(|(_, m)| m).unwrap_or(text);
    let message = message.split(" (version ").next().unwrap_or(message).lines().next().unwrap_or_default().trim();
    let message: String = message.chars().take(500).collect();
    match code {
        Some(code) if REFUSED_CODES.contains(&code) => ConnectorError::ConnectionRefused(format!("the ClickHouse server refused the user: {message}")),
        Some(UNKNOWN_DATABASE) => ConnectorError::ConnectionRefused(message),
        Some(TIMEOUT_EXCEEDED) => ConnectorError::Query(format!("the ClickHouse server stopped the query at its time limit: {message}")),
        Some(QUERY_WAS_CANCELLED) => ConnectorError::Cancelled,
        _ => ConnectorError::Query(message),
    }
}

/// A value as Quarry carries it (see the module docs of [`super`]).
fn value_of(value: Value, family: ColumnTypeFamily) -> Value {
    match (family, value) {
        (ColumnTypeFamily::Timestamp, Value::String(text)) => values::from_text(ColumnTypeFamily::Timestamp, &text),
        (ColumnTypeFamily::Json, Value::String(text)) => serde_json::from_str(&text).unwrap_or(Value::String(text)),
        // NaN and the infinities, which the server quotes.
        (ColumnTypeFamily::Float, Value::String(text)) => Value::String(text),
        (_, value) => value,
    }
}

fn text_literal(value: &str) -> String {
    crate::compile::Dialect::ClickHouse.text_literal(value)
}

#[async_trait]
impl Connector for ClickHouseConnector {
    fn source_type(&self) -> DataSourceType {
        DataSourceType::ClickHouse
    }

    async fn test(&self) -> Result<(), ConnectorError> {
        // The database must exist: a typo would otherwise show an empty source.
        let sql = format!("SELECT count() FROM system.databases WHERE name = {}", text_literal(self.props.database.trim()));
        let read = self.query_all(&sql, 1).await?;
        match read.rows.first().and_then(|r| r.first()).and_then(Value::as_u64) {
            Some(n) if n > 0 => Ok(()),
            _ => Err(ConnectorError::ConnectionRefused(format!("the ClickHouse server has no database {}", self.props.database.trim()))),
        }
    }

    /// ClickHouse's primary key orders rows and is not unique: no column is marked a key.
    async fn tables(&self) -> Result<Vec<SourceTable>, ConnectorError> {
        let sql = format!(
            "SELECT database, table, name, type FROM system.columns WHERE database = {} ORDER BY database, table, position",
            text_literal(self.props.database.trim())
        );
        let read = self.query_all(&sql, 1_000_000).await?;
        let mut tables: Vec<SourceTable> = Vec::new();
        for row in read.rows {
            let text = |i: usize| row.get(i).and_then(Value::as_str).unwrap_or_default().to_owned();
            let (schema, name, type_name) = (text(0), text(1), text(3));
            let not_null = !type_name.contains("Nullable(");
            let column = SourceColumn { name: text(2), family: families::clickhouse(&type_name), type_name, not_null, is_primary_key: false };
            match tables.last_mut() {
                Some(last) if last.schema == schema && last.name == name => last.columns.push(column),
                _ => tables.push(SourceTable { schema, name, columns: vec![column] }),
            }
        }
        sort_tables(&mut tables);
        Ok(tables)
    }

    /// ClickHouse has no foreign keys: relationships are recommended from names and data.
    async fn foreign_keys(&self) -> Result<Vec<ForeignKey>, ConnectorError> {
        Ok(Vec::new())
    }

    async fn dry_run(&self, sql: &str) -> Result<Vec<ResultColumn>, ConnectorError> {
        Ok(self.query_all(&columns_only(statement_body(sql)?), 0).await?.columns)
    }

    async fn query(&self, sql: &str, options: QueryOptions) -> Result<QueryResult, ConnectorError> {
        let body = statement_body(sql)?;
        Ok(self.run(body, options.row_limit, options.timeout, &options.cancel).await?.into_result(options.row_limit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_errors_read_as_what_they_mean() {
        let refused = exception("Code: 516. DB::Exception: quarry: Authentication failed: password is incorrect. (AUTHENTICATION_FAILED) (version 26.9.2.1)");
        assert_eq!(
            refused,
            ConnectorError::ConnectionRefused(
                "the ClickHouse server refused the user: quarry: Authentication failed: password is incorrect. (AUTHENTICATION_FAILED)".into()
            )
        );
        let unknown = exception("Code: 60. DB::Exception: Unknown table expression identifier 'nope'. (UNKNOWN_TABLE) (version 26.9.2.1)");
        assert_eq!(unknown, ConnectorError::Query("Unknown table expression identifier 'nope'. (UNKNOWN_TABLE)".into()));
        assert_eq!(exception("Code: 394. DB::Exception: Query was cancelled. (QUERY_WAS_CANCELLED)"), ConnectorError::Cancelled);
        assert_eq!(exception("not an exception"), ConnectorError::Query("not an exception".into()));
    }

    #[test]
    fn values_read_as_the_other_sources_give_them() {
        assert_eq!(value_of(Value::from("2024-01-31 13:45:00.500"), ColumnTypeFamily::Timestamp), Value::from("2024-01-31T13:45:00.500"));
        assert_eq!(value_of(Value::from("2024-01-31 13:45:00"), ColumnTypeFamily::Timestamp), Value::from("2024-01-31T13:45:00"));
        assert_eq!(value_of(Value::from("12.50"), ColumnTypeFamily::Decimal), Value::from("12.50"));
        assert_eq!(value_of(Value::from("{\"a\":1}"), ColumnTypeFamily::Json), serde_json::json!({"a": 1}));
        assert_eq!(value_of(serde_json::json!([1, 2]), ColumnTypeFamily::Record), serde_json::json!([1, 2]));
    }
}
