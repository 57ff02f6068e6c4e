//! What every handler shares: configuration, Postgres, Redis, the mail queue, Temporal, and
//! the domain's [`Services`] built from them.

use crate::temporal::TemporalWorkflows;
use quarry_domain::{config::Config, dashboard::cache::ResultCache, db, mail::MailQueue, services::Services};
use quarry_workflows::client::{Temporal, TemporalError};
use redis::aio::ConnectionManager;
use secrecy::ExposeSecret;
use std::{sync::Arc, time::Duration};

#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub pool: db::Pool,
    pub redis: ConnectionManager,
    pub mail: MailQueue,
    /// Dashboard tiles' results.
    pub results: ResultCache,
    /// What domain operations are called with; its workflows are [`Self::temporal`]'s.
    pub services: Services,
    temporal: Arc<TemporalWorkflows>,
}

impl AppState {
    /// Connects to Postgres (and migrates), Redis and the mail queue. Temporal is connected
    /// lazily so the api can start, and report not-ready, while Temporal is still coming up.
    pub async fn connect(config: Config) -> anyhow::Result<Self> {
        quarry_domain::secret::limit_password_hashing(config.password_hash_concurrency);
        let pool = db::connect(&config.database_url, config.database_max_connections).await?;
        db::migrate(&pool).await?;
        let client = redis::Client::open(config.redis_url.expose_secret())?;
        let redis = ConnectionManager::new_with_config(
            client,
            redis::aio::ConnectionManagerConfig::new().set_response_timeout(Some(Duration::from_secs(5))).set_connection_timeout(Some(Duration::from_secs(5))),
        )
        .await?;
        let mail = MailQueue::connect_to(&config.redis_url, &config.email_queue).await?;
        let config = Arc::new(config);
        let temporal = Arc::new(TemporalWorkflows::new(config.clone()));
        let services = Services { pool: pool.clone(), config: config.clone(), workflows: temporal.clone() };
        let results = ResultCache::new(&config.redis_url)?;
        let state = Self { config, pool, redis, mail, results, services, temporal };
        if let Err(err) = state.temporal().await {
            tracing::warn!(error = %err, "Temporal is not reachable yet; will retry on demand");
        }
        Ok(state)
    }

    /// The Temporal client, connecting on first use.
    pub async fn temporal(&self) -> Result<Temporal, TemporalError> {
        self.temporal.client().await
    }
}
