use quarry_test_kit::{TestApp, error_code, link_param, unique_email};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use std::{net::IpAddr, time::Duration};

const ME: &str = "{ me { id email emailVerified consentPrivacyStatement currentOrg { id } } }";

#[tokio::test]
async fn sign_up_verify_by_mail_and_sign_in() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let client = app.client();
    let email = unique_email("ada");

    let (status, body) = app.post_auth(&client, "signup", json!({ "email": email, "password": "s3cret-pass", "name": "Ada" })).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // Not verified yet: sign-in is refused with a clear code.
    let (status, body) = app.post_auth(&client, "callback/credentials", json!({ "email": email, "password": "s3cret-pass" })).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["error"]["code"], "EMAIL_NOT_VERIFIED");

    let mail = app.mail_to(&email).await;
    let token = link_param(&mail, "/verify-email", "token");
    let (status, body) = app.post_auth(&client, "verify-email", json!({ "token": token })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["email"], email.as_str());

    // The link works once; a second click says the address is verified already.
    let (status, body) = app.post_auth(&client, "verify-email", json!({ "token": token })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"]["code"], "EMAIL_ALREADY_VERIFIED");

    let (status, body) = app.post_auth(&client, "callback/credentials", json!({ "email": email.to_uppercase(), "password": "s3cret-pass" })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["url"], "/projects");

    let session: serde_json::Value = client.get(format!("{}/api/auth/session", app.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!(session["user"]["email"], email.as_str());
    let me = app.gql_ok(&client, ME, json!({})).await;
    assert_eq!(me["me"]["emailVerified"], true);
    assert_eq!(me["me"]["consentPrivacyStatement"], false);
    assert!(me["me"]["currentOrg"].is_null());

    let (status, _) = app.post_auth(&client, "signout", json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let session: serde_json::Value = client.get(format!("{}/api/auth/session", app.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!(session, json!({}));
    assert_eq!(error_code(&app.gql(&client, ME, json!({})).await), "UNAUTHORIZED_ACCESS");
}

#[tokio::test]
async fn bad_credentials_bad_sign_ups_and_missing_csrf_are_refused() {
    let app = TestApp::spawn().await;
    let (email, password) = app.user("bob").await;
    let client = app.client();

    let (status, body) = app.post_auth(&client, "callback/credentials", json!({ "email": email, "password": "wrong password" })).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["error"]["code"], "UNAUTHORIZED_ACCESS");
    assert_eq!(body["error"]["message"], "Incorrect e-mail or password.");

    // An unknown address reads exactly like a wrong password.
    let (status, unknown) = app.post_auth(&client, "callback/credentials", json!({ "email": unique_email("nobody"), "password": "whatever1" })).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(unknown["error"], body["error"]);

    let (status, body) = app.post_auth(&client, "signup", json!({ "email": "not-an-email", "password": "another-pass" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"]["code"], "INVALID_INPUT");
    let (status, body) = app.post_auth(&client, "signup", json!({ "email": unique_email("short"), "password": "short" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"]["message"].as_str().unwrap().contains("at least 8"));

    // No CSRF cookie/token pair: refused before anything happens.
    let fresh = app.client();
    let res = fresh.post(format!("{}/api/auth/callback/credentials", app.url)).json(&json!({ "email": email, "password": password })).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["error"]["code"], "INVALID_CSRF_TOKEN");
    let (status, _) = app.post_auth(&fresh, "callback/credentials", json!({ "email": email, "password": password, "csrfToken": "forged" })).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Malformed body: a clear 4xx, never a 5xx.
    let res = fresh.post(format!("{}/api/auth/signup", app.url)).header("content-type", "application/json").body("{not json").send().await.unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["error"]["code"], "INVALID_INPUT");
}

#[tokio::test]
async fn repeated_failures_throttle_sign_in() {
    let app = TestApp::spawn().await;
    let (email, password) = app.user("carol").await;
    let client = app.client();
    for _ in 0..5 {
        let (status, _) = app.post_auth(&client, "callback/credentials", json!({ "email": email, "password": "nope-nope" })).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    // Even the right password is refused while throttled.
    let (status, body) = app.post_auth(&client, "callback/credentials", json!({ "email": email, "password": password })).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(body["error"]["code"], "TOO_MANY_REQUESTS");
}

#[tokio::test]
async fn expired_session_is_signed_out() {
    let app = TestApp::spawn().await;
    let (client, email) = app.signed_in("dave").await;
    app.gql_ok(&client, ME, json!({})).await;
    sqlx::query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = $1)")
        .bind(&email)
        .execute(&app.state.pool)
        .await
        .unwrap();
    let body = app.gql(&client, ME, json!({})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ACCESS");
    assert!(body["errors"][0]["extensions"]["shortMessage"].is_string());
}

#[tokio::test]
async fn password_reset_by_mail() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (email, old_password) = app.user("erin").await;
    let anonymous = app.client();
    let data = app.gql_ok(&anonymous, "mutation($e: String!) { sendResetPasswordEmail(email: $e) }", json!({ "e": email })).await;
    assert_eq!(data["sendResetPasswordEmail"], true);
    // Unknown addresses get the same answer.
    let data = app.gql_ok(&anonymous, "mutation($e: String!) { sendResetPasswordEmail(email: $e) }", json!({ "e": unique_email("ghost") })).await;
    assert_eq!(data["sendResetPasswordEmail"], true);

    let mail = app.mail_to(&email).await;
    let token = link_param(&mail, "/signin", "resetToken");
    let (status, body) = app.post_auth(&anonymous, "reset-password", json!({ "token": token, "password": "brand-new-pass" })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app.post_auth(&anonymous, "reset-password", json!({ "token": token, "password": "again-new-pass" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"]["code"], "INVALID_TOKEN");

    let (status, _) = app.post_auth(&anonymous, "callback/credentials", json!({ "email": email, "password": old_password })).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    app.signed_in_as(&email, "brand-new-pass").await;
}

#[tokio::test]
async fn auth_discovery_config_and_client_log() {
    let app = TestApp::spawn().await;
    let client = app.client();
    let providers: serde_json::Value = client.get(format!("{}/api/auth/providers", app.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!(providers["credentials"]["type"], "credentials");
    let config: serde_json::Value = client.get(format!("{}/api/config", app.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!(config["csvImportMaxFileSizeMB"], 40);
    assert!(config["telemetryKey"].is_string() && config["langfusePublicKey"].is_string());
    let health = client.get(format!("{}/healthz", app.url)).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::OK);

    let log = |level: &'static str| {
        let client = client.clone();
        let url = format!("{}/api/auth/_log", app.url);
        async move { client.post(url).json(&json!({ "level": level, "code": "TEST_CODE" })).send().await.unwrap().status() }
    };
    assert_eq!(log("error").await, StatusCode::NO_CONTENT);
    assert_eq!(log("shout").await, StatusCode::BAD_REQUEST);
    let mut last = StatusCode::NO_CONTENT;
    for _ in 0..70 {
        last = log("info").await;
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS, "the client log is rate-limited");
}

/// The account row as an attacker might hope to change it.
async fn account_row(app: &TestApp, email: &str) -> (String, Option<String>, bool, Option<uuid::Uuid>, i64) {
    sqlx::query_as(
        "SELECT u.password_hash, u.name, u.email_verified, u.current_org_id,
                (SELECT count(*) FROM email_tokens t WHERE t.user_id = u.id)
         FROM users u WHERE email = $1",
    )
    .bind(email)
    .fetch_one(&app.state.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn sign_up_with_a_registered_email_answers_the_same_and_changes_nothing() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (email, password) = app.user("frank").await;
    let before = account_row(&app, &email).await;

    let fresh = app.post_auth(&app.client(), "signup", json!({ "email": unique_email("new"), "password": "s3cret-pass", "name": "New" })).await;
    let taken = app.post_auth(&app.client(), "signup", json!({ "email": email.to_uppercase(), "password": "attacker-pass", "name": "Mallory" })).await;
    assert_eq!(fresh.0, StatusCode::CREATED, "{}", fresh.1);
    assert_eq!(taken, fresh, "a registered e-mail must not be told apart from a new one");

    // The account is as it was: same password, name, verification and no new link.
    assert_eq!(account_row(&app, &email).await, before);
    let (status, _) = app.post_auth(&app.client(), "callback/credentials", json!({ "email": email, "password": "attacker-pass" })).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    app.signed_in_as(&email, &password).await;
    // Its owner hears about the attempt instead.
    let mail = app.mail_to(&email).await;
    assert!(mail.contains("already has one"), "{mail}");
    assert!(!mail.contains("/verify-email"), "{mail}");
}

/// A client whose connections come from `ip` (any 127.0.0.0/8 address reaches the app).
fn client_from(ip: &str) -> Client {
    Client::builder().cookie_store(true).local_address(ip.parse::<IpAddr>().unwrap()).build().unwrap()
}

async fn sign_in_burst(app: &TestApp, client: &Client, email: &str, forwarded_for: Option<&str>, n: usize) -> Vec<(StatusCode, Value)> {
    let csrf = app.csrf(client).await;
    let attempts = (0..n).map(|i| {
        let mut request = client
            .post(format!("{}/api/auth/callback/credentials", app.url))
            .json(&json!({ "email": email, "password": format!("guess-{i}-wrong"), "csrfToken": csrf }));
        if let Some(xff) = forwarded_for {
            request = request.header("x-forwarded-for", xff);
        }
        async move {
            let res = request.send().await.unwrap();
            (res.status(), res.json::<Value>().await.unwrap())
        }
    });
    futures::future::join_all(attempts).await
}

async fn sign_in_from(app: &TestApp, client: &Client, email: &str, password: &str, forwarded_for: Option<&str>) -> (StatusCode, Value) {
    let csrf = app.csrf(client).await;
    let mut request =
        client.post(format!("{}/api/auth/callback/credentials", app.url)).json(&json!({ "email": email, "password": password, "csrfToken": csrf }));
    if let Some(xff) = forwarded_for {
        request = request.header("x-forwarded-for", xff);
    }
    let res = request.send().await.unwrap();
    (res.status(), res.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_burst_of_guesses_is_throttled_without_locking_the_owner_out() {
    let app = TestApp::spawn().await;
    let (email, password) = app.user("gina").await;
    let attacker = client_from("127.0.0.7");

    // Twelve concurrent guesses: exactly five are checked, the rest refused unchecked.
    let answers = sign_in_burst(&app, &attacker, &email, None, 12).await;
    let checked = answers.iter().filter(|(s, _)| *s == StatusCode::UNAUTHORIZED).count();
    let refused: Vec<_> = answers.iter().filter(|(s, _)| *s == StatusCode::TOO_MANY_REQUESTS).collect();
    assert_eq!((checked, refused.len()), (5, 7), "{answers:?}");
    assert!(refused.iter().all(|(_, b)| b["error"]["code"] == "TOO_MANY_REQUESTS"));
    // From that address even the right password waits; a forged X-Forwarded-For does not
    // buy a fresh address (no proxy is trusted by default).
    let (status, body) = sign_in_from(&app, &attacker, &email, &password, None).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let (status, _) = sign_in_from(&app, &attacker, &email, &password, Some("198.51.100.1")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);

    // The owner, elsewhere, signs in with the right password.
    let owner = client_from("127.0.0.8");
    let (status, body) = sign_in_from(&app, &owner, &email, &password, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.gql_ok(&owner, "{ me { id } }", json!({})).await;
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_forwarded_address_is_the_client() {
    let app = TestApp::spawn_with(|c| c.trusted_proxies = vec!["127.0.0.0/8".parse().unwrap()]).await;
    let (email, password) = app.user("hugo").await;
    let proxy = app.client();
    let answers = sign_in_burst(&app, &proxy, &email, Some("203.0.113.66"), 8).await;
    assert_eq!(answers.iter().filter(|(s, _)| *s == StatusCode::TOO_MANY_REQUESTS).count(), 3, "{answers:?}");
    // The owner comes through the same proxy from another address.
    let (status, body) = sign_in_from(&app, &proxy, &email, &password, Some("203.0.113.66, 192.0.2.10")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn reset_token(app: &TestApp, email: &str, not: &[String]) -> String {
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let token = link_param(&app.mail_to(email).await, "/signin", "resetToken");
        if !not.contains(&token) {
            return token;
        }
        assert!(std::time::Instant::now() < deadline, "no second reset mail");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn a_password_change_retires_the_other_reset_links() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (email, _) = app.user("iris").await;
    let anonymous = app.client();
    let send = "mutation($e: String!) { sendResetPasswordEmail(email: $e) }";
    app.gql_ok(&anonymous, send, json!({ "e": email })).await;
    let first = reset_token(&app, &email, &[]).await;
    app.gql_ok(&anonymous, send, json!({ "e": email })).await;
    let second = reset_token(&app, &email, std::slice::from_ref(&first)).await;

    let (status, body) = app.post_auth(&anonymous, "reset-password", json!({ "token": second, "password": "chosen-by-owner" })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The older link, say from a mailbox someone else can read, no longer works.
    let (status, body) = app.post_auth(&anonymous, "reset-password", json!({ "token": first, "password": "chosen-by-thief" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"]["code"], "INVALID_TOKEN");
    let (status, _) = app.post_auth(&anonymous, "callback/credentials", json!({ "email": email, "password": "chosen-by-thief" })).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    app.signed_in_as(&email, "chosen-by-owner").await;
}

async fn last_seen(app: &TestApp, email: &str) -> chrono::DateTime<chrono::Utc> {
    sqlx::query_scalar("SELECT max(last_seen_at) FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1")
        .bind(email)
        .fetch_one(&app.state.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn sessions_end_when_idle_and_slide_while_used() {
    let app = TestApp::spawn_with(|c| c.session_idle = Duration::from_secs(3)).await;
    let (client, _) = app.signed_in("judy").await;
    // In use: every request within the idle time keeps it alive past it.
    for _ in 0..5 {
        tokio::time::sleep(Duration::from_millis(1000)).await;
        app.gql_ok(&client, ME, json!({})).await;
    }
    tokio::time::sleep(Duration::from_millis(3500)).await;
    let body = app.gql(&client, ME, json!({})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ACCESS");
    let session: Value = client.get(format!("{}/api/auth/session", app.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!(session, json!({}));
}

#[tokio::test]
async fn session_use_is_not_written_on_every_request() {
    let app = TestApp::spawn().await;
    let (client, email) = app.signed_in("kim").await;
    let at_sign_in = last_seen(&app, &email).await;
    for _ in 0..3 {
        app.gql_ok(&client, ME, json!({})).await;
    }
    assert_eq!(last_seen(&app, &email).await, at_sign_in);
}

#[tokio::test]
async fn cookies_are_secure_when_configured_and_graphiql_is_for_development() {
    let app = TestApp::spawn_with(|c| {
        c.cookie_secure = true;
        c.graphiql = false;
    })
    .await;
    let res = reqwest::get(format!("{}/api/auth/csrf", app.url)).await.unwrap();
    let cookie = res.headers().get("set-cookie").unwrap().to_str().unwrap().to_owned();
    assert!(cookie.contains("Secure") && cookie.contains("HttpOnly"), "{cookie}");
    let res = reqwest::get(format!("{}/api/graphql", app.url)).await.unwrap();
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert!(!res.text().await.unwrap().to_lowercase().contains("graphiql"));

    // Debug builds over http (dev and tests): no Secure, so the browser keeps the cookie,
    // and the playground is there.
    let dev = TestApp::spawn().await;
    let res = reqwest::get(format!("{}/api/auth/csrf", dev.url)).await.unwrap();
    assert!(!res.headers().get("set-cookie").unwrap().to_str().unwrap().contains("Secure"));
    let res = reqwest::get(format!("{}/api/graphql", dev.url)).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.unwrap().to_lowercase().contains("graphiql"));
}
