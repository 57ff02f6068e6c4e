//! Folders (PRODUCT.md §3 folder, §6, §7 folders): where threads, dashboards and spreadsheets
//! live, and who besides their creator sees them.
//!
//! An item with no folder is its creator's alone. A folder is PRIVATE (its creator),
//! SPECIFIC (also the members and groups listed) or ANYONE_IN_PROJECT. The project's owners see
//! every folder, since only they manage access (§6). A thread may also be shared into other
//! folders (ShareToFolder) without leaving its own. Whether a folder is visible is one SQL
//! function, `folder_visible`, that every listing and check reads.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::{
    access::Acting,
    db::Pool,
    error::{Error, Result},
    permissions::{Actor, Operation, OrgRole, ProjectRole},
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum), graphql(name = "FolderAccessKind"))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FolderAccess {
    AnyoneInProject,
    Private,
    Specific,
}

#[derive(Debug, Clone)]
pub struct Folder {
    pub id: Uuid,
    pub project_id: Uuid,
    pub name: String,
    pub access: FolderAccess,
    pub created_by: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Who is looking, as far as folders are concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewer {
    pub user_id: Uuid,
    /// An owner of the project (directly, through a group, or as an org admin).
    pub owner: bool,
    /// May change what they see (owner or contributor); viewers only read.
    pub editor: bool,
}

impl Viewer {
    /// How `acting` sees the project's folders and what lives in them, once it may perform
    /// `op` there ([`Acting::may`]): the one way a transport gets a viewer.
    pub async fn may(pool: &Pool, acting: &Acting, op: Operation, project_id: Uuid) -> Result<Self> {
        let actor = acting.may(pool, op, project_id).await?;
        Ok(Self::of(acting.account.id, actor))
    }

    pub(crate) fn of(user_id: Uuid, actor: Actor) -> Self {
        let owner = actor.org_role == Some(OrgRole::Admin) || actor.project_role == Some(ProjectRole::Owner);
        Self { user_id, owner, editor: owner || actor.project_role == Some(ProjectRole::Contributor) }
    }
}

/// What lives in folders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum), graphql(name = "FolderItemKind"))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ItemKind {
    Thread,
    Dashboard,
    Spreadsheet,
}

#[derive(Debug, Clone)]
pub struct FolderPrincipal {
    pub id: Uuid,
    /// An e-mail for a member, the name for a group.
    pub label: String,
    pub added_at: DateTime<Utc>,
}

const NAME_TAKEN: &str = "folders_project_name_key";

fn check_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::invalid("Please enter the folder name."));
    }
    if name.chars().count() > 100 {
        return Err(Error::invalid("The folder name must be at most 100 characters."));
    }
    Ok(name.to_owned())
}

fn taken(name: &str) -> impl FnOnce() -> String + '_ {
    move || format!("A folder named \"{name}\" already exists in this project.")
}

/// The folders the viewer sees, by name.
pub async fn list(pool: &Pool, project_id: Uuid, viewer: Viewer) -> Result<Vec<Folder>> {
    Ok(sqlx::query_as!(
        Folder,
        r#"SELECT id, project_id, name, access AS "access: FolderAccess", created_by, created_at, updated_at
           FROM folders WHERE project_id = $1 AND folder_visible(id, $2, $3) ORDER BY lower(name)"#,
        project_id,
        viewer.user_id,
        viewer.owner,
    )
    .fetch_all(pool)
    .await?)
}

/// A folder of the project the viewer sees; any other reads as not found.
pub async fn get(pool: &Pool, project_id: Uuid, folder_id: Uuid, viewer: Viewer) -> Result<Folder> {
    sqlx::query_as!(
        Folder,
        r#"SELECT id, project_id, name, access AS "access: FolderAccess", created_by, created_at, updated_at
           FROM folders WHERE id = $1 AND project_id = $2 AND folder_visible(id, $3, $4)"#,
        folder_id,
        project_id,
        viewer.user_id,
        viewer.owner,
    )
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| Error::not_found("Folder"))
}

/// A folder of the project `acting` sees, once it may perform `op` there, and how it sees it.
pub async fn open(pool: &Pool, acting: &Acting, op: Operation, project_id: Uuid, folder_id: Uuid) -> Result<(Folder, Viewer)> {
    let viewer = Viewer::may(pool, acting, op, project_id).await?;
    Ok((get(pool, project_id, folder_id, viewer).await?, viewer))
}

