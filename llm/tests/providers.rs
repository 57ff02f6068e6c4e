//! Each provider client against a local server speaking its protocol, with scripted replies.

use std::time::Duration;

use quarry_llm::{
    CallOptions, ChatRequest, LlmError, Message, Provider, ProviderKind, ProviderSettings, connect,
    fake::{FakeServer, Reply},
    test_connectivity,
};
use secrecy::SecretString;

fn settings(provider: ProviderKind, url: &str) -> ProviderSettings {
    ProviderSettings {
        provider,
        chat_model: "chat-model".into(),
        embedding_model: None,
        base_url: Some(url.to_owned()),
        api_version: None,
        region: None,
        access_key_id: None,
        project: None,
    }
}

fn client(settings: &ProviderSettings, secret: &str, timeout: Duration) -> Box<dyn Provider> {
    connect(settings, &SecretString::from(secret.to_owned()), CallOptions { timeout }).expect("settings are complete")
}

fn question() -> ChatRequest {
    ChatRequest {
        system: "You write SQL.".into(),
        messages: vec![Message::user("How many tracks are there?"), Message::assistant("SELECT 1"), Message::user("Again?")],
        max_tokens: 200,
    }
}

#[tokio::test]
async fn openai_compatible_chat_and_embeddings() {
    let server = FakeServer::start(0).await.unwrap();
    let mut config = settings(ProviderKind::OpenAi, &format!("{}/v1", server.url));
    config.embedding_model = Some("embed-small".into());
    let provider = client(&config, "sk-test", Duration::from_secs(5));

    server.push(Reply::openai_chat("SELECT COUNT(*) FROM tracks")).await;
    let reply = provider.chat(&question()).await.unwrap();
    assert_eq!(reply.text, "SELECT COUNT(*) FROM tracks");
    assert_eq!((reply.usage.input, reply.usage.output), (11, 7));

    server.push(Reply::openai_embeddings(&[vec![0.5, 0.25], vec![1.0, 0.0]])).await;
    let embedded = provider.embed(&["a".into(), "b".into()]).await.unwrap();
    assert_eq!(embedded.vectors, vec![vec![0.5, 0.25], vec![1.0, 0.0]]);

    let requests = server.requests().await;
    assert_eq!(requests[0].path, "/v1/chat/completions");
    assert_eq!(requests[0].header("authorization"), Some("Bearer sk-test"));
    let body = requests[0].json();
    assert_eq!(body["model"], "chat-model");
    let roles: Vec<&str> = body["messages"].as_array().unwrap().iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(roles, ["system", "user", "assistant", "user"]);
    assert_eq!(requests[1].path, "/v1/embeddings");
    assert_eq!(requests[1].json()["model"], "embed-small");
}

#[tokio::test]
async fn azure_addresses_the_deployment_with_its_api_version_and_key_header() {
    let server = FakeServer::start(0).await.unwrap();
    let mut config = settings(ProviderKind::Azure, &server.url);
    config.chat_model = "gpt-4o-prod".into();
    config.api_version = Some("2024-06-01".into());
    let provider = client(&config, "azure-key", Duration::from_secs(5));
    server.push(Reply::openai_chat("OK")).await;
    test_connectivity(provider.as_ref(), false).await.unwrap();

    let request = &server.requests().await[0];
    assert_eq!(request.path, "/openai/deployments/gpt-4o-prod/chat/completions");
    assert_eq!(request.query, "api-version=2024-06-01");
    assert_eq!(request.header("api-key"), Some("azure-key"));
    assert_eq!(request.header("authorization"), None);

    config.api_version = None;
    let missing = connect(&config, &SecretString::from("k".to_owned()), CallOptions::default()).err().unwrap();
    assert_eq!(missing, LlmError::Invalid("The Azure API version is required.".into()));
}

