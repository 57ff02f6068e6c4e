//! What every handler shares: configuration, Postgres, Redis, the mail queue and Temporal.

use quarry_domain::{config::Config, db, mail::MailQueue};
use quarry_workflows::{TaskQueues, client::Temporal};
use redis::aio::ConnectionManager;
use secrecy::ExposeSecret;
use std::{sync::Arc, time::Duration};
use tokio::sync::Mutex;

#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub pool: db::Pool,
    pub redis: ConnectionManager,
    pub mail: MailQueue,
    temporal: Arc<Mutex<Option<Temporal>>>,
}

impl AppState {
    /// Connects to Postgres (and migrates), Redis and the mail queue. Temporal is connected
    /// lazily so the api can start, and report not-ready, while Temporal is still coming up.
    pub async fn connect(config: Config) -> anyhow::Result<Self> {
        quarry_domain::secret::limit_password_hashing(config.password_hash_concurrency);
        let pool = db::connect(&config.database_url).await?;
        db::migrate(&pool).await?;
        let client = redis::Client::open(config.redis_url.expose_secret())?;
        let redis = ConnectionManager::new_with_config(
            client,
            redis::aio::ConnectionManagerConfig::new()
                .set_response_timeout(Some(Duration::from_secs(5)))
                .set_connection_timeout(Some(Duration::from_secs(5))),
        )
        .await?;
        let mail = MailQueue::connect_to(&config.redis_url, &config.email_queue).await?;
        let state = Self { config: Arc::new(config), pool, redis, mail, temporal: Arc::new(Mutex::new(None)) };
        if let Err(err) = state.temporal().await {
            tracing::warn!(error = %err, "Temporal is not reachable yet; will retry on demand");
        }
        Ok(state)
    }

    /// The Temporal client, connecting on first use.
    pub async fn temporal(&self) -> Result<Temporal, quarry_workflows::client::TemporalError> {
        let mut slot = self.temporal.lock().await;
        if let Some(client) = slot.as_ref() {
            return Ok(client.clone());
        }
        let client = Temporal::connect(
            &self.config.temporal_url,
            &self.config.temporal_namespace,
            TaskQueues::new(&self.config.task_queue_prefix),
        )
        .await?;
        *slot = Some(client.clone());
        Ok(client)
    }
}
