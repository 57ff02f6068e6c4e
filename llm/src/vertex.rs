//! Google Vertex AI: Gemini through `generateContent`, embeddings through `predict`, both
//! over REST with an OAuth token obtained from a service-account key (a signed JWT).

use async_trait::async_trait;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::Mutex;

use crate::{CallOptions, ChatReply, ChatRequest, Embeddings, LlmError, Provider, ProviderKind, ProviderSettings, Role, TokenUsage, error_message, required};

const PROVIDER: &str = "Vertex AI";
const SCOPE: &str = "https://www.googleapis.com/auth/cloud-platform";
const DEFAULT_TOKEN_URI: &str = "https://oauth2.googleapis.com/token";

#[derive(Deserialize)]
struct ServiceAccount {
    client_email: String,
    private_key: String,
    #[serde(default)]
    project_id: Option<String>,
    #[serde(default)]
    token_uri: Option<String>,
}

#[derive(Serialize)]
struct Claims<'a> {
    iss: &'a str,
    scope: &'a str,
    aud: &'a str,
    iat: i64,
    exp: i64,
}

pub(crate) struct Vertex {
    http: reqwest::Client,
    account: ServiceAccount,
    key: EncodingKey,
    models_url: String,
    chat_model: String,
    embedding_model: Option<String>,
    options: CallOptions,
    /// The access token and when it stops being good.
    token: Mutex<Option<(String, chrono::DateTime<chrono::Utc>)>>,
}

/// The API base and the token endpoint the service account names (Google's by default).
pub(crate) fn urls(settings: &ProviderSettings, secret: &SecretString) -> Result<(String, String), LlmError> {
    let account = service_account(secret)?;
    let location = required(&settings.region, "The Vertex AI location")?;
    let base = settings
        .base_url
        .as_deref()
        .map(str::trim)
        .filter(|b| !b.is_empty())
        .map(|b| b.trim_end_matches('/').to_owned())
        .unwrap_or_else(|| format!("https://{location}-aiplatform.googleapis.com"));
    Ok((base, account.token_uri.unwrap_or_else(|| DEFAULT_TOKEN_URI.to_owned())))
}

fn service_account(secret: &SecretString) -> Result<ServiceAccount, LlmError> {
    serde_json::from_str(secret.expose_secret()).map_err(|_| LlmError::Invalid("The service-account key is not a Google service-account JSON key.".into()))
}

impl Vertex {
    pub(crate) fn new(
        settings: &ProviderSettings,
        secret: &SecretString,
        options: CallOptions,
        pinned: &[(crate::Endpoint, std::net::SocketAddr)],
    ) -> Result<Self, LlmError> {
        let account = service_account(secret)?;
        let key = EncodingKey::from_rsa_pem(account.private_key.as_bytes())
            .map_err(|_| LlmError::Invalid("The service-account key's private_key is not an RSA key.".into()))?;
        let location = required(&settings.region, "The Vertex AI location")?;
        let project = settings
            .project
            .clone()
            .filter(|p| !p.trim().is_empty())
            .or_else(|| account.project_id.clone())
            .ok_or_else(|| LlmError::Invalid("The Google Cloud project is required.".into()))?;
        let (base, _) = urls(settings, secret)?;
        let mut http = reqwest::Client::builder().timeout(options.timeout).redirect(reqwest::redirect::Policy::none());
        for (host, addr) in crate::name_pins(pinned) {
            http = http.resolve(host, addr);
        }
        let http = http.build().map_err(|e| LlmError::Invalid(format!("cannot build the HTTP client: {e}")))?;
        Ok(Self {
            http,
            account,
            key,
            models_url: format!("{base}/v1/projects/{project}/locations/{location}/publishers/google/models"),
            chat_model: settings.chat_model.trim().to_owned(),
            embedding_model: settings.embedding_model.clone(),
            options,
            token: Mutex::new(None),
        })
    }

