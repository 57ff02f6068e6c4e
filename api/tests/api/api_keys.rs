//! API keys and the REST API: keys are shown once and kept as prefix + hash; revoked,
//! expired, wrong-project and wrong-scope keys are refused with their codes; a burst over a
//! key's limit gets 429 with Retry-After; every call lands in the project's history,
//! redacted; viewers cannot create keys; the secret never reaches a log.

use quarry_domain::{org, permissions::ProjectRole, project, user};
use quarry_test_kit::{TestApp, asking, error_code};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use std::{
    io::Write,
    sync::{Arc, Mutex},
};
use uuid::Uuid;

const CREATE: &str =
    "mutation($p: ID!, $d: CreateApiKeyInput!) { createApiKey(projectId: $p, data: $d) { key { id prefix scopes organizationWide active } secret } }";
const KEYS: &str = "query($p: ID!) { apiKeys(projectId: $p) { id name prefix scopes organizationWide lastUsedAt revokedAt active } }";
const REVOKE: &str = "mutation($p: ID!, $k: ID!) { revokeApiKey(projectId: $p, keyId: $k) { id active revokedAt } }";
const HISTORY: &str = "query($p: ID!, $f: ApiHistoryFilter) { apiHistory(projectId: $p, filter: $f, limit: 100) {
    total retentionDays items { callType statusCode threadId apiKeyId keyPrefix path requestBody responseBody } } }";

/// Creates a key; returns (key id, secret).
async fn create_key(app: &TestApp, client: &Client, project: &str, scopes: Value, org_wide: bool) -> (String, String) {
    let made = app.gql_ok(client, CREATE, json!({"p": project, "d": {"name": "backend", "scopes": scopes, "organizationWide": org_wide}})).await;
    (made["createApiKey"]["key"]["id"].as_str().unwrap().to_owned(), made["createApiKey"]["secret"].as_str().unwrap().to_owned())
}

async fn rest(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    secret: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value, reqwest::header::HeaderMap) {
    let mut request = reqwest::Client::new().request(method, format!("{}/api/v1{path}", app.url));
    if let Some(secret) = secret {
        request = request.bearer_auth(secret);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let text = response.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)), headers)
}

async fn post(app: &TestApp, path: &str, secret: &str, body: Value) -> (StatusCode, Value) {
    let (status, body, _) = rest(app, reqwest::Method::POST, path, Some(secret), Some(body)).await;
    (status, body)
}

fn code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or_default()
}

/// An org with an owner (signed in) and a project; returns (client, owner id, org id, project id).
async fn owner_of_a_project(app: &TestApp, label: &str) -> (Client, Uuid, Uuid, Uuid) {
    let (client, email) = app.signed_in(label).await;
    let pool = &app.state.pool;
    let id = user::find_by_email(pool, &email).await.unwrap().unwrap().id;
    let org = org::create(pool, id, label).await.unwrap();
    let p = project::create(&mut pool.acquire().await.unwrap(), org.id, id, label, None, None).await.unwrap();
    (client, id, org.id, p.id)
}

