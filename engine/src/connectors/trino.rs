//! TRINO over its client protocol: HTTP and JSON. A statement is POSTed to `/v1/statement`;
//! the coordinator answers with a first page and a `nextUri`, which the client follows with
//! GET until a page has none. Pages carry the result's `columns` once known, rows in `data`,
//! and `error` when the query failed. DELETE on the current `nextUri` cancels the query.
//!
//! - The host passes the [`NetworkPolicy`] once per call; the client is pinned to the checked
//!   address, follows no redirect, and follows a `nextUri` only to the same server (a
//!   coordinator could otherwise send it anywhere).
//! - Sessions run in UTC, with the server's own time limit (`query_max_execution_time`) a
//!   second beyond ours; our deadline and cancel DELETE the query.
//! - Rows are read up to the limit plus one, then the query is cancelled: the server stops
//!   producing rows nobody reads.
//! - Values come as the module docs of [`super`] say: timestamps with a `T` and fractions in
//!   groups of three digits, UTC ones with `Z`, JSON parsed, the rest as Trino writes them
//!   (decimals as exact text, binary as base64).

use super::{
    ColumnTypeFamily, Connector, ConnectorError, DataSourceType, ForeignKey, PagedRead, QueryOptions, QueryResult, ResultBudget, ResultColumn, SourceTable,
    TrinoProperties, columns_only, families, statement_body, supervise, tables_of_columns,
};
use crate::network::{CONNECT_FAILED, NetworkPolicy};
use async_trait::async_trait;
use secrecy::ExposeSecret;
use serde::Deserialize;
use serde_json::Value;
use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

const METADATA_TIMEOUT: Duration = Duration::from_secs(120);
/// How long to wait before asking again when the coordinator is busy (HTTP 429 or 503).
const BUSY_PAUSE: Duration = Duration::from_millis(100);
/// The most bytes of one page we read.
const PAGE_MAX_BYTES: usize = 64 << 20;

#[derive(Debug, Clone)]
pub struct TrinoConnector {
    props: TrinoProperties,
    network: Arc<NetworkPolicy>,
}

/// One page of the client protocol.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Page {
    next_uri: Option<String>,
    columns: Option<Vec<PageColumn>>,
    data: Option<Vec<Vec<Value>>>,
    error: Option<PageError>,
}

#[derive(Debug, Deserialize)]
struct PageColumn {
    name: String,
    #[serde(rename = "type")]
    type_name: String,
}

#[derive(Debug, Deserialize)]
struct PageError {
    message: String,
}

/// A client for one call, and the server's origin that every `nextUri` must stay on.
struct Session {
    client: reqwest::Client,
    origin: String,
}

impl TrinoConnector {
    pub fn new(props: TrinoProperties, network: Arc<NetworkPolicy>) -> Self {
        Self { props, network }
    }

