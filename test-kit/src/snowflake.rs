//! Snowflake for tests: its SQL API (v2) answering from a DuckDB file, so the real client runs
//! against it.
//!
//! `POST /api/v2/statements` (a bearer token of type PROGRAMMATIC_ACCESS_TOKEN required) runs
//! the statement and answers its first partition (200), or — when slowed down — a handle to
//! poll (202) first; `GET /api/v2/statements/{handle}?partition=N` gives the others (two rows
//! each); `POST …/{handle}/cancel` cancels. Values are in the API's JSON form: numbers and text
//! as strings, dates as days since 1970, timestamps as seconds since 1970 with nanoseconds. A
//! failing statement answers 422 with Snowflake's error shape.

use axum::{
    Json, Router,
    extract::{Path, Query, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use quarry_engine::{ColumnTypeFamily, Connector, QueryOptions, QueryResult, connectors::DuckDbConnector};
use serde_json::{Value, json};
use std::{
    collections::HashMap,
    path::PathBuf,
    sync::{Arc, Mutex},
    time::Duration,
};

/// Rows per partition.
const PARTITION_ROWS: usize = 2;

/// The token requests must carry.
pub const TOKEN: &str = "pat-quarry-test";

/// What the service saw, for tests to check.
#[derive(Debug, Default, Clone)]
pub struct Seen {
    /// Each statement's request body.
    pub statements: Vec<Value>,
    /// Handles a client cancelled.
    pub cancelled: Vec<String>,
}

struct Statement {
    result: QueryResult,
    /// Polls still to answer 202 before the result.
    pending: usize,
}

#[derive(Clone)]
struct Service {
    database: PathBuf,
    statements: Arc<Mutex<HashMap<String, Statement>>>,
    seen: Arc<Mutex<Seen>>,
    pending: Arc<Mutex<usize>>,
}

pub struct FakeSnowflake {
    pub port: u16,
    service: Service,
}

impl FakeSnowflake {
    /// Serves `database` (a DuckDB file) on a free port of 127.0.0.1.
    pub async fn start(database: PathBuf) -> Self {
        let service = Service { database, statements: Arc::default(), seen: Arc::default(), pending: Arc::default() };
        let app = Router::new()
            .route("/api/v2/statements", post(submit))
            .route("/api/v2/statements/{handle}", get(poll))
            .route("/api/v2/statements/{handle}/cancel", post(cancel))
            .with_state(service.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let port = listener.local_addr().expect("its address").port();
        tokio::spawn(async move { axum::serve(listener, app).await });
        Self { port, service }
    }

    pub fn seen(&self) -> Seen {
        self.service.seen.lock().unwrap().clone()
    }

    /// Statements answer 202 (still running) to this many requests before their result.
    pub fn slow_down(&self, polls: usize) {
        *self.service.pending.lock().unwrap() = polls;
    }
}

fn refused(status: StatusCode, code: &str, message: &str, handle: Option<&str>) -> Response {
    (status, Json(json!({"code": code, "message": message, "sqlState": "42000", "statementHandle": handle}))).into_response()
}

fn authorized(headers: &HeaderMap) -> bool {
    let bearer = headers.get("authorization").and_then(|v| v.to_str().ok()) == Some(&format!("Bearer {TOKEN}"));
    let kind = headers.get("x-snowflake-authorization-token-type").and_then(|v| v.to_str().ok()) == Some("PROGRAMMATIC_ACCESS_TOKEN");
    bearer && kind
}

async fn submit(State(s): State<Service>, headers: HeaderMap, Json(body): Json<Value>) -> Response {
    if !authorized(&headers) {
        return refused(StatusCode::UNAUTHORIZED, "390303", "Invalid OAuth access token.", None);
    }
    s.seen.lock().unwrap().statements.push(body.clone());
    let handle = uuid::Uuid::new_v4().to_string();
    let sql = body["statement"].as_str().unwrap_or_default();
    let connector = DuckDbConnector::duckdb(s.database.clone());
    let result = match connector.query(sql, QueryOptions::new(100_000, Duration::from_secs(60))).await {
        Ok(result) => result,
        Err(e) => return refused(StatusCode::UNPROCESSABLE_ENTITY, "002003", &format!("SQL compilation error: {e}"), Some(&handle)),
    };
    let pending = *s.pending.lock().unwrap();
    s.statements.lock().unwrap().insert(handle.clone(), Statement { result, pending });
    answer(&s, &handle, 0)
}

async fn poll(State(s): State<Service>, headers: HeaderMap, Path(handle): Path<String>, Query(query): Query<HashMap<String, String>>) -> Response {
    if !authorized(&headers) {
        return refused(StatusCode::UNAUTHORIZED, "390303", "Invalid OAuth access token.", None);
    }
    let partition = query.get("partition").and_then(|p| p.parse().ok()).unwrap_or(0);
    answer(&s, &handle, partition)
}

async fn cancel(State(s): State<Service>, Path(handle): Path<String>) -> Response {
    s.statements.lock().unwrap().remove(&handle);
    s.seen.lock().unwrap().cancelled.push(handle.clone());
    Json(json!({"code": "000604", "message": "Statement cancelled.", "statementHandle": handle})).into_response()
}

fn answer(s: &Service, handle: &str, partition: usize) -> Response {
    let mut statements = s.statements.lock().unwrap();
    let Some(statement) = statements.get_mut(handle) else {
        return refused(StatusCode::NOT_FOUND, "000709", "Statement not found.", Some(handle));
    };
    if statement.pending > 0 {
        statement.pending -= 1;
        let url = format!("/api/v2/statements/{handle}");
        return (
            StatusCode::ACCEPTED,
            Json(json!({"code": "333334", "message": "Asynchronous execution in progress.", "statementHandle": handle, "statementStatusUrl": url})),
        )
            .into_response();
    }
    let result = &statement.result;
    let chunks: Vec<&[Vec<Value>]> = result.rows.chunks(PARTITION_ROWS).collect();
    let data: Vec<Value> = chunks.get(partition).map_or_else(Vec::new, |rows| rows.iter().map(|r| Value::Array(api_row(r, result))).collect());
    if partition > 0 {
        return Json(json!({"data": data})).into_response();
    }
    let row_type: Vec<Value> = result.columns.iter().map(|c| row_type(&c.name, &c.type_name, c.family)).collect();
    let partitions: Vec<Value> = chunks.iter().map(|c| json!({"rowCount": c.len(), "uncompressedSize": 100})).collect();
    Json(json!({
        "resultSetMetaData": {"numRows": result.rows.len(), "format": "jsonv2", "rowType": row_type, "partitionInfo": partitions},
        "data": data,
        "code": "090001",
        "statementHandle": handle,
        "message": "Statement executed successfully.",
    }))
    .into_response()
}

/// A result column as the SQL API describes it.
fn row_type(name: &str, duckdb: &str, family: ColumnTypeFamily) -> Value {
    let scale = duckdb.split_once(',').and_then(|(_, s)| s.trim_end_matches(')').trim().parse::<i64>().ok()).unwrap_or(0);
    let kind = match family {
        ColumnTypeFamily::Integer | ColumnTypeFamily::Decimal => "fixed",
        ColumnTypeFamily::Float => "real",
        ColumnTypeFamily::Boolean => "boolean",
        ColumnTypeFamily::Date => "date",
        ColumnTypeFamily::Timestamp => "timestamp_ntz",
        ColumnTypeFamily::Timestamptz => "timestamp_ltz",
        _ => "text",
    };
    json!({"name": name.to_uppercase(), "type": kind, "scale": scale, "precision": 38, "nullable": true})
}

/// A row in the API's JSON form.
fn api_row(row: &[Value], result: &QueryResult) -> Vec<Value> {
    row.iter()
        .zip(&result.columns)
        .map(|(value, column)| match (column.family, value) {
            (_, Value::Null) => Value::Null,
            (ColumnTypeFamily::Date, Value::String(day)) => {
                let date = chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").expect("a date");
                json!((date - chrono::NaiveDate::from_ymd_opt(1970, 1, 1).unwrap()).num_days().to_string())
            }
            (ColumnTypeFamily::Timestamp | ColumnTypeFamily::Timestamptz, Value::String(at)) => {
                let text = at.trim_end_matches('Z');
                let format = if text.contains('.') { "%Y-%m-%dT%H:%M:%S%.f" } else { "%Y-%m-%dT%H:%M:%S" };
                let at = chrono::NaiveDateTime::parse_from_str(text, format).expect("a timestamp").and_utc();
                json!(format!("{}.{:09}", at.timestamp(), at.timestamp_subsec_nanos()))
            }
            (_, Value::String(text)) => json!(text),
            (_, other) => json!(other.to_string()),
        })
        .collect()
}
