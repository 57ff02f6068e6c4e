//! Accounts: users, their sessions and the one-time tokens sent by e-mail.

use crate::{
    access::Acting,
    db::Pool,
    error::{Error, ErrorCode, Result},
    permissions::Operation,
    secret,
};
use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

#[derive(Debug, Clone)]
pub struct User {
    pub id: Uuid,
    pub email: String,
    pub password_hash: String,
    pub name: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub picture: Option<String>,
    pub country: Option<String>,
    pub company_name: Option<String>,
    pub job_title: Option<String>,
    pub consent_privacy_statement: bool,
    pub email_verified: bool,
    pub current_org_id: Option<Uuid>,
    pub current_project_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    /// The invitation whose link the account was made from, while its mailbox is unverified:
    /// the account may sign in and accept that invitation, and nothing more.
    pub vouched_by_invitation: Option<Uuid>,
}

impl User {
    /// Whether the account may sign in: its mailbox is verified, or it came from an invitation.
    pub fn may_sign_in(&self) -> bool {
        self.email_verified || self.vouched_by_invitation.is_some()
    }
}

/// Profile fields a user edits; `None` leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct ProfilePatch {
    pub name: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub picture: Option<String>,
    pub country: Option<String>,
    pub company_name: Option<String>,
    pub job_title: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenPurpose {
    VerifyEmail,
    ResetPassword,
}

impl TokenPurpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::VerifyEmail => "VERIFY_EMAIL",
            Self::ResetPassword => "RESET_PASSWORD",
        }
    }

    pub fn lifetime(self) -> Duration {
        match self {
            Self::VerifyEmail => Duration::hours(48),
            Self::ResetPassword => Duration::hours(1),
        }
    }
}

pub const MIN_PASSWORD_LEN: usize = 8;

pub fn normalize_email(email: &str) -> Result<String> {
    let email = email.trim().to_lowercase();
    let valid = email.len() <= 254
        && email.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.'))
        && !email.chars().any(char::is_whitespace);
    if valid { Ok(email) } else { Err(Error::invalid("Please enter a valid e-mail address.")) }
}

pub fn check_password(password: &str) -> Result<()> {
    if password.chars().count() < MIN_PASSWORD_LEN {
        return Err(Error::invalid(format!("The password must be at least {MIN_PASSWORD_LEN} characters long.")));
    }
    if password.len() > 1024 {
        return Err(Error::invalid("The password is too long."));
    }
    Ok(())
}

/// Hashes on the bounded blocking pool (see `secret::hash_password_bounded`).
pub async fn hash_password(password: &str) -> Result<String> {
    secret::hash_password_bounded(password).await
}

pub async fn create_user(pool: &Pool, email: &str, password: &str, name: Option<&str>, verified: bool) -> Result<User> {
    let email = normalize_email(email)?;
    check_password(password)?;
    let hash = hash_password(password).await?;
    let name = name.map(str::trim).filter(|n| !n.is_empty());
    let user = sqlx::query_as!(
        User,
        "INSERT INTO users (id, email, password_hash, name, email_verified) VALUES ($1, $2, $3, $4, $5) RETURNING *",
        Uuid::new_v4(),
        &email,
        hash,
        name,
        verified,
    )
    .fetch_one(pool)
    .await?;
    Ok(user)
}

/// What [`sign_up`] did.
#[derive(Debug)]
pub enum SignUp {
    Created(User),
    /// The address already has an account, which was left exactly as it was.
    AlreadyRegistered(User),
}

/// Registers an unverified account, unless the address has one already. The two outcomes
/// do the same work (validation, one hash, one statement) so timing tells them apart no
/// better than the answer does.
/// `vouched_by_invitation`: the pending invitation to this address whose link the sign-up came
/// from (the account may then sign in and accept it; its mailbox stays unverified).
pub async fn sign_up(pool: &Pool, email: &str, password: &str, name: Option<&str>, vouched_by_invitation: Option<Uuid>) -> Result<SignUp> {
    let email = normalize_email(email)?;
    check_password(password)?;
    let hash = hash_password(password).await?;
    let name = name.map(str::trim).filter(|n| !n.is_empty());
    // In a transaction committed before the account is handed on: `fetch_optional` answers with
    // the row before its statement's implicit commit has been confirmed, and the caller's next
    // write (the verification token) on another connection could then miss the account.
    let mut tx = pool.begin().await?;
    let created = sqlx::query_as!(
        User,
        "INSERT INTO users (id, email, password_hash, name, vouched_by_invitation) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING RETURNING *",
        Uuid::new_v4(),
        &email,
        hash,
        name,
        vouched_by_invitation,
    )
    .fetch_optional(&mut *tx)
    .await?;
    tx.commit().await?;
    match created {
        Some(user) => Ok(SignUp::Created(user)),
        None => {
            find_by_email(pool, &email).await?.map(SignUp::AlreadyRegistered).ok_or_else(|| Error::internal("sign-up conflicted with an account that is gone"))
        }
    }
}

