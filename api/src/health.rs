//! `/healthz` (the process is up), `/readyz` (its dependencies answer), `/metrics`
//! (Prometheus, docs/operations.md) and `/api/config`.

use crate::state::AppState;
use axum::{Json, extract::State, http::StatusCode, response::IntoResponse};
use base64::Engine;
use quarry_domain::db;
use serde_json::json;

pub async fn healthz() -> &'static str {
    "ok"
}

pub async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    let postgres = db::ping(&state.pool).await;
    let mut redis = state.redis.clone();
    let redis = redis::cmd("PING").query_async::<String>(&mut redis).await.is_ok();
    let (temporal, worker) = match state.temporal().await {
        Ok(client) => {
            let health = client.health().await;
            (health.reachable, health.workers_polling)
        }
        Err(_) => (false, false),
    };
    let ready = postgres && redis && temporal && worker;
    let status = if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, Json(json!({ "ready": ready, "postgres": postgres, "redis": redis, "temporal": temporal, "worker": worker })))
}

/// Quarry's metrics in the Prometheus text format, with the task queues' backlogs read from
/// Temporal now.
pub async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    if let Ok(client) = state.temporal().await {
        for (queue, kind, count, age) in client.backlogs().await {
            quarry_domain::metrics::BACKLOG.with_label_values(&[queue.as_str(), kind]).set(count);
            quarry_domain::metrics::BACKLOG_AGE.with_label_values(&[queue.as_str(), kind]).set(age);
        }
    }
    ([(axum::http::header::CONTENT_TYPE, "text/plain; version=0.0.4")], quarry_domain::metrics::render())
}

pub async fn config(State(state): State<AppState>) -> impl IntoResponse {
    let langfuse = base64::engine::general_purpose::STANDARD.encode(state.config.langfuse_public_key.as_bytes());
    Json(json!({
        "telemetryKey": state.config.telemetry_key,
        "langfusePublicKey": langfuse,
        "csvImportMaxFileSizeMB": state.config.csv_import_max_file_size_mb,
    }))
}