/// A new folder, PRIVATE unless another access is asked for (only owners may ask).
pub async fn create(pool: &Pool, project_id: Uuid, viewer: Viewer, name: &str, access: Option<FolderAccess>) -> Result<Folder> {
    let name = check_name(name)?;
    let access = access.unwrap_or(FolderAccess::Private);
    if access != FolderAccess::Private && !viewer.owner {
        return Err(only_owners());
    }
    let id = Uuid::new_v4();
    sqlx::query!(
        "INSERT INTO folders (id, project_id, name, access, created_by) VALUES ($1, $2, $3, $4, $5)",
        id,
        project_id,
        name,
        access as FolderAccess,
        viewer.user_id
    )
    .execute(pool)
    .await
    .map_err(|e| Error::unique_violation(e, NAME_TAKEN, taken(&name)))?;
    get(pool, project_id, id, viewer).await
}

fn only_owners() -> Error {
    Error::new(crate::ErrorCode::UnauthorizedRoleAccess, "Only the project owner can manage who may see a folder.")
}

/// Renames a folder (any editor who sees it) and changes its access (owners only).
pub async fn update(pool: &Pool, folder: &Folder, viewer: Viewer, name: Option<&str>, access: Option<FolderAccess>) -> Result<Folder> {
    let name = name.map(check_name).transpose()?.unwrap_or_else(|| folder.name.clone());
    if access.is_some_and(|a| a != folder.access) && !viewer.owner {
        return Err(only_owners());
    }
    let access = access.unwrap_or(folder.access);
    sqlx::query!("UPDATE folders SET name = $2, access = $3, updated_at = now() WHERE id = $1", folder.id, name, access as FolderAccess)
        .execute(pool)
        .await
        .map_err(|e| Error::unique_violation(e, NAME_TAKEN, taken(&name)))?;
    get(pool, folder.project_id, folder.id, viewer).await
}

/// Deletes a folder; what lived in it goes back to its creators' own space.
pub async fn delete(pool: &Pool, folder: &Folder) -> Result<()> {
    sqlx::query!("DELETE FROM folders WHERE id = $1", folder.id).execute(pool).await?;
    Ok(())
}

pub async fn members(pool: &Pool, folder_id: Uuid) -> Result<Vec<FolderPrincipal>> {
    Ok(sqlx::query_as!(
        FolderPrincipal,
        r#"SELECT u.id, u.email AS label, fm.added_at FROM folder_members fm JOIN users u ON u.id = fm.user_id
           WHERE fm.folder_id = $1 ORDER BY lower(u.email)"#,
        folder_id,
    )
    .fetch_all(pool)
    .await?)
}

pub async fn groups(pool: &Pool, folder_id: Uuid) -> Result<Vec<FolderPrincipal>> {
    Ok(sqlx::query_as!(
        FolderPrincipal,
        r#"SELECT g.id, g.name AS label, fg.added_at FROM folder_groups fg JOIN org_groups g ON g.id = fg.group_id
           WHERE fg.folder_id = $1 ORDER BY lower(g.name)"#,
        folder_id,
    )
    .fetch_all(pool)
    .await?)
}

/// Lists a member of the project's org on a SPECIFIC folder (owners only).
pub async fn add_member(pool: &Pool, folder: &Folder, viewer: Viewer, user_id: Uuid) -> Result<()> {
    if !viewer.owner {
        return Err(only_owners());
    }
    let added = sqlx::query!(
        "INSERT INTO folder_members (folder_id, user_id)
         SELECT $1, om.user_id FROM projects p JOIN org_members om ON om.org_id = p.org_id AND om.user_id = $3
          WHERE p.id = $2
         ON CONFLICT DO NOTHING",
        folder.id,
        folder.project_id,
        user_id,
    )
    .execute(pool)
    .await?;
    if added.rows_affected() == 0 && !members(pool, folder.id).await?.iter().any(|m| m.id == user_id) {
        return Err(Error::invalid("Only members of the organization can be given access to a folder."));
    }
    Ok(())
}

