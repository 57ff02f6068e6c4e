//! Language-model providers behind one trait, for chat and embeddings.
//!
//! Each provider speaks its own wire protocol: OpenAI and OpenAI-compatible endpoints and
//! Azure OpenAI through async-openai, Amazon Bedrock's Converse API through the AWS SDK,
//! Google Vertex AI's `generateContent` over REST with a service-account key. None of them
//! retries: a failure is classified ([`LlmError::retryable`]) and the caller — a Temporal
//! activity — retries under its own policy, so a completed call is never paid for twice.

mod bedrock;
mod openai;
mod vertex;

use std::time::Duration;

use async_trait::async_trait;
use secrecy::SecretString;
use serde::{Deserialize, Serialize};

/// The organisation's choice of provider (PRODUCT.md §3: openai, azure, bedrock, vertex_ai).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProviderKind {
    #[serde(rename = "openai")]
    OpenAi,
    Azure,
    Bedrock,
    VertexAi,
}

impl ProviderKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::OpenAi => "openai",
            Self::Azure => "azure",
            Self::Bedrock => "bedrock",
            Self::VertexAi => "vertex_ai",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        [Self::OpenAi, Self::Azure, Self::Bedrock, Self::VertexAi]
            .into_iter()
            .find(|kind| kind.as_str() == value)
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::OpenAi => "OpenAI",
            Self::Azure => "Azure OpenAI",
            Self::Bedrock => "Amazon Bedrock",
            Self::VertexAi => "Vertex AI",
        }
    }
}

/// Everything about a provider that is not secret; stored as it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProviderSettings {
    pub provider: ProviderKind,
    /// Chat model: an OpenAI model name, an Azure deployment, a Bedrock model id, a Gemini model.
    pub chat_model: String,
    /// Embedding model (Azure: its deployment). None: the local embedding model.
    #[serde(default)]
    pub embedding_model: Option<String>,
    /// OpenAI-compatible base URL, the Azure resource endpoint, or an endpoint override.
    #[serde(default)]
    pub base_url: Option<String>,
    /// Azure `api-version`.
    #[serde(default)]
    pub api_version: Option<String>,
    /// Bedrock region or Vertex location.
    #[serde(default)]
    pub region: Option<String>,
    /// Bedrock access key id (its secret access key is the secret).
    #[serde(default)]
    pub access_key_id: Option<String>,
    /// Vertex project; the service account's own project when absent.
    #[serde(default)]
    pub project: Option<String>,
}

/// How long one call may take before it counts as failed (and is retried by the caller).
#[derive(Debug, Clone, Copy)]
pub struct CallOptions {
    pub timeout: Duration,
}

impl Default for CallOptions {
    fn default() -> Self {
        Self { timeout: Duration::from_secs(60) }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Assistant,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub role: Role,
    pub text: String,
}

impl Message {
    pub fn user(text: impl Into<String>) -> Self {
        Self { role: Role::User, text: text.into() }
    }

    pub fn assistant(text: impl Into<String>) -> Self {
        Self { role: Role::Assistant, text: text.into() }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatRequest {
    pub system: String,
    pub messages: Vec<Message>,
    pub max_tokens: u32,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenUsage {
    pub input: u64,
    pub output: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatReply {
    pub text: String,
    pub usage: TokenUsage,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Embeddings {
    pub vectors: Vec<Vec<f32>>,
    pub usage: TokenUsage,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LlmError {
    /// The provider refused the request (a 4xx other than 429): retrying will not help, and
    /// its own words are what the user needs to see.
    #[error("{provider} refused the request ({status}): {message}")]
    Rejected { provider: &'static str, status: u16, message: String },
    /// Rate limited, a server error or no connection: worth another try later.
    #[error("{provider} is unavailable ({}): {message}", status.map_or("no response".to_owned(), |s| s.to_string()))]
    Unavailable { provider: &'static str, status: Option<u16>, message: String },
    #[error("{provider} did not reply within {} s", timeout.as_secs_f32())]
    Timeout { provider: &'static str, timeout: Duration },
    /// The settings cannot work (missing region, unreadable key) or the reply is not one.
    #[error("{0}")]
    Invalid(String),
}

impl LlmError {
    pub fn retryable(&self) -> bool {
        matches!(self, Self::Unavailable { .. } | Self::Timeout { .. })
    }

    fn from_status(provider: &'static str, status: u16, message: String) -> Self {
        if status == 429 || status >= 500 {
            Self::Unavailable { provider, status: Some(status), message }
        } else {
            Self::Rejected { provider, status, message }
        }
    }
}

#[async_trait]
pub trait Provider: Send + Sync {
    fn kind(&self) -> ProviderKind;

    async fn chat(&self, request: &ChatRequest) -> Result<ChatReply, LlmError>;

    /// Embeds with the provider's embedding model; only called when one is configured.
    async fn embed(&self, texts: &[String]) -> Result<Embeddings, LlmError>;
}

/// Builds the client for `settings`; `secret` is the API key, Bedrock's secret access key or
/// Vertex's service-account JSON.
pub fn connect(
    settings: &ProviderSettings,
    secret: &SecretString,
    options: CallOptions,
) -> Result<Box<dyn Provider>, LlmError> {
    if settings.chat_model.trim().is_empty() {
        return Err(LlmError::Invalid("A chat model is required.".into()));
    }
    Ok(match settings.provider {
        ProviderKind::OpenAi | ProviderKind::Azure => Box::new(openai::OpenAi::new(settings, secret, options)?),
        ProviderKind::Bedrock => Box::new(bedrock::Bedrock::new(settings, secret, options)?),
        ProviderKind::VertexAi => Box::new(vertex::Vertex::new(settings, secret, options)?),
    })
}

/// A one-line question a provider answers quickly: proves the key, model and endpoint work.
pub async fn test_connectivity(provider: &dyn Provider, embeds: bool) -> Result<(), LlmError> {
    let reply = provider
        .chat(&ChatRequest {
            system: "You are a connectivity check. Answer with the single word OK.".into(),
            messages: vec![Message::user("Are you there?")],
            max_tokens: 5,
        })
        .await?;
    if reply.text.trim().is_empty() {
        return Err(LlmError::Invalid(format!("{} replied with an empty message.", provider.kind().label())));
    }
    if embeds {
        provider.embed(&["connectivity check".to_owned()]).await?;
    }
    Ok(())
}

fn required<'a>(value: &'a Option<String>, what: &str) -> Result<&'a str, LlmError> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| LlmError::Invalid(format!("{what} is required.")))
}

/// The message a provider put in its error body, else the body itself (shortened).
fn error_message(body: &str) -> String {
    let parsed: Option<serde_json::Value> = serde_json::from_str(body).ok();
    let message = parsed.as_ref().and_then(|v| {
        v.pointer("/error/message")
            .or_else(|| v.get("message"))
            .or_else(|| v.get("Message"))
            .or_else(|| v.get("error_description"))
            .and_then(|m| m.as_str())
    });
    let text = message.unwrap_or(body).trim();
    text.chars().take(500).collect()
}

/// rustls needs one process-wide crypto provider; ring is the one the rest of Quarry uses.
fn install_crypto() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

#[cfg(feature = "fake")]
pub mod fake;

#[cfg(feature = "local")]
pub mod local;
