//! Amazon Athena for tests: its JSON protocol (`POST /` with `X-Amz-Target:
//! AmazonAthena.<Operation>`, `application/x-amz-json-1.1` bodies, errors as `__type` and
//! `message`), answering from a DuckDB file, so the real AWS SDK client runs against it.
//!
//! StartQueryExecution runs the statement at once; the first GetQueryExecution says RUNNING,
//! the next SUCCEEDED (or FAILED with the engine's reason), so clients must poll;
//! GetQueryResults pages three rows at a time, a header row of labels first, every value as
//! text as Athena writes it; StopQueryExecution cancels; ListTableMetadata lists the tables
//! with Hive type names. Requests must be signed (an `AWS4-HMAC-SHA256` Authorization header
//! with the expected access key).

use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::post,
};
use quarry_engine::{Connector, QueryOptions, QueryResult, connectors::DuckDbConnector};
use serde_json::{Value, json};
use std::{
    collections::HashMap,
    path::PathBuf,
    sync::{Arc, Mutex},
    time::Duration,
};

/// Rows per page of GetQueryResults (the header row counts on the first).
const PAGE_ROWS: usize = 3;

/// The access key requests must be signed with.
pub const ACCESS_KEY_ID: &str = "AKIAQUARRYTEST";

/// What the service saw, for tests to check.
#[derive(Debug, Default, Clone)]
pub struct Seen {
    /// Each StartQueryExecution body.
    pub started: Vec<Value>,
    /// Query ids a client stopped.
    pub stopped: Vec<String>,
}

struct Execution {
    result: Result<QueryResult, String>,
    polls: usize,
    stopped: bool,
}

#[derive(Clone)]
struct Service {
    database: PathBuf,
    executions: Arc<Mutex<HashMap<String, Execution>>>,
    seen: Arc<Mutex<Seen>>,
    /// Polls that say RUNNING before a query ends: a slow query.
    running_polls: Arc<Mutex<usize>>,
}

pub struct FakeAthena {
    /// `http://127.0.0.1:<port>`: the endpoint to configure.
    pub url: String,
    service: Service,
}

