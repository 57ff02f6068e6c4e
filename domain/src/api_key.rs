//! API secret keys (api-management/keys): what a backend sends as `Authorization: Bearer` to
//! the REST API. A key belongs to one project, or to the organisation (every project of it),
//! carries scopes and an optional expiry, and acts for the person who created it: each call
//! is also checked against that person's current role, as the web app would check it.
//!
//! The secret is shown once. Only its prefix (to find the key and to show it in lists) and
//! the SHA-256 of the whole secret are kept; the secret has 256 bits of entropy, so a fast
//! hash is enough and a lookup costs one indexed read.

use crate::{
    access::Acting,
    activity::{self, ActivityKind, NewActivity},
    db::Pool,
    error::{Error, ErrorCode, Result},
    limits,
    permissions::Operation,
    project,
    secret::random_token,
};
use chrono::{DateTime, Utc};
use rand::{Rng, rngs::OsRng};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sha2::{Digest, Sha256};
use uuid::Uuid;

/// What a key may do. ADMIN (organisation keys only) allows every other scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ApiScope {
    /// Ask questions (ask, stream/ask, generate_sql, generate_summary, generate_chart, threads).
    Ask,
    /// Run SQL over the models.
    RunSql,
    /// Read and change SQL pairs and instructions.
    Knowledge,
    /// Read the deployed models.
    ModelsRead,
    /// Send the session property values a call sees data with (`X-Session-Properties`),
    /// instead of the values set for the key: for a backend that serves its own users.
    Impersonate,
    Admin,
}

impl ApiScope {
    pub const ALL: &[ApiScope] = &[Self::Ask, Self::RunSql, Self::Knowledge, Self::ModelsRead, Self::Impersonate, Self::Admin];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Ask => "ASK",
            Self::RunSql => "RUN_SQL",
            Self::Knowledge => "KNOWLEDGE",
            Self::ModelsRead => "MODELS_READ",
            Self::Impersonate => "IMPERSONATE",
            Self::Admin => "ADMIN",
        }
    }

    fn parse(text: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|s| s.as_str() == text)
    }

    /// Completes "This API key does not have the … scope."
    pub fn label(self) -> &'static str {
        match self {
            Self::Ask => "ask",
            Self::RunSql => "run SQL",
            Self::Knowledge => "knowledge",
            Self::ModelsRead => "models read",
            Self::Impersonate => "impersonate",
            Self::Admin => "admin",
        }
    }
}

/// Every secret starts with this, so a leaked one is recognisable (and redacted from history).
pub const SECRET_MARK: &str = "qk_";
/// Random characters after the mark that make up the shown prefix.
const PREFIX_CHARS: usize = 10;
pub const NAME_MAX_CHARS: usize = 100;