    fn port(&self) -> u16 {
        self.props.port.unwrap_or(if self.props.ssl { 443 } else { 8080 })
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

    fn headers(&self, request: reqwest::RequestBuilder, limit: Duration) -> reqwest::RequestBuilder {
        let server_limit = limit.as_secs() + 1;
        let request = request
            .header("X-Trino-User", self.props.user.trim())
            .header("X-Trino-Catalog", self.props.catalog.trim())
            .header("X-Trino-Schema", self.props.schema.trim())
            .header("X-Trino-Source", "quarry")
            .header("X-Trino-Time-Zone", "UTC")
            .header("X-Trino-Session", format!("query_max_execution_time={server_limit}s"));
        match &self.props.password {
            Some(password) => request.basic_auth(self.props.user.trim(), Some(password.expose_secret())),
            None => request,
        }
    }

    /// Runs `sql` and reads at most `row_limit + 1` rows, within `limit` and `cancel`.
    async fn run(&self, sql: &str, row_limit: usize, limit: Duration, cancel: &tokio_util::sync::CancellationToken) -> Result<PagedRead, ConnectorError> {
        let session = self.open().await?;
        let current: Arc<Mutex<Option<String>>> = Arc::default();
        let work = self.read_pages(&session, sql, row_limit, limit, current.clone());
        let stop = || async {
            let next = current.lock().ok().and_then(|c| c.clone());
            if let Some(next) = next {
                let _ = session.client.delete(next).send().await;
            }
        };
        supervise(work, limit, cancel, stop).await
    }

    async fn read_pages(
        &self,
        session: &Session,
        sql: &str,
        row_limit: usize,
        limit: Duration,
        current: Arc<Mutex<Option<String>>>,
    ) -> Result<PagedRead, ConnectorError> {
        let first = self.headers(session.client.post(format!("{}/v1/statement", session.origin)), limit).body(sql.to_owned());
        let mut page = send(first).await?;
        let mut read = PagedRead::default();
        let mut budget = ResultBudget::new();
        loop {
            if let Some(error) = page.error {
                return Err(ConnectorError::Query(error.message));
            }
            if let (Some(columns), true) = (page.columns, read.columns.is_empty()) {
                read.columns = columns.into_iter().map(|c| ResultColumn::new(c.name, c.type_name.clone(), families::trino(&c.type_name))).collect();
            }
            for row in page.data.unwrap_or_default() {
                let row: Vec<Value> = row.into_iter().zip(&read.columns).map(|(v, c)| value_of(v, c.family)).collect();
                if !read.keep(row, row_limit, &mut budget) {
                    break;
                }
            }
            let Some(next) = page.next_uri else { break };
            if !next.starts_with(&format!("{}/", session.origin)) {
                return Err(ConnectorError::Query(format!("the Trino server sent the client elsewhere ({next}); only {} is followed", session.origin)));
            }
            if read.enough(row_limit) {
                // Enough: the query is stopped rather than read to its end.
                let _ = session.client.delete(&next).send().await;
                break;
            }
            if let Ok(mut c) = current.lock() {
                *c = Some(next.clone());
            }
            page = send(self.headers(session.client.get(&next), limit)).await?;
        }
        Ok(read)
    }

    async fn query_all(&self, sql: &str, row_limit: usize) -> Result<PagedRead, ConnectorError> {
        self.run(sql, row_limit, METADATA_TIMEOUT, &tokio_util::sync::CancellationToken::new()).await
    }
}

/// Sends a request of the protocol and reads its page; a busy coordinator is asked again.
async fn send(request: reqwest::RequestBuilder) -> Result<Page, ConnectorError> {
    for _ in 0..50 {
        let Some(attempt) = request.try_clone() else { break };
        let response = attempt.send().await.map_err(|e| {
            if e.is_connect() || e.is_timeout() {
                ConnectorError::ConnectionRefused(CONNECT_FAILED.into())
            } else {
                ConnectorError::Query(format!("the Trino server could not be read: {e}"))
            }
        })?;
        let status = response.status();
        if status == reqwest::StatusCode::SERVICE_UNAVAILABLE || status == reqwest::StatusCode::TOO_MANY_REQUESTS {
            tokio::time::sleep(BUSY_PAUSE).await;
            continue;
        }
        if status == reqwest::StatusCode::UNAUTHORIZED || status == reqwest::StatusCode::FORBIDDEN {
            return Err(ConnectorError::ConnectionRefused(format!("the Trino server refused the user ({status})")));
        }
        let bytes = response.bytes().await.map_err(|e| ConnectorError::Query(format!("the Trino server's answer was cut: {e}")))?;
        if bytes.len() > PAGE_MAX_BYTES {
            return Err(ConnectorError::Query("the Trino server sent a page too large to read".into()));
        }
        if !status.is_success() {
            let text: String = String::from_utf8_lossy(&bytes).chars().take(300).collect();
            return Err(ConnectorError::Query(format!("the Trino server answered {status}: {}", text.trim())));
        }
        return serde_json::from_slice(&bytes).map_err(|e| ConnectorError::Query(format!("the Trino server's answer is not the client protocol: {e}")));
    }
    Err(ConnectorError::Query("the Trino server stayed busy".into()))
}

/// A value as Quarry carries it (see the module docs of [`super`]).
pub(super) fn value_of(value: Value, family: ColumnTypeFamily) -> Value {
    match (family, value) {
        (ColumnTypeFamily::Timestamp, Value::String(text)) => Value::String(timestamp(&text)),
        (ColumnTypeFamily::Timestamptz, Value::String(text)) => match text.strip_suffix(" UTC") {
            Some(utc) => Value::String(format!("{}Z", timestamp(utc))),
            None => Value::String(text),
        },
        (ColumnTypeFamily::Json, Value::String(text)) => serde_json::from_str(&text).unwrap_or(Value::String(text)),
        (_, value) => value,
    }
}

/// `2024-01-31 13:45:00.500000` → `2024-01-31T13:45:00.500`: a `T`, and the fraction in
/// groups of three digits, none when it is zero.
fn timestamp(text: &str) -> String {
    let text = text.replacen(' ', "T", 1);
    let Some((whole, fraction)) = text.split_once('.') else { return text };
    let mut fraction = fraction.to_owned();
    while fraction.len() >= 3 && fraction.ends_with("000") {
        fraction.truncate(fraction.len() - 3);
    }
    if fraction.is_empty() || fraction.chars().all(|c| c == '0') { whole.to_owned() } else { format!("{whole}.{fraction}") }
}

fn text_literal(value: &str) -> String {
    format!("'{}'", value.replace('\'', "''"))
}

#[async_trait]
impl Connector for TrinoConnector {
    fn source_type(&self) -> DataSourceType {
        DataSourceType::Trino
    }