#[tokio::test]
async fn a_key_is_shown_once_kept_as_prefix_and_hash_and_revoking_it_takes_effect_at_once() {
    let app = TestApp::spawn().await;
    let (client, _, org_id, project) = owner_of_a_project(&app, "keys-once").await;
    let p = project.to_string();
    let (key_id, secret) = create_key(&app, &client, &p, json!(["MODELS_READ"]), false).await;
    assert!(secret.starts_with("qk_") && secret.len() > 50, "{secret}");

    // Lists show the prefix, never the secret; the table holds no copy of it either.
    let keys = app.gql_ok(&client, KEYS, json!({"p": p})).await;
    assert!(!keys.to_string().contains(&secret[14..]), "{keys}");
    assert!(secret.starts_with(keys["apiKeys"][0]["prefix"].as_str().unwrap()));
    let row =
        sqlx::query!("SELECT prefix, secret_hash FROM api_keys WHERE id = $1", Uuid::parse_str(&key_id).unwrap()).fetch_one(&app.state.pool).await.unwrap();
    assert!(secret.starts_with(&row.prefix) && row.secret_hash.len() == 32);
    let whole: String = sqlx::query_scalar!(r#"SELECT row_to_json(k)::text AS "t!" FROM api_keys k WHERE id = $1"#, Uuid::parse_str(&key_id).unwrap())
        .fetch_one(&app.state.pool)
        .await
        .unwrap();
    assert!(!whole.contains(&secret[14..]));

    // It works (NO_DEPLOYMENT_FOUND: the project has no models yet), and is marked used.
    let (status, body, _) = rest(&app, reqwest::Method::GET, "/models", Some(&secret), None).await;
    assert_eq!((status, code(&body)), (StatusCode::NOT_FOUND, "NO_DEPLOYMENT_FOUND"), "{body}");
    let keys = app.gql_ok(&client, KEYS, json!({"p": p})).await;
    assert!(keys["apiKeys"][0]["lastUsedAt"].is_string());

    let revoked = app.gql_ok(&client, REVOKE, json!({"p": p, "k": key_id})).await;
    assert_eq!(revoked["revokeApiKey"]["active"], false);
    let (status, body, _) = rest(&app, reqwest::Method::GET, "/models", Some(&secret), None).await;
    assert_eq!((status, code(&body)), (StatusCode::UNAUTHORIZED, "UNAUTHORIZED_ACCESS"));
    assert_eq!(body["error"]["message"], "This API key has been revoked.");

    let kinds: Vec<String> = sqlx::query_scalar!("SELECT kind FROM activity_logs WHERE org_id = $1 AND target_kind = 'API_KEY' ORDER BY created_at", org_id)
        .fetch_all(&app.state.pool)
        .await
        .unwrap();
    assert_eq!(kinds, ["API_KEY_CREATED", "API_KEY_REVOKED"]);
}

#[tokio::test]
async fn revoked_expired_wrong_project_and_wrong_scope_keys_are_refused_with_their_codes() {
    let app = TestApp::spawn().await;
    let (client, owner, org_id, project) = owner_of_a_project(&app, "keys-refused").await;
    let pool = &app.state.pool;
    let other = project::create(&mut pool.acquire().await.unwrap(), org_id, owner, "Other", None, None).await.unwrap();
    let (stranger, _, _, foreign) = owner_of_a_project(&app, "keys-stranger").await;
    drop(stranger);
    let p = project.to_string();

    let (_, ask_only) = create_key(&app, &client, &p, json!(["ASK"]), false).await;
    let (status, body) = post(&app, "/run_sql", &ask_only, json!({"sql": "SELECT 1"})).await;
    assert_eq!((status, code(&body)), (StatusCode::FORBIDDEN, "UNAUTHORIZED_ROLE_ACCESS"), "{body}");
    assert_eq!(body["error"]["message"], "This API key does not have the run SQL scope.");

    // A project key does not reach the org's other project, nor another org's.
    for elsewhere in [other.id, foreign] {
        let (status, body) = post(&app, "/ask", &ask_only, json!({"question": "how many tracks", "projectId": elsewhere})).await;
        assert_eq!((status, code(&body)), (StatusCode::NOT_FOUND, "NOT_FOUND"), "{body}");
    }
    // An organisation key reaches every project of its org, and only those; it must name one.
    let (_, org_key) = create_key(&app, &client, &p, json!(["ADMIN"]), true).await;
    let (status, body, _) = rest(&app, reqwest::Method::GET, &format!("/models?projectId={}", other.id), Some(&org_key), None).await;
    assert_eq!(code(&body), "NO_DEPLOYMENT_FOUND", "{status} {body}");
    let (status, body, _) = rest(&app, reqwest::Method::GET, &format!("/models?projectId={foreign}"), Some(&org_key), None).await;
    assert_eq!((status, code(&body)), (StatusCode::NOT_FOUND, "NOT_FOUND"));
    let (status, body, _) = rest(&app, reqwest::Method::GET, "/models", Some(&org_key), None).await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "INVALID_INPUT"));

    // Expired a moment ago.
    let (expiring_id, expiring) = create_key(&app, &client, &p, json!(["MODELS_READ"]), false).await;
    sqlx::query!("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", Uuid::parse_str(&expiring_id).unwrap())
        .execute(pool)
        .await
        .unwrap();
    let (status, body, _) = rest(&app, reqwest::Method::GET, "/models", Some(&expiring), None).await;
    assert_eq!((status, code(&body)), (StatusCode::UNAUTHORIZED, "UNAUTHORIZED_ACCESS"));
    assert_eq!(body["error"]["message"], "This API key has expired.");

    // Unknown, malformed and missing keys.
    let forged = format!("{}x", &ask_only[..ask_only.len() - 1]);
    for secret in [Some(forged.as_str()), Some("qk_nothing"), None] {
        let (status, body, _) = rest(&app, reqwest::Method::GET, "/models", secret, None).await;
        assert_eq!((status, code(&body)), (StatusCode::UNAUTHORIZED, "UNAUTHORIZED_ACCESS"), "{secret:?}");
    }

    // The creator's own role still counts: a creator moved down to VIEWER loses knowledge.
    let (contributor_client, contributor_email) = app.signed_in("keys-contributor").await;
    let contributor = user::find_by_email(pool, &contributor_email).await.unwrap().unwrap().id;
    org::add_member(pool, org_id, contributor, quarry_domain::permissions::OrgRole::Member).await.unwrap();
    let this = project::get(pool, project).await.unwrap();
    project::add_member(&mut pool.acquire().await.unwrap(), &this, &contributor_email, ProjectRole::Contributor).await.unwrap();
    let (_, knowledge_key) = create_key(&app, &contributor_client, &p, json!(["KNOWLEDGE"]), false).await;
    let (status, _, _) = rest(&app, reqwest::Method::GET, "/knowledge/instructions", Some(&knowledge_key), None).await;
    assert_eq!(status, StatusCode::OK);
    sqlx::query!("UPDATE project_members SET role = 'VIEWER' WHERE project_id = $1 AND user_id = $2", project, contributor).execute(pool).await.unwrap();
    let (status, body, _) = rest(&app, reqwest::Method::GET, "/knowledge/instructions", Some(&knowledge_key), None).await;
    assert_eq!((status, code(&body)), (StatusCode::FORBIDDEN, "UNAUTHORIZED_ROLE_ACCESS"), "{body}");
}

