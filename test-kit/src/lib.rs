//! What Quarry's api and worker tests share, once: the test environment (`env`), polling until
//! something holds ([`eventually`]), the real `quarry-worker` as a child process (`worker`),
//! mail as the SMTP sink keeps it (`mail`) and, with the `app` feature, [`TestApp`]: the api's
//! router on port 0 against the services `make test` starts, with the api tests' helpers;
//! with `trino`, [`trino::FakeTrino`], [`athena::FakeAthena`] and [`snowflake::FakeSnowflake`]:
//! Trino's client protocol, Athena's JSON protocol and Snowflake's SQL API, answered from DuckDB;
//! with `clickhouse`, [`clickhouse::ClickHouse`]: tables loaded into the test services' server.

pub mod env;
pub mod mail;
pub mod worker;

#[cfg(feature = "app")]
pub mod app;
#[cfg(feature = "app")]
pub mod asking;
#[cfg(feature = "trino")]
pub mod athena;
#[cfg(feature = "clickhouse")]
pub mod clickhouse;
#[cfg(feature = "trino")]
pub mod snowflake;
#[cfg(feature = "app")]
pub mod sources;
#[cfg(feature = "trino")]
pub mod trino;

use std::{
    future::Future,
    time::{Duration, Instant},
};

#[cfg(feature = "app")]
pub use app::{TestApp, error_code, unique_email};
pub use env::{binary, namespace, required_env, temp_dir, unique};
pub use mail::{decode_quoted_printable, link_param};
#[cfg(feature = "app")]
pub use sources::{shop_database, shop_execute, source_postgres_url, url_parts};
pub use worker::WorkerProcess;

/// Polls `check` until it yields a value, or panics naming `what` after `within`.
pub async fn eventually<T, F, Fut>(what: &str, within: Duration, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let start = Instant::now();
    loop {
        if let Some(value) = check().await {
            return value;
        }
        assert!(start.elapsed() < within, "timed out after {within:?} waiting for {what}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
