//! The organisation's language-model provider: testing and applying its settings (the key
//! sealed at rest and never returned), building its client, and recording the tokens each
//! call spends.

use crate::{
    access::Acting,
    activity::{self, ActivityKind, NewActivity},
    config::Config,
    db::Pool,
    error::{Error, ErrorCode, Result},
    permissions::Operation,
};
use chrono::{DateTime, Utc};
use quarry_engine::secrets;
use quarry_llm::{CallOptions, LlmError, Provider, ProviderKind, ProviderSettings, TokenUsage};
use secrecy::{ExposeSecret, SecretString};
use uuid::Uuid;

/// What the settings page shows: everything but the key.
#[derive(Debug, Clone)]
pub struct OrgLlm {
    pub settings: ProviderSettings,
    pub updated_at: DateTime<Utc>,
}

struct Row {
    settings: serde_json::Value,
    sealed_secret: String,
    updated_at: DateTime<Utc>,
}

async fn row(pool: &Pool, org_id: Uuid) -> Result<Option<Row>> {
    Ok(sqlx::query_as!(Row, "SELECT settings, sealed_secret, updated_at FROM org_llm_configs WHERE org_id = $1", org_id).fetch_optional(pool).await?)
}

fn settings_of(row: &Row) -> Result<ProviderSettings> {
    serde_json::from_value(row.settings.clone()).map_err(Error::internal)
}

pub async fn get(pool: &Pool, org_id: Uuid) -> Result<Option<OrgLlm>> {
    let Some(row) = row(pool, org_id).await? else { return Ok(None) };
    Ok(Some(OrgLlm { settings: settings_of(&row)?, updated_at: row.updated_at }))
}

/// Trims the settings and checks what each provider cannot do without.
pub fn check_settings(mut settings: ProviderSettings) -> Result<ProviderSettings> {
    let trim = |v: &mut Option<String>| {
        *v = v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    };
    settings.chat_model = settings.chat_model.trim().to_owned();
    for field in [
        &mut settings.embedding_model,
        &mut settings.base_url,
        &mut settings.api_version,
        &mut settings.region,
        &mut settings.access_key_id,
        &mut settings.project,
    ] {
        trim(field);
    }
    let missing = |what: &str| Error::invalid(format!("{what} is required for {}.", settings.provider.label()));
    if settings.chat_model.is_empty() {
        return Err(missing("The chat model"));
    }
    if let Some(url) = &settings.base_url
        && !(url.starts_with("http://") || url.starts_with("https://"))
    {
        return Err(Error::invalid("The endpoint must be an http:// or https:// URL."));
    }
    // The region is part of the provider's host name (`{location}-aiplatform.googleapis.com`):
    // anything but a plain name could point the URL elsewhere.
    if let Some(region) = &settings.region
        && !region.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        return Err(Error::invalid("The region may hold only letters, digits and dashes."));
    }
    match settings.provider {
        ProviderKind::OpenAi => {}
        ProviderKind::Azure => {
            if settings.base_url.is_none() {
                return Err(missing("The Azure endpoint"));
            }
            if settings.api_version.is_none() {
                return Err(missing("The API version"));
            }
        }
        ProviderKind::Bedrock => {
            if settings.region.is_none() {
                return Err(missing("The region"));
            }
            if settings.access_key_id.is_none() {
                return Err(missing("The access key id"));
            }
        }
        ProviderKind::VertexAi => {
            if settings.region.is_none() {
                return Err(missing("The location"));
            }
        }
    }
    Ok(settings)
}

/// Where a stored key has been sent: the provider, its endpoint and its region.
fn key_destination(settings: &ProviderSettings) -> (ProviderKind, Option<String>, Option<String>) {
    let url = settings.base_url.as_deref().map(|u| u.trim().trim_end_matches('/').to_ascii_lowercase());
    (settings.provider, url, settings.region.clone())
}

