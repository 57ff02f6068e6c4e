//! Amazon Bedrock: Claude (or any chat model) through the Converse API; Titan embeddings
//! through InvokeModel. Requests are signed with SigV4 from a static access key.

use async_trait::async_trait;
use aws_sdk_bedrockruntime::{
    Client,
    config::{BehaviorVersion, Credentials, Region},
    error::{ProvideErrorMetadata, SdkError},
    primitives::Blob,
    types::{ContentBlock, ConversationRole, ConverseOutput, InferenceConfiguration, Message, SystemContentBlock},
};
use aws_smithy_http_client::tls::{Provider as TlsProvider, rustls_provider::CryptoMode};
use aws_smithy_types::{retry::RetryConfig, timeout::TimeoutConfig};
use secrecy::{ExposeSecret, SecretString};
use serde_json::{Value, json};

use crate::{CallOptions, ChatReply, ChatRequest, Embeddings, LlmError, Provider, ProviderKind, ProviderSettings, Role, TokenUsage, required};

const PROVIDER: &str = "Amazon Bedrock";

pub(crate) struct Bedrock {
    client: Client,
    chat_model: String,
    embedding_model: Option<String>,
    options: CallOptions,
}

/// The endpoint override, or the region's Bedrock runtime.
pub(crate) fn endpoint_url(settings: &ProviderSettings) -> Result<String, LlmError> {
    match settings.base_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        Some(url) => Ok(url.trim_end_matches('/').to_owned()),
        None => Ok(format!("https://bedrock-runtime.{}.amazonaws.com", required(&settings.region, "The AWS region")?)),
    }
}

impl Bedrock {
    pub(crate) fn new(settings: &ProviderSettings, secret: &SecretString, options: CallOptions) -> Result<Self, LlmError> {
        let region = required(&settings.region, "The AWS region")?;
        let access_key = required(&settings.access_key_id, "The AWS access key id")?;
        let http = aws_smithy_http_client::Builder::new().tls_provider(TlsProvider::Rustls(CryptoMode::Ring)).build_https();
        let mut config = aws_sdk_bedrockruntime::Config::builder()
            .behavior_version(BehaviorVersion::latest())
            .region(Region::new(region.to_owned()))
            .credentials_provider(Credentials::new(access_key, secret.expose_secret(), None, None, "quarry"))
            .http_client(http)
            .retry_config(RetryConfig::disabled())
            .timeout_config(TimeoutConfig::builder().operation_timeout(options.timeout).build());
        if let Some(url) = settings.base_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
            config = config.endpoint_url(url.trim_end_matches('/'));
        }
        Ok(Self {
            client: Client::from_conf(config.build()),
            chat_model: settings.chat_model.trim().to_owned(),
            embedding_model: settings.embedding_model.clone(),
            options,
        })
    }

    fn error<E: ProvideErrorMetadata + std::error::Error + 'static>(&self, error: SdkError<E>) -> LlmError {
        let timeout = LlmError::Timeout { provider: PROVIDER, timeout: self.options.timeout };
        match &error {
            SdkError::TimeoutError(_) => timeout,
            SdkError::DispatchFailure(failure) if failure.is_timeout() => timeout,
            _ => {
                let message = error.message().map(crate::short).unwrap_or_else(|| aws_sdk_bedrockruntime::error::DisplayErrorContext(&error).to_string());
                match error.raw_response().map(|r| r.status().as_u16()) {
                    Some(status) => LlmError::from_status(PROVIDER, status, message),
                    None => LlmError::Unavailable { provider: PROVIDER, status: None, message },
                }
            }
        }
    }
}

fn invalid(e: impl std::fmt::Display) -> LlmError {
    LlmError::Invalid(format!("{PROVIDER} request could not be built: {e}"))
}

#[async_trait]
impl Provider for Bedrock {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Bedrock
    }

    async fn chat(&self, request: &ChatRequest) -> Result<ChatReply, LlmError> {
        let mut call = self
            .client
            .converse()
            .model_id(&self.chat_model)
            .system(SystemContentBlock::Text(request.system.clone()))
            .inference_config(InferenceConfiguration::builder().max_tokens(request.max_tokens.min(i32::MAX as u32) as i32).temperature(0.0).build());
        for message in &request.messages {
            let role = match message.role {
                Role::User => ConversationRole::User,
                Role::Assistant => ConversationRole::Assistant,
            };
            let message = Message::builder().role(role).content(ContentBlock::Text(message.text.clone())).build().map_err(invalid)?;
            call = call.messages(message);
        }
        let output = call.send().await.map_err(|e| self.error(e))?;
        let text = match output.output() {
            Some(ConverseOutput::Message(message)) => message.content().iter().filter_map(|block| block.as_text().ok()).cloned().collect::<Vec<_>>().join(""),
            _ => return Err(LlmError::Invalid(format!("{PROVIDER} replied without a message."))),
        };
        let usage = output.usage().map(|u| TokenUsage { input: u.input_tokens().max(0) as u64, output: u.output_tokens().max(0) as u64 }).unwrap_or_default();
        Ok(ChatReply { text, usage })
    }

    async fn embed(&self, texts: &[String]) -> Result<Embeddings, LlmError> {
        let model = self.embedding_model.as_deref().ok_or_else(|| LlmError::Invalid("No embedding model is configured.".into()))?;
        let mut vectors = Vec::with_capacity(texts.len());
        let mut usage = TokenUsage::default();
        // Titan embeds one text per call.
        for text in texts {
            let body = serde_json::to_vec(&json!({"inputText": text})).map_err(invalid)?;
            let output = self
                .client
                .invoke_model()
                .model_id(model)
                .content_type("application/json")
                .accept("application/json")
                .body(Blob::new(body))
                .send()
                .await
                .map_err(|e| self.error(e))?;
            let reply: Value = serde_json::from_slice(output.body().as_ref())
                .map_err(|e| LlmError::Invalid(format!("{PROVIDER} sent an embedding that could not be read: {e}")))?;
            let vector: Vec<f32> =
                reply.get("embedding").and_then(Value::as_array).map(|v| v.iter().filter_map(Value::as_f64).map(|x| x as f32).collect()).unwrap_or_default();
            if vector.is_empty() {
                return Err(LlmError::Invalid(format!("{PROVIDER} returned no embedding.")));
            }
            usage.input += reply.get("inputTextTokenCount").and_then(Value::as_u64).unwrap_or(0);
            vectors.push(vector);
        }
        Ok(Embeddings { vectors, usage })
    }
}