#[tokio::test]
async fn a_viewer_cannot_create_or_list_keys_and_only_org_admins_create_organization_keys() {
    let app = TestApp::spawn().await;
    let (client, _, org_id, project) = owner_of_a_project(&app, "keys-viewer").await;
    let pool = &app.state.pool;
    let this = project::get(pool, project).await.unwrap();
    let p = project.to_string();
    let mut people = Vec::new();
    for role in [ProjectRole::Viewer, ProjectRole::Owner] {
        let (c, email) = app.signed_in("keys-member").await;
        let id = user::find_by_email(pool, &email).await.unwrap().unwrap().id;
        org::add_member(pool, org_id, id, quarry_domain::permissions::OrgRole::Member).await.unwrap();
        project::add_member(&mut pool.acquire().await.unwrap(), &this, &email, role).await.unwrap();
        people.push(c);
    }
    let (viewer, member_owner) = (&people[0], &people[1]);
    let body = app.gql(viewer, CREATE, json!({"p": p, "d": {"name": "mine", "scopes": ["ASK"]}})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ROLE_ACCESS", "{body}");
    assert_eq!(error_code(&app.gql(viewer, KEYS, json!({"p": p})).await), "UNAUTHORIZED_ROLE_ACCESS");
    assert_eq!(error_code(&app.gql(viewer, HISTORY, json!({"p": p})).await), "UNAUTHORIZED_ROLE_ACCESS");

    // A project owner who is not an org admin makes project keys, not organisation keys.
    let body = app.gql(member_owner, CREATE, json!({"p": p, "d": {"name": "org", "scopes": ["ASK"], "organizationWide": true}})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ROLE_ACCESS", "{body}");
    create_key(&app, member_owner, &p, json!(["ASK"]), false).await;
    // ... and cannot revoke the admin's organisation key.
    let (org_key, _) = create_key(&app, &client, &p, json!(["ASK"]), true).await;
    assert_eq!(error_code(&app.gql(member_owner, REVOKE, json!({"p": p, "k": org_key})).await), "UNAUTHORIZED_ROLE_ACCESS");
    // Bad input is refused with INVALID_INPUT.
    let body = app.gql(&client, CREATE, json!({"p": p, "d": {"name": "x", "scopes": ["ADMIN"]}})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT", "{body}");
}

#[tokio::test]
async fn a_burst_over_a_keys_limit_is_refused_with_429_and_retry_after_and_failed_keys_are_limited_by_address() {
    let app = TestApp::spawn_with(|c| c.api_key_rate_limit = 10).await;
    let (client, _, _, project) = owner_of_a_project(&app, "keys-burst").await;
    let (_, secret) = create_key(&app, &client, &project.to_string(), json!(["MODELS_READ"]), false).await;
    let calls = (0..40).map(|_| rest(&app, reqwest::Method::GET, "/models", Some(&secret), None));
    let answers = futures::future::join_all(calls).await;
    let limited: Vec<_> = answers.iter().filter(|(s, _, _)| *s == StatusCode::TOO_MANY_REQUESTS).collect();
    assert_eq!(limited.len(), 30, "10 calls pass in a window, the rest are refused");
    for (_, body, headers) in &limited {
        assert_eq!(code(body), "TOO_MANY_REQUESTS");
        let retry: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=60).contains(&retry), "{retry}");
    }
    // Calls refused by the limit are neither recorded nor counted; nor are calls with a bad key.
    let recorded: i64 = sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM api_history WHERE project_id = $1 AND status_code = 429"#, project)
        .fetch_one(&app.state.pool)
        .await
        .unwrap();
    assert_eq!(recorded, 0);
    let mut statuses = Vec::new();
    for _ in 0..35 {
        statuses.push(rest(&app, reqwest::Method::GET, "/models", Some("qk_ABCDEFGHJK_guessing-a-key"), None).await.0);
    }
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count(), 30);
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count(), 5);
    let total: i64 =
        sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM api_history WHERE project_id = $1"#, project).fetch_one(&app.state.pool).await.unwrap();
    assert_eq!(total, 10);
}

