//! Connection pool and migrations.

use secrecy::{ExposeSecret, SecretString};
use sqlx::postgres::{PgPool, PgPoolOptions};
use std::time::Duration;

pub type Pool = PgPool;

/// A pool of at most `max_connections` (QUARRY_DATABASE_MAX_CONNECTIONS).
pub async fn connect(url: &SecretString, max_connections: u32) -> Result<Pool, sqlx::Error> {
    PgPoolOptions::new().max_connections(max_connections).acquire_timeout(Duration::from_secs(5)).connect(url.expose_secret()).await
}

/// Applies the migrations in `migrations/`; safe to run from several processes at once
/// (sqlx takes an advisory lock).
pub async fn migrate(pool: &Pool) -> Result<(), sqlx::migrate::MigrateError> {
    sqlx::migrate!("../migrations").run(pool).await
}

pub async fn ping(pool: &Pool) -> bool {
    sqlx::query_scalar!("SELECT 1").fetch_one(pool).await.is_ok()
}
