//! Groups of an org's members (PRODUCT.md §3 OrgGroup). A group given a role on a project
//! gives that role to each of its members (`access::project_actor`).

use crate::{
    access::Acting,
    activity::{self, ActivityKind, NewActivity},
    db::Pool,
    error::{Error, ErrorCode, Result},
    permissions::Operation,
};
use chrono::{DateTime, Utc};
use serde_json::json;
use uuid::Uuid;

#[derive(Debug, Clone)]
pub struct OrgGroup {
    pub id: Uuid,
    pub org_id: Uuid,
    pub name: String,
    pub member_count: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct GroupMember {
    pub user_id: Uuid,
    pub email: String,
    pub name: Option<String>,
    pub added_at: DateTime<Utc>,
}

const NAME_TAKEN: &str = "org_groups_org_name_key";

pub fn check_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::invalid("Please enter the group name."));
    }
    if name.chars().count() > 100 {
        return Err(Error::invalid("The group name must be at most 100 characters."));
    }
    Ok(name.to_owned())
}

fn taken(name: &str) -> impl FnOnce() -> String + '_ {
    move || format!("A group named \"{name}\" already exists in this organization.")
}

pub async fn list(pool: &Pool, org_id: Uuid) -> Result<Vec<OrgGroup>> {
    Ok(sqlx::query_as!(
        OrgGroup,
        r#"SELECT g.id, g.org_id, g.name, g.created_at, g.updated_at,
                  (SELECT count(*) FROM org_group_members m WHERE m.group_id = g.id) AS "member_count!"
           FROM org_groups g WHERE g.org_id = $1 ORDER BY lower(g.name)"#,
        org_id,
    )
    .fetch_all(pool)
    .await?)
}

pub async fn get(pool: &Pool, id: Uuid) -> Result<OrgGroup> {
    sqlx::query_as!(
        OrgGroup,
        r#"SELECT g.id, g.org_id, g.name, g.created_at, g.updated_at,
                  (SELECT count(*) FROM org_group_members m WHERE m.group_id = g.id) AS "member_count!"
           FROM org_groups g WHERE g.id = $1"#,
        id,
    )
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| Error::not_found("Group"))
}

/// The group's org, for the permission check before anything else is read; `None` for an
/// unknown id.
pub async fn org_of(pool: &Pool, id: Uuid) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar!("SELECT org_id FROM org_groups WHERE id = $1", id).fetch_optional(pool).await?)
}

/// Creates a group of the org (CreateOrgGroup), as `acting` — an admin of the org; the group
/// and its activity entry commit together.
pub async fn create(pool: &Pool, acting: &Acting, org_id: Uuid, name: &str) -> Result<OrgGroup> {
    acting.may_in_org(pool, Operation::ManageOrgGroups, org_id).await?;
    let name = check_name(name)?;
    let mut tx = pool.begin().await?;
    let id = sqlx::query_scalar!("INSERT INTO org_groups (id, org_id, name) VALUES ($1, $2, $3) RETURNING id", Uuid::new_v4(), org_id, name)
        .fetch_one(&mut *tx)
        .await
        .map_err(|e| Error::unique_violation(e, NAME_TAKEN, taken(&name)))?;
    activity::record(&mut *tx, acting.records(NewActivity::new(org_id, ActivityKind::GroupCreated).target("GROUP", id, &name))).await?;
    tx.commit().await?;
    get(pool, id).await
}

/// The group's org, once `acting` may manage its groups (an unknown id answers as a group of
/// an org they are not in).
async fn managed(pool: &Pool, acting: &Acting, id: Uuid) -> Result<Uuid> {
    let Some(org_id) = org_of(pool, id).await? else {
        return Err(Error::new(ErrorCode::UnauthorizedAccess, "You are not a member of this organization or project."));
    };
    acting.may_in_org(pool, Operation::ManageOrgGroups, org_id).await?;
    Ok(org_id)
}

/// Renames a group (UpdateOrgGroup), as `acting`; the entry keeps the previous name.
pub async fn rename(pool: &Pool, acting: &Acting, id: Uuid, name: &str) -> Result<OrgGroup> {
    let org_id = managed(pool, acting, id).await?;
    let name = check_name(name)?;
    let mut tx = pool.begin().await?;
    let before = sqlx::query_scalar!("SELECT name FROM org_groups WHERE id = $1 FOR UPDATE", id).fetch_one(&mut *tx).await?;
    sqlx::query!("UPDATE org_groups SET name = $2, updated_at = now() WHERE id = $1", id, name)
        .execute(&mut *tx)
        .await
        .map_err(|e| Error::unique_violation(e, NAME_TAKEN, taken(&name)))?;
    let entry = NewActivity::new(org_id, ActivityKind::GroupUpdated).target("GROUP", id, &name).detail(json!({"previousName": before}));
    activity::record(&mut *tx, acting.records(entry)).await?;
    tx.commit().await?;
    get(pool, id).await
}

/// Deletes the group (DeleteOrgGroup), as `acting`; the roles it gave on projects end with it.
pub async fn delete(pool: &Pool, acting: &Acting, id: Uuid) -> Result<()> {
    let org_id = managed(pool, acting, id).await?;
    let mut tx = pool.begin().await?;
    let Some(name) = sqlx::query_scalar!("DELETE FROM org_groups WHERE id = $1 RETURNING name", id).fetch_optional(&mut *tx).await? else {
        return Err(Error::not_found("Group"));
    };
    activity::record(&mut *tx, acting.records(NewActivity::new(org_id, ActivityKind::GroupDeleted).target("GROUP", id, &name))).await?;
    tx.commit().await?;
    Ok(())
}