/// Collects everything the process logs, at every level.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn every_call_is_in_the_history_redacted_with_its_thread_and_counts_as_an_api_call_and_no_log_holds_the_secret() {
    let logs = Captured::default();
    let writer = logs.clone();
    let _ = tracing_subscriber::fmt().with_max_level(tracing::Level::TRACE).with_writer(move || writer.clone()).with_ansi(false).try_init();

    let app = TestApp::spawn().await.with_worker();
    let (client, _) = app.signed_in("keys-history").await;
    let p = asking::music(&app, &client, "Keys history").await;
    let (key_id, secret) = create_key(&app, &client, &p, json!(["ASK", "RUN_SQL", "KNOWLEDGE", "MODELS_READ"]), false).await;

    let (status, asked) = post(&app, "/ask", &secret, json!({"question": "how many tracks are there"})).await;
    assert_eq!(status, StatusCode::OK, "{asked}");
    assert_eq!(asked["status"], "FINISHED");
    assert_eq!(asked["rows"][0][0].as_f64(), Some(3503.0), "{asked}");
    let thread = asked["threadId"].as_str().unwrap().to_owned();
    // A follow-up in the same thread, with the secret pasted into the question by mistake.
    let (status, follow) = post(&app, "/ask", &secret, json!({"question": format!("only rock {secret}"), "threadId": thread})).await;
    assert_eq!(status, StatusCode::OK, "{follow}");
    assert_eq!(follow["threadId"], thread.as_str());
    let (status, ran) = post(&app, "/run_sql", &secret, json!({"sql": "SELECT \"Name\" FROM \"Genre\" ORDER BY 1", "limit": 3})).await;
    assert_eq!(status, StatusCode::OK, "{ran}");
    assert_eq!(ran["rows"].as_array().unwrap().len(), 3);
    assert_eq!(ran["truncated"], true);
    let (status, refused) = post(&app, "/run_sql", &secret, json!({"sql": "DELETE FROM \"Track\""})).await;
    assert_eq!((status, code(&refused)), (StatusCode::BAD_REQUEST, "NON_SQL_QUERY"), "{refused}");
    let (status, got, _) = rest(&app, reqwest::Method::GET, &format!("/threads/{thread}"), Some(&secret), None).await;
    assert_eq!(status, StatusCode::OK, "{got}");
    assert_eq!(got["responses"].as_array().unwrap().len(), 2, "{got}");
    assert_eq!(got["responses"][0]["question"], "how many tracks are there");
    // Refused before any key is known: not recorded.
    rest(&app, reqwest::Method::GET, "/models", Some("qk_ABCDEFGHJK_not-a-key"), None).await;

    let history = app.gql_ok(&client, HISTORY, json!({"p": p})).await["apiHistory"].clone();
    assert_eq!(history["total"], 5, "{history}");
    assert_eq!(history["retentionDays"], 30);
    let text = history.to_string();
    assert!(!text.contains(&secret[14..]), "the secret is stored nowhere: {text}");
    assert!(text.contains("only rock [REDACTED]"), "{text}");
    let types: Vec<&str> = history["items"].as_array().unwrap().iter().map(|i| i["callType"].as_str().unwrap()).collect();
    assert_eq!(types, ["GET_THREAD", "RUN_SQL", "RUN_SQL", "ASK", "ASK"]);
    let asks = app.gql_ok(&client, HISTORY, json!({"p": p, "f": {"threadId": thread, "callType": "ASK"}})).await["apiHistory"].clone();
    assert_eq!(asks["total"], 2);
    assert_eq!(asks["items"][1]["responseBody"]["status"], "FINISHED");
    assert_eq!(asks["items"][1]["requestBody"]["question"], "how many tracks are there");
    assert_eq!(asks["items"][1]["path"], "/api/v1/ask");
    let failed = app.gql_ok(&client, HISTORY, json!({"p": p, "f": {"statusCode": 400, "apiKeyId": key_id}})).await["apiHistory"].clone();
    assert_eq!(failed["total"], 1);
    assert_eq!(failed["items"][0]["responseBody"]["error"]["code"], "NON_SQL_QUERY");
    let usage = app.gql_ok(&client, "{ me(withUsage: true) { currentOrg { usage { totalApiCalls } } } }", json!({})).await;
    assert_eq!(usage["me"]["currentOrg"]["usage"]["totalApiCalls"], 5);

    // Retention: calls older than the project keeps are gone from the page at once, and
    // from the table once it is set.
    let project_id = Uuid::parse_str(&p).unwrap();
    sqlx::query!("UPDATE api_history SET created_at = now() - interval '3 days' WHERE project_id = $1 AND call_type = 'RUN_SQL'", project_id)
        .execute(&app.state.pool)
        .await
        .unwrap();
    let kept = app.gql_ok(&client, "mutation($p: ID!) { setApiHistoryRetention(projectId: $p, days: 2) }", json!({"p": p})).await;
    assert_eq!(kept["setApiHistoryRetention"], 2);
    let history = app.gql_ok(&client, HISTORY, json!({"p": p})).await["apiHistory"].clone();
    assert_eq!(history["total"], 3);
    let left: i64 =
        sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM api_history WHERE project_id = $1"#, project_id).fetch_one(&app.state.pool).await.unwrap();
    assert_eq!(left, 3);

    // A client that gives up while its ask is answered still leaves the call in the history.
    let impatient = reqwest::Client::builder().timeout(std::time::Duration::from_millis(30)).build().unwrap();
    let gone = impatient.post(format!("{}/api/v1/ask", app.url)).bearer_auth(&secret).json(&json!({"question": "how many albums are there"})).send().await;
    assert!(gone.is_err(), "the client left before the answer");
    let pool = app.state.pool.clone();
    let recorded = quarry_test_kit::eventually("the abandoned ask in the history", std::time::Duration::from_secs(60), || {
        let pool = pool.clone();
        async move {
            sqlx::query_scalar!(
                r#"SELECT response_body->>'status' AS "status!" FROM api_history WHERE project_id = $1 AND request_body->>'question' = 'how many albums are there'"#,
                project_id
            )
            .fetch_optional(&pool)
            .await
            .unwrap()
        }
    })
    .await;
    assert_eq!(recorded, "FINISHED");

    let logged = String::from_utf8_lossy(&logs.0.lock().unwrap()).into_owned();
    assert!(logged.contains("/api/v1/ask"), "the capture sees the api's request logs");
    assert!(!logged.contains(&secret[14..]), "a log line holds the secret");
}

