//! SNOWFLAKE over its SQL API (v2): a statement is POSTed to `/api/v2/statements` with the
//! warehouse, database, schema and role it runs in; the answer is its first partition of rows
//! (200), or a handle to poll (202) until it is. Further partitions are read with
//! `?partition=N`; `…/cancel` stops it. Calls are authenticated with a programmatic access
//! token (or an OAuth token) as a bearer token.
//!
//! - The account's host passes the [`NetworkPolicy`] once per call and the client is pinned to
//!   the checked address; redirects are not followed.
//! - Sessions run in UTC with the statement's own time limit a second beyond ours; our deadline
//!   and cancel stop it at the server.
//! - Values come in the API's JSON form — numbers and text as strings, dates as days since
//!   1970, timestamps as seconds since 1970 — and are written as the module docs of [`super`]
//!   say.

use super::{
    ColumnTypeFamily, Connector, ConnectorError, DataSourceType, ForeignKey, PagedRead, QueryOptions, QueryResult, ResultBudget, ResultColumn,
    SnowflakeProperties, SourceTable, columns_only, families, statement_body, supervise, tables_of_columns,
};
use crate::network::{CONNECT_FAILED, NetworkPolicy};
use async_trait::async_trait;
use secrecy::ExposeSecret;
use serde::Deserialize;
use serde_json::{Value, json};
use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

const METADATA_TIMEOUT: Duration = Duration::from_secs(120);
/// The most bytes of one answer we read.
const PAGE_MAX_BYTES: usize = 64 << 20;

#[derive(Debug, Clone)]
pub struct SnowflakeConnector {
    props: SnowflakeProperties,
    network: Arc<NetworkPolicy>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Answer {
    statement_handle: Option<String>,
    result_set_meta_data: Option<Meta>,
    data: Option<Vec<Vec<Value>>>,
    message: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Meta {
    row_type: Vec<RowType>,
    #[serde(default)]
    partition_info: Vec<Value>,
}

#[derive(Debug, Deserialize)]
struct RowType {
    name: String,
    #[serde(rename = "type")]
    type_name: String,
    #[serde(default)]
    scale: Option<i64>,
}

struct Session {
    client: reqwest::Client,
    origin: String,
}

impl SnowflakeConnector {
    pub fn new(props: SnowflakeProperties, network: Arc<NetworkPolicy>) -> Self {
        Self { props, network }
    }

    /// The account's host: `<account>.snowflakecomputing.com`, or the host given.
    fn host(&self) -> String {
        match self.props.host.as_deref().map(str::trim).filter(|h| !h.is_empty()) {
            Some(host) => host.to_owned(),
            None => format!("{}.snowflakecomputing.com", self.props.account.trim().to_ascii_lowercase()),
        }
    }

    fn port(&self) -> u16 {
        self.props.port.unwrap_or(443)
    }

    async fn open(&self) -> Result<Session, ConnectorError> {
        let host = self.host();
        let addr = self.network.resolve(&host, self.port()).await?;
        // HTTPS always; plain HTTP only to a loopback address, which only a test's network
        // policy lets through (the token never crosses a network in the clear).
        let loopback = host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback());
        let scheme = if loopback { "http" } else { "https" };
        let client = reqwest::Client::builder()
            .resolve(&host, addr)
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(super::CONNECT_TIMEOUT)
            .no_proxy()
            .build()
            .map_err(|e| ConnectorError::ConnectionRefused(format!("{CONNECT_FAILED} ({e})")))?;
        Ok(Session { client, origin: format!("{scheme}://{host}:{}", self.port()) })
    }

    fn authorized(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        let token = self.props.token.as_ref().map(|t| t.expose_secret().to_owned()).unwrap_or_default();
        request
            .bearer_auth(token)
            .header("X-Snowflake-Authorization-Token-Type", "PROGRAMMATIC_ACCESS_TOKEN")
            .header("Accept", "application/json")
            .header("User-Agent", "Quarry/1.0")
    }

    async fn run(&self, sql: &str, row_limit: usize, limit: Duration, cancel: &tokio_util::sync::CancellationToken) -> Result<PagedRead, ConnectorError> {
        let session = self.open().await?;
        let handle: Arc<Mutex<Option<String>>> = Arc::default();
        let work = self.read(&session, sql, row_limit, limit, handle.clone());
        let stop = || async {
            let running = handle.lock().ok().and_then(|h| h.clone());
            if let Some(running) = running {
                let _ = self.authorized(session.client.post(format!("{}/api/v2/statements/{running}/cancel", session.origin))).send().await;
            }
        };
        supervise(work, limit, cancel, stop).await
    }

    async fn read(
        &self,
        session: &Session,
        sql: &str,
        row_limit: usize,
        limit: Duration,
        handle: Arc<Mutex<Option<String>>>,
    ) -> Result<PagedRead, ConnectorError> {
        let mut body = json!({
            "statement": sql,
            "timeout": limit.as_secs() + 1,
            "database": self.props.database.trim(),
            "schema": self.props.schema.trim(),
            "parameters": {"TIMEZONE": "UTC", "QUERY_TAG": "quarry"},
        });
        if let Some(warehouse) = self.props.warehouse.as_deref().map(str::trim).filter(|w| !w.is_empty()) {
            body["warehouse"] = json!(warehouse);
        }
        if let Some(role) = self.props.role.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
            body["role"] = json!(role);
        }
        let request_id = uuid::Uuid::new_v4();
        let started = self.authorized(session.client.post(format!("{}/api/v2/statements?requestId={request_id}", session.origin))).json(&body);
        let (mut status, mut answer) = send(started).await?;
        if let Some(h) = &answer.statement_handle
            && let Ok(mut slot) = handle.lock()
        {
            *slot = Some(h.clone());
        }
        // 202: still running; poll its handle until it has its first partition.
        let mut pause = Duration::from_millis(100);
        while status == 202 {
            let h = answer.statement_handle.clone().ok_or_else(|| ConnectorError::Query("Snowflake gave no statement handle".into()))?;
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min(Duration::from_secs(1));
            (status, answer) = send(self.authorized(session.client.get(format!("{}/api/v2/statements/{h}", session.origin)))).await?;
        }
        let meta = answer.result_set_meta_data.ok_or_else(|| ConnectorError::Query(answer.message.unwrap_or_else(|| "Snowflake gave no result".into())))?;
        let types: Vec<(ColumnTypeFamily, &RowType)> = meta.row_type.iter().map(|r| (family_of(r), r)).collect();
        let mut read = PagedRead {
            columns: types.iter().map(|(f, r)| ResultColumn::new(r.name.clone(), r.type_name.to_ascii_uppercase(), *f)).collect(),
            ..PagedRead::default()
        };
        let mut budget = ResultBudget::new();
        let mut partition = 0;
        let mut rows = answer.data.unwrap_or_default();
        loop {
            for row in rows {
                let values: Vec<Value> = row.into_iter().zip(&types).map(|(v, (family, _))| value_of(v, *family)).collect();
                if !read.keep(values, row_limit, &mut budget) {
                    break;
                }
            }
            partition += 1;
            if read.enough(row_limit) || partition >= meta.partition_info.len() {
                break;
            }
            let h = answer.statement_handle.clone().unwrap_or_default();
            let (_, next) = send(self.authorized(session.client.get(format!("{}/api/v2/statements/{h}?partition={partition}", session.origin)))).await?;
            rows = next.data.unwrap_or_default();
        }
        Ok(read)
    }

