//! Quarry's own Prometheus metrics, recorded where the work happens (domain operations run
//! in the api and in workers) and served by each process on its `/metrics`
//! (docs/operations.md says how to read them). Labels come from fixed sets (states, calls,
//! schema fields), never from user input, so their number stays bounded.

use std::sync::LazyLock;

use prometheus::{
    HistogramVec, IntCounter, IntCounterVec, IntGaugeVec, Opts, TextEncoder, histogram_opts, register_histogram_vec, register_int_counter,
    register_int_counter_vec, register_int_gauge_vec,
};

/// Asking tasks moved to a final state by this process, by state.
pub static ASKS_ENDED: LazyLock<IntCounterVec> = LazyLock::new(|| {
    register_int_counter_vec!(Opts::new("quarry_asks_ended_total", "Asking tasks this process moved to a final state, by state."), &["state"]).unwrap()
});

/// Questions asked through this process.
pub static ASKS_STARTED: LazyLock<IntCounter> =
    LazyLock::new(|| register_int_counter!("quarry_asks_started_total", "Questions asked (one Ask workflow each).").unwrap());

/// Calls a request waited for on a worker, by call and outcome (ok, refused, failed).
pub static WORKER_CALLS: LazyLock<HistogramVec> = LazyLock::new(|| {
    register_histogram_vec!(
        histogram_opts!("quarry_worker_call_seconds", "Calls a request waited for on a worker pool, by call and outcome.", latency_buckets()),
        &["call", "outcome"]
    )
    .unwrap()
});

/// Time in each root GraphQL field (`askingTask` is the poll).
pub static GRAPHQL_FIELDS: LazyLock<HistogramVec> = LazyLock::new(|| {
    register_histogram_vec!(histogram_opts!("quarry_graphql_field_seconds", "Time spent resolving each root GraphQL field.", latency_buckets()), &["field"])
        .unwrap()
});

/// Whole GraphQL requests.
pub static GRAPHQL_REQUESTS: LazyLock<HistogramVec> = LazyLock::new(|| {
    register_histogram_vec!(histogram_opts!("quarry_graphql_request_seconds", "GraphQL requests, by HTTP status.", latency_buckets()), &["status"]).unwrap()
});

/// Tasks waiting in each Temporal task queue, read when scraped.
pub static BACKLOG: LazyLock<IntGaugeVec> = LazyLock::new(|| {
    register_int_gauge_vec!(Opts::new("quarry_task_queue_backlog", "Tasks waiting in a Temporal task queue, by queue and kind."), &["queue", "kind"]).unwrap()
});

/// How long the oldest waiting task of each queue has waited, in seconds.
pub static BACKLOG_AGE: LazyLock<IntGaugeVec> = LazyLock::new(|| {
    register_int_gauge_vec!(
        Opts::new("quarry_task_queue_backlog_age_seconds", "How long the oldest task waiting in a Temporal task queue has waited."),
        &["queue", "kind"]
    )
    .unwrap()
});

/// CPU-heavy work running now and the pool's size ([`quarry_engine::cpu`]), set when scraped.
pub static CPU_POOL: LazyLock<IntGaugeVec> =
    LazyLock::new(|| register_int_gauge_vec!(Opts::new("quarry_cpu_pool", "The CPU pool: its size and how much of it is in use."), &["measure"]).unwrap());

/// From a millisecond to two minutes.
fn latency_buckets() -> Vec<f64> {
    vec![0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0]
}

/// Every metric of this process in the Prometheus text format.
pub fn render() -> String {
    CPU_POOL.with_label_values(&["size"]).set(quarry_engine::cpu::size() as i64);
    CPU_POOL.with_label_values(&["in_use"]).set(quarry_engine::cpu::in_use() as i64);
    TextEncoder::new().encode_to_string(&prometheus::gather()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorded_metrics_are_rendered_by_name_and_label() {
        ASKS_ENDED.with_label_values(&["FINISHED"]).inc();
        let text = render();
        assert!(text.contains("quarry_asks_ended_total{state=\"FINISHED\"}"), "{text}");
        assert!(text.contains("quarry_cpu_pool{measure=\"size\"}"), "{text}");
    }
}
