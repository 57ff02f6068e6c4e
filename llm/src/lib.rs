//! Language-model providers behind one trait, for chat and embeddings.
//!
//! Each provider speaks its own wire protocol: OpenAI and OpenAI-compatible endpoints and
//! Azure OpenAI through async-openai, Amazon Bedrock's Converse API through the AWS SDK,
//! Google Vertex AI's `generateContent` over REST with a service-account key. None of them
//! retries: a failure is classified ([`LlmError::retryable`]) and the caller — a Temporal
//! activity — retries under its own policy, so a completed call is never paid for twice.
//!
//! The endpoint is the organisation's choice, so the client never goes anywhere else on its
//! own: redirects are not followed, each host is connected to at the address the caller
//! checked ([`connect_pinned`], [`endpoints`]), and a provider's error body is summarised,
//! never passed on whole.

mod bedrock;
mod openai;
mod vertex;

use std::{net::SocketAddr, time::Duration};

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
        [Self::OpenAi, Self::Azure, Self::Bedrock, Self::VertexAi].into_iter().find(|kind| kind.as_str() == value)
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
/// Vertex's service-account JSON. Host names are resolved by the system as usual: for
/// settings a tenant chose, use [`connect_pinned`].
pub fn connect(settings: &ProviderSettings, secret: &SecretString, options: CallOptions) -> Result<Box<dyn Provider>, LlmError> {
    build(settings, secret, options, &[])
}

/// A host (and port) a provider's client will contact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoint {
    pub host: String,
    pub port: u16,
}

/// Every host a client built from these settings contacts: the API's base URL or endpoint
/// (its default when none is set) and, for Vertex AI, the service account's token URI.
pub fn endpoints(settings: &ProviderSettings, secret: &SecretString) -> Result<Vec<Endpoint>, LlmError> {
    Ok(match settings.provider {
        ProviderKind::OpenAi | ProviderKind::Azure => vec![url_endpoint(&openai::base_url(settings)?)?],
        ProviderKind::Bedrock => vec![url_endpoint(&bedrock::endpoint_url(settings)?)?],
        ProviderKind::VertexAi => {
            let (base, token_uri) = vertex::urls(settings, secret)?;
            vec![url_endpoint(&base)?, url_endpoint(&token_uri)?]
        }
    })
}

/// Like [`connect`], but every host of [`endpoints`] must be in `pinned`, and the client
/// connects to the address given there instead of resolving the name again (Amazon Bedrock's
/// SDK resolves on its own: there the caller's check is all there is).
pub fn connect_pinned(
    settings: &ProviderSettings,
    secret: &SecretString,
    options: CallOptions,
    pinned: &[(Endpoint, SocketAddr)],
) -> Result<Box<dyn Provider>, LlmError> {
    for endpoint in endpoints(settings, secret)? {
        if !pinned.iter().any(|(e, _)| *e == endpoint) {
            return Err(LlmError::Invalid(format!("{} has not been checked.", endpoint.host)));
        }
    }
    build(settings, secret, options, pinned)
}

fn build(settings: &ProviderSettings, secret: &SecretString, options: CallOptions, pinned: &[(Endpoint, SocketAddr)]) -> Result<Box<dyn Provider>, LlmError> {
    if settings.chat_model.trim().is_empty() {
        return Err(LlmError::Invalid("A chat model is required.".into()));
    }
    Ok(match settings.provider {
        ProviderKind::OpenAi | ProviderKind::Azure => Box::new(openai::OpenAi::new(settings, secret, options, pinned)?),
        ProviderKind::Bedrock => Box::new(bedrock::Bedrock::new(settings, secret, options)?),
        ProviderKind::VertexAi => Box::new(vertex::Vertex::new(settings, secret, options, pinned)?),
    })
}

/// The host and port of an http(s) URL.
fn url_endpoint(url: &str) -> Result<Endpoint, LlmError> {
    let invalid = || LlmError::Invalid("The endpoint must be an http:// or https:// URL with a host.".into());
    let parsed = reqwest::Url::parse(url).map_err(|_| invalid())?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(invalid());
    }
    let host = parsed.host_str().ok_or_else(invalid)?;
    let host = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')).unwrap_or(host);
    let port = parsed.port_or_known_default().ok_or_else(invalid)?;
    Ok(Endpoint { host: host.to_owned(), port })
}

/// The (name → address) overrides for a reqwest client; IP literals need none.
fn name_pins(pinned: &[(Endpoint, SocketAddr)]) -> impl Iterator<Item = (&str, SocketAddr)> {
    pinned.iter().filter(|(e, _)| e.host.parse::<std::net::IpAddr>().is_err()).map(|(e, addr)| (e.host.as_str(), *addr))
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
    value.as_deref().map(str::trim).filter(|v| !v.is_empty()).ok_or_else(|| LlmError::Invalid(format!("{what} is required.")))
}

/// The longest provider message passed on.
const MESSAGE_LIMIT: usize = 300;

/// The message a provider put in its JSON error body, shortened. Any other body is not
/// repeated: the endpoint is the tenant's choice and could be anything that answers HTTP.
fn error_message(body: &str) -> String {
    let parsed: Option<serde_json::Value> = serde_json::from_str(body).ok();
    let message = parsed.as_ref().and_then(|v| {
        v.pointer("/error/message").or_else(|| v.get("message")).or_else(|| v.get("Message")).or_else(|| v.get("error_description")).and_then(|m| m.as_str())
    });
    match message {
        Some(text) => short(text),
        None => "the reply was not a provider's JSON error".to_owned(),
    }
}

/// `text` cut to [`MESSAGE_LIMIT`] characters.
fn short(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() <= MESSAGE_LIMIT {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(MESSAGE_LIMIT).collect();
    cut.push('…');
    cut
}

/// rustls needs one process-wide crypto provider; ring is the one the rest of Quarry uses.
fn install_crypto() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

#[cfg(feature = "fake")]
pub mod fake;

#[cfg(feature = "local")]
pub mod local;
