//! Invitations to join an org (PRODUCT.md §3 Invitation, §4 PENDING/EXPIRED). An existing
//! account joins an org only this way: the invitation names an address, and only the
//! account of that address can accept it.
//!
//! The code in the e-mailed link is also seen by the admin who sent it, so it proves nothing
//! about the mailbox: an account made from the link may sign in and accept that invitation,
//! and its mailbox stays unverified (other invitations wait for a verification mail to be
//! answered). The code is stored hashed and shown to the admin once, when it is sent.

use crate::{
    access::Acting,
    activity::{self, ActivityKind, NewActivity},
    config::Config,
    db::Pool,
    error::{Error, ErrorCode, Result},
    mail::{self, MailQueue},
    permissions::{Operation, OrgRole, ProjectRole},
    secret, user,
    user::User,
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::time::Duration;
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum InvitationStatus {
    Pending,
    Expired,
}

#[derive(Debug, Clone)]
pub struct Invitation {
    pub id: Uuid,
    pub org_id: Uuid,
    pub org_name: String,
    pub email: String,
    pub role: OrgRole,
    pub invitor_id: Option<Uuid>,
    pub invitor_email: Option<String>,
    pub invitor_name: Option<String>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub projects: Vec<InvitedProject>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvitedProject {
    pub project_id: Uuid,
    pub display_name: String,
    pub role: ProjectRole,
}

impl Invitation {
    pub fn status(&self, now: DateTime<Utc>) -> InvitationStatus {
        if self.expires_at <= now { InvitationStatus::Expired } else { InvitationStatus::Pending }
    }
}

/// The page an invitation's link opens.
pub fn url(public_url: &str, code: &str) -> String {
    format!("{}/invitation?code={code}", public_url.trim_end_matches('/'))
}

pub struct NewInvitation {
    pub org_id: Uuid,
    pub invitor_id: Uuid,
    pub email: String,
    pub role: OrgRole,
    pub projects: Vec<(Uuid, ProjectRole)>,
}

/// Records an invitation (replacing an open one to the same address) and returns it with
/// the code for its link.
pub async fn create(pool: &Pool, new: NewInvitation, ttl: Duration) -> Result<(Invitation, String)> {
    insert(pool, new, ttl, None).await
}

/// [`create`], with the activity entry of `sent_by` in the same transaction when there is one.
async fn insert(pool: &Pool, new: NewInvitation, ttl: Duration, sent_by: Option<&Acting>) -> Result<(Invitation, String)> {
    let email = user::normalize_email(&new.email)?;
    let already: bool = sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM org_members m JOIN users u ON u.id = m.user_id WHERE m.org_id = $1 AND lower(u.email) = $2) AS "exists!""#,
        new.org_id,
        email,
    )
    .fetch_one(pool)
    .await?;
    if already {
        return Err(Error::invalid(format!("{email} is already a member of this organization.")));
    }
    let project_ids: Vec<Uuid> = new.projects.iter().map(|(id, _)| *id).collect();
    let in_org: i64 = sqlx::query_scalar!(r#"SELECT count(*) AS "count!" FROM projects WHERE org_id = $1 AND id = ANY($2)"#, new.org_id, &project_ids)
        .fetch_one(pool)
        .await?;
    let distinct = project_ids.iter().collect::<std::collections::HashSet<_>>().len();
    if in_org as usize != distinct || distinct != project_ids.len() {
        return Err(Error::invalid("Choose each project of this organization at most once."));
    }
    let code = secret::random_token();
    let expires_at = Utc::now() + chrono::Duration::from_std(ttl).map_err(Error::internal)?;
    let id = Uuid::new_v4();
    let mut tx = pool.begin().await?;
    sqlx::query!("DELETE FROM invitations WHERE org_id = $1 AND lower(email) = $2", new.org_id, email).execute(&mut *tx).await?;
    sqlx::query!(
        "INSERT INTO invitations (id, org_id, email, role, code, invitor_id, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        id,
        new.org_id,
        email,
        new.role as _,
        secret::token_hash(&code),
        new.invitor_id,
        expires_at,
    )
    .execute(&mut *tx)
    .await?;
    for (project_id, role) in &new.projects {
        sqlx::query!("INSERT INTO invitation_projects (invitation_id, project_id, role) VALUES ($1, $2, $3)", id, project_id, *role as _)
            .execute(&mut *tx)
            .await?;
    }
    if let Some(acting) = sent_by {
        let names = sqlx::query!("SELECT id, display_name FROM projects WHERE id = ANY($1)", &project_ids).fetch_all(&mut *tx).await?;
        let name = |id: &Uuid| names.iter().find(|n| n.id == *id).map(|n| n.display_name.clone());
        let projects: Vec<_> = new.projects.iter().map(|(p, r)| json!({"projectId": p, "project": name(p), "role": r})).collect();
        let roles = json!({"role": new.role, "projects": projects});
        let entry = NewActivity::new(new.org_id, ActivityKind::InvitationSent).target("INVITATION", id, &email).detail(roles);
        activity::record(&mut *tx, acting.records(entry)).await?;
    }
    tx.commit().await?;
    Ok((get(pool, id).await?, code))
}

/// Records the invitation (see [`create`]) and e-mails its link, signed by the one acting,
/// who must be allowed to manage the org's invitations; the invitation and its activity entry
/// commit together. Returns it with the link, which is never readable again.
pub async fn create_and_send(pool: &Pool, mail_queue: &MailQueue, config: &Config, acting: &Acting, new: NewInvitation) -> Result<(Invitation, String)> {
    acting.may_in_org(pool, Operation::ManageInvitations, new.org_id).await?;
    // The one who acts invites, whatever the caller put in `new`.
    let new = NewInvitation { invitor_id: acting.account.id, ..new };
    let (created, code) = insert(pool, new, config.invitation_ttl, Some(acting)).await?;
    let link = url(&config.public_url, &code);
    let signed =
        created.invitor_name.clone().filter(|n| !n.trim().is_empty()).or_else(|| created.invitor_email.clone()).unwrap_or_else(|| acting.account.email.clone());
    let expires = created.expires_at.format("%Y-%m-%d %H:%M UTC").to_string();
    mail_queue.enqueue(mail::invitation_email(&created.email, &created.org_name, &signed, &link, &expires)).await?;
    Ok((created, link))
}

struct Row {
    id: Uuid,
    org_id: Uuid,
    org_name: String,
    email: String,
    role: OrgRole,
    invitor_id: Option<Uuid>,
    invitor_email: Option<String>,
    invitor_name: Option<String>,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
}

/// Reads invitations chosen by one of: id, org, code hash, invited address.
async fn read(pool: &Pool, id: Option<Uuid>, org_id: Option<Uuid>, code_hash: Option<String>, email: Option<String>) -> Result<Vec<Invitation>> {
    let rows = sqlx::query_as!(
        Row,
        r#"SELECT i.id, i.org_id, o.name AS org_name, i.email, i.role AS "role: OrgRole", i.invitor_id,
                  u.email AS "invitor_email?", u.name AS invitor_name, i.created_at, i.expires_at
           FROM invitations i JOIN orgs o ON o.id = i.org_id LEFT JOIN users u ON u.id = i.invitor_id
           WHERE ($1::uuid IS NULL OR i.id = $1) AND ($2::uuid IS NULL OR i.org_id = $2)
             AND ($3::text IS NULL OR i.code = $3) AND ($4::text IS NULL OR lower(i.email) = $4)
           ORDER BY i.created_at DESC, i.id"#,
        id,
        org_id,
        code_hash,
        email,
    )
    .fetch_all(pool)
    .await?;
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    let projects = sqlx::query!(
        r#"SELECT ip.invitation_id, ip.project_id, p.display_name, ip.role AS "role: ProjectRole"
           FROM invitation_projects ip JOIN projects p ON p.id = ip.project_id
           WHERE ip.invitation_id = ANY($1) ORDER BY p.display_name"#,
        &ids,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Invitation {
            projects: projects
                .iter()
                .filter(|p| p.invitation_id == r.id)
                .map(|p| InvitedProject { project_id: p.project_id, display_name: p.display_name.clone(), role: p.role })
                .collect(),
            id: r.id,
            org_id: r.org_id,
            org_name: r.org_name,
            email: r.email,
            role: r.role,
            invitor_id: r.invitor_id,
            invitor_email: r.invitor_email,
            invitor_name: r.invitor_name,
            created_at: r.created_at,
            expires_at: r.expires_at,
        })
        .collect())
}