pub async fn members(pool: &Pool, group_id: Uuid) -> Result<Vec<GroupMember>> {
    Ok(sqlx::query_as!(
        GroupMember,
        r#"SELECT u.id AS user_id, u.email, u.name, m.added_at FROM org_group_members m JOIN users u ON u.id = m.user_id
           WHERE m.group_id = $1 ORDER BY lower(u.email)"#,
        group_id,
    )
    .fetch_all(pool)
    .await?)
}

/// Adds a member of the group's org; adding someone already in the group changes nothing.
pub async fn add_member(pool: &Pool, group_id: Uuid, user_id: Uuid) -> Result<OrgGroup> {
    let added = sqlx::query!(
        "INSERT INTO org_group_members (group_id, user_id)
         SELECT g.id, m.user_id FROM org_groups g JOIN org_members m ON m.org_id = g.org_id AND m.user_id = $2
         WHERE g.id = $1
         ON CONFLICT DO NOTHING",
        group_id,
        user_id,
    )
    .execute(pool)
    .await?;
    if added.rows_affected() == 0 && !is_member(pool, group_id, user_id).await? {
        return Err(Error::invalid("Only members of the organization can join its groups."));
    }
    touch(pool, group_id).await?;
    get(pool, group_id).await
}

/// Adds a member of the org to the group, or removes one of the group's members
/// (AddOrgGroupMember, RemoveOrgGroupMember), as `acting` — an admin of the group's org. The
/// person must be a member of the org (to join) or of the group (to leave); anyone else is
/// refused before anything is read about them, so no id turns into an e-mail. The change and its
/// activity entry commit together.
pub async fn change_membership(pool: &Pool, acting: &Acting, group_id: Uuid, user_id: Uuid, join: bool) -> Result<OrgGroup> {
    let org_id = managed(pool, acting, group_id).await?;
    let mut tx = pool.begin().await?;
    let changed = if join {
        sqlx::query!(
            "INSERT INTO org_group_members (group_id, user_id)
             SELECT $1, m.user_id FROM org_members m WHERE m.org_id = $3 AND m.user_id = $2
             ON CONFLICT DO NOTHING",
            group_id,
            user_id,
            org_id,
        )
        .execute(&mut *tx)
        .await?
        .rows_affected()
    } else {
        sqlx::query!("DELETE FROM org_group_members WHERE group_id = $1 AND user_id = $2", group_id, user_id).execute(&mut *tx).await?.rows_affected()
    };
    // The person as the org knows them: only a member's e-mail is ever written down.
    let email =
        sqlx::query_scalar!("SELECT u.email FROM org_members m JOIN users u ON u.id = m.user_id WHERE m.org_id = $1 AND m.user_id = $2", org_id, user_id)
            .fetch_optional(&mut *tx)
            .await?;
    let (email, kind) = match (email, join) {
        (None, true) => return Err(Error::invalid("Only members of the organization can join its groups.")),
        (Some(_), false) | (None, false) if changed == 0 => return Err(Error::not_found("Group member")),
        (None, false) => (String::new(), ActivityKind::GroupMemberRemoved),
        (Some(email), true) => (email, ActivityKind::GroupMemberAdded),
        (Some(email), false) => (email, ActivityKind::GroupMemberRemoved),
    };
    // Joining twice changes nothing and is not logged again.
    if changed > 0 {
        sqlx::query!("UPDATE org_groups SET updated_at = now() WHERE id = $1", group_id).execute(&mut *tx).await?;
        let name = sqlx::query_scalar!("SELECT name FROM org_groups WHERE id = $1", group_id).fetch_one(&mut *tx).await?;
        let entry = NewActivity::new(org_id, kind).target("GROUP", group_id, &name).detail(json!({"userId": user_id, "email": email}));
        activity::record(&mut *tx, acting.records(entry)).await?;
    }
    tx.commit().await?;
    get(pool, group_id).await
}

async fn is_member(pool: &Pool, group_id: Uuid, user_id: Uuid) -> Result<bool> {
    Ok(sqlx::query_scalar!(r#"SELECT EXISTS (SELECT 1 FROM org_group_members WHERE group_id = $1 AND user_id = $2) AS "exists!""#, group_id, user_id)
        .fetch_one(pool)
        .await?)
}

async fn touch(pool: &Pool, group_id: Uuid) -> Result<()> {
    sqlx::query!("UPDATE org_groups SET updated_at = now() WHERE id = $1", group_id).execute(pool).await?;
    Ok(())
}

/// The groups each member of the org belongs to, as (user id, group id, group name).
pub async fn memberships(pool: &Pool, org_id: Uuid) -> Result<Vec<(Uuid, Uuid, String)>> {
    let rows = sqlx::query!(
        "SELECT m.user_id, g.id, g.name FROM org_group_members m JOIN org_groups g ON g.id = m.group_id WHERE g.org_id = $1 ORDER BY lower(g.name)",
        org_id,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.user_id, r.id, r.name)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(check_name("  Analysts ").unwrap(), "Analysts");
        assert!(check_name(" ").is_err());
        assert!(check_name(&"g".repeat(101)).is_err());
    }
}