    async fn access_token(&self) -> Result<String, LlmError> {
        let mut cached = self.token.lock().await;
        let now = chrono::Utc::now();
        if let Some((token, until)) = cached.as_ref()
            && *until > now + chrono::Duration::seconds(60)
        {
            return Ok(token.clone());
        }
        let token_uri = self.account.token_uri.as_deref().unwrap_or(DEFAULT_TOKEN_URI);
        let claims = Claims { iss: &self.account.client_email, scope: SCOPE, aud: token_uri, iat: now.timestamp(), exp: now.timestamp() + 3600 };
        let assertion = jsonwebtoken::encode(&Header::new(Algorithm::RS256), &claims, &self.key)
            .map_err(|e| LlmError::Invalid(format!("cannot sign the token request: {e}")))?;
        let reply = self
            .send(self.http.post(token_uri).form(&[("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"), ("assertion", assertion.as_str())]))
            .await?;
        let token = reply
            .get("access_token")
            .and_then(Value::as_str)
            .ok_or_else(|| LlmError::Invalid("Google's token endpoint replied without an access token.".into()))?
            .to_owned();
        let lifetime = reply.get("expires_in").and_then(Value::as_i64).unwrap_or(3600);
        *cached = Some((token.clone(), now + chrono::Duration::seconds(lifetime)));
        Ok(token)
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> Result<Value, LlmError> {
        let response = request.send().await.map_err(|e| self.transport(e))?;
        let status = response.status();
        let body = response.text().await.map_err(|e| self.transport(e))?;
        if !status.is_success() {
            return Err(LlmError::from_status(PROVIDER, status.as_u16(), error_message(&body)));
        }
        serde_json::from_str(&body).map_err(|_| LlmError::Invalid(format!("{PROVIDER} sent a reply that could not be read: {}", error_message(&body))))
    }

    fn transport(&self, error: reqwest::Error) -> LlmError {
        if error.is_timeout() {
            LlmError::Timeout { provider: PROVIDER, timeout: self.options.timeout }
        } else {
            LlmError::Unavailable { provider: PROVIDER, status: None, message: crate::short(&error.to_string()) }
        }
    }

    async fn call(&self, model: &str, method: &str, body: Value) -> Result<Value, LlmError> {
        let token = self.access_token().await?;
        let url = format!("{}/{model}:{method}", self.models_url);
        self.send(self.http.post(url).bearer_auth(token).json(&body)).await
    }
}

#[async_trait]
impl Provider for Vertex {
    fn kind(&self) -> ProviderKind {
        ProviderKind::VertexAi
    }

    async fn chat(&self, request: &ChatRequest) -> Result<ChatReply, LlmError> {
        let contents: Vec<Value> = request
            .messages
            .iter()
            .map(|m| {
                let role = match m.role {
                    Role::User => "user",
                    Role::Assistant => "model",
                };
                json!({"role": role, "parts": [{"text": m.text}]})
            })
            .collect();
        let body = json!({
            "systemInstruction": {"parts": [{"text": request.system}]},
            "contents": contents,
            "generationConfig": {"temperature": 0, "maxOutputTokens": request.max_tokens},
        });
        let reply = self.call(&self.chat_model, "generateContent", body).await?;
        let parts = reply
            .pointer("/candidates/0/content/parts")
            .and_then(Value::as_array)
            .ok_or_else(|| LlmError::Invalid(format!("{PROVIDER} replied without a message.")))?;
        let text = parts.iter().filter_map(|p| p.get("text").and_then(Value::as_str)).collect::<String>();
        Ok(ChatReply {
            text,
            usage: TokenUsage {
                input: reply.pointer("/usageMetadata/promptTokenCount").and_then(Value::as_u64).unwrap_or(0),
                output: reply.pointer("/usageMetadata/candidatesTokenCount").and_then(Value::as_u64).unwrap_or(0),
            },
        })
    }

    async fn embed(&self, texts: &[String]) -> Result<Embeddings, LlmError> {
        let model = self.embedding_model.as_deref().ok_or_else(|| LlmError::Invalid("No embedding model is configured.".into()))?;
        let instances: Vec<Value> = texts.iter().map(|t| json!({"content": t})).collect();
        let reply = self.call(model, "predict", json!({"instances": instances})).await?;
        let predictions = reply.get("predictions").and_then(Value::as_array).cloned().unwrap_or_default();
        let mut usage = TokenUsage::default();
        let vectors: Vec<Vec<f32>> = predictions
            .iter()
            .map(|p| {
                usage.input += p.pointer("/embeddings/statistics/token_count").and_then(Value::as_f64).unwrap_or(0.0) as u64;
                p.pointer("/embeddings/values")
                    .and_then(Value::as_array)
                    .map(|v| v.iter().filter_map(Value::as_f64).map(|x| x as f32).collect())
                    .unwrap_or_default()
            })
            .collect();
        if vectors.len() != texts.len() || vectors.iter().any(Vec::is_empty) {
            return Err(LlmError::Invalid(format!("{PROVIDER} returned {} embeddings for {} texts.", vectors.len(), texts.len())));
        }
        Ok(Embeddings { vectors, usage })
    }
}