    async fn query_all(&self, sql: &str, row_limit: usize) -> Result<PagedRead, ConnectorError> {
        self.run(sql, row_limit, METADATA_TIMEOUT, &tokio_util::sync::CancellationToken::new()).await
    }
}

/// Sends a call of the SQL API: (status, answer), or the reason Snowflake gave.
async fn send(request: reqwest::RequestBuilder) -> Result<(u16, Answer), ConnectorError> {
    let response = request.send().await.map_err(|e| {
        if e.is_connect() || e.is_timeout() {
            ConnectorError::ConnectionRefused(CONNECT_FAILED.into())
        } else {
            ConnectorError::Query(format!("Snowflake could not be read: {e}"))
        }
    })?;
    let status = response.status().as_u16();
    let bytes = response.bytes().await.map_err(|e| ConnectorError::Query(format!("Snowflake's answer was cut: {e}")))?;
    if bytes.len() > PAGE_MAX_BYTES {
        return Err(ConnectorError::Query("Snowflake sent an answer too large to read".into()));
    }
    let answer: Result<Answer, _> = serde_json::from_slice(&bytes);
    match (status, answer) {
        (200 | 202, Ok(answer)) => Ok((status, answer)),
        (401 | 403, answer) => {
            Err(ConnectorError::ConnectionRefused(answer.ok().and_then(|a| a.message).unwrap_or_else(|| format!("Snowflake refused the token ({status})"))))
        }
        (_, Ok(Answer { message: Some(message), .. })) => Err(ConnectorError::Query(message)),
        (_, _) => Err(ConnectorError::Query(format!("Snowflake answered {status}: {}", String::from_utf8_lossy(&bytes).chars().take(300).collect::<String>()))),
    }
}