/// The key to use: the one given, or the stored one while it would go where it went before
/// (same provider, endpoint and region). A changed endpoint needs the key again, or an
/// admin could send the organisation's key to a server of their choosing.
async fn key_for(pool: &Pool, config: &Config, org_id: Uuid, settings: &ProviderSettings, given: Option<SecretString>) -> Result<SecretString> {
    if let Some(key) = given.filter(|k| !k.expose_secret().trim().is_empty()) {
        return Ok(SecretString::from(key.expose_secret().trim().to_owned()));
    }
    if let Some(row) = row(pool, org_id).await? {
        let stored = settings_of(&row)?;
        let key = secrets::decrypt(&config.secret_keys(), &row.sealed_secret).map_err(Error::internal)?;
        if key_destination(&stored) == key_destination(settings) {
            return Ok(key);
        }
        // An empty key (a local server without one) has nothing to replay.
        if stored.provider == settings.provider && !key.expose_secret().is_empty() {
            return Err(Error::invalid("The endpoint or region changed: enter the key again."));
        }
    }
    // A local OpenAI-compatible server (Ollama, vLLM) usually wants no key.
    if settings.provider == ProviderKind::OpenAi && settings.base_url.is_some() {
        return Ok(SecretString::from(String::new()));
    }
    let what = match settings.provider {
        ProviderKind::Bedrock => "The secret access key",
        ProviderKind::VertexAi => "The service-account key",
        _ => "The API key",
    };
    Err(Error::invalid(format!("{what} is required.")))
}

pub fn options(config: &Config) -> CallOptions {
    CallOptions { timeout: config.llm_timeout }
}

/// The provider's refusal, as the user should read it.
pub fn provider_error(error: LlmError) -> Error {
    match error {
        LlmError::Invalid(message) => Error::invalid(message),
        other => Error::new(ErrorCode::ConnectionRefused, other.to_string()),
    }
}

/// The provider's client, its hosts checked against the network policy and pinned to the
/// checked addresses.
async fn connect(config: &Config, settings: &ProviderSettings, key: &SecretString) -> Result<Box<dyn Provider>> {
    let policy = config.network_policy();
    let mut pinned = Vec::new();
    for endpoint in quarry_llm::endpoints(settings, key).map_err(provider_error)? {
        let addr = policy.resolve(&endpoint.host, endpoint.port).await.map_err(|_| {
            Error::new(
                ErrorCode::ConnectionRefused,
                "Could not connect to the provider's endpoint. Check the URL, and that the server accepts connections from Quarry.",
            )
        })?;
        pinned.push((endpoint, addr));
    }
    quarry_llm::connect_pinned(settings, key, options(config), &pinned).map_err(provider_error)
}

/// Sends a one-line request (and an embedding, when an embedding model is set) with the
/// settings as they would be applied.
pub async fn test_connectivity(pool: &Pool, config: &Config, org_id: Uuid, settings: ProviderSettings, key: Option<SecretString>) -> Result<()> {
    let settings = check_settings(settings)?;
    let key = key_for(pool, config, org_id, &settings, key).await?;
    let provider = connect(config, &settings, &key).await?;
    quarry_llm::test_connectivity(provider.as_ref(), settings.embedding_model.is_some()).await.map_err(provider_error)
}

/// Tests, then saves the settings as the organisation's provider, as `acting` (checked again
/// where the change is made); the settings and the activity entry (never the key) commit
/// together.
pub async fn apply(pool: &Pool, config: &Config, acting: &Acting, org_id: Uuid, settings: ProviderSettings, key: Option<SecretString>) -> Result<OrgLlm> {
    acting.may_in_org(pool, Operation::ManageLlm, org_id).await?;
    let settings = check_settings(settings)?;
    let key = key_for(pool, config, org_id, &settings, key).await?;
    let provider = connect(config, &settings, &key).await?;
    quarry_llm::test_connectivity(provider.as_ref(), settings.embedding_model.is_some()).await.map_err(provider_error)?;
    let sealed = secrets::encrypt(&config.secret_keys(), key.expose_secret());
    let stored = serde_json::to_value(&settings).map_err(Error::internal)?;
    let mut tx = pool.begin().await?;
    let updated_at: DateTime<Utc> = sqlx::query_scalar!(
        "INSERT INTO org_llm_configs (org_id, settings, sealed_secret, updated_by) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (org_id) DO UPDATE SET settings = $2, sealed_secret = $3, updated_by = $4, updated_at = now() \
         RETURNING updated_at",
        org_id,
        stored,
        sealed,
        acting.account.id,
    )
    .fetch_one(&mut *tx)
    .await?;
    activity::record(&mut *tx, acting.records(change_entry(org_id, "applied"))).await?;
    tx.commit().await?;
    Ok(OrgLlm { settings, updated_at })
}