/// Inserts an unverified account inside the caller's transaction; `None` when the address
/// already has one (nothing is written then).
pub async fn insert_unverified(
    conn: &mut sqlx::PgConnection,
    email: &str,
    password_hash: &str,
    name: Option<&str>,
    first_name: Option<&str>,
    last_name: Option<&str>,
) -> Result<Option<User>> {
    Ok(sqlx::query_as!(
        User,
        "INSERT INTO users (id, email, password_hash, name, first_name, last_name, email_verified)
         VALUES ($1, $2, $3, $4, $5, $6, false) ON CONFLICT DO NOTHING RETURNING *",
        Uuid::new_v4(),
        email,
        password_hash,
        name,
        first_name,
        last_name,
    )
    .fetch_optional(conn)
    .await?)
}

pub async fn find_by_email(pool: &Pool, email: &str) -> Result<Option<User>> {
    let email = email.trim().to_lowercase();
    Ok(sqlx::query_as!(User, "SELECT * FROM users WHERE lower(email) = $1", email).fetch_optional(pool).await?)
}

pub async fn get(pool: &Pool, id: Uuid) -> Result<User> {
    sqlx::query_as!(User, "SELECT * FROM users WHERE id = $1", id).fetch_optional(pool).await?.ok_or_else(|| Error::not_found("User"))
}

/// Checks an e-mail and password pair. Unknown e-mails and wrong passwords look the same.
pub async fn authenticate(pool: &Pool, email: &str, password: &str) -> Result<User> {
    let user = find_by_email(pool, email).await?;
    let wrong = || Error::new(ErrorCode::UnauthorizedAccess, "Incorrect e-mail or password.");
    let Some(user) = user else {
        // Spend the same time as a real check so response times do not reveal accounts.
        let _ = secret::verify_password_bounded(password, DUMMY_HASH).await?;
        return Err(wrong());
    };
    if !secret::verify_password_bounded(password, &user.password_hash).await? {
        return Err(wrong());
    }
    if !user.may_sign_in() {
        return Err(Error::of(ErrorCode::EmailNotVerified));
    }
    Ok(user)
}

const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0m1bTYgMcb6m0Zq4oZb4J7QG0m0wqk8mJcTQ3x6X4Yk";

pub async fn update_profile(pool: &Pool, id: Uuid, patch: &ProfilePatch) -> Result<User> {
    let clean = |v: &Option<String>| v.as_ref().map(|s| s.trim().to_owned());
    Ok(sqlx::query_as!(
        User,
        "UPDATE users SET
            name = COALESCE($2, name), first_name = COALESCE($3, first_name),
            last_name = COALESCE($4, last_name), picture = COALESCE($5, picture),
            country = COALESCE($6, country), company_name = COALESCE($7, company_name),
            job_title = COALESCE($8, job_title)
         WHERE id = $1 RETURNING *",
        id,
        clean(&patch.name),
        clean(&patch.first_name),
        clean(&patch.last_name),
        clean(&patch.picture),
        clean(&patch.country),
        clean(&patch.company_name),
        clean(&patch.job_title),
    )
    .fetch_one(pool)
    .await?)
}

/// What a user says at onboarding.
#[derive(Debug, Clone, Default)]
pub struct Onboarding {
    pub consent_privacy_statement: bool,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub country: Option<String>,
    pub company_name: Option<String>,
    pub job_title: Option<String>,
    /// The first org's name, when the user has none yet.
    pub org_name: Option<String>,
}

/// Records consent to the privacy statement together with the profile (the name made of
/// the first and last names); a user without an org gets their first one ("<name>'s
/// organization" unless another name is given).
pub async fn onboard(pool: &Pool, id: Uuid, onboarding: Onboarding) -> Result<User> {
    if !onboarding.consent_privacy_statement {
        return Err(Error::invalid("Please agree to the privacy statement to continue."));
    }
    let name = [onboarding.first_name.as_deref(), onboarding.last_name.as_deref()]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let patch = ProfilePatch {
        name: (!name.is_empty()).then_some(name),
        first_name: onboarding.first_name,
        last_name: onboarding.last_name,
        country: onboarding.country,
        company_name: onboarding.company_name,
        job_title: onboarding.job_title,
        picture: None,
    };
    update_profile(pool, id, &patch).await?;
    let updated = sqlx::query_as!(User, "UPDATE users SET consent_privacy_statement = true WHERE id = $1 RETURNING *", id).fetch_one(pool).await?;
    if crate::org::list_for_user(pool, id).await?.is_empty() {
        let default_name = format!("{}'s organization", updated.name.as_deref().unwrap_or(&updated.email));
        let org_name = onboarding.org_name.filter(|n| !n.trim().is_empty()).unwrap_or(default_name);
        crate::org::create(pool, id, &org_name).await?;
    }
    get(pool, id).await
}