#[tokio::test]
async fn the_openapi_document_is_3_1_and_describes_every_route_with_the_bearer_key() {
    let app = TestApp::spawn().await;
    let (status, doc, _) = rest(&app, reqwest::Method::GET, "/openapi.json", None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"), "{}", doc["openapi"]);
    let paths: Vec<&str> = doc["paths"].as_object().unwrap().keys().map(String::as_str).collect();
    for path in [
        "/api/v1/ask",
        "/api/v1/asks/{taskId}",
        "/api/v1/stream/ask",
        "/api/v1/generate_sql",
        "/api/v1/generate_summary",
        "/api/v1/generate_chart",
        "/api/v1/threads/{threadId}",
        "/api/v1/run_sql",
        "/api/v1/models",
        "/api/v1/knowledge/sql_pairs",
        "/api/v1/knowledge/sql_pairs/{id}",
        "/api/v1/knowledge/instructions",
        "/api/v1/knowledge/instructions/{id}",
    ] {
        assert!(paths.contains(&path), "{path} is missing from {paths:?}");
    }
    assert_eq!(doc["components"]["securitySchemes"]["apiKey"]["scheme"], "bearer");
    assert!(doc["components"]["schemas"]["AskResult"]["properties"]["threadId"].is_object());
}

#[tokio::test]
async fn a_body_that_is_not_json_and_fields_named_like_passwords_never_reach_the_history() {
    let app = TestApp::spawn().await;
    let (client, _, _, project) = owner_of_a_project(&app, "keys-history-raw").await;
    let p = project.to_string();
    let (_, secret) = create_key(&app, &client, &p, json!(["KNOWLEDGE"]), false).await;
    // A form body where JSON is expected: refused, and its text kept nowhere.
    let response = reqwest::Client::new()
        .post(format!("{}/api/v1/knowledge/instructions", app.url))
        .bearer_auth(&secret)
        .header("content-type", "application/json")
        .body("user=ann&password=hunter2-raw")
        .send()
        .await
        .unwrap();
    assert!(response.status().is_client_error(), "{}", response.status());
    // JSON with fields whose names say they are passwords.
    let (status, body) = post(
        &app,
        "/knowledge/instructions",
        &secret,
        json!({"instruction": "Fiscal years start in April", "passwd": "hunter2-passwd", "pwd": "hunter2-pwd", "pass": "hunter2-pass"}),
    )
    .await;
    assert!(status.is_success() || status.is_client_error(), "{status}: {body}");

    let history = app.gql_ok(&client, HISTORY, json!({"p": p})).await["apiHistory"].clone();
    assert_eq!(history["total"], 2, "{history}");
    let text = history.to_string();
    assert!(!text.contains("hunter2"), "no secret is kept: {text}");
    assert!(text.contains("notJson"), "the raw body is noted by its size only: {text}");
    assert!(text.contains("Fiscal years start in April"), "the rest of the body is kept: {text}");
}
