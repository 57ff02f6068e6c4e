//! A local HTTP server that speaks the providers' wire protocols with scripted replies, for
//! tests: the real clients run against it unchanged.
//!
//! Replies are served in order, whatever the path; every request is recorded. Besides the
//! provider paths it answers `POST /__script` (a JSON array of [`Reply`], appended) and
//! `GET /__requests` (what it has received), so a test in another process can drive it.

use std::{collections::VecDeque, sync::Arc, time::Duration};

use axum::{
    Json, Router,
    body::Bytes,
    extract::State,
    http::{HeaderMap, Method, StatusCode, Uri},
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::Mutex;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Reply {
    pub status: u16,
    pub body: Value,
    #[serde(default)]
    pub headers: Vec<(String, String)>,
    #[serde(default)]
    pub delay_ms: u64,
}

impl Reply {
    pub fn ok(body: Value) -> Self {
        Self { status: 200, body, headers: vec![], delay_ms: 0 }
    }

    pub fn status(status: u16, body: Value) -> Self {
        Self { status, body, headers: vec![], delay_ms: 0 }
    }

    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }

    pub fn delayed(mut self, delay: Duration) -> Self {
        self.delay_ms = delay.as_millis() as u64;
        self
    }

    /// An OpenAI chat completion (also what Azure and compatible servers send).
    pub fn openai_chat(text: &str) -> Self {
        Self::ok(json!({
            "id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": "fake",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18},
        }))
    }

    pub fn openai_embeddings(vectors: &[Vec<f32>]) -> Self {
        let data: Vec<Value> = vectors.iter().enumerate().map(|(index, v)| json!({"object": "embedding", "index": index, "embedding": v})).collect();
        Self::ok(json!({"object": "list", "data": data, "model": "fake", "usage": {"prompt_tokens": 3, "total_tokens": 3}}))
    }

    pub fn openai_error(status: u16, message: &str) -> Self {
        Self::status(status, json!({"error": {"message": message, "type": "invalid_request_error", "param": null, "code": null}}))
    }

    pub fn bedrock_converse(text: &str) -> Self {
        Self::ok(json!({
            "output": {"message": {"role": "assistant", "content": [{"text": text}]}},
            "stopReason": "end_turn",
            "usage": {"inputTokens": 13, "outputTokens": 5, "totalTokens": 18},
            "metrics": {"latencyMs": 1},
        }))
    }

    pub fn bedrock_error(status: u16, kind: &str, message: &str) -> Self {
        Self::status(status, json!({"message": message})).header("x-amzn-ErrorType", kind)
    }

    pub fn vertex_token() -> Self {
        Self::ok(json!({"access_token": "ya29.fake-token", "expires_in": 3600, "token_type": "Bearer"}))
    }

    pub fn vertex_generate(text: &str) -> Self {
        Self::ok(json!({
            "candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": "STOP"}],
            "usageMetadata": {"promptTokenCount": 17, "candidatesTokenCount": 4, "totalTokenCount": 21},
        }))
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    pub query: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Recorded {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

#[derive(Default)]
struct Script {
    replies: Mutex<VecDeque<Reply>>,
    requests: Mutex<Vec<Recorded>>,
    /// When set, OpenAI embedding requests are answered at once with vectors of this size
    /// (hashed words), without taking a scripted reply.
    embedding_dimension: Mutex<Option<usize>>,
    /// How long each of those answers takes (a slow provider).
    embedding_delay: Mutex<Duration>,
}

/// A deterministic embedding: each word counts in one of `dimension` buckets.
fn hashed_words(text: &str, dimension: usize) -> Vec<f32> {
    let mut vector = vec![0.0; dimension];
    for word in text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
        let bucket = word.to_lowercase().bytes().fold(7usize, |h, b| h.wrapping_mul(31).wrapping_add(b as usize)) % dimension;
        vector[bucket] += 1.0;
    }
    vector
}

#[derive(Clone)]
pub struct FakeServer {
    pub url: String,
    script: Arc<Script>,
}

impl FakeServer {
    /// Listens on `port` (0: any free port) on localhost.
    pub async fn start(port: u16) -> std::io::Result<Self> {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
        let url = format!("http://{}", listener.local_addr()?);
        let script = Arc::new(Script::default());
        let app = Router::new().fallback(serve).with_state(script.clone());
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Ok(Self { url, script })
    }

    pub async fn push(&self, reply: Reply) {
        self.script.replies.lock().await.push_back(reply);
    }

    pub async fn requests(&self) -> Vec<Recorded> {
        self.script.requests.lock().await.clone()
    }

    pub async fn pending(&self) -> usize {
        self.script.replies.lock().await.len()
    }

    /// Answers every OpenAI embedding request itself, with `dimension`-sized vectors.
    pub async fn embed_automatically(&self, dimension: usize) {
        *self.script.embedding_dimension.lock().await = Some(dimension);
    }

    /// Makes each automatic embedding answer take `delay`.
    pub async fn delay_embeddings(&self, delay: Duration) {
        *self.script.embedding_delay.lock().await = delay;
    }
}

async fn serve(State(script): State<Arc<Script>>, method: Method, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let path = uri.path().to_owned();
    if path == "/__script" && method == Method::POST {
        return match serde_json::from_slice::<Vec<Reply>>(&body) {
            Ok(replies) => {
                script.replies.lock().await.extend(replies);
                StatusCode::NO_CONTENT.into_response()
            }
            Err(e) => (StatusCode::BAD_REQUEST, e.to_string()).into_response(),
        };
    }
    if path == "/__requests" {
        return Json(script.requests.lock().await.clone()).into_response();
    }
    script.requests.lock().await.push(Recorded {
        method: method.to_string(),
        path,
        query: uri.query().unwrap_or_default().to_owned(),
        headers: headers.iter().map(|(n, v)| (n.as_str().to_owned(), v.to_str().unwrap_or_default().to_owned())).collect(),
        body: String::from_utf8_lossy(&body).into_owned(),
    });
    if let Some(dimension) = *script.embedding_dimension.lock().await
        && uri.path().ends_with("/embeddings")
    {
        let input: Value = serde_json::from_slice::<Value>(&body).ok().and_then(|b| b.get("input").cloned()).unwrap_or_default();
        let texts: Vec<String> = match input {
            Value::String(text) => vec![text],
            Value::Array(items) => items.iter().filter_map(|t| t.as_str().map(str::to_owned)).collect(),
            _ => vec![],
        };
        let vectors: Vec<Vec<f32>> = texts.iter().map(|t| hashed_words(t, dimension)).collect();
        let reply = Reply::openai_embeddings(&vectors);
        let delay = *script.embedding_delay.lock().await;
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        return (StatusCode::OK, Json(reply.body)).into_response();
    }
    let Some(reply) = script.replies.lock().await.pop_front() else {
        let body = json!({"error": {"message": "the fake provider has no scripted reply left"}});
        return (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response();
    };
    if reply.delay_ms > 0 {
        tokio::time::sleep(Duration::from_millis(reply.delay_ms)).await;
    }
    let mut response = (StatusCode::from_u16(reply.status).unwrap_or(StatusCode::OK), Json(reply.body)).into_response();
    for (name, value) in reply.headers {
        if let (Ok(name), Ok(value)) = (name.parse::<axum::http::HeaderName>(), value.parse()) {
            response.headers_mut().insert(name, value);
        }
    }
    response
}