    async fn test(&self) -> Result<(), ConnectorError> {
        // The schema must exist: a typo would otherwise show an empty source.
        let sql = format!("SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name = {}", text_literal(self.props.schema.trim()));
        let read = self.query_all(&sql, 1).await?;
        match read.rows.first().and_then(|r| r.first()).and_then(Value::as_u64) {
            Some(n) if n > 0 => Ok(()),
            _ => Err(ConnectorError::ConnectionRefused(format!("the Trino catalog {} has no schema {}", self.props.catalog.trim(), self.props.schema.trim()))),
        }
    }

    async fn tables(&self) -> Result<Vec<SourceTable>, ConnectorError> {
        let sql = format!(
            "SELECT table_schema, table_name, column_name, data_type, is_nullable FROM information_schema.columns \
             WHERE table_schema = {} ORDER BY table_schema, table_name, ordinal_position",
            text_literal(self.props.schema.trim())
        );
        let read = self.query_all(&sql, 1_000_000).await?;
        Ok(tables_of_columns(read.rows, |type_name, _| families::trino(type_name)))
    }

    /// Trino has no foreign keys: relationships are recommended from names and data.
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
    fn timestamps_read_as_the_other_sources_give_them() {
        assert_eq!(timestamp("2024-01-31 13:45:00.500"), "2024-01-31T13:45:00.500");
        assert_eq!(timestamp("2024-01-31 13:45:00.500000"), "2024-01-31T13:45:00.500");
        assert_eq!(timestamp("2024-01-31 13:45:00.000"), "2024-01-31T13:45:00");
        assert_eq!(timestamp("2024-01-31 13:45:00"), "2024-01-31T13:45:00");
        assert_eq!(value_of(Value::from("2024-01-31 13:45:00.000 UTC"), ColumnTypeFamily::Timestamptz), Value::from("2024-01-31T13:45:00Z"));
        assert_eq!(value_of(Value::from("{\"a\": 1}"), ColumnTypeFamily::Json), serde_json::json!({"a": 1}));
        assert_eq!(value_of(Value::from("12.50"), ColumnTypeFamily::Decimal), Value::from("12.50"));
    }
}