pub async fn set_password(pool: &Pool, id: Uuid, password: &str) -> Result<()> {
    check_password(password)?;
    let hash = hash_password(password).await?;
    let mut tx = pool.begin().await?;
    sqlx::query!("UPDATE users SET password_hash = $2 WHERE id = $1", id, hash).execute(&mut *tx).await?;
    // A new password signs every device out.
    sqlx::query!("DELETE FROM sessions WHERE user_id = $1", id).execute(&mut *tx).await?;
    // Reset links sent before the change must not undo it: whoever holds one (an old
    // mailbox, a forwarded mail) would otherwise set the password back.
    sqlx::query!("UPDATE email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL", id, TokenPurpose::ResetPassword.as_str(),)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Removes the account. Orgs the user is alone in go with it; an org that would be left
/// without an admin blocks the deletion until someone else is made admin.
pub async fn delete_user(pool: &Pool, id: Uuid) -> Result<()> {
    let mut tx = pool.begin().await?;
    let orphaned: Option<String> = sqlx::query_scalar!(
        "SELECT o.name FROM org_members m JOIN orgs o ON o.id = m.org_id
         WHERE m.user_id = $1 AND m.role = 'ADMIN'
           AND NOT EXISTS (SELECT 1 FROM org_members a WHERE a.org_id = m.org_id AND a.user_id <> $1 AND a.role = 'ADMIN' AND a.enabled)
           AND EXISTS (SELECT 1 FROM org_members x WHERE x.org_id = m.org_id AND x.user_id <> $1)
         LIMIT 1",
        id,
    )
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(org) = orphaned {
        return Err(Error::invalid(format!("You are the only admin of \"{org}\". Make another member an admin before deleting your account.")));
    }
    sqlx::query!(
        "DELETE FROM orgs WHERE id IN (SELECT org_id FROM org_members WHERE user_id = $1)
           AND NOT EXISTS (SELECT 1 FROM org_members x WHERE x.org_id = orgs.id AND x.user_id <> $1)",
        id,
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!("DELETE FROM users WHERE id = $1", id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

// ---- sessions ----

pub async fn create_session(pool: &Pool, user_id: Uuid, ttl: std::time::Duration) -> Result<(String, DateTime<Utc>)> {
    let token = secret::random_token();
    let expires = Utc::now() + Duration::from_std(ttl).map_err(Error::internal)?;
    sqlx::query!("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", secret::token_hash(&token), user_id, expires,)
        .execute(pool)
        .await?;
    Ok((token, expires))
}

/// The user behind a session token, if the session exists, has not expired and was used
/// within `idle`. Use slides the idle deadline, but writes at most once per
/// [`touch_interval`] so reading a session is not a write per request.
pub async fn session_user(pool: &Pool, token: &str, idle: std::time::Duration) -> Result<Option<(User, DateTime<Utc>)>> {
    let idle = Duration::from_std(idle).map_err(Error::internal)?;
    let hash = secret::token_hash(token);
    // The session and its user in one read: every signed-in request makes it.
    let row = sqlx::query!(
        r#"SELECT u.id, u.email, u.password_hash, u.name, u.first_name, u.last_name, u.picture, u.country, u.company_name, u.job_title,
                  u.consent_privacy_statement, u.email_verified, u.current_org_id, u.current_project_id, u.created_at,
                  u.vouched_by_invitation, s.expires_at, s.last_seen_at, now() AS "now!"
             FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - $2::interval"#,
        &hash,
        idle as _,
    )
    .fetch_optional(pool)
    .await?;
    let Some(r) = row else { return Ok(None) };
    if r.now - r.last_seen_at >= touch_interval(idle) {
        sqlx::query!("UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1", &hash).execute(pool).await?;
    }
    let user = User {
        id: r.id,
        email: r.email,
        password_hash: r.password_hash,
        name: r.name,
        first_name: r.first_name,
        last_name: r.last_name,
        picture: r.picture,
        country: r.country,
        company_name: r.company_name,
        job_title: r.job_title,
        consent_privacy_statement: r.consent_privacy_statement,
        email_verified: r.email_verified,
        current_org_id: r.current_org_id,
        current_project_id: r.current_project_id,
        created_at: r.created_at,
        vouched_by_invitation: r.vouched_by_invitation,
    };
    Ok(Some((user, r.expires_at)))
}

/// How stale `last_seen_at` may get before a request refreshes it: a few minutes, or a
/// quarter of the idle timeout when that is shorter (so a session in use never lapses).
pub fn touch_interval(idle: Duration) -> Duration {
    (idle / 4).min(Duration::minutes(5))
}

pub async fn delete_session(pool: &Pool, token: &str) -> Result<()> {
    sqlx::query!("DELETE FROM sessions WHERE token_hash = $1", secret::token_hash(token)).execute(pool).await?;
    Ok(())
}

// ---- e-mail tokens ----

pub async fn issue_token(pool: &Pool, user_id: Uuid, purpose: TokenPurpose) -> Result<String> {
    let token = secret::random_token();
    sqlx::query!(
        "INSERT INTO email_tokens (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)",
        secret::token_hash(&token),
        user_id,
        purpose.as_str(),
        Utc::now() + purpose.lifetime(),
    )
    .execute(pool)
    .await?;
    Ok(token)
}

/// Marks a token used and returns its user. Unknown, used and expired tokens are INVALID_TOKEN.
pub async fn consume_token(pool: &Pool, token: &str, purpose: TokenPurpose) -> Result<Uuid> {
    sqlx::query_scalar!(
        "UPDATE email_tokens SET used_at = now()
         WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
         RETURNING user_id",
        secret::token_hash(token),
        purpose.as_str(),
    )
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| Error::of(ErrorCode::InvalidToken))
}

/// Verifies the address behind a VERIFY_EMAIL token. A second click says EMAIL_ALREADY_VERIFIED.
pub async fn verify_email(pool: &Pool, token: &str) -> Result<User> {
    let verified = sqlx::query_scalar!(
        "SELECT u.email_verified FROM email_tokens t JOIN users u ON u.id = t.user_id
         WHERE t.token_hash = $1 AND t.purpose = $2",
        secret::token_hash(token),
        TokenPurpose::VerifyEmail.as_str(),
    )
    .fetch_optional(pool)
    .await?;
    if verified == Some(true) {
        return Err(Error::of(ErrorCode::EmailAlreadyVerified));
    }
    let user_id = consume_token(pool, token, TokenPurpose::VerifyEmail).await?;
    Ok(sqlx::query_as!(User, "UPDATE users SET email_verified = true WHERE id = $1 RETURNING *", user_id).fetch_one(pool).await?)
}

pub async fn mark_email_verified(pool: &Pool, id: Uuid) -> Result<()> {
    sqlx::query!("UPDATE users SET email_verified = true WHERE id = $1", id).execute(pool).await?;
    Ok(())
}

/// The user, with a current org that still exists and still has them: when theirs is gone
/// (deleted, or they were removed from it), the oldest org they belong to becomes current,
/// or none when they belong to none (the web app then sends them to onboarding).
pub async fn with_settled_current_org(pool: &Pool, id: Uuid) -> Result<User> {
    sqlx::query!(
        "UPDATE users u SET current_org_id = (
             SELECT m.org_id FROM org_members m JOIN orgs o ON o.id = m.org_id
             WHERE m.user_id = u.id AND m.enabled ORDER BY (o.state = 'ACTIVE') DESC, o.created_at, o.id LIMIT 1),
           current_project_id = NULL
         WHERE u.id = $1 AND (u.current_org_id IS NULL OR NOT EXISTS (
             SELECT 1 FROM org_members m WHERE m.user_id = u.id AND m.org_id = u.current_org_id AND m.enabled))
           AND (u.current_org_id IS NOT NULL OR EXISTS (SELECT 1 FROM org_members m WHERE m.user_id = u.id AND m.enabled))",
        id,
    )
    .execute(pool)
    .await?;
    get(pool, id).await
}

/// Makes the project (and its org) the account's current one, when they may read it
/// (ReadProject); the account as it now is.
pub async fn switch_current_project(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<User> {
    acting.may(pool, Operation::ReadProject, project_id).await?;
    let project = crate::project::get(pool, project_id).await?;
    set_current(pool, acting.account.id, Some(project.org_id), Some(project.id)).await?;
    get(pool, acting.account.id).await
}

pub async fn set_current(pool: &Pool, user_id: Uuid, org_id: Option<Uuid>, project_id: Option<Uuid>) -> Result<()> {
    sqlx::query!("UPDATE users SET current_org_id = $2, current_project_id = $3 WHERE id = $1", user_id, org_id, project_id,).execute(pool).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_normalized_and_checked() {
        assert_eq!(normalize_email("  Ada@Example.COM ").unwrap(), "ada@example.com");
        for bad in ["", "ada", "ada@", "@example.com", "ada@example", "a da@example.com", "ada@.com"] {
            assert_eq!(normalize_email(bad).unwrap_err().code(), ErrorCode::InvalidInput, "{bad}");
        }
    }

    #[test]
    fn short_passwords_are_rejected() {
        assert!(check_password("1234567").is_err());
        assert!(check_password("12345678").is_ok());
    }

    #[test]
    fn dummy_hash_parses() {
        assert!(argon2::password_hash::PasswordHash::new(DUMMY_HASH).is_ok());
    }
}