fn not_found() -> Error {
    Error::new(ErrorCode::InvitationNotFound, "This invitation does not exist. It may have been withdrawn or already accepted.")
}

pub async fn get(pool: &Pool, id: Uuid) -> Result<Invitation> {
    read(pool, Some(id), None, None, None).await?.into_iter().next().ok_or_else(not_found)
}

/// The invitation's org, for the permission check; `None` for an unknown id.
pub async fn org_of(pool: &Pool, id: Uuid) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar!("SELECT org_id FROM invitations WHERE id = $1", id).fetch_optional(pool).await?)
}

/// The org's open and expired invitations, newest first.
pub async fn list(pool: &Pool, org_id: Uuid) -> Result<Vec<Invitation>> {
    read(pool, None, Some(org_id), None, None).await
}

/// The invitation a link's code opens (INVITATION_NOT_FOUND for any other code).
pub async fn by_code(pool: &Pool, code: &str) -> Result<Invitation> {
    read(pool, None, None, Some(secret::token_hash(code.trim())), None).await?.into_iter().next().ok_or_else(not_found)
}

/// Invitations waiting for this address, not yet expired.
pub async fn pending_for(pool: &Pool, user: &User) -> Result<Vec<Invitation>> {
    let now = Utc::now();
    let mine = read(pool, None, None, None, Some(user.email.trim().to_lowercase())).await?;
    // An unverified mailbox sees only the invitation its account was made from.
    Ok(mine.into_iter().filter(|i| i.status(now) == InvitationStatus::Pending && vouches_for(user, i)).collect())
}

