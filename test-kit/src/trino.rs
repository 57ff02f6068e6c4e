//! A Trino coordinator for tests: the client protocol over HTTP, answering from a DuckDB file.
//!
//! Trino cannot run here, so its protocol is served as the coordinator serves it: a statement
//! POSTed to `/v1/statement` (the `X-Trino-User` header required) answers with its first page
//! and a `nextUri`; each GET of that page gives the next rows (two per page, so clients must
//! page) until the last page, which has none; DELETE cancels. A failing statement answers a
//! page with `error`. Columns carry Trino's type names and values are written as Trino writes
//! them (`timestamp(3)` as `2024-01-31 13:45:00.500`, decimals as text). The SQL itself runs
//! in DuckDB, whose dialect reads the ANSI SQL the compiler writes for Trino.

use axum::{
    Json, Router,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use quarry_engine::{Connector, QueryOptions, QueryResult, connectors::DuckDbConnector};
use serde_json::{Value, json};
use std::{
    collections::HashMap,
    path::PathBuf,
    sync::{Arc, Mutex},
    time::Duration,
};

/// Rows per page.
const PAGE_ROWS: usize = 2;

/// What the coordinator saw, for tests to check.
#[derive(Debug, Default, Clone)]
pub struct Seen {
    /// Each statement POSTed, with its headers (lower-case names).
    pub statements: Vec<(String, HashMap<String, String>)>,
    /// Queries a client cancelled with DELETE.
    pub cancelled: Vec<String>,
}

struct Query {
    result: Result<QueryResult, String>,
    sent: usize,
}

#[derive(Clone)]
struct Coordinator {
    database: PathBuf,
    origin: Arc<Mutex<String>>,
    queries: Arc<Mutex<HashMap<String, Query>>>,
    seen: Arc<Mutex<Seen>>,
    /// A pause before each page after the first: a slow query.
    page_delay: Arc<Mutex<Duration>>,
}

pub struct FakeTrino {
    /// `http://127.0.0.1:<port>`.
    pub url: String,
    pub port: u16,
    coordinator: Coordinator,
}

impl FakeTrino {
    /// Serves `database` (a DuckDB file; its `main` schema is the catalog's schema) on a free
    /// port of 127.0.0.1.
    pub async fn start(database: PathBuf) -> Self {
        let coordinator = Coordinator { database, origin: Arc::default(), queries: Arc::default(), seen: Arc::default(), page_delay: Arc::default() };
        let app = Router::new()
            .route("/v1/statement", post(statement))
            .route("/v1/statement/executing/{id}/{token}", get(page).delete(cancel))
            .with_state(coordinator.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let port = listener.local_addr().expect("its address").port();
        let url = format!("http://127.0.0.1:{port}");
        *coordinator.origin.lock().unwrap() = url.clone();
        tokio::spawn(async move { axum::serve(listener, app).await });
        Self { url, port, coordinator }
    }

    pub fn seen(&self) -> Seen {
        self.coordinator.seen.lock().unwrap().clone()
    }

    /// Every page after the first waits this long: a query that runs for a while.
    pub fn slow_down(&self, delay: Duration) {
        *self.coordinator.page_delay.lock().unwrap() = delay;
    }
}

fn error_page(message: &str, name: &str) -> Value {
    json!({"id": "failed", "stats": {"state": "FAILED"}, "error": {"message": message, "errorCode": 1, "errorName": name, "errorType": "USER_ERROR"}})
}

async fn statement(State(c): State<Coordinator>, headers: HeaderMap, body: String) -> Response {
    let Some(_user) = headers.get("x-trino-user") else {
        return (StatusCode::UNAUTHORIZED, "Missing X-Trino-User").into_response();
    };
    let named: HashMap<String, String> = headers.iter().map(|(k, v)| (k.as_str().to_owned(), v.to_str().unwrap_or_default().to_owned())).collect();
    c.seen.lock().unwrap().statements.push((body.clone(), named));
    let connector = DuckDbConnector::duckdb(c.database.clone());
    let result = connector.query(&body, QueryOptions::new(100_000, Duration::from_secs(60))).await.map_err(|e| e.to_string());
    let id = format!("q{}", uuid::Uuid::new_v4().simple());
    c.queries.lock().unwrap().insert(id.clone(), Query { result, sent: 0 });
    // The first page: queued, no rows yet, as a coordinator answers.
    let origin = c.origin.lock().unwrap().clone();
    Json(json!({"id": id, "stats": {"state": "QUEUED"}, "nextUri": format!("{origin}/v1/statement/executing/{id}/1")})).into_response()
}

async fn page(State(c): State<Coordinator>, Path((id, token)): Path<(String, u64)>) -> Response {
    let delay = *c.page_delay.lock().unwrap();
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    let origin = c.origin.lock().unwrap().clone();
    let mut queries = c.queries.lock().unwrap();
    let Some(query) = queries.get_mut(&id) else { return (StatusCode::NOT_FOUND, "Query not found").into_response() };
    let result = match &query.result {
        Ok(result) => result,
        Err(message) => {
            let page = error_page(message, "SYNTAX_ERROR");
            queries.remove(&id);
            return Json(page).into_response();
        }
    };
    let columns: Vec<Value> = result.columns.iter().map(|c| json!({"name": c.name, "type": trino_type(&c.type_name)})).collect();
    let rows: Vec<Value> = result.rows[query.sent..].iter().take(PAGE_ROWS).map(|row| Value::Array(trino_row(row, result))).collect();
    query.sent += rows.len();
    let done = query.sent >= result.rows.len();
    let mut page = json!({"id": id, "stats": {"state": if done { "FINISHED" } else { "RUNNING" }}, "columns": columns});
    if !rows.is_empty() {
        page["data"] = Value::Array(rows);
    }
    if done {
        queries.remove(&id);
    } else {
        page["nextUri"] = json!(format!("{origin}/v1/statement/executing/{id}/{}", token + 1));
    }
    Json(page).into_response()
}

async fn cancel(State(c): State<Coordinator>, Path((id, _)): Path<(String, u64)>) -> StatusCode {
    c.queries.lock().unwrap().remove(&id);
    c.seen.lock().unwrap().cancelled.push(id);
    StatusCode::NO_CONTENT
}

/// DuckDB's type name as Trino names the same type.
fn trino_type(duckdb: &str) -> String {
    let lower = duckdb.to_ascii_lowercase();
    match lower.as_str() {
        "hugeint" | "ubigint" => "bigint".into(),
        "float" => "real".into(),
        "timestamp" => "timestamp(3)".into(),
        "timestamp with time zone" => "timestamp(3) with time zone".into(),
        "blob" => "varbinary".into(),
        _ => lower,
    }
}

/// A row as Trino writes it: timestamps with a space and milliseconds, UTC ones with ` UTC`.
fn trino_row(row: &[Value], result: &QueryResult) -> Vec<Value> {
    row.iter()
        .zip(&result.columns)
        .map(|(value, column)| match (column.type_name.to_ascii_lowercase().as_str(), value) {
            ("timestamp", Value::String(text)) => Value::String(millis(text)),
            ("timestamp with time zone", Value::String(text)) => Value::String(format!("{} UTC", millis(text.trim_end_matches('Z')))),
            _ => value.clone(),
        })
        .collect()
}

/// `2024-01-31T13:45:00.5` → `2024-01-31 13:45:00.500`: how Trino and Athena write a timestamp.
pub(crate) fn millis(text: &str) -> String {
    let text = text.replacen('T', " ", 1);
    match text.split_once('.') {
        Some((whole, fraction)) => format!("{whole}.{:0<3}", &fraction[..fraction.len().min(3)]),
        None => format!("{text}.000"),
    }
}
