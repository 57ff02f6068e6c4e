//! The worker's `/metrics` (when `QUARRY_WORKER_METRICS_ADDR` is set): Quarry's own metrics
//! (asks ended by state, the CPU pool) and the Temporal SDK's (slots in use per task queue,
//! step latencies, schedule-to-start waits), in one Prometheus text document. The SDK serves
//! its own on a loopback port only this process reads.

use std::{net::SocketAddr, sync::Arc};

use anyhow::Context;
use axum::{Router, routing::get};
use temporalio_common::telemetry::{PrometheusExporterOptions, metrics::CoreMeter, start_prometheus_metric_exporter};
use tracing::{info, warn};

use crate::shutdown::Shutdown;

/// Starts the SDK's exporter (for the runtime to record into) and the worker's endpoint on
/// `addr`; returns the meter to give the Temporal runtime.
pub async fn serve(addr: SocketAddr, shutdown: Shutdown) -> anyhow::Result<Arc<dyn CoreMeter>> {
    let options = PrometheusExporterOptions::builder().socket_addr(SocketAddr::from(([127, 0, 0, 1], 0))).use_seconds_for_durations(true).build();
    let sdk = start_prometheus_metric_exporter(options).context("starting the Temporal SDK's metrics exporter")?;
    let sdk_url = format!("http://{}/metrics", sdk.bound_addr);
    let client = reqwest::Client::new();
    let app = Router::new().route(
        "/metrics",
        get(move || {
            let (client, sdk_url) = (client.clone(), sdk_url.clone());
            async move {
                let mut text = quarry_domain::metrics::render();
                match client.get(&sdk_url).send().await.and_then(|r| r.error_for_status()) {
                    Ok(response) => text.push_str(&response.text().await.unwrap_or_default()),
                    Err(error) => warn!("the Temporal SDK's metrics could not be read: {error}"),
                }
                text
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("binding the metrics endpoint to {addr}"))?;
    info!(%addr, "serving metrics on /metrics");
    tokio::spawn(async move {
        let stopped = async move { shutdown.wait().await };
        if let Err(error) = axum::serve(listener, app).with_graceful_shutdown(stopped).await {
            warn!("the metrics endpoint stopped: {error}");
        }
    });
    Ok(sdk.meter)
}
