//! Connection pool and migrations.

use secrecy::{ExposeSecret, SecretString};
use sqlx::postgres::{PgPool, PgPoolOptions};
use std::time::Duration;

pub type Pool = PgPool;

/// A pool of at most `max_connections` (QUARRY_DATABASE_MAX_CONNECTIONS).
pub async fn connect(url: &SecretString, max_connections: u32) -> Result<Pool, sqlx::Error> {
    pool_options(max_connections).connect(url.expose_secret()).await
}

/// How every pool is made. A connection goes back to the pool only outside a transaction:
/// sqlx (0.8.6, and 0.9.0) can put one back with a transaction open when a future is dropped
/// while its `BEGIN` is in flight (a client that disconnects mid-request), and the next
/// borrower's statements would run inside it ("there is already a transaction in progress",
/// then errors until the connection is recycled). Such a connection is closed instead: inside
/// a transaction `now()` is its start, outside one the statement's own (asked by the simple
/// protocol, where the two are the same instant; the extended one starts them apart).
pub fn pool_options(max_connections: u32) -> PgPoolOptions {
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(5))
        .after_release(|conn, _| Box::pin(async move { Ok(!in_transaction(conn).await?) }))
}

/// Whether the connection's session is inside a transaction (a bare text is sent by the simple
/// protocol).
pub async fn in_transaction(conn: &mut sqlx::PgConnection) -> Result<bool, sqlx::Error> {
    let row = sqlx::Executor::fetch_one(conn, "SELECT now() <> statement_timestamp()").await?;
    sqlx::Row::try_get(&row, 0)
}

/// Applies the migrations in `migrations/`; safe to run from several processes at once
/// (sqlx takes an advisory lock).
pub async fn migrate(pool: &Pool) -> Result<(), sqlx::migrate::MigrateError> {
    sqlx::migrate!("../migrations").run(pool).await
}

pub async fn ping(pool: &Pool) -> bool {
    sqlx::query_scalar!("SELECT 1").fetch_one(pool).await.is_ok()
}
