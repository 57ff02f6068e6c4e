//! `/api/auth`: sign-up, e-mail verification, credential sign-in, sign-out, password reset
//! and the client log. Sessions live in Postgres behind an HttpOnly cookie.

pub mod session;

use crate::{
    error::{ApiError, ApiResult, JsonBody},
    rate_limit::{self, Backoff, Window, client_ip},
    state::AppState,
};
use axum::{
    Json, Router,
    extract::{ConnectInfo, State},
    http::{HeaderMap, StatusCode},
    response::IntoResponse,
    routing::{get, post},
};
use axum_extra::extract::cookie::CookieJar;
use quarry_domain::{
    Error, ErrorCode,
    activity::{self, ActivityActor, ActivityKind, NewActivity},
    invitation, mail,
    user::{self, TokenPurpose},
};
use serde::Deserialize;
use serde_json::json;
use std::net::SocketAddr;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/csrf", get(csrf))
        .route("/providers", get(providers))
        .route("/session", get(current_session))
        .route("/signup", post(sign_up))
        .route("/verify-email", post(verify_email))
        .route("/verify-email/resend", post(resend_verification))
        .route("/signin/credentials", post(sign_in))
        .route("/callback/credentials", post(sign_in))
        .route("/signout", post(sign_out))
        .route("/reset-password", post(reset_password))
        .route("/_log", post(client_log))
}

fn sent_csrf<'a>(headers: &'a HeaderMap, body: Option<&'a str>) -> Option<&'a str> {
    body.or_else(|| headers.get("x-csrf-token").and_then(|v| v.to_str().ok()))
}

async fn csrf(State(state): State<AppState>, jar: CookieJar) -> impl IntoResponse {
    let (jar, token) = session::csrf_token(&state, jar);
    (jar, Json(json!({ "csrfToken": token })))
}

async fn providers() -> impl IntoResponse {
    Json(json!({
        "credentials": {
            "id": "credentials",
            "name": "Email",
            "type": "credentials",
            "signinUrl": "/api/auth/signin/credentials",
            "callbackUrl": "/api/auth/callback/credentials"
        }
    }))
}