#[derive(Debug, Clone)]
pub struct ApiKey {
    pub id: Uuid,
    pub org_id: Uuid,
    /// None: an organisation key.
    pub project_id: Option<Uuid>,
    pub name: String,
    /// The secret's first characters, e.g. `qk_3fZk9QmXa1`.
    pub prefix: String,
    pub scopes: Vec<ApiScope>,
    pub created_by: Option<Uuid>,
    pub created_by_email: Option<String>,
    pub expires_at: Option<DateTime<Utc>>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl ApiKey {
    pub fn is_expired(&self, now: DateTime<Utc>) -> bool {
        self.expires_at.is_some_and(|at| at <= now)
    }

    pub fn allows(&self, scope: ApiScope) -> bool {
        self.scopes.contains(&scope) || self.scopes.contains(&ApiScope::Admin)
    }

    /// The key may be used on `project_id` (of org `org_id`).
    pub fn reaches(&self, project_id: Uuid, org_id: Uuid) -> bool {
        match self.project_id {
            Some(own) => own == project_id,
            None => self.org_id == org_id,
        }
    }
}

struct Row {
    id: Uuid,
    org_id: Uuid,
    project_id: Option<Uuid>,
    name: String,
    prefix: String,
    scopes: Vec<String>,
    created_by: Option<Uuid>,
    created_by_email: Option<String>,
    expires_at: Option<DateTime<Utc>>,
    last_used_at: Option<DateTime<Utc>>,
    revoked_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
}

impl From<Row> for ApiKey {
    fn from(r: Row) -> Self {
        Self {
            id: r.id,
            org_id: r.org_id,
            project_id: r.project_id,
            name: r.name,
            prefix: r.prefix,
            scopes: r.scopes.iter().filter_map(|s| ApiScope::parse(s)).collect(),
            created_by: r.created_by,
            created_by_email: r.created_by_email,
            expires_at: r.expires_at,
            last_used_at: r.last_used_at,
            revoked_at: r.revoked_at,
            created_at: r.created_at,
        }
    }
}

/// A key being created.
#[derive(Debug, Clone)]
pub struct NewApiKey {
    pub name: String,
    /// None: an organisation key.
    pub project_id: Option<Uuid>,
    pub scopes: Vec<ApiScope>,
    pub expires_at: Option<DateTime<Utc>>,
}

/// A key just created, with the only copy of its secret.
pub struct CreatedKey {
    pub key: ApiKey,
    pub secret: String,
}

fn secret_hash(secret: &str) -> Vec<u8> {
    Sha256::digest(secret.as_bytes()).to_vec()
}

fn new_secret() -> (String, String) {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let mut rng = OsRng;
    let id: String = (0..PREFIX_CHARS).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect();
    let prefix = format!("{SECRET_MARK}{id}");
    (format!("{prefix}_{}", random_token()), prefix)
}

/// The shown prefix of a secret as sent, if it has the shape of one.
fn prefix_of(secret: &str) -> Option<&str> {
    let prefix = secret.get(..SECRET_MARK.len() + PREFIX_CHARS)?;
    (prefix.starts_with(SECRET_MARK) && secret.as_bytes().get(prefix.len()) == Some(&b'_')).then_some(prefix)
}

/// Checks a new key's name, scopes and expiry.
fn check(new: &NewApiKey, now: DateTime<Utc>) -> Result<(String, Vec<String>)> {
    let name = new.name.trim();
    if name.is_empty() {
        return Err(Error::invalid("Please enter the key's name."));
    }
    if name.chars().count() > NAME_MAX_CHARS {
        return Err(Error::invalid(format!("A key's name can be at most {NAME_MAX_CHARS} characters long.")));
    }
    if new.scopes.is_empty() {
        return Err(Error::invalid("Please choose at least one scope."));
    }
    if new.project_id.is_some() && new.scopes.contains(&ApiScope::Admin) {
        return Err(Error::invalid("The admin scope is for organization keys only."));
    }
    if new.expires_at.is_some_and(|at| at <= now) {
        return Err(Error::invalid("The expiry must be in the future."));
    }
    let mut scopes: Vec<String> = ApiScope::ALL.iter().filter(|s| new.scopes.contains(s)).map(|s| s.as_str().to_owned()).collect();
    scopes.dedup();
    Ok((name.to_owned(), scopes))
}

/// Creates a key, made from `project_id`'s API management page, for that project
/// (ManageApiKeys there) or, with no `new.project_id`, for its whole organisation (also
/// ManageOrgApiKeys), and records it in the activity log. The key acts for `acting`; at most
/// `limit` are active per project (or per organisation for its own keys).
pub async fn create(pool: &Pool, acting: &Acting, limit: i64, project_id: Uuid, new: NewApiKey) -> Result<CreatedKey> {
    acting.may(pool, Operation::ManageApiKeys, project_id).await?;
    let org_id = project::get(pool, project_id).await?.org_id;
    match new.project_id {
        None => {
            acting.may_in_org(pool, Operation::ManageOrgApiKeys, org_id).await?;
        }
        Some(own) if own != project_id => return Err(Error::invalid("A project's key is made from that project.")),
        Some(_) => {}
    }
    let (name, scopes) = check(&new, Utc::now())?;
    let (secret, prefix) = new_secret();
    let mut tx = pool.begin().await?;
    // Keys of one project (or the org's own keys) are counted under a lock on the org, so a
    // burst of creations cannot pass the limit together.
    sqlx::query!("SELECT id FROM orgs WHERE id = $1 FOR UPDATE", org_id).fetch_optional(&mut *tx).await?;
    let active = sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM api_keys
            WHERE org_id = $1 AND project_id IS NOT DISTINCT FROM $2 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())"#,
        org_id,
        new.project_id,
    )
    .fetch_one(&mut *tx)
    .await?;
    if active >= limit {
        let whose = if new.project_id.is_some() { "This project's active API keys" } else { "The organization's own API keys" };
        return Err(limits::reached(whose, limit, "Revoke a key you no longer use to make a new one."));
    }
    let key: ApiKey = sqlx::query_as!(
        Row,
        "INSERT INTO api_keys (id, org_id, project_id, name, prefix, secret_hash, scopes, created_by, created_by_email, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         RETURNING id, org_id, project_id, name, prefix, scopes, created_by, created_by_email, expires_at, last_used_at, revoked_at, created_at",
        Uuid::new_v4(),
        org_id,
        new.project_id,
        name,
        prefix,
        secret_hash(&secret),
        &scopes,
        acting.account.id,
        acting.account.email,
        new.expires_at,
    )
    .fetch_one(&mut *tx)
    .await?
    .into();
    record(&mut *tx, &key, ActivityKind::ApiKeyCreated, acting).await?;
    tx.commit().await?;
    Ok(CreatedKey { key, secret })
}

