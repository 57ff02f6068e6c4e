//! Tile results cached in Redis (PRODUCT.md §9 cache result size 5000), keyed by the SQL as
//! compiled for the source, the deploy it was compiled against and the viewer's data-security
//! context, so a result is never served for other SQL, another model or another viewer's
//! rows. Each entry expires after its dashboard's TTL; each holds at most 5000 rows.

use std::time::Duration;

use chrono::{DateTime, Utc};
use redis::{AsyncCommands, aio::ConnectionManager, aio::ConnectionManagerConfig};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::{
    asking::thread::ResponseResult,
    error::{Error, Result},
};

/// A result's data-security context ([`crate::data_security::context_of`]) is part of its key.
pub use crate::data_security::{OPEN as NO_SECURITY, context_of as fingerprint};

/// A cached tile result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CachedResult {
    pub result: ResponseResult,
    pub created_at: DateTime<Utc>,
    pub deploy_id: Uuid,
    /// Written by an explicit refresh rather than filled on first view.
    pub overridden: bool,
}

/// The part of a key that does not depend on the viewer: the compiled SQL and the deploy.
pub fn key_base(compiled_sql: &str, deploy_id: Uuid) -> String {
    let mut hash = Sha256::new();
    hash.update(deploy_id.as_bytes());
    hash.update(compiled_sql.as_bytes());
    hex::encode(hash.finalize())
}

/// A hash of compiled SQL alone, to tell whether a later deploy compiles a tile the same.
pub fn sql_hash(compiled_sql: &str) -> String {
    hex::encode(Sha256::digest(compiled_sql.as_bytes()))
}

fn key(base: &str, fingerprint: &str) -> String {
    format!("quarry:result:{base}:{fingerprint}")
}

/// Cheap to clone: one multiplexed connection, opened on first use (Redis may start after
/// the process) and re-opened by the manager when it drops.
#[derive(Clone)]
pub struct ResultCache {
    client: redis::Client,
    connection: std::sync::Arc<tokio::sync::OnceCell<ConnectionManager>>,
}

impl std::fmt::Debug for ResultCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ResultCache")
    }
}

impl ResultCache {
    pub fn new(redis_url: &SecretString) -> Result<Self> {
        let client = redis::Client::open(redis_url.expose_secret()).map_err(Error::internal)?;
        Ok(Self { client, connection: Default::default() })
    }

    async fn connection(&self) -> Result<ConnectionManager> {
        let config = ConnectionManagerConfig::new().set_connection_timeout(Some(Duration::from_secs(5))).set_response_timeout(Some(Duration::from_secs(5)));
        let connection = self.connection.get_or_try_init(|| self.client.get_connection_manager_with_config(config)).await.map_err(Error::internal)?;
        Ok(connection.clone())
    }

    /// The entry, or None when there is none, it expired, or it cannot be read (a cache that
    /// fails is a miss, never an error).
    pub async fn get(&self, base: &str, fingerprint: &str) -> Option<CachedResult> {
        let mut connection = self.connection().await.inspect_err(|error| tracing::warn!("result cache unreachable: {error}")).ok()?;
        let found: Option<Vec<u8>> = match connection.get(key(base, fingerprint)).await {
            Ok(found) => found,
            Err(error) => {
                tracing::warn!("result cache read failed: {error}");
                return None;
            }
        };
        serde_json::from_slice(&found?).ok()
    }

    pub async fn put(&self, base: &str, fingerprint: &str, entry: &CachedResult, ttl: Duration) -> Result<()> {
        let mut connection = self.connection().await?;
        let bytes = serde_json::to_vec(entry).map_err(Error::internal)?;
        let _: () = connection.set_ex(key(base, fingerprint), bytes, ttl.as_secs().max(1)).await.map_err(Error::internal)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_by_sql_deploy_and_viewer() {
        let deploy = Uuid::new_v4();
        let base = key_base("SELECT 1", deploy);
        assert_ne!(base, key_base("SELECT 2", deploy));
        assert_ne!(base, key_base("SELECT 1", Uuid::new_v4()));
        assert_ne!(key(&base, NO_SECURITY), key(&base, "policy-a"));
        assert_eq!(sql_hash("SELECT 1"), sql_hash("SELECT 1"));
    }
}
