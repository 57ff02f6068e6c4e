//! The organisation's language model (settings/organization/llm): test, apply, remove. The
//! key goes in and never comes back out.

use super::context::{self, current_org};
use crate::error::ApiResult;
use async_graphql::{Context, Enum, InputObject, Object, SimpleObject};
use chrono::{DateTime, Datelike, Utc};
use quarry_domain::{llm, on_worker, permissions::Operation};
use quarry_llm::{ProviderKind, ProviderSettings};
use secrecy::SecretString;

/// PRODUCT.md §3 LLM providers.
#[derive(Enum, Clone, Copy, PartialEq, Eq)]
#[graphql(name = "LlmProvider", rename_items = "lowercase")]
pub enum LlmProviderGql {
    Openai,
    Azure,
    Bedrock,
    #[graphql(name = "vertex_ai")]
    VertexAi,
}

impl LlmProviderGql {
    fn kind(self) -> ProviderKind {
        match self {
            Self::Openai => ProviderKind::OpenAi,
            Self::Azure => ProviderKind::Azure,
            Self::Bedrock => ProviderKind::Bedrock,
            Self::VertexAi => ProviderKind::VertexAi,
        }
    }

    fn of(kind: ProviderKind) -> Self {
        match kind {
            ProviderKind::OpenAi => Self::Openai,
            ProviderKind::Azure => Self::Azure,
            ProviderKind::Bedrock => Self::Bedrock,
            ProviderKind::VertexAi => Self::VertexAi,
        }
    }
}

#[derive(InputObject)]
#[graphql(name = "LlmConfigInput")]
pub struct LlmConfigInput {
    provider: LlmProviderGql,
    /// Model name; for Azure the chat deployment; for Bedrock the model id.
    chat_model: String,
    /// Empty: the local embedding model.
    embedding_model: Option<String>,
    /// OpenAI-compatible base URL (e.g. a local Ollama), the Azure endpoint, or an endpoint override.
    base_url: Option<String>,
    api_version: Option<String>,
    /// Bedrock region or Vertex location.
    region: Option<String>,
    access_key_id: Option<String>,
    project: Option<String>,
    /// API key, Bedrock secret access key or Vertex service-account JSON. Empty keeps the saved one.
    api_key: Option<String>,
}

impl LlmConfigInput {
    fn split(self) -> (ProviderSettings, Option<SecretString>) {
        let settings = ProviderSettings {
            provider: self.provider.kind(),
            chat_model: self.chat_model,
            embedding_model: self.embedding_model,
            base_url: self.base_url,
            api_version: self.api_version,
            region: self.region,
            access_key_id: self.access_key_id,
            project: self.project,
        };
        (settings, self.api_key.map(SecretString::from))
    }
}

#[derive(SimpleObject)]
#[graphql(name = "LlmSettings")]
pub struct LlmSettingsGql {
    provider: LlmProviderGql,
    chat_model: String,
    embedding_model: Option<String>,
    base_url: Option<String>,
    api_version: Option<String>,
    region: Option<String>,
    access_key_id: Option<String>,
    project: Option<String>,
    /// A key is saved (it is never returned).
    has_key: bool,
    updated_at: DateTime<Utc>,
}

impl From<llm::OrgLlm> for LlmSettingsGql {
    fn from(config: llm::OrgLlm) -> Self {
        let s = config.settings;
        Self {
            provider: LlmProviderGql::of(s.provider),
            chat_model: s.chat_model,
            embedding_model: s.embedding_model,
            base_url: s.base_url,
            api_version: s.api_version,
            region: s.region,
            access_key_id: s.access_key_id,
            project: s.project,
            has_key: true,
            updated_at: config.updated_at,
        }
    }
}

/// Tokens spent by the organisation's language-model calls (every step of every ask and
/// generation task) since the start of the month (UTC).
#[derive(SimpleObject)]
#[graphql(name = "LlmUsage")]
pub struct LlmUsageGql {
    since: DateTime<Utc>,
    calls: i64,
    input_tokens: i64,
    output_tokens: i64,
}

#[derive(Default)]
pub struct LlmQuery;

#[Object]
impl LlmQuery {
    /// The current organisation's language model; null when questions are answered by the
    /// embedded engine.
    async fn llm_settings(&self, ctx: &Context<'_>) -> ApiResult<Option<LlmSettingsGql>> {
        let org_id = current_org(context::account(ctx, Operation::ReadMe)?)?;
        context::in_org(ctx, Operation::ManageLlm, org_id).await?;
        Ok(llm::get(&context::state(ctx).pool, org_id).await?.map(Into::into))
    }

    /// This month's language-model usage of the current organisation.
    async fn llm_usage(&self, ctx: &Context<'_>) -> ApiResult<LlmUsageGql> {
        let org_id = current_org(context::account(ctx, Operation::ReadMe)?)?;
        context::in_org(ctx, Operation::ManageLlm, org_id).await?;
        let now = Utc::now();
        let since = now.date_naive().with_day(1).unwrap_or(now.date_naive()).and_hms_opt(0, 0, 0).unwrap_or_default().and_utc();
        let usage = llm::usage_since(&context::state(ctx).pool, org_id, since).await?;
        Ok(LlmUsageGql { since, calls: usage.calls, input_tokens: usage.input_tokens, output_tokens: usage.output_tokens })
    }
}

#[derive(Default)]
pub struct LlmMutation;

#[Object]
impl LlmMutation {
    /// Sends one short request with these settings (and an embedding when an embedding model
    /// is set). The provider's refusal comes back as the error's message.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn test_provider_connectivity(&self, ctx: &Context<'_>, data: LlmConfigInput) -> ApiResult<bool> {
        let org_id = current_org(context::account(ctx, Operation::ReadMe)?)?;
        context::in_org(ctx, Operation::ManageLlm, org_id).await?;
        let state = context::state(ctx);
        let (settings, key) = data.split();
        on_worker::test_llm(&state.services, org_id, settings, key).await?;
        Ok(true)
    }

    /// Tests, then saves the settings as the organisation's language model.
    #[graphql(name = "applyOrgLLMConfigs", complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn apply_org_llm_configs(&self, ctx: &Context<'_>, data: LlmConfigInput) -> ApiResult<LlmSettingsGql> {
        let org_id = current_org(context::account(ctx, Operation::ReadMe)?)?;
        let state = context::state(ctx);
        let (settings, key) = data.split();
        let applied = on_worker::apply_llm(&state.services, &context::acting(ctx)?, org_id, settings, key).await?;
        Ok(applied.into())
    }

    /// Removes the language model: questions are answered by the embedded engine again.
    async fn remove_org_llm_config(&self, ctx: &Context<'_>) -> ApiResult<bool> {
        let org_id = current_org(context::account(ctx, Operation::ReadMe)?)?;
        let removed = llm::remove(&context::state(ctx).pool, &context::acting(ctx)?, org_id).await?;
        Ok(removed)
    }
}
