//! Organisations and their members.

use crate::{
    access::Acting,
    activity::{self, ActivityKind, NewActivity},
    db::Pool,
    error::{Error, ErrorCode, Result},
    permissions::{Operation, OrgRole},
    secret,
    services::{Services, Workflow},
    user,
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum OrgState {
    Active,
    /// The removal workflow is deleting its projects, then the org.
    Deleting,
}

#[derive(Debug, Clone)]
pub struct Org {
    pub id: Uuid,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub state: OrgState,
}

#[derive(Debug, Clone)]
pub struct OrgMember {
    pub id: Uuid,
    pub org_id: Uuid,
    pub user_id: Uuid,
    pub role: OrgRole,
    pub enabled: bool,
    pub joined_at: DateTime<Utc>,
    pub email: String,
    pub email_verified: bool,
    pub name: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub picture: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Usage {
    pub total_members: i64,
    pub total_projects: i64,
    pub questions_asked: i64,
    pub total_api_calls: i64,
    pub rows_exported: i64,
}

pub fn check_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::invalid("Please enter the organization name."));
    }
    if name.chars().count() > 100 {
        return Err(Error::invalid("The organization name must be at most 100 characters."));
    }
    Ok(name.to_owned())
}

/// Creates an org with its creator as ADMIN and makes it the creator's current org.
pub async fn create(pool: &Pool, creator: Uuid, name: &str) -> Result<Org> {
    let name = check_name(name)?;
    let mut tx = pool.begin().await?;
    let org =
        sqlx::query_as!(Org, r#"INSERT INTO orgs (id, name) VALUES ($1, $2) RETURNING id, name, created_at, state AS "state: OrgState""#, Uuid::new_v4(), name)
            .fetch_one(&mut *tx)
            .await?;
    sqlx::query!("INSERT INTO org_members (id, org_id, user_id, role) VALUES ($1, $2, $3, 'ADMIN')", Uuid::new_v4(), org.id, creator,)
        .execute(&mut *tx)
        .await?;
    sqlx::query!("UPDATE users SET current_org_id = $2, current_project_id = NULL WHERE id = $1", creator, org.id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(org)
}

pub async fn get(pool: &Pool, id: Uuid) -> Result<Org> {
    sqlx::query_as!(Org, r#"SELECT id, name, created_at, state AS "state: OrgState" FROM orgs WHERE id = $1"#, id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| Error::not_found("Organization"))
}

/// The orgs the user belongs to (enabled memberships), oldest first.
pub async fn list_for_user(pool: &Pool, user_id: Uuid) -> Result<Vec<(Org, OrgRole)>> {
    let rows = sqlx::query!(
        r#"SELECT o.id, o.name, o.created_at, o.state AS "state: OrgState", m.role AS "role: OrgRole" FROM orgs o JOIN org_members m ON m.org_id = o.id
           WHERE m.user_id = $1 AND m.enabled ORDER BY o.created_at, o.id"#,
        user_id,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (Org { id: r.id, name: r.name, created_at: r.created_at, state: r.state }, r.role)).collect())
}

/// The user's role in an org; `None` when not an (enabled) member.
pub async fn role_of(pool: &Pool, user_id: Uuid, org_id: Uuid) -> Result<Option<OrgRole>> {
    Ok(sqlx::query_scalar!(r#"SELECT role AS "role: OrgRole" FROM org_members WHERE user_id = $1 AND org_id = $2 AND enabled"#, user_id, org_id,)
        .fetch_optional(pool)
        .await?)
}

/// Renames the org (UpdateOrg), as `acting`, an admin of it; the name and its activity entry
/// (with the previous name) commit together.
pub async fn rename(pool: &Pool, acting: &Acting, id: Uuid, name: &str) -> Result<Org> {
    acting.may_in_org(pool, Operation::UpdateOrg, id).await?;
    let name = check_name(name)?;
    let mut tx = pool.begin().await?;
    let before = sqlx::query_scalar!("SELECT name FROM orgs WHERE id = $1 FOR UPDATE", id).fetch_one(&mut *tx).await?;
    let org = sqlx::query_as!(Org, r#"UPDATE orgs SET name = $2 WHERE id = $1 RETURNING id, name, created_at, state AS "state: OrgState""#, id, name)
        .fetch_one(&mut *tx)
        .await?;
    let entry = NewActivity::new(id, ActivityKind::OrgUpdated).target("ORG", id, &org.name).detail(json!({"previousName": before}));
    activity::record(&mut *tx, acting.records(entry)).await?;
    tx.commit().await?;
    Ok(org)
}

/// Starts deleting the org: it moves to DELETING (no new projects from then on) and the
/// removal workflow deletes each project, then the org. Asking again while it runs is a
/// no-op; if the workflow cannot start, the org is ACTIVE again. The move to DELETING and its
/// activity entry commit together, as `acting`, an admin of the org.
pub async fn remove(services: &Services, acting: &Acting, id: Uuid) -> Result<Org> {
    acting.may_in_org(&services.pool, Operation::DeleteOrg, id).await?;
    let mut tx = services.pool.begin().await?;
    let moved =
        sqlx::query_scalar!("UPDATE orgs SET state = 'DELETING' WHERE id = $1 AND state = 'ACTIVE' RETURNING name", id).fetch_optional(&mut *tx).await?;
    if let Some(name) = &moved {
        activity::record(&mut *tx, acting.records(NewActivity::new(id, ActivityKind::OrgDeletionStarted).target("ORG", id, name))).await?;
    }
    tx.commit().await?;
    let undo = async {
        if moved.is_some() {
            sqlx::query!("UPDATE orgs SET state = 'ACTIVE' WHERE id = $1", id).execute(&services.pool).await?;
        }
        Ok(())
    };
    services.start(Workflow::OrgRemoval { org_id: id }, undo).await?;
    get(&services.pool, id).await
}

/// The removal's first step: the org and its projects are marked as being deleted (users
/// see DELETING), and the projects to remove are listed.
pub async fn begin_removal(pool: &Pool, id: Uuid) -> Result<Vec<Uuid>> {
    let mut tx = pool.begin().await?;
    sqlx::query!("UPDATE orgs SET state = 'DELETING' WHERE id = $1", id).execute(&mut *tx).await?;
    let projects = sqlx::query_scalar!("UPDATE projects SET state = 'DELETING' WHERE org_id = $1 RETURNING id", id).fetch_all(&mut *tx).await?;
    tx.commit().await?;
    Ok(projects)
}

/// The removal's last step: the org and what cascades from it (members, groups,
/// invitations, usage and the activity log). Refused while a project remains. Deleting an
/// org that is gone already is a no-op.
pub async fn finish_removal(pool: &Pool, id: Uuid) -> Result<()> {
    if crate::project::org_has_projects(pool, id).await? {
        return Err(Error::internal(format!("org {id} still has projects")));
    }
    sqlx::query!("DELETE FROM orgs WHERE id = $1", id).execute(pool).await?;
    Ok(())
}

pub async fn members(pool: &Pool, org_id: Uuid) -> Result<Vec<OrgMember>> {
    Ok(sqlx::query_as!(
        OrgMember,
        r#"SELECT m.id, m.org_id, m.user_id, m.role AS "role: OrgRole", m.enabled, m.joined_at, u.email,
                  u.email_verified, u.name, u.first_name, u.last_name, u.picture
           FROM org_members m JOIN users u ON u.id = m.user_id
           WHERE m.org_id = $1 ORDER BY m.joined_at, u.email"#,
        org_id,
    )
    .fetch_all(pool)
    .await?)
}

pub async fn member(pool: &Pool, member_id: Uuid) -> Result<OrgMember> {
    sqlx::query_as!(
        OrgMember,
        r#"SELECT m.id, m.org_id, m.user_id, m.role AS "role: OrgRole", m.enabled, m.joined_at, u.email,
                  u.email_verified, u.name, u.first_name, u.last_name, u.picture
           FROM org_members m JOIN users u ON u.id = m.user_id
           WHERE m.id = $1"#,
        member_id,
    )
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| Error::not_found("Member"))
}

pub struct NewMember {
    pub email: String,
    pub role: OrgRole,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
}

/// Refusal of CreateOrgMember for an address that has an account: attaching it would let
/// an admin pull anyone into their org, and only the account's owner can agree to that.
pub const EXISTING_ACCOUNT_MESSAGE: &str = "This e-mail already has a Quarry account; invite it to the organization instead.";

/// Creates an account for someone new and adds it to the org, with a temporary password
/// the admin passes on. The account is unverified: its owner proves the address (the
/// verification mail) before signing in. An address that already has an account is
/// refused and nothing is written.
pub async fn create_member(pool: &Pool, acting: &Acting, org_id: Uuid, new: NewMember) -> Result<(OrgMember, String)> {
    acting.may_in_org(pool, Operation::ManageOrgMembers, org_id).await?;
    let email = user::normalize_email(&new.email)?;
    let clean = |v: &Option<String>| v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    let (first_name, last_name) = (clean(&new.first_name), clean(&new.last_name));
    let name = [first_name.as_deref(), last_name.as_deref()].into_iter().flatten().collect::<Vec<_>>().join(" ");
    let password = secret::temporary_password();
    let hash = user::hash_password(&password).await?;
    let mut tx = pool.begin().await?;
    let created =
        user::insert_unverified(&mut tx, &email, &hash, (!name.is_empty()).then_some(name.as_str()), first_name.as_deref(), last_name.as_deref()).await?;
    let Some(user) = created else {
        return Err(Error::invalid(EXISTING_ACCOUNT_MESSAGE));
    };
    let id = insert_membership(&mut tx, org_id, user.id, new.role).await?;
    sqlx::query!("UPDATE users SET current_org_id = $2 WHERE id = $1", user.id, org_id).execute(&mut *tx).await?;
    let entry = NewActivity::new(org_id, ActivityKind::MemberCreated).target("USER", user.id, &email).detail(json!({"role": new.role}));
    activity::record(&mut *tx, acting.records(entry)).await?;
    tx.commit().await?;
    Ok((member(pool, id).await?, password))
}

/// Adds an existing account to the org. Only for flows where the account's owner agreed
/// (accepting an invitation); never reachable from an admin's request alone.
pub async fn add_member(pool: &Pool, org_id: Uuid, user_id: Uuid, role: OrgRole) -> Result<OrgMember> {
    let mut tx = pool.begin().await?;
    let id = insert_membership(&mut tx, org_id, user_id, role).await?;
    sqlx::query!("UPDATE users SET current_org_id = $2 WHERE id = $1 AND current_org_id IS NULL", user_id, org_id).execute(&mut *tx).await?;
    tx.commit().await?;
    member(pool, id).await
}

async fn insert_membership(conn: &mut sqlx::PgConnection, org_id: Uuid, user_id: Uuid, role: OrgRole) -> Result<Uuid> {
    Ok(sqlx::query_scalar!(
        "INSERT INTO org_members (id, org_id, user_id, role) VALUES ($1, $2, $3, $4) RETURNING id",
        Uuid::new_v4(),
        org_id,
        user_id,
        role as _,
    )
    .fetch_one(conn)
    .await?)
}

/// Changes a member's role or enabled flag; the org always keeps one enabled admin.
/// A membership `acting` may manage (an admin of its org). One of another org, or none,
/// answers as an org they are not in, rather than revealing it exists.
pub async fn member_to_manage(pool: &Pool, acting: &Acting, member_id: Uuid) -> Result<OrgMember> {
    let member = match member(pool, member_id).await {
        Ok(member) => member,
        Err(err) if err.code() == ErrorCode::NotFound => {
            return Err(Error::new(ErrorCode::UnauthorizedAccess, "You are not a member of this organization or project."));
        }
        Err(err) => return Err(err),
    };
    acting.may_in_org(pool, Operation::ManageOrgMembers, member.org_id).await?;
    Ok(member)
}

/// Changes a member's role or enabled state (UpdateOrgMember), as `acting`; the org keeps an
/// enabled admin. The change and its entry commit together.
pub async fn update_member(pool: &Pool, acting: &Acting, member_id: Uuid, role: Option<OrgRole>, enabled: Option<bool>) -> Result<OrgMember> {
    let current = member_to_manage(pool, acting, member_id).await?;
    let role = role.unwrap_or(current.role);
    let enabled = enabled.unwrap_or(current.enabled);
    if current.role == OrgRole::Admin && current.enabled && (role != OrgRole::Admin || !enabled) {
        ensure_other_admin(pool, current.org_id, current.user_id).await?;
    }
    let mut tx = pool.begin().await?;
    sqlx::query!("UPDATE org_members SET role = $2, enabled = $3 WHERE id = $1", member_id, role as _, enabled).execute(&mut *tx).await?;
    let detail = json!({"role": role, "previousRole": current.role, "enabled": enabled, "previouslyEnabled": current.enabled});
    let entry = NewActivity::new(current.org_id, ActivityKind::MemberUpdated).target("USER", current.user_id, &current.email).detail(detail);
    activity::record(&mut *tx, acting.records(entry)).await?;
    tx.commit().await?;
    member(pool, member_id).await
}

/// Removes a member from the org (DeleteOrgMember), as `acting`, with their roles in its
/// projects and groups; the org keeps an enabled admin.
pub async fn delete_member(pool: &Pool, acting: &Acting, member_id: Uuid) -> Result<()> {
    let current = member_to_manage(pool, acting, member_id).await?;
    if current.role == OrgRole::Admin && current.enabled {
        ensure_other_admin(pool, current.org_id, current.user_id).await?;
    }
    let mut tx = pool.begin().await?;
    // Leaving an org also ends the person's roles in its projects.
    sqlx::query!(
        "DELETE FROM project_members WHERE user_id = $1 AND project_id IN (SELECT id FROM projects WHERE org_id = $2)",
        current.user_id,
        current.org_id,
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!(
        "DELETE FROM org_group_members WHERE user_id = $1 AND group_id IN (SELECT id FROM org_groups WHERE org_id = $2)",
        current.user_id,
        current.org_id,
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!("DELETE FROM org_members WHERE id = $1", member_id).execute(&mut *tx).await?;
    sqlx::query!("UPDATE users SET current_org_id = NULL, current_project_id = NULL WHERE id = $1 AND current_org_id = $2", current.user_id, current.org_id,)
        .execute(&mut *tx)
        .await?;
    let entry =
        NewActivity::new(current.org_id, ActivityKind::MemberRemoved).target("USER", current.user_id, &current.email).detail(json!({"role": current.role}));
    activity::record(&mut *tx, acting.records(entry)).await?;
    tx.commit().await?;
    Ok(())
}

async fn ensure_other_admin(pool: &Pool, org_id: Uuid, user_id: Uuid) -> Result<()> {
    let others: i64 = sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM org_members WHERE org_id = $1 AND user_id <> $2 AND role = 'ADMIN' AND enabled"#,
        org_id,
        user_id,
    )
    .fetch_one(pool)
    .await?;
    if others == 0 {
        return Err(Error::invalid("An organization needs at least one enabled admin."));
    }
    Ok(())
}

pub async fn usage(pool: &Pool, org_id: Uuid) -> Result<Usage> {
    Ok(sqlx::query_as!(
        Usage,
        r#"SELECT
            (SELECT count(*) FROM org_members WHERE org_id = $1) AS "total_members!",
            (SELECT count(*) FROM projects WHERE org_id = $1) AS "total_projects!",
            COALESCE((SELECT sum(value) FROM usage_logs WHERE org_id = $1 AND type = 'QUESTION'), 0)::bigint AS "questions_asked!",
            COALESCE((SELECT sum(value) FROM usage_logs WHERE org_id = $1 AND type = 'API_CALL'), 0)::bigint AS "total_api_calls!",
            COALESCE((SELECT sum(value) FROM usage_logs WHERE org_id = $1 AND type = 'ROWS_EXPORTED'), 0)::bigint AS "rows_exported!""#,
        org_id,
    )
    .fetch_one(pool)
    .await?)
}

#[derive(Debug, Clone)]
pub struct UsageLog {
    pub id: Uuid,
    pub org_id: Uuid,
    pub project_id: Option<Uuid>,
    pub user_id: Option<Uuid>,
    pub user_email: Option<String>,
    pub r#type: String,
    pub value: i64,
    pub detail: Value,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Default)]
pub struct UsageFilter {
    pub r#type: Option<String>,
    pub project_id: Option<Uuid>,
    pub user_id: Option<Uuid>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

/// A page of the org's usage records, newest first, and how many match in all.
pub async fn usage_logs(pool: &Pool, org_id: Uuid, f: &UsageFilter, offset: i64, limit: i64) -> Result<(Vec<UsageLog>, i64)> {
    let (offset, limit) = (offset.max(0), limit.clamp(1, 200));
    let rows = sqlx::query_as!(
        UsageLog,
        r#"SELECT l.id, l.org_id, l.project_id, l.user_id, u.email AS "user_email?", l.type AS "type", l.value, l.detail, l.created_at
           FROM usage_logs l LEFT JOIN users u ON u.id = l.user_id
           WHERE l.org_id = $1 AND ($2::text IS NULL OR l.type = $2) AND ($3::uuid IS NULL OR l.project_id = $3)
             AND ($4::uuid IS NULL OR l.user_id = $4) AND ($5::timestamptz IS NULL OR l.created_at >= $5) AND ($6::timestamptz IS NULL OR l.created_at < $6)
           ORDER BY l.created_at DESC, l.id DESC OFFSET $7 LIMIT $8"#,
        org_id,
        f.r#type,
        f.project_id,
        f.user_id,
        f.from,
        f.to,
        offset,
        limit,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM usage_logs l
           WHERE l.org_id = $1 AND ($2::text IS NULL OR l.type = $2) AND ($3::uuid IS NULL OR l.project_id = $3)
             AND ($4::uuid IS NULL OR l.user_id = $4) AND ($5::timestamptz IS NULL OR l.created_at >= $5) AND ($6::timestamptz IS NULL OR l.created_at < $6)"#,
        org_id,
        f.r#type,
        f.project_id,
        f.user_id,
        f.from,
        f.to,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}