#[tokio::test]
async fn bedrock_converse_is_signed_and_read() {
    let server = FakeServer::start(0).await.unwrap();
    let mut config = settings(ProviderKind::Bedrock, &server.url);
    config.chat_model = "anthropic.claude-3-5-sonnet-20240620-v1:0".into();
    config.region = Some("eu-west-1".into());
    config.access_key_id = Some("AKIDQUARRYTEST".into());
    let provider = client(&config, "secret-access-key", Duration::from_secs(5));

    server.push(Reply::bedrock_converse("SELECT 42")).await;
    let reply = provider.chat(&question()).await.unwrap();
    assert_eq!(reply.text, "SELECT 42");
    assert_eq!((reply.usage.input, reply.usage.output), (13, 5));

    let request = &server.requests().await[0];
    assert_eq!(request.path, "/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/converse");
    let auth = request.header("authorization").expect("SigV4 signed");
    assert!(auth.starts_with("AWS4-HMAC-SHA256 Credential=AKIDQUARRYTEST/"), "{auth}");
    assert!(auth.contains("/eu-west-1/bedrock/aws4_request"), "{auth}");
    assert!(request.header("x-amz-date").is_some());
    let body = request.json();
    assert_eq!(body["system"][0]["text"], "You write SQL.");
    assert_eq!(body["messages"][1]["role"], "assistant");

    server.push(Reply::bedrock_error(403, "AccessDeniedException", "You don't have access to the model.")).await;
    let refused = provider.chat(&question()).await.unwrap_err();
    assert!(!refused.retryable());
    assert!(refused.to_string().contains("You don't have access to the model."), "{refused}");

    server.push(Reply::bedrock_error(429, "ThrottlingException", "Too many requests")).await;
    assert!(provider.chat(&question()).await.unwrap_err().retryable());
}

fn service_account(token_uri: &str) -> String {
    let key = std::process::Command::new("openssl")
        .args(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"])
        .output()
        .expect("openssl generates a key");
    serde_json::json!({
        "type": "service_account",
        "project_id": "quarry-test",
        "client_email": "quarry@quarry-test.iam.gserviceaccount.com",
        "private_key": String::from_utf8(key.stdout).unwrap(),
        "token_uri": token_uri,
    })
    .to_string()
}

#[tokio::test]
async fn vertex_exchanges_a_signed_token_then_generates_content() {
    let server = FakeServer::start(0).await.unwrap();
    let mut config = settings(ProviderKind::VertexAi, &server.url);
    config.chat_model = "gemini-1.5-pro".into();
    config.region = Some("europe-west4".into());
    let provider = client(&config, &service_account(&format!("{}/token", server.url)), Duration::from_secs(5));

    server.push(Reply::vertex_token()).await;
    server.push(Reply::vertex_generate("SELECT 7")).await;
    server.push(Reply::vertex_generate("SELECT 8")).await;
    assert_eq!(provider.chat(&question()).await.unwrap().text, "SELECT 7");
    let second = provider.chat(&question()).await.unwrap();
    assert_eq!(second.text, "SELECT 8");
    assert_eq!((second.usage.input, second.usage.output), (17, 4));

    let requests = server.requests().await;
    assert_eq!(requests.len(), 3, "the token is reused");
    assert_eq!(requests[0].path, "/token");
    assert!(requests[0].body.contains("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer"));
    let assertion = requests[0].body.split("assertion=").nth(1).unwrap();
    assert_eq!(assertion.split('.').count(), 3, "a JWT");
    assert_eq!(requests[1].path, "/v1/projects/quarry-test/locations/europe-west4/publishers/google/models/gemini-1.5-pro:generateContent");
    assert_eq!(requests[1].header("authorization"), Some("Bearer ya29.fake-token"));
    assert_eq!(requests[1].json()["contents"][1]["role"], "model");

    let bad = connect(&config, &SecretString::from("{}".to_owned()), CallOptions::default()).err().unwrap();
    assert!(bad.to_string().contains("service-account"), "{bad}");
}

#[tokio::test]
async fn failures_are_classified_for_the_retry_policy() {
    let server = FakeServer::start(0).await.unwrap();
    let provider = client(&settings(ProviderKind::OpenAi, &server.url), "sk-test", Duration::from_millis(500));

    server.push(Reply::openai_error(429, "Rate limit reached for requests")).await;
    server.push(Reply::openai_chat("SELECT 1")).await;
    let limited = provider.chat(&question()).await.unwrap_err();
    assert!(limited.retryable(), "{limited}");
    assert_eq!(provider.chat(&question()).await.unwrap().text, "SELECT 1", "a retry after a 429 succeeds");

    server.push(Reply::openai_error(401, "Incorrect API key provided: sk-test.")).await;
    let refused = provider.chat(&question()).await.unwrap_err();
    assert!(!refused.retryable());
    assert_eq!(refused.to_string(), "OpenAI refused the request (401): Incorrect API key provided: sk-test.");

    server.push(Reply::openai_error(503, "overloaded")).await;
    assert!(provider.chat(&question()).await.unwrap_err().retryable());

    server.push(Reply::openai_chat("too late").delayed(Duration::from_secs(2))).await;
    let slow = provider.chat(&question()).await.unwrap_err();
    assert!(matches!(slow, LlmError::Timeout { .. }), "{slow:?}");
    assert!(slow.retryable());
    assert_eq!(server.requests().await.len(), 5, "the client itself never retries");
}
