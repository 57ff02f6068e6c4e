//! Session and CSRF cookies, and finding who is signed in.

use crate::state::AppState;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use chrono::{DateTime, Utc};
use quarry_domain::{
    Error, ErrorCode, secret,
    user::{self, User},
};

pub const SESSION_COOKIE: &str = "quarry.session-token";
pub const CSRF_COOKIE: &str = "quarry.csrf-token";

/// The signed-in user of a request.
#[derive(Debug, Clone)]
pub struct Session {
    pub user: User,
    pub token: String,
    pub expires: DateTime<Utc>,
}

pub async fn current(state: &AppState, jar: &CookieJar) -> Result<Option<Session>, Error> {
    let Some(token) = jar.get(SESSION_COOKIE).map(|c| c.value().to_owned()) else {
        return Ok(None);
    };
    let Some((mut user, expires)) = user::session_user(&state.pool, &token, state.config.session_idle).await? else {
        return Ok(None);
    };
    // The current org went (deleted, or the user was removed from it): every request, not
    // only `me`, works in the org the user is moved to.
    if user.current_org_id.is_none() {
        user = user::with_settled_current_org(&state.pool, user.id).await?;
    }
    Ok(Some(Session { user, token, expires }))
}

fn base_cookie(state: &AppState, name: &'static str, value: String) -> Cookie<'static> {
    let mut cookie = Cookie::new(name, value);
    cookie.set_http_only(true);
    cookie.set_same_site(SameSite::Lax);
    cookie.set_path("/");
    cookie.set_secure(state.config.cookie_secure);
    cookie
}

pub fn session_cookie(state: &AppState, token: String) -> Cookie<'static> {
    let mut cookie = base_cookie(state, SESSION_COOKIE, token);
    let max_age = state.config.session_ttl.as_secs() as i64;
    cookie.set_max_age(time::Duration::seconds(max_age));
    cookie
}

pub fn removal_cookie(state: &AppState, name: &'static str) -> Cookie<'static> {
    let mut cookie = base_cookie(state, name, String::new());
    cookie.make_removal();
    cookie
}

/// The CSRF token of the browser, creating one when it has none.
pub fn csrf_token(state: &AppState, jar: CookieJar) -> (CookieJar, String) {
    if let Some(token) = jar.get(CSRF_COOKIE).map(|c| c.value().to_owned()).filter(|t| t.len() >= 32) {
        return (jar, token);
    }
    let token = secret::random_token();
    (jar.add(base_cookie(state, CSRF_COOKIE, token.clone())), token)
}

/// Double-submit check: the token sent with the request must equal the cookie's.
pub fn check_csrf(jar: &CookieJar, sent: Option<&str>) -> Result<(), Error> {
    let cookie = jar.get(CSRF_COOKIE).map(|c| c.value());
    match (cookie, sent) {
        (Some(expected), Some(sent)) if !expected.is_empty() && constant_time_eq(expected.as_bytes(), sent.as_bytes()) => Ok(()),
        _ => Err(Error::of(ErrorCode::InvalidCsrfToken)),
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum_extra::extract::cookie::Cookie;

    #[test]
    fn csrf_needs_matching_cookie_and_token() {
        let jar = CookieJar::new().add(Cookie::new(CSRF_COOKIE, "a".repeat(43)));
        assert!(check_csrf(&jar, Some(&"a".repeat(43))).is_ok());
        assert!(check_csrf(&jar, Some(&"b".repeat(43))).is_err());
        assert!(check_csrf(&jar, None).is_err());
        assert!(check_csrf(&CookieJar::new(), Some("")).is_err());
    }
}