/// Back to the embedded engine and the local embedding model, as `acting`, an admin of the
/// org; the removal and its entry commit together.
pub async fn remove(pool: &Pool, acting: &Acting, org_id: Uuid) -> Result<bool> {
    acting.may_in_org(pool, Operation::ManageLlm, org_id).await?;
    let mut tx = pool.begin().await?;
    let removed = sqlx::query!("DELETE FROM org_llm_configs WHERE org_id = $1", org_id).execute(&mut *tx).await?;
    activity::record(&mut *tx, acting.records(change_entry(org_id, "removed"))).await?;
    tx.commit().await?;
    Ok(removed.rows_affected() > 0)
}

/// A language-model change in the org's log (never the key).
fn change_entry(org_id: Uuid, change: &str) -> NewActivity {
    NewActivity::new(org_id, ActivityKind::LlmConfigChanged).target("LLM", org_id, change).detail(serde_json::json!({"change": change}))
}

/// The organisation's provider client, when it has one.
pub async fn provider(pool: &Pool, config: &Config, org_id: Uuid) -> Result<Option<(ProviderSettings, Box<dyn Provider>)>> {
    let Some(row) = row(pool, org_id).await? else { return Ok(None) };
    let settings = settings_of(&row)?;
    let key = secrets::decrypt(&config.secret_keys(), &row.sealed_secret).map_err(Error::internal)?;
    let client = connect(config, &settings, &key).await?;
    Ok(Some((settings, client)))
}

pub struct LlmCall<'a> {
    pub org_id: Uuid,
    pub project_id: Option<Uuid>,
    pub asking_task_id: Option<Uuid>,
    pub generation_task_id: Option<Uuid>,
    pub step: &'a str,
    pub settings: &'a ProviderSettings,
    pub usage: TokenUsage,
}

/// Records the tokens one call spent; a retried step of a task records once.
pub async fn record_call(pool: &Pool, call: LlmCall<'_>) -> Result<()> {
    sqlx::query!(
        "INSERT INTO llm_calls (id, org_id, project_id, asking_task_id, generation_task_id, step, provider, model, input_tokens, output_tokens) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING",
        Uuid::new_v4(),
        call.org_id,
        call.project_id,
        call.asking_task_id,
        call.generation_task_id,
        call.step,
        call.settings.provider.as_str(),
        &call.settings.chat_model,
        call.usage.input as i64,
        call.usage.output as i64,
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Tokens the organisation's language-model calls spent since a moment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    pub calls: i64,
    pub input_tokens: i64,
    pub output_tokens: i64,
}

pub async fn usage_since(pool: &Pool, org_id: Uuid, since: DateTime<Utc>) -> Result<Usage> {
    Ok(sqlx::query_as!(
        Usage,
        r#"SELECT count(*) AS "calls!", coalesce(sum(input_tokens), 0)::bigint AS "input_tokens!",
                  coalesce(sum(output_tokens), 0)::bigint AS "output_tokens!"
           FROM llm_calls WHERE org_id = $1 AND created_at >= $2"#,
        org_id,
        since,
    )
    .fetch_one(pool)
    .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(provider: ProviderKind) -> ProviderSettings {
        ProviderSettings {
            provider,
            chat_model: " gpt-4o ".into(),
            embedding_model: Some("  ".into()),
            base_url: None,
            api_version: None,
            region: None,
            access_key_id: None,
            project: None,
        }
    }

    #[test]
    fn settings_are_trimmed_and_checked_per_provider() {
        let openai = check_settings(settings(ProviderKind::OpenAi)).unwrap();
        assert_eq!(openai.chat_model, "gpt-4o");
        assert_eq!(openai.embedding_model, None);

        let azure = check_settings(settings(ProviderKind::Azure)).unwrap_err();
        assert_eq!(azure.public_message(), "The Azure endpoint is required for Azure OpenAI.");
        let bedrock = check_settings(settings(ProviderKind::Bedrock)).unwrap_err();
        assert_eq!(bedrock.public_message(), "The region is required for Amazon Bedrock.");

        let mut bad_url = settings(ProviderKind::OpenAi);
        bad_url.base_url = Some("localhost:11434".into());
        assert_eq!(check_settings(bad_url).unwrap_err().code(), ErrorCode::InvalidInput);
    }
}