async fn record<'e>(executor: impl sqlx::PgExecutor<'e>, key: &ApiKey, kind: ActivityKind, acting: &Acting) -> Result<()> {
    let mut entry = NewActivity::new(key.org_id, kind)
        .target("API_KEY", key.id, format!("{} ({})", key.name, key.prefix))
        .detail(json!({ "scopes": key.scopes.iter().map(|s| s.as_str()).collect::<Vec<_>>(), "organizationWide": key.project_id.is_none() }));
    if let Some(project_id) = key.project_id {
        entry = entry.project(project_id);
    }
    activity::record(executor, acting.records(entry)).await
}

/// The keys that reach `project_id`: its own and the organisation's, newest first
/// (ReadApiManagement).
pub async fn list(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<ApiKey>> {
    acting.may(pool, Operation::ReadApiManagement, project_id).await?;
    reaching(pool, project::get(pool, project_id).await?.org_id, project_id).await
}

async fn reaching(pool: &Pool, org_id: Uuid, project_id: Uuid) -> Result<Vec<ApiKey>> {
    let rows = sqlx::query_as!(
        Row,
        "SELECT id, org_id, project_id, name, prefix, scopes, created_by, created_by_email, expires_at, last_used_at, revoked_at, created_at
           FROM api_keys WHERE org_id = $1 AND (project_id = $2 OR project_id IS NULL)
          ORDER BY created_at DESC, id",
        org_id,
        project_id,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(ApiKey::from).collect())
}

/// Revokes a key that reaches `project_id` (ManageApiKeys there; ManageOrgApiKeys too for an
/// organisation key); from this moment every call with it is refused. Revoking twice changes
/// nothing (and records nothing).
pub async fn revoke(pool: &Pool, acting: &Acting, project_id: Uuid, key_id: Uuid) -> Result<ApiKey> {
    acting.may(pool, Operation::ManageApiKeys, project_id).await?;
    let org_id = project::get(pool, project_id).await?.org_id;
    let key = reaching(pool, org_id, project_id).await?.into_iter().find(|k| k.id == key_id).ok_or_else(|| Error::not_found("API key"))?;
    if key.project_id.is_none() {
        acting.may_in_org(pool, Operation::ManageOrgApiKeys, org_id).await?;
    }
    let mut tx = pool.begin().await?;
    let revoked = sqlx::query_as!(
        Row,
        "UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL
         RETURNING id, org_id, project_id, name, prefix, scopes, created_by, created_by_email, expires_at, last_used_at, revoked_at, created_at",
        key.id,
    )
    .fetch_optional(&mut *tx)
    .await?;
    match revoked {
        Some(row) => {
            let key = ApiKey::from(row);
            record(&mut *tx, &key, ActivityKind::ApiKeyRevoked, acting).await?;
            tx.commit().await?;
            Ok(key)
        }
        None => Ok(key),
    }
}

/// The key a secret belongs to, if it is one and may still be used. Unknown, revoked and
/// expired keys are told apart in the message (the caller already holds the secret), never
/// in whether a key of another tenant exists.
pub async fn authenticate(pool: &Pool, secret: &str) -> Result<ApiKey> {
    let unknown = || Error::new(ErrorCode::UnauthorizedAccess, "The API key is not valid.");
    let prefix = prefix_of(secret).ok_or_else(unknown)?;
    let row = sqlx::query!(
        "SELECT id, org_id, project_id, name, prefix, scopes, created_by, created_by_email, expires_at, last_used_at, revoked_at, created_at, secret_hash
           FROM api_keys WHERE prefix = $1",
        prefix,
    )
    .fetch_optional(pool)
    .await?
    .ok_or_else(unknown)?;
    let sent = secret_hash(secret);
    if !constant_time_eq(&sent, &row.secret_hash) {
        return Err(unknown());
    }
    let key = ApiKey::from(Row {
        id: row.id,
        org_id: row.org_id,
        project_id: row.project_id,
        name: row.name,
        prefix: row.prefix,
        scopes: row.scopes,
        created_by: row.created_by,
        created_by_email: row.created_by_email,
        expires_at: row.expires_at,
        last_used_at: row.last_used_at,
        revoked_at: row.revoked_at,
        created_at: row.created_at,
    });
    if key.revoked_at.is_some() {
        return Err(Error::new(ErrorCode::UnauthorizedAccess, "This API key has been revoked."));
    }
    if key.is_expired(Utc::now()) {
        return Err(Error::new(ErrorCode::UnauthorizedAccess, "This API key has expired."));
    }
    Ok(key)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Marks the key used now; written at most once a minute per key, so a burst of calls does
/// not become a burst of writes to one row.
pub async fn touch(pool: &Pool, key: &ApiKey) -> Result<()> {
    sqlx::query!("UPDATE api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')", key.id)
        .execute(pool)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_carries_its_prefix_and_nothing_else_passes_for_one() {
        let (secret, prefix) = new_secret();
        assert_eq!(prefix_of(&secret), Some(prefix.as_str()));
        assert!(secret.len() > 50);
        assert_ne!(new_secret().0, secret);
        assert_eq!(prefix_of("qk_short"), None);
        assert_eq!(prefix_of("Bearer something-long-enough"), None);
        assert_eq!(prefix_of(&secret.replacen('_', "-", 2)), None);
    }

    #[test]
    fn a_key_is_checked_before_it_is_created() {
        let now = Utc::now();
        let ok = NewApiKey {
            name: " backend ".into(),
            project_id: Some(Uuid::nil()),
            scopes: vec![ApiScope::RunSql, ApiScope::Ask, ApiScope::Ask],
            expires_at: None,
        };
        assert_eq!(check(&ok, now).unwrap(), ("backend".to_owned(), vec!["ASK".to_owned(), "RUN_SQL".to_owned()]));
        for bad in [
            NewApiKey { name: "  ".into(), ..ok.clone() },
            NewApiKey { scopes: vec![], ..ok.clone() },
            NewApiKey { scopes: vec![ApiScope::Admin], ..ok.clone() },
            NewApiKey { expires_at: Some(now - chrono::Duration::seconds(1)), ..ok.clone() },
            NewApiKey { name: "x".repeat(NAME_MAX_CHARS + 1), ..ok.clone() },
        ] {
            assert_eq!(check(&bad, now).unwrap_err().code(), ErrorCode::InvalidInput, "{bad:?}");
        }
        assert!(check(&NewApiKey { project_id: None, scopes: vec![ApiScope::Admin], ..ok }, now).is_ok());
    }

    #[test]
    fn admin_allows_every_scope_and_a_project_key_reaches_its_project_only() {
        let (org, project, other) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
        let key = ApiKey {
            id: Uuid::nil(),
            org_id: org,
            project_id: Some(project),
            name: "k".into(),
            prefix: "qk_x".into(),
            scopes: vec![ApiScope::Ask],
            created_by: None,
            created_by_email: None,
            expires_at: None,
            last_used_at: None,
            revoked_at: None,
            created_at: Utc::now(),
        };
        assert!(key.allows(ApiScope::Ask) && !key.allows(ApiScope::RunSql));
        assert!(key.reaches(project, org) && !key.reaches(other, org));
        let org_key = ApiKey { project_id: None, scopes: vec![ApiScope::Admin], ..key };
        assert!(ApiScope::ALL.iter().all(|s| org_key.allows(*s)));
        assert!(org_key.reaches(other, org) && !org_key.reaches(other, Uuid::new_v4()));
    }
}