impl FakeAthena {
    /// Serves `database` (a DuckDB file) on a free port of 127.0.0.1.
    pub async fn start(database: PathBuf) -> Self {
        let service = Service { database, executions: Arc::default(), seen: Arc::default(), running_polls: Arc::new(Mutex::new(1)) };
        let app = Router::new().route("/", post(operation)).with_state(service.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let url = format!("http://127.0.0.1:{}", listener.local_addr().expect("its address").port());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Self { url, service }
    }

    pub fn seen(&self) -> Seen {
        self.service.seen.lock().unwrap().clone()
    }

    /// Queries answer RUNNING to this many polls before they end.
    pub fn slow_down(&self, polls: usize) {
        *self.service.running_polls.lock().unwrap() = polls;
    }
}

fn failure(status: StatusCode, kind: &str, message: &str) -> Response {
    (status, [("content-type", "application/x-amz-json-1.1")], Json(json!({"__type": kind, "message": message}))).into_response()
}

fn answer(body: Value) -> Response {
    ([("content-type", "application/x-amz-json-1.1")], Json(body)).into_response()
}

async fn operation(State(s): State<Service>, headers: HeaderMap, body: String) -> Response {
    let signed = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default();
    if !signed.starts_with("AWS4-HMAC-SHA256") || !signed.contains(&format!("Credential={ACCESS_KEY_ID}/")) {
        return failure(StatusCode::BAD_REQUEST, "UnrecognizedClientException", "The security token included in the request is invalid.");
    }
    let target = headers.get("x-amz-target").and_then(|v| v.to_str().ok()).unwrap_or_default();
    let Ok(request) = serde_json::from_str::<Value>(&body) else {
        return failure(StatusCode::BAD_REQUEST, "SerializationException", "The request body is not JSON.");
    };
    match target.strip_prefix("AmazonAthena.").unwrap_or_default() {
        "StartQueryExecution" => start(&s, request).await,
        "GetQueryExecution" => status(&s, &request),
        "GetQueryResults" => results(&s, &request),
        "StopQueryExecution" => stop(&s, &request),
        "ListTableMetadata" => tables(&s).await,
        other => failure(StatusCode::BAD_REQUEST, "UnknownOperationException", &format!("Unknown operation {other}")),
    }
}

async fn start(s: &Service, request: Value) -> Response {
    let Some(sql) = request["QueryString"].as_str() else { return failure(StatusCode::BAD_REQUEST, "InvalidRequestException", "QueryString is required.") };
    s.seen.lock().unwrap().started.push(request.clone());
    let connector = DuckDbConnector::duckdb(s.database.clone());
    let result = connector.query(sql, QueryOptions::new(100_000, Duration::from_secs(60))).await.map_err(|e| e.to_string());
    let id = uuid::Uuid::new_v4().to_string();
    s.executions.lock().unwrap().insert(id.clone(), Execution { result, polls: 0, stopped: false });
    answer(json!({"QueryExecutionId": id}))
}

fn status(s: &Service, request: &Value) -> Response {
    let id = request["QueryExecutionId"].as_str().unwrap_or_default();
    let running = *s.running_polls.lock().unwrap();
    let mut executions = s.executions.lock().unwrap();
    let Some(execution) = executions.get_mut(id) else { return failure(StatusCode::BAD_REQUEST, "InvalidRequestException", "QueryExecution was not found") };
    execution.polls += 1;
    let (state, reason) = match (&execution.result, execution.stopped, execution.polls <= running) {
        (_, true, _) => ("CANCELLED", None),
        (_, _, true) => ("RUNNING", None),
        (Ok(_), _, _) => ("SUCCEEDED", None),
        (Err(message), _, _) => ("FAILED", Some(message.clone())),
    };
    let mut status = json!({"State": state});
    if let Some(reason) = reason {
        status["StateChangeReason"] = json!(reason);
    }
    answer(json!({"QueryExecution": {"QueryExecutionId": id, "Status": status}}))
}

fn results(s: &Service, request: &Value) -> Response {
    let id = request["QueryExecutionId"].as_str().unwrap_or_default();
    let executions = s.executions.lock().unwrap();
    let Some(Execution { result: Ok(result), .. }) = executions.get(id) else {
        return failure(StatusCode::BAD_REQUEST, "InvalidRequestException", "Query has not yet finished.");
    };
    let max = request["MaxResults"].as_u64().map_or(1000, |m| m as usize).min(PAGE_ROWS);
    let from: usize = request["NextToken"].as_str().and_then(|t| t.parse().ok()).unwrap_or(0);
    // Row 0 is the header of labels; data rows follow.
    let all_rows = result.rows.len() + 1;
    let mut rows = Vec::new();
    for at in from..(from + max).min(all_rows) {
        let data: Vec<Value> = if at == 0 {
            result.columns.iter().map(|c| json!({"VarCharValue": c.name})).collect()
        } else {
            result.rows[at - 1].iter().zip(&result.columns).map(|(v, c)| datum(v, &c.type_name)).collect()
        };
        rows.push(json!({"Data": data}));
    }
    let info: Vec<Value> = result
        .columns
        .iter()
        .map(|c| json!({"Name": c.name, "Label": c.name, "Type": athena_type(&c.type_name), "Nullable": "UNKNOWN", "CaseSensitive": false, "Precision": 0, "Scale": 0}))
        .collect();
    let mut page = json!({"ResultSet": {"Rows": rows, "ResultSetMetadata": {"ColumnInfo": info}}, "UpdateCount": 0});
    if from + max < all_rows {
        page["NextToken"] = json!((from + max).to_string());
    }
    answer(page)
}

fn stop(s: &Service, request: &Value) -> Response {
    let id = request["QueryExecutionId"].as_str().unwrap_or_default().to_owned();
    if let Some(execution) = s.executions.lock().unwrap().get_mut(&id) {
        execution.stopped = true;
    }
    s.seen.lock().unwrap().stopped.push(id);
    answer(json!({}))
}

async fn tables(s: &Service) -> Response {
    let connector = DuckDbConnector::duckdb(s.database.clone());
    let listed = match connector.tables().await {
        Ok(tables) => tables,
        Err(e) => return failure(StatusCode::BAD_REQUEST, "MetadataException", &e.to_string()),
    };
    let list: Vec<Value> = listed
        .iter()
        .map(|t| {
            let columns: Vec<Value> = t.columns.iter().map(|c| json!({"Name": c.name, "Type": hive_type(&c.type_name)})).collect();
            json!({"Name": t.name, "TableType": "EXTERNAL_TABLE", "Columns": columns, "PartitionKeys": []})
        })
        .collect();
    answer(json!({"TableMetadataList": list}))
}

/// A result column's type as Athena's ResultSetMetadata names it.
fn athena_type(duckdb: &str) -> String {
    let lower = duckdb.to_ascii_lowercase();
    match lower.as_str() {
        "hugeint" | "ubigint" => "bigint".into(),
        "float" => "float".into(),
        "blob" => "varbinary".into(),
        _ => lower,
    }
}

/// A table column's type as the Glue catalog names it (Hive names).
fn hive_type(duckdb: &str) -> String {
    let lower = duckdb.to_ascii_lowercase();
    match lower.as_str() {
        "varchar" => "string".into(),
        "integer" => "int".into(),
        "blob" => "binary".into(),
        _ => lower,
    }
}

/// A value as Athena writes it: text, timestamps with a space and milliseconds.
fn datum(value: &Value, type_name: &str) -> Value {
    let text = match (type_name.to_ascii_lowercase().as_str(), value) {
        (_, Value::Null) => return json!({}),
        ("timestamp", Value::String(t)) => crate::trino::millis(t),
        (_, Value::String(t)) => t.clone(),
        (_, other) => other.to_string(),
    };
    json!({"VarCharValue": text})
}