/// Lists a group of the project's org on a SPECIFIC folder (owners only).
pub async fn add_group(pool: &Pool, folder: &Folder, viewer: Viewer, group_id: Uuid) -> Result<()> {
    if !viewer.owner {
        return Err(only_owners());
    }
    let added = sqlx::query!(
        "INSERT INTO folder_groups (folder_id, group_id)
         SELECT $1, g.id FROM projects p JOIN org_groups g ON g.org_id = p.org_id AND g.id = $3
          WHERE p.id = $2
         ON CONFLICT DO NOTHING",
        folder.id,
        folder.project_id,
        group_id,
    )
    .execute(pool)
    .await?;
    if added.rows_affected() == 0 && !groups(pool, folder.id).await?.iter().any(|g| g.id == group_id) {
        return Err(Error::not_found("Group"));
    }
    Ok(())
}

pub async fn remove_member(pool: &Pool, folder: &Folder, viewer: Viewer, user_id: Uuid) -> Result<()> {
    if !viewer.owner {
        return Err(only_owners());
    }
    sqlx::query!("DELETE FROM folder_members WHERE folder_id = $1 AND user_id = $2", folder.id, user_id).execute(pool).await?;
    Ok(())
}

pub async fn remove_group(pool: &Pool, folder: &Folder, viewer: Viewer, group_id: Uuid) -> Result<()> {
    if !viewer.owner {
        return Err(only_owners());
    }
    sqlx::query!("DELETE FROM folder_groups WHERE folder_id = $1 AND group_id = $2", folder.id, group_id).execute(pool).await?;
    Ok(())
}

/// Whether the viewer sees a thread of the project: theirs, or in or shared into a folder they see.
pub async fn sees_thread(pool: &Pool, project_id: Uuid, thread_id: Uuid, viewer: Viewer) -> Result<bool> {
    Ok(sqlx::query_scalar!(
        r#"SELECT EXISTS (
             SELECT 1 FROM threads t WHERE t.id = $1 AND t.project_id = $4 AND (
                 t.created_by = $2
              OR (t.folder_id IS NOT NULL AND folder_visible(t.folder_id, $2, $3))
              OR EXISTS (SELECT 1 FROM folder_shares s WHERE s.thread_id = t.id AND folder_visible(s.folder_id, $2, $3)))
           ) AS "seen!""#,
        thread_id,
        viewer.user_id,
        viewer.owner,
        project_id,
    )
    .fetch_one(pool)
    .await?)
}

/// Whether the viewer sees a dashboard of the project: theirs, or in a folder they see.
pub async fn sees_dashboard(pool: &Pool, project_id: Uuid, dashboard_id: Uuid, viewer: Viewer) -> Result<bool> {
    Ok(sqlx::query_scalar!(
        r#"SELECT EXISTS (
             SELECT 1 FROM dashboards d WHERE d.id = $1 AND d.project_id = $4 AND (
                 d.created_by = $2 OR (d.folder_id IS NOT NULL AND folder_visible(d.folder_id, $2, $3)))
           ) AS "seen!""#,
        dashboard_id,
        viewer.user_id,
        viewer.owner,
        project_id,
    )
    .fetch_one(pool)
    .await?)
}

/// Whether the viewer sees a spreadsheet of the project: theirs, or in a folder they see.
pub async fn sees_spreadsheet(pool: &Pool, project_id: Uuid, spreadsheet_id: Uuid, viewer: Viewer) -> Result<bool> {
    Ok(sqlx::query_scalar!(
        r#"SELECT EXISTS (
             SELECT 1 FROM spreadsheets s WHERE s.id = $1 AND s.project_id = $4 AND (
                 s.created_by = $2 OR (s.folder_id IS NOT NULL AND folder_visible(s.folder_id, $2, $3)))
           ) AS "seen!""#,
        spreadsheet_id,
        viewer.user_id,
        viewer.owner,
        project_id,
    )
    .fetch_one(pool)
    .await?)
}

