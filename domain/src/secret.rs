//! Random tokens (sessions, e-mail links, temporary passwords), password hashing, and
//! re-sealing stored secrets after a key rotation.

use argon2::{
    Argon2,
    password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString},
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use rand::{Rng, RngCore, rngs::OsRng};
use sha2::{Digest, Sha256};

/// A URL-safe random token with 256 bits of entropy.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Tokens are stored hashed so a database leak does not hand out sessions.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A temporary password an admin passes on to a new member: 16 characters, unambiguous.
pub fn temporary_password() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let mut rng = OsRng;
    (0..16).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect()
}

pub fn hash_password(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(Argon2::default().hash_password(password.as_bytes(), &salt)?.to_string())
}

pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).map(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok()).unwrap_or(false)
}

// Argon2 takes tens of milliseconds of CPU by design. Run on the async runtime, a burst of
// sign-ins would stall every other request; run unbounded on blocking threads, it would
// still take every core. So hashing runs on blocking threads, a bounded number at a time.
// The bound is process-wide (one per process, like the CPU it protects), set once at start.
static HASHING: std::sync::OnceLock<std::sync::Arc<tokio::sync::Semaphore>> = std::sync::OnceLock::new();

/// Sets how many password hashes may run at once; the first call wins.
pub fn limit_password_hashing(concurrency: usize) {
    let _ = HASHING.set(std::sync::Arc::new(tokio::sync::Semaphore::new(concurrency.max(1))));
}

async fn on_hashing_pool<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> crate::error::Result<T> {
    let semaphore = HASHING
        .get_or_init(|| {
            let cores = std::thread::available_parallelism().map(usize::from).unwrap_or(1);
            std::sync::Arc::new(tokio::sync::Semaphore::new(2 * cores))
        })
        .clone();
    let _permit = semaphore.acquire_owned().await.map_err(crate::error::Error::internal)?;
    tokio::task::spawn_blocking(work).await.map_err(crate::error::Error::internal)
}

/// [`hash_password`] on the bounded blocking pool.
pub async fn hash_password_bounded(password: &str) -> crate::error::Result<String> {
    let password = password.to_owned();
    on_hashing_pool(move || hash_password(&password)).await?.map_err(|e| crate::error::Error::internal(e.to_string()))
}

/// [`verify_password`] on the bounded blocking pool.
pub async fn verify_password_bounded(password: &str, hash: &str) -> crate::error::Result<bool> {
    let (password, hash) = (password.to_owned(), hash.to_owned());
    on_hashing_pool(move || verify_password(&password, &hash)).await
}

/// How many stored secrets [`reseal_all`] sealed again with the current key.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ResealReport {
    pub data_sources: u64,
    pub llm_keys: u64,
}

/// Seals every stored secret (data-source secrets, org language-model keys) with the
/// current key. Values already under it are left alone, so running it twice changes
/// nothing. A value no configured key opens stops the whole run, changing nothing, so the
/// previous key is never dropped while something still needs it.
pub async fn reseal_all(pool: &crate::db::Pool, keys: &quarry_engine::secrets::SecretKeys) -> crate::error::Result<ResealReport> {
    use crate::error::Error;
    use quarry_engine::secrets::reseal;
    let mut tx = pool.begin().await?;
    let mut report = ResealReport::default();
    let rows = sqlx::query!(r#"SELECT project_id, secrets AS "secrets!" FROM data_sources WHERE secrets IS NOT NULL FOR UPDATE"#).fetch_all(&mut *tx).await?;
    for (project_id, sealed) in rows.into_iter().map(|r| (r.project_id, r.secrets)) {
        let resealed = reseal(keys, &sealed).map_err(|e| Error::internal(format!("data source of project {project_id}: {e}")))?;
        if let Some(resealed) = resealed {
            sqlx::query!("UPDATE data_sources SET secrets = $2 WHERE project_id = $1", project_id, resealed).execute(&mut *tx).await?;
            report.data_sources += 1;
        }
    }
    let rows = sqlx::query!("SELECT org_id, sealed_secret FROM org_llm_configs FOR UPDATE").fetch_all(&mut *tx).await?;
    for (org_id, sealed) in rows.into_iter().map(|r| (r.org_id, r.sealed_secret)) {
        let resealed = reseal(keys, &sealed).map_err(|e| Error::internal(format!("language-model key of org {org_id}: {e}")))?;
        if let Some(resealed) = resealed {
            sqlx::query!("UPDATE org_llm_configs SET sealed_secret = $2 WHERE org_id = $1", org_id, resealed).execute(&mut *tx).await?;
            report.llm_keys += 1;
        }
    }
    tx.commit().await?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_round_trip() {
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong horse", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn tokens_are_unique_and_hashes_stable() {
        let (a, b) = (random_token(), random_token());
        assert_ne!(a, b);
        assert_eq!(token_hash(&a), token_hash(&a));
        assert_ne!(token_hash(&a), token_hash(&b));
        assert_eq!(temporary_password().len(), 16);
    }
}