async fn current_session(State(state): State<AppState>, jar: CookieJar) -> ApiResult<impl IntoResponse> {
    Ok(Json(match session::current(&state, &jar).await? {
        None => json!({}),
        Some(s) => json!({
            "user": { "id": s.user.id, "email": s.user.email, "name": s.user.name,
                      "image": s.user.picture, "emailVerified": s.user.email_verified },
            "expires": s.expires,
        }),
    }))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SignUp {
    email: String,
    password: String,
    name: Option<String>,
    csrf_token: Option<String>,
    /// The code of the invitation whose link the sign-up came from: the account may then sign
    /// in and accept that invitation before its address is verified.
    invitation_code: Option<String>,
}

async fn sign_up(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    jar: CookieJar,
    headers: HeaderMap,
    JsonBody(body): JsonBody<SignUp>,
) -> ApiResult<impl IntoResponse> {
    session::check_csrf(&jar, sent_csrf(&headers, body.csrf_token.as_deref()))?;
    let ip = client_ip(&state.config, peer, &headers);
    rate_limit::hit(&state, &format!("signup:{ip}"), Window { limit: state.config.signup_limit_per_hour, seconds: 3600 }).await?;
    // The answer is the same whether or not the address has an account, so sign-up cannot
    // be used to find out who does; the mailbox's owner is told instead. An existing
    // account is left exactly as it was.
    let vouched = match body.invitation_code.as_deref() {
        Some(code) => invitation::vouching(&state.pool, code, &body.email).await?,
        None => None,
    };
    match user::sign_up(&state.pool, &body.email, &body.password, body.name.as_deref(), vouched).await? {
        // From an invitation's link the account may sign in at once; the mailbox is still
        // verified by the mail, as any other.
        user::SignUp::Created(user) => send_verification(&state, user.id, &user.email).await?,
        user::SignUp::AlreadyRegistered(user) => state.mail.enqueue(mail::existing_account_email(&state.config.public_url, &user.email)).await?,
    }
    Ok((StatusCode::CREATED, Json(json!({ "ok": true }))))
}

/// E-mails a link that verifies the address of the account.
pub async fn send_verification(state: &AppState, user_id: uuid::Uuid, email: &str) -> Result<(), Error> {
    let token = user::issue_token(&state.pool, user_id, TokenPurpose::VerifyEmail).await?;
    state.mail.enqueue(mail::verification_email(&state.config.public_url, email, &token)).await
}

#[derive(Deserialize)]
struct VerifyEmail {
    token: String,
}

async fn verify_email(State(state): State<AppState>, JsonBody(body): JsonBody<VerifyEmail>) -> ApiResult<impl IntoResponse> {
    let user = user::verify_email(&state.pool, body.token.trim()).await?;
    Ok(Json(json!({ "ok": true, "email": user.email })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Resend {
    email: String,
    csrf_token: Option<String>,
}

/// Always answers ok, so it cannot be used to find out who has an account.
async fn resend_verification(
    State(state): State<AppState>,
    jar: CookieJar,
    headers: HeaderMap,
    JsonBody(body): JsonBody<Resend>,
) -> ApiResult<impl IntoResponse> {
    session::check_csrf(&jar, sent_csrf(&headers, body.csrf_token.as_deref()))?;
    let email = user::normalize_email(&body.email)?;
    rate_limit::hit(&state, &format!("resend:{email}"), Window { limit: 5, seconds: 3600 }).await?;
    if let Some(found) = user::find_by_email(&state.pool, &email).await?
        && !found.email_verified
    {
        send_verification(&state, found.id, &found.email).await?;
    }
    Ok(Json(json!({ "ok": true })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Credentials {
    email: String,
    password: String,
    csrf_token: Option<String>,
    callback_url: Option<String>,
}

/// Wrong passwords for one account from one address: 5 per 15 minutes, then the lock-out
/// doubles with each further try, up to a day. Keyed by (account, address) so a stranger
/// guessing from elsewhere never locks the owner out.
const ACCOUNT_FROM_ADDRESS: Backoff = Backoff { limit: 5, seconds: 15 * 60, max_seconds: 24 * 3600 };
/// Wrong passwords from one address whatever the account (password spraying). Loose
/// enough for many people behind one NAT.
const FROM_ADDRESS: Backoff = Backoff { limit: 100, seconds: 15 * 60, max_seconds: 6 * 3600 };

async fn sign_in(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    jar: CookieJar,
    headers: HeaderMap,
    JsonBody(body): JsonBody<Credentials>,
) -> ApiResult<impl IntoResponse> {
    session::check_csrf(&jar, sent_csrf(&headers, body.csrf_token.as_deref()))?;
    let email = body.email.trim().to_lowercase();
    let ip = client_ip(&state.config, peer, &headers);
    // Every attempt is counted before the password is checked, so a burst of concurrent
    // guesses cannot all pass the check together; one that was not a wrong password gives
    // its attempt back.
    let address_key = format!("signin-ip:{ip}");
    let pair_key = format!("signin:{ip}:{email}");
    rate_limit::attempt(&state, &address_key, FROM_ADDRESS).await?;
    if let Err(err) = rate_limit::attempt(&state, &pair_key, ACCOUNT_FROM_ADDRESS).await {
        rate_limit::release(&state, &address_key).await?;
        return Err(err);
    }
    let user = match user::authenticate(&state.pool, &email, &body.password).await {
        Ok(user) => user,
        Err(err) => {
            if err.code() != ErrorCode::UnauthorizedAccess {
                rate_limit::release(&state, &pair_key).await?;
                rate_limit::release(&state, &address_key).await?;
            } else if let Some(account) = user::find_by_email(&state.pool, &email).await? {
                // A wrong password for an account is its orgs' business; an unknown address is nobody's.
                let actor = ActivityActor { id: account.id, email: account.email.clone() };
                activity::record_for_account(&state.pool, account.id, |org| {
                    NewActivity::new(org, ActivityKind::SignInFailed).target("USER", account.id, &account.email).by(Some(actor.clone()), Some(ip.to_string()))
                })
                .await?;
            }
            return Err(err.into());
        }
    };
    rate_limit::clear(&state, &pair_key).await?;
    rate_limit::release(&state, &address_key).await?;
    let (token, _) = user::create_session(&state.pool, user.id, state.config.session_ttl).await?;
    let actor = ActivityActor { id: user.id, email: user.email.clone() };
    activity::record_for_account(&state.pool, user.id, |org| {
        NewActivity::new(org, ActivityKind::SignIn).target("USER", user.id, &user.email).by(Some(actor.clone()), Some(ip.to_string()))
    })
    .await?;
    let url = body.callback_url.filter(|u| u.starts_with('/') && !u.starts_with("//")).unwrap_or_else(|| "/projects".into());
    Ok((jar.add(session::session_cookie(&state, token)), Json(json!({ "ok": true, "url": url }))))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SignOut {
    csrf_token: Option<String>,
}

async fn sign_out(State(state): State<AppState>, jar: CookieJar, headers: HeaderMap, body: axum::body::Bytes) -> ApiResult<impl IntoResponse> {
    // The body is optional: the token may come in the header instead.
    let body: Option<SignOut> = serde_json::from_slice(&body).ok();
    let sent = body.as_ref().and_then(|b| b.csrf_token.as_deref());
    session::check_csrf(&jar, sent_csrf(&headers, sent))?;
    if let Some(token) = jar.get(session::SESSION_COOKIE).map(|c| c.value().to_owned()) {
        user::delete_session(&state.pool, &token).await?;
    }
    let jar = jar.add(session::removal_cookie(&state, session::SESSION_COOKIE));
    Ok((jar, Json(json!({ "ok": true, "url": "/signin" }))))
}

#[derive(Deserialize)]
struct ResetPassword {
    token: String,
    password: String,
}

async fn reset_password(State(state): State<AppState>, JsonBody(body): JsonBody<ResetPassword>) -> ApiResult<impl IntoResponse> {
    user::check_password(&body.password)?;
    let user_id = user::consume_token(&state.pool, body.token.trim(), TokenPurpose::ResetPassword).await?;
    // Also retires every other reset link of the account.
    user::set_password(&state.pool, user_id, &body.password).await?;
    // Following the e-mailed link proves the address too.
    user::mark_email_verified(&state.pool, user_id).await?;
    Ok(Json(json!({ "ok": true })))
}

/// Sends the reset link if the address has an account; the answer is the same either way.
pub async fn send_reset_password_email(state: &AppState, email: &str) -> Result<(), ApiError> {
    let email = user::normalize_email(email)?;
    rate_limit::hit(state, &format!("reset:{email}"), Window { limit: 5, seconds: 3600 }).await?;
    if let Some(found) = user::find_by_email(&state.pool, &email).await? {
        let token = user::issue_token(&state.pool, found.id, TokenPurpose::ResetPassword).await?;
        state.mail.enqueue(mail::reset_password_email(&state.config.public_url, &found.email, &token)).await?;
    }
    Ok(())
}

#[derive(Deserialize)]
struct ClientLog {
    level: String,
    code: String,
    message: Option<String>,
}

async fn client_log(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<ClientLog>,
) -> ApiResult<impl IntoResponse> {
    let ip = client_ip(&state.config, peer, &headers);
    rate_limit::hit(&state, &format!("client-log:{ip}"), Window { limit: 60, seconds: 60 }).await?;
    let code: String = body.code.chars().take(100).collect();
    let message: String = body.message.unwrap_or_default().chars().take(1000).collect();
    match body.level.to_ascii_lowercase().as_str() {
        "error" => tracing::error!(target: "client", %code, %message),
        "warn" | "warning" => tracing::warn!(target: "client", %code, %message),
        "info" => tracing::info!(target: "client", %code, %message),
        "debug" => tracing::debug!(target: "client", %code, %message),
        _ => return Err(Error::invalid("level must be one of error, warn, info, debug.").into()),
    }
    Ok(StatusCode::NO_CONTENT)
}