/// Whether the account speaks for the invitation's mailbox: verified, or made from this very
/// invitation's link.
fn vouches_for(user: &User, invitation: &Invitation) -> bool {
    user.email_verified || user.vouched_by_invitation == Some(invitation.id)
}

/// The pending invitation to `email` that `code` opens, if any (a sign-up from its link). It
/// vouches for that invitation only: the code was seen by whoever sent it too, so it proves
/// nothing about the mailbox.
pub async fn vouching(pool: &Pool, code: &str, email: &str) -> Result<Option<Uuid>> {
    match by_code(pool, code).await {
        Ok(inv) => Ok((inv.status(Utc::now()) == InvitationStatus::Pending && inv.email.eq_ignore_ascii_case(email.trim())).then_some(inv.id)),
        Err(err) if err.code() == ErrorCode::InvitationNotFound => Ok(None),
        Err(err) => Err(err),
    }
}

/// Checks the invitation may be accepted by `user`, without changing anything.
pub fn check_acceptable(invitation: &Invitation, user: &User, now: DateTime<Utc>) -> Result<()> {
    if invitation.status(now) == InvitationStatus::Expired {
        return Err(Error::new(ErrorCode::InvitationExpired, "This invitation has expired. Ask an admin of the organization to invite you again."));
    }
    if !invitation.email.eq_ignore_ascii_case(&user.email) {
        return Err(Error::new(
            ErrorCode::InvitationNotMatchUser,
            format!("This invitation was sent to another e-mail address. Sign in as {} to accept it.", invitation.email),
        ));
    }
    if !vouches_for(user, invitation) {
        return Err(Error::new(
            ErrorCode::EmailNotVerified,
            "Please verify your e-mail address first: open the link we sent to it, then accept this invitation.",
        ));
    }
    Ok(())
}

/// Accepts the invitation as `user`: the org membership and project roles it carries are
/// given (a person already in the org keeps their org role; a project role only rises),
/// the org becomes the user's current org, and the invitation is used up.
pub async fn accept(pool: &Pool, code: &str, user: &User, client_address: Option<String>) -> Result<Invitation> {
    let invitation = by_code(pool, code).await?;
    check_acceptable(&invitation, user, Utc::now())?;
    join(pool, invitation, user, client_address).await
}

/// Accepts one of the caller's pending invitations by its id (PendingInvitations lists
/// them). Another address's invitation reads as not found: an id is no proof of anything.
pub async fn accept_by_id(pool: &Pool, id: Uuid, user: &User, client_address: Option<String>) -> Result<Invitation> {
    let invitation = get(pool, id).await?;
    if !invitation.email.eq_ignore_ascii_case(&user.email) {
        return Err(not_found());
    }
    check_acceptable(&invitation, user, Utc::now())?;
    join(pool, invitation, user, client_address).await
}

/// What an invitation gives, as its activity entries record it.
pub fn roles_of(invitation: &Invitation) -> serde_json::Value {
    let projects: Vec<_> =
        invitation.projects.iter().map(|p| serde_json::json!({"projectId": p.project_id, "project": p.display_name, "role": p.role})).collect();
    serde_json::json!({"role": invitation.role, "projects": projects})
}