/// Shares a thread into another folder (ShareToFolder); it stays in its own.
pub async fn share_thread(pool: &Pool, folder: &Folder, thread_id: Uuid, viewer: Viewer) -> Result<()> {
    sqlx::query!(
        "INSERT INTO folder_shares (folder_id, thread_id, shared_by) SELECT $1, t.id, $3 FROM threads t WHERE t.id = $2 AND t.project_id = $4
         ON CONFLICT DO NOTHING",
        folder.id,
        thread_id,
        viewer.user_id,
        folder.project_id,
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Takes a shared thread out of a folder (RevokeShareToFolder).
pub async fn revoke_share(pool: &Pool, folder: &Folder, thread_id: Uuid) -> Result<()> {
    let revoked = sqlx::query!("DELETE FROM folder_shares WHERE folder_id = $1 AND thread_id = $2", folder.id, thread_id).execute(pool).await?;
    if revoked.rows_affected() == 0 {
        return Err(Error::invalid("This thread is not shared into that folder."));
    }
    Ok(())
}

/// Moves a thread or dashboard into a folder, or back to its creator's own space (SwitchFolder).
pub async fn switch(pool: &Pool, project_id: Uuid, kind: ItemKind, item_id: Uuid, folder: Option<&Folder>) -> Result<()> {
    let folder_id = folder.map(|f| f.id);
    let moved = match kind {
        ItemKind::Thread => {
            sqlx::query!("UPDATE threads SET folder_id = $3 WHERE id = $1 AND project_id = $2", item_id, project_id, folder_id).execute(pool).await?
        }
        ItemKind::Dashboard => {
            sqlx::query!("UPDATE dashboards SET folder_id = $3, updated_at = now() WHERE id = $1 AND project_id = $2", item_id, project_id, folder_id)
                .execute(pool)
                .await?
        }
        ItemKind::Spreadsheet => {
            sqlx::query!("UPDATE spreadsheets SET folder_id = $3, updated_at = now() WHERE id = $1 AND project_id = $2", item_id, project_id, folder_id)
                .execute(pool)
                .await?
        }
    };
    if moved.rows_affected() == 0 {
        return Err(Error::not_found(match kind {
            ItemKind::Thread => "Thread",
            ItemKind::Dashboard => "Dashboard",
            ItemKind::Spreadsheet => "Spreadsheet",
        }));
    }
    Ok(())
}

/// One entry of the home sidebar's tree.
#[derive(Debug, Clone)]
pub struct TreeItem {
    pub kind: ItemKind,
    pub id: Uuid,
    pub name: String,
    /// The folder it lives in, or None for the viewer's own space.
    pub folder_id: Option<Uuid>,
    /// Listed in `folder_id` because it was shared there, not because it lives there.
    pub shared: bool,
    pub created_by: Option<Uuid>,
    pub updated_at: DateTime<Utc>,
}

/// Everything the viewer sees in the project's folders, plus their own unfiled items, newest
/// first. A thread shared into a folder is listed there as well as in its own folder.
pub async fn tree(pool: &Pool, project_id: Uuid, viewer: Viewer) -> Result<Vec<TreeItem>> {
    let rows = sqlx::query!(
        r#"SELECT 'THREAD' AS "kind!", t.id AS "id!", t.summary AS "name!", t.folder_id, false AS "shared!", t.created_by, t.updated_at AS "updated_at!"
             FROM threads t
            WHERE t.project_id = $1
              AND ((t.folder_id IS NULL AND t.created_by = $2) OR (t.folder_id IS NOT NULL AND folder_visible(t.folder_id, $2, $3)))
           UNION ALL
           SELECT 'THREAD', t.id, t.summary, s.folder_id, true, t.created_by, t.updated_at
             FROM folder_shares s JOIN threads t ON t.id = s.thread_id
            WHERE t.project_id = $1 AND folder_visible(s.folder_id, $2, $3)
           UNION ALL
           SELECT 'DASHBOARD', d.id, d.name, d.folder_id, false, d.created_by, d.updated_at
             FROM dashboards d
            WHERE d.project_id = $1
              AND ((d.folder_id IS NULL AND d.created_by = $2) OR (d.folder_id IS NOT NULL AND folder_visible(d.folder_id, $2, $3)))
           UNION ALL
           SELECT 'SPREADSHEET', s.id, s.name, s.folder_id, false, s.created_by, s.updated_at
             FROM spreadsheets s
            WHERE s.project_id = $1
              AND ((s.folder_id IS NULL AND s.created_by = $2) OR (s.folder_id IS NOT NULL AND folder_visible(s.folder_id, $2, $3)))
           ORDER BY 7 DESC"#,
        project_id,
        viewer.user_id,
        viewer.owner,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| TreeItem {
            kind: match r.kind.as_str() {
                "THREAD" => ItemKind::Thread,
                "DASHBOARD" => ItemKind::Dashboard,
                _ => ItemKind::Spreadsheet,
            },
            id: r.id,
            name: r.name,
            folder_id: r.folder_id,
            shared: r.shared,
            created_by: r.created_by,
            updated_at: r.updated_at,
        })
        .collect())
}
