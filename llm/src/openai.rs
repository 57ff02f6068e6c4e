//! OpenAI, any OpenAI-compatible endpoint (Ollama, vLLM, …) and Azure OpenAI.

use async_openai::{
    Client,
    config::{AzureConfig, Config, OpenAIConfig},
    error::OpenAIError,
    middleware::ReqwestService,
};
use async_trait::async_trait;
use secrecy::{ExposeSecret, SecretString};
use serde_json::{Value, json};

use crate::{CallOptions, ChatReply, ChatRequest, Embeddings, LlmError, Provider, ProviderKind, ProviderSettings, Role, TokenUsage, required};

const DEFAULT_BASE: &str = "https://api.openai.com/v1";

enum Clients {
    OpenAi(Client<OpenAIConfig>),
    /// Azure addresses each deployment by URL: one client for chat, one for embeddings.
    Azure {
        chat: Client<AzureConfig>,
        embed: Option<Client<AzureConfig>>,
    },
}

pub(crate) struct OpenAi {
    kind: ProviderKind,
    clients: Clients,
    chat_model: String,
    embedding_model: Option<String>,
    options: CallOptions,
}

/// The API base (OpenAI and compatible) or resource endpoint (Azure), without a trailing `/`.
pub(crate) fn base_url(settings: &ProviderSettings) -> Result<String, LlmError> {
    Ok(match settings.provider {
        ProviderKind::Azure => required(&settings.base_url, "The Azure endpoint")?.trim_end_matches('/').to_owned(),
        _ => settings.base_url.as_deref().map(str::trim).filter(|b| !b.is_empty()).unwrap_or(DEFAULT_BASE).trim_end_matches('/').to_owned(),
    })
}

impl OpenAi {
    pub(crate) fn new(
        settings: &ProviderSettings,
        secret: &SecretString,
        options: CallOptions,
        pinned: &[(crate::Endpoint, std::net::SocketAddr)],
    ) -> Result<Self, LlmError> {
        crate::install_crypto();
        let mut http = reqwest13::Client::builder().timeout(options.timeout).redirect(reqwest13::redirect::Policy::none());
        for (host, addr) in crate::name_pins(pinned) {
            http = http.resolve(host, addr);
        }
        let http = http.build().map_err(|e| LlmError::Invalid(format!("cannot build the HTTP client: {e}")))?;
        let service = ReqwestService::new(http);
        let clients = match settings.provider {
            ProviderKind::Azure => {
                let endpoint = base_url(settings)?;
                let endpoint = endpoint.as_str();
                let version = required(&settings.api_version, "The Azure API version")?;
                let azure = |deployment: &str| {
                    Client::with_config(
                        AzureConfig::new()
                            .with_api_base(endpoint)
                            .with_api_version(version)
                            .with_deployment_id(deployment)
                            .with_api_key(secret.expose_secret()),
                    )
                    .with_http_service(service.clone())
                };
                Clients::Azure { chat: azure(&settings.chat_model), embed: settings.embedding_model.as_deref().map(azure) }
            }
            _ => {
                let config = OpenAIConfig::new().with_api_base(base_url(settings)?).with_api_key(secret.expose_secret());
                Clients::OpenAi(Client::with_config(config).with_http_service(service))
            }
        };
        Ok(Self {
            kind: settings.provider,
            clients,
            chat_model: settings.chat_model.trim().to_owned(),
            embedding_model: settings.embedding_model.clone(),
            options,
        })
    }

    fn error(&self, error: OpenAIError) -> LlmError {
        let provider = self.kind.label();
        match error {
            OpenAIError::ApiError(response) => LlmError::from_status(provider, response.status_code.as_u16(), crate::short(&response.api_error.message)),
            OpenAIError::Reqwest(e) if e.is_timeout() => LlmError::Timeout { provider, timeout: self.options.timeout },
            OpenAIError::Reqwest(e) => LlmError::Unavailable { provider, status: None, message: e.to_string() },
            OpenAIError::JSONDeserialize(_, body) => {
                LlmError::Invalid(format!("{provider} sent a reply that could not be read: {}", crate::error_message(&body)))
            }
            other => LlmError::Unavailable { provider, status: None, message: crate::short(&other.to_string()) },
        }
    }
}

async fn post_chat<C: Config>(client: &Client<C>, body: Value) -> Result<Value, OpenAIError> {
    client.chat().create_byot(body).await
}

async fn post_embed<C: Config>(client: &Client<C>, body: Value) -> Result<Value, OpenAIError> {
    client.embeddings().create_byot(body).await
}

#[async_trait]
impl Provider for OpenAi {
    fn kind(&self) -> ProviderKind {
        self.kind
    }

    async fn chat(&self, request: &ChatRequest) -> Result<ChatReply, LlmError> {
        let mut messages = vec![json!({"role": "system", "content": request.system})];
        messages
            .extend(request.messages.iter().map(|m| json!({"role": match m.role { Role::User => "user", Role::Assistant => "assistant" }, "content": m.text})));
        let body = json!({
            "model": self.chat_model,
            "messages": messages,
            "temperature": 0,
            "max_tokens": request.max_tokens,
            "stream": false,
        });
        let reply = match &self.clients {
            Clients::OpenAi(client) => post_chat(client, body).await,
            Clients::Azure { chat, .. } => post_chat(chat, body).await,
        }
        .map_err(|e| self.error(e))?;
        let text = reply
            .pointer("/choices/0/message/content")
            .and_then(Value::as_str)
            .ok_or_else(|| LlmError::Invalid(format!("{} replied without a message.", self.kind.label())))?;
        Ok(ChatReply {
            text: text.to_owned(),
            usage: TokenUsage {
                input: reply.pointer("/usage/prompt_tokens").and_then(Value::as_u64).unwrap_or(0),
                output: reply.pointer("/usage/completion_tokens").and_then(Value::as_u64).unwrap_or(0),
            },
        })
    }

    async fn embed(&self, texts: &[String]) -> Result<Embeddings, LlmError> {
        let model = self.embedding_model.as_deref().ok_or_else(|| LlmError::Invalid("No embedding model is configured.".into()))?;
        let body = json!({"model": model, "input": texts, "encoding_format": "float"});
        let reply = match &self.clients {
            Clients::OpenAi(client) => post_embed(client, body).await,
            Clients::Azure { embed: Some(client), .. } => post_embed(client, body).await,
            Clients::Azure { embed: None, .. } => unreachable!("an embedding model implies its client"),
        }
        .map_err(|e| self.error(e))?;
        let mut data: Vec<(u64, Vec<f32>)> = reply
            .get("data")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|item| {
                let index = item.get("index").and_then(Value::as_u64).unwrap_or(0);
                let vector =
                    item.get("embedding").and_then(Value::as_array).map(|v| v.iter().filter_map(Value::as_f64).map(|x| x as f32).collect()).unwrap_or_default();
                (index, vector)
            })
            .collect();
        data.sort_by_key(|(index, _)| *index);
        if data.len() != texts.len() || data.iter().any(|(_, v)| v.is_empty()) {
            return Err(LlmError::Invalid(format!("{} returned {} embeddings for {} texts.", self.kind.label(), data.len(), texts.len())));
        }
        Ok(Embeddings {
            vectors: data.into_iter().map(|(_, v)| v).collect(),
            usage: TokenUsage { input: reply.pointer("/usage/prompt_tokens").and_then(Value::as_u64).unwrap_or(0), output: 0 },
        })
    }
}