/// Joins the org with the invitation's roles; the membership and the INVITATION_ACCEPTED entry
/// commit together.
async fn join(pool: &Pool, invitation: Invitation, user: &User, client_address: Option<String>) -> Result<Invitation> {
    let mut tx = pool.begin().await?;
    // Deleting first makes a concurrent second accept find nothing.
    let deleted = sqlx::query!("DELETE FROM invitations WHERE id = $1", invitation.id).execute(&mut *tx).await?;
    if deleted.rows_affected() == 0 {
        return Err(not_found());
    }
    sqlx::query!(
        "INSERT INTO org_members (id, org_id, user_id, role) VALUES ($1, $2, $3, $4) ON CONFLICT (org_id, user_id) DO NOTHING",
        Uuid::new_v4(),
        invitation.org_id,
        user.id,
        invitation.role as _,
    )
    .execute(&mut *tx)
    .await?;
    for p in &invitation.projects {
        sqlx::query!(
            "INSERT INTO project_members (id, project_id, user_id, role) VALUES ($1, $2, $3, $4)
             ON CONFLICT (project_id, user_id) DO UPDATE SET role = CASE
               WHEN project_members.role = 'OWNER' OR EXCLUDED.role = 'OWNER' THEN 'OWNER'
               WHEN project_members.role = 'CONTRIBUTOR' OR EXCLUDED.role = 'CONTRIBUTOR' THEN 'CONTRIBUTOR'
               ELSE 'VIEWER' END",
            Uuid::new_v4(),
            p.project_id,
            user.id,
            p.role as _,
        )
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query!("UPDATE users SET current_org_id = $2, current_project_id = NULL WHERE id = $1", user.id, invitation.org_id).execute(&mut *tx).await?;
    let entry = activity::NewActivity::new(invitation.org_id, activity::ActivityKind::InvitationAccepted)
        .target("INVITATION", invitation.id, &invitation.email)
        .detail(roles_of(&invitation));
    let acting = crate::access::Acting::new(user.id, user.email.clone(), client_address);
    activity::record(&mut *tx, acting.records(entry)).await?;
    tx.commit().await?;
    Ok(invitation)
}

/// Withdraws an invitation, as `acting`, who may manage its org's invitations (one of another
/// org answers as an org they are not in); the deletion and its entry commit together.
pub async fn delete(pool: &Pool, acting: &Acting, id: Uuid) -> Result<()> {
    let Some(org_id) = org_of(pool, id).await? else {
        return Err(Error::new(ErrorCode::UnauthorizedAccess, "You are not a member of this organization or project."));
    };
    acting.may_in_org(pool, Operation::ManageInvitations, org_id).await?;
    let mut tx = pool.begin().await?;
    let Some(email) = sqlx::query_scalar!("DELETE FROM invitations WHERE id = $1 RETURNING email", id).fetch_optional(&mut *tx).await? else {
        return Err(not_found());
    };
    activity::record(&mut *tx, acting.records(NewActivity::new(org_id, ActivityKind::InvitationDeleted).target("INVITATION", id, &email))).await?;
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invitation(email: &str, expires_in_hours: i64) -> Invitation {
        let now = Utc::now();
        Invitation {
            id: Uuid::new_v4(),
            org_id: Uuid::new_v4(),
            org_name: "Acme".into(),
            email: email.into(),
            role: OrgRole::Member,
            invitor_id: None,
            invitor_email: None,
            invitor_name: None,
            created_at: now,
            expires_at: now + chrono::Duration::hours(expires_in_hours),
            projects: vec![],
        }
    }

    fn user(email: &str) -> User {
        User {
            id: Uuid::new_v4(),
            email: email.into(),
            password_hash: String::new(),
            name: None,
            first_name: None,
            last_name: None,
            picture: None,
            country: None,
            company_name: None,
            job_title: None,
            consent_privacy_statement: true,
            email_verified: true,
            vouched_by_invitation: None,
            current_org_id: None,
            current_project_id: None,
            created_at: Utc::now(),
        }
    }

    #[test]
    fn expiry_and_address_are_checked_in_that_order() {
        let now = Utc::now();
        assert!(check_acceptable(&invitation("ann@example.com", 1), &user("Ann@Example.com"), now).is_ok());
        let expired = check_acceptable(&invitation("ann@example.com", -1), &user("bob@example.com"), now).unwrap_err();
        assert_eq!(expired.code(), ErrorCode::InvitationExpired);
        let other = check_acceptable(&invitation("ann@example.com", 1), &user("bob@example.com"), now).unwrap_err();
        assert_eq!(other.code(), ErrorCode::InvitationNotMatchUser);
        assert!(other.public_message().contains("ann@example.com"));
    }

    #[test]
    fn links_open_the_invitation_page() {
        assert_eq!(url("https://q.example.com/", "abc"), "https://q.example.com/invitation?code=abc");
    }
}