/// A column's family: FIXED with a scale is a decimal, without one an integer.
fn family_of(row: &RowType) -> ColumnTypeFamily {
    match (row.type_name.to_ascii_lowercase().as_str(), row.scale) {
        ("fixed", Some(0) | None) => ColumnTypeFamily::Integer,
        ("fixed", Some(_)) => ColumnTypeFamily::Decimal,
        (other, _) => families::snowflake(other),
    }
}

/// A value of the API's JSON form, written as every source writes it.
fn value_of(value: Value, family: ColumnTypeFamily) -> Value {
    let Value::String(text) = value else { return value };
    match family {
        ColumnTypeFamily::Integer => text.parse::<i64>().map(Value::from).unwrap_or(Value::String(text)),
        ColumnTypeFamily::Float => text.parse::<f64>().ok().filter(|f| f.is_finite()).map(Value::from).unwrap_or(Value::String(text)),
        ColumnTypeFamily::Boolean => match text.as_str() {
            "true" | "1" => Value::Bool(true),
            "false" | "0" => Value::Bool(false),
            _ => Value::String(text),
        },
        ColumnTypeFamily::Date => text
            .parse::<i64>()
            .ok()
            .and_then(|days| chrono::NaiveDate::from_ymd_opt(1970, 1, 1)?.checked_add_signed(chrono::Duration::days(days)))
            .map(|d| Value::String(d.format("%Y-%m-%d").to_string()))
            .unwrap_or(Value::String(text)),
        ColumnTypeFamily::Timestamp | ColumnTypeFamily::Timestamptz => {
            // Seconds since 1970 with nanoseconds; TIMESTAMP_TZ adds its offset after a space.
            let seconds = text.split_whitespace().next().unwrap_or_default();
            let (whole, fraction) = seconds.split_once('.').unwrap_or((seconds, ""));
            let nanos: u32 = format!("{fraction:0<9}").get(..9).and_then(|f| f.parse().ok()).unwrap_or(0);
            match whole.parse::<i64>().ok().and_then(|s| chrono::DateTime::from_timestamp(s, nanos)) {
                Some(at) => {
                    let mut written = at.format("%Y-%m-%dT%H:%M:%S%.3f").to_string();
                    if written.ends_with(".000") {
                        written.truncate(written.len() - 4);
                    }
                    if family == ColumnTypeFamily::Timestamptz {
                        written.push('Z');
                    }
                    Value::String(written)
                }
                None => Value::String(text),
            }
        }
        ColumnTypeFamily::Json => serde_json::from_str(&text).unwrap_or(Value::String(text)),
        _ => Value::String(text),
    }
}

fn text_literal(value: &str) -> String {
    crate::compile::Dialect::Snowflake.text_literal(value)
}

#[async_trait]
impl Connector for SnowflakeConnector {
    fn source_type(&self) -> DataSourceType {
        DataSourceType::Snowflake
    }

    async fn test(&self) -> Result<(), ConnectorError> {
        self.query_all("SELECT 1", 1).await.map(|_| ())
    }

    async fn tables(&self) -> Result<Vec<SourceTable>, ConnectorError> {
        let sql = format!(
            "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, DATA_TYPE, IS_NULLABLE, NUMERIC_SCALE FROM INFORMATION_SCHEMA.COLUMNS \
             WHERE TABLE_SCHEMA = {} ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION",
            text_literal(self.props.schema.trim())
        );
        let read = self.query_all(&sql, 1_000_000).await?;
        // A NUMBER of scale 0 (or none) holds integers.
        Ok(tables_of_columns(read.rows, |type_name, row| match (type_name.to_ascii_uppercase().as_str(), row.get(5).and_then(Value::as_i64)) {
            ("NUMBER", Some(0) | None) => ColumnTypeFamily::Integer,
            _ => families::snowflake(type_name),
        }))
    }

    /// Declared keys are not read: relationships are recommended from names and data.
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
    fn the_apis_values_are_written_as_every_source_writes_them() {
        assert_eq!(value_of(json!("42"), ColumnTypeFamily::Integer), json!(42));
        assert_eq!(value_of(json!("12.50"), ColumnTypeFamily::Decimal), json!("12.50"));
        assert_eq!(value_of(json!("19723"), ColumnTypeFamily::Date), json!("2024-01-01"));
        assert_eq!(value_of(json!("1704110700.250000000"), ColumnTypeFamily::Timestamp), json!("2024-01-01T12:05:00.250"));
        assert_eq!(value_of(json!("1704110700.000000000 1440"), ColumnTypeFamily::Timestamptz), json!("2024-01-01T12:05:00Z"));
        assert_eq!(value_of(json!("true"), ColumnTypeFamily::Boolean), json!(true));
        assert_eq!(value_of(Value::Null, ColumnTypeFamily::Text), Value::Null);
    }
}
