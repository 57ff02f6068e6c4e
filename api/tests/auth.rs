mod common;

use common::{TestApp, error_code, link_param, unique_email};
use reqwest::StatusCode;
use serde_json::json;

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
async fn bad_credentials_duplicates_and_missing_csrf_are_refused() {
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

    let (status, body) = app.post_auth(&client, "signup", json!({ "email": email, "password": "another-pass" })).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"]["code"], "EMAIL_ALREADY_EXISTS");

    let (status, body) = app.post_auth(&client, "signup", json!({ "email": "not-an-email", "password": "another-pass" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"]["code"], "INVALID_INPUT");
    let (status, body) = app.post_auth(&client, "signup", json!({ "email": unique_email("short"), "password": "short" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"]["message"].as_str().unwrap().contains("at least 8"));

    // No CSRF cookie/token pair: refused before anything happens.
    let fresh = app.client();
    let res = fresh
        .post(format!("{}/api/auth/callback/credentials", app.url))
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .unwrap();
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
    let data = app
        .gql_ok(&anonymous, "mutation($e: String!) { sendResetPasswordEmail(email: $e) }", json!({ "e": email }))
        .await;
    assert_eq!(data["sendResetPasswordEmail"], true);
    // Unknown addresses get the same answer.
    let data = app
        .gql_ok(&anonymous, "mutation($e: String!) { sendResetPasswordEmail(email: $e) }", json!({ "e": unique_email("ghost") }))
        .await;
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
