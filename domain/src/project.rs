//! Projects and their members.

use crate::{
    db::Pool,
    error::{Error, Result},
    permissions::ProjectRole,
    services::{Services, Workflow},
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

pub mod use_case;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ProjectState {
    Active,
    Deleting,
    Resetting,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum OnboardingStatus {
    NotStarted,
    DatasourceSaved,
    Syncing,
    SyncingStopped,
    OnboardingFinished,
    WithSampleDataset,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ProjectLanguage {
    Ar,
    De,
    En,
    Es,
    FaIr,
    Fr,
    It,
    Ja,
    Ko,
    Nl,
    Pt,
    Ru,
    ZhCn,
    ZhTw,
}

#[derive(Debug, Clone)]
pub struct Project {
    pub id: Uuid,
    pub org_id: Uuid,
    pub display_name: String,
    pub language: ProjectLanguage,
    pub timezone: String,
    pub onboarding_status: OnboardingStatus,
    pub state: ProjectState,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct ProjectMember {
    pub id: Uuid,
    pub project_id: Uuid,
    pub user_id: Uuid,
    pub role: ProjectRole,
    pub joined_at: DateTime<Utc>,
    pub email: String,
    pub name: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct ProjectPatch {
    pub display_name: Option<String>,
    pub language: Option<ProjectLanguage>,
    pub timezone: Option<String>,
}

/// IANA zone names without the legacy aliases (no "US/…", "Etc/…", "EST"…), plus UTC,
/// sorted (PRODUCT.md §9).
pub fn timezones() -> Vec<&'static str> {
    let mut zones: Vec<&'static str> = chrono_tz::TZ_VARIANTS.iter().map(|tz| tz.name()).filter(|name| is_current_zone(name)).collect();
    zones.push("UTC");
    zones.sort_unstable();
    zones.dedup();
    zones
}

fn is_current_zone(name: &str) -> bool {
    const REGIONS: &[&str] = &["Africa/", "America/", "Antarctica/", "Arctic/", "Asia/", "Atlantic/", "Australia/", "Europe/", "Indian/", "Pacific/"];
    REGIONS.iter().any(|r| name.starts_with(r))
}

pub fn check_timezone(tz: &str) -> Result<String> {
    let tz = tz.trim();
    if tz == "UTC" || (is_current_zone(tz) && tz.parse::<chrono_tz::Tz>().is_ok()) {
        Ok(tz.to_owned())
    } else {
        Err(Error::invalid(format!("Unknown timezone \"{tz}\".")))
    }
}

pub fn check_display_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::invalid("Please enter the project name."));
    }
    if name.chars().count() > 100 {
        return Err(Error::invalid("The project name must be at most 100 characters."));
    }
    Ok(name.to_owned())
}

/// Creates a project in the org with its creator as OWNER; it becomes the creator's current project.
pub async fn create(
    conn: &mut PgConnection,
    org_id: Uuid,
    creator: Uuid,
    display_name: &str,
    language: Option<ProjectLanguage>,
    timezone: Option<&str>,
) -> Result<Project> {
    let display_name = check_display_name(display_name)?;
    let timezone = check_timezone(timezone.unwrap_or("UTC"))?;
    let mut tx = sqlx::Connection::begin(conn).await?;
    // Shared lock: an org removal (which sets DELETING, then lists the projects it removes)
    // waits for this project, or this waits and sees DELETING.
    let org_active = sqlx::query_scalar!(r#"SELECT state = 'ACTIVE' AS "active!" FROM orgs WHERE id = $1 FOR SHARE"#, org_id).fetch_optional(&mut *tx).await?;
    if org_active != Some(true) {
        return Err(Error::invalid("This organization is being deleted; it takes no new projects."));
    }
    let project = sqlx::query_as!(
        Project,
        r#"INSERT INTO projects (id, org_id, display_name, language, timezone) VALUES ($1, $2, $3, $4, $5)
           RETURNING id, org_id, display_name, language AS "language: ProjectLanguage", timezone,
                     onboarding_status AS "onboarding_status: OnboardingStatus", state AS "state: ProjectState", created_at"#,
        Uuid::new_v4(),
        org_id,
        display_name,
        language.unwrap_or(ProjectLanguage::En) as _,
        timezone,
    )
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query!("INSERT INTO project_members (id, project_id, user_id, role) VALUES ($1, $2, $3, 'OWNER')", Uuid::new_v4(), project.id, creator,)
        .execute(&mut *tx)
        .await?;
    sqlx::query!("UPDATE users SET current_org_id = $2, current_project_id = $3 WHERE id = $1", creator, org_id, project.id,).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(project)
}

pub async fn find<'e>(executor: impl PgExecutor<'e>, id: Uuid) -> Result<Option<Project>> {
    Ok(sqlx::query_as!(
        Project,
        r#"SELECT id, org_id, display_name, language AS "language: ProjectLanguage", timezone,
                  onboarding_status AS "onboarding_status: OnboardingStatus", state AS "state: ProjectState", created_at
           FROM projects WHERE id = $1"#,
        id,
    )
    .fetch_optional(executor)
    .await?)
}

pub async fn get<'e>(executor: impl PgExecutor<'e>, id: Uuid) -> Result<Project> {
    find(executor, id).await?.ok_or_else(|| Error::not_found("Project"))
}

/// The projects of an org the user can see: all of them for org admins, else those they belong to.
pub async fn list_visible(pool: &Pool, org_id: Uuid, user_id: Uuid, all: bool) -> Result<Vec<Project>> {
    Ok(sqlx::query_as!(
        Project,
        r#"SELECT p.id, p.org_id, p.display_name, p.language AS "language: ProjectLanguage", p.timezone,
                  p.onboarding_status AS "onboarding_status: OnboardingStatus", p.state AS "state: ProjectState", p.created_at
           FROM projects p WHERE p.org_id = $1
           AND ($3 OR effective_project_role(p.id, $2) IS NOT NULL)
         ORDER BY p.created_at, p.id"#,
        org_id,
        user_id,
        all,
    )
    .fetch_all(pool)
    .await?)
}

/// Whether the org still has projects (an org is deleted only without them).
pub async fn org_has_projects(pool: &Pool, org_id: Uuid) -> Result<bool> {
    Ok(sqlx::query_scalar!(r#"SELECT EXISTS (SELECT 1 FROM projects WHERE org_id = $1) AS "exists!""#, org_id).fetch_one(pool).await?)
}

pub async fn update(pool: &Pool, id: Uuid, patch: &ProjectPatch) -> Result<Project> {
    let name = patch.display_name.as_deref().map(check_display_name).transpose()?;
    let tz = patch.timezone.as_deref().map(check_timezone).transpose()?;
    Ok(sqlx::query_as!(
        Project,
        r#"UPDATE projects SET display_name = COALESCE($2, display_name), language = COALESCE($3, language),
             timezone = COALESCE($4, timezone)
         WHERE id = $1
         RETURNING id, org_id, display_name, language AS "language: ProjectLanguage", timezone,
                     onboarding_status AS "onboarding_status: OnboardingStatus", state AS "state: ProjectState", created_at"#,
        id,
        name,
        patch.language as _,
        tz,
    )
    .fetch_one(pool)
    .await?)
}

pub async fn set_onboarding_status<'e>(executor: impl PgExecutor<'e>, id: Uuid, status: OnboardingStatus) -> Result<()> {
    sqlx::query!("UPDATE projects SET onboarding_status = $2 WHERE id = $1", id, status as _).execute(executor).await?;
    Ok(())
}

/// Moves an active project into DELETING or RESETTING. Asking again for the state it is
/// already in is a no-op, so a retried request does not fail.
/// Moves an ACTIVE project to DELETING or RESETTING. Returns the project and whether this
/// call moved it (false when the same removal was already under way).
pub async fn begin_removal(conn: &mut PgConnection, id: Uuid, target: ProjectState) -> Result<(Project, bool)> {
    let project = get(&mut *conn, id).await?;
    if project.state == target {
        return Ok((project, false));
    }
    if project.state != ProjectState::Active {
        return Err(Error::invalid("The project is already being deleted or reset. Please wait until it is done."));
    }
    let moved = sqlx::query_as!(
        Project,
        r#"UPDATE projects SET state = $2 WHERE id = $1 AND state = $3
           RETURNING id, org_id, display_name, language AS "language: ProjectLanguage", timezone,
                     onboarding_status AS "onboarding_status: OnboardingStatus", state AS "state: ProjectState", created_at"#,
        id,
        target as ProjectState,
        ProjectState::Active as ProjectState,
    )
    .fetch_optional(&mut *conn)
    .await?
    .ok_or_else(|| Error::invalid("The project is already being deleted or reset."))?;
    Ok((moved, true))
}

/// Deleting a project, or resetting it (its data goes, its members stay).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RemovalMode {
    Delete,
    Reset,
}

/// The state a project is in while it is removed so.
pub fn removal_state(mode: RemovalMode) -> ProjectState {
    match mode {
        RemovalMode::Delete => ProjectState::Deleting,
        RemovalMode::Reset => ProjectState::Resetting,
    }
}

/// Starts the removal workflow of a project moved into its removal state; if it cannot start,
/// a project that was active is again.
pub async fn start_removal(services: &Services, id: Uuid, mode: RemovalMode, was_active: bool) -> Result<()> {
    let undo = async {
        if was_active {
            abort_removal(&services.pool, id).await?;
        }
        Ok(())
    };
    services.start(Workflow::ProjectRemoval { project_id: id, mode, fresh: was_active }, undo).await
}

/// Puts a project back to ACTIVE when its removal could not even be started.
pub async fn abort_removal(pool: &Pool, id: Uuid) -> Result<()> {
    sqlx::query!("UPDATE projects SET state = $2 WHERE id = $1", id, ProjectState::Active as ProjectState).execute(pool).await?;
    Ok(())
}

/// What a reset keeps of a project besides its row: who belongs to it (people, groups, and
/// roles promised by open invitations), and its API keys and their history, so integrations
/// go on working with the data set up again.
const KEPT_BY_RESET: &[&str] = &["project_members", "project_groups", "invitation_projects", "api_keys", "api_history"];

/// Removes the data a project owns, keeping the project row and its members: the rows of
/// every table whose foreign key to `projects` cascades on delete, found in the schema by
/// `purge_project_data` (migrations/20261128100000_purge_project_data.sql), so a table added
/// later is purged too; rows that outlive the project (usage records) stay. It must stay
/// idempotent: it runs inside a retried activity.
pub async fn purge_data(pool: &Pool, id: Uuid) -> Result<()> {
    let rows = sqlx::query_scalar!(r#"SELECT purge_project_data($1, $2::text[]::regclass[]) AS "rows!""#, id, KEPT_BY_RESET as &[&str]).fetch_one(pool).await?;
    tracing::info!(project_id = %id, rows, "purged the project's data");
    Ok(())
}

/// The last step of a delete: the project row and everything cascading from it.
pub async fn finish_delete(pool: &Pool, id: Uuid) -> Result<()> {
    sqlx::query!("DELETE FROM projects WHERE id = $1", id).execute(pool).await?;
    Ok(())
}

/// The last step of a reset: the project starts over at the connection step.
pub async fn finish_reset(pool: &Pool, id: Uuid) -> Result<()> {
    sqlx::query!(
        "UPDATE projects SET state = $2, onboarding_status = $3 WHERE id = $1",
        id,
        ProjectState::Active as ProjectState,
        OnboardingStatus::NotStarted as OnboardingStatus,
    )
    .execute(pool)
    .await?;
    Ok(())
}

// ---- members ----

pub async fn members(pool: &Pool, project_id: Uuid) -> Result<Vec<ProjectMember>> {
    Ok(sqlx::query_as!(
        ProjectMember,
        r#"SELECT m.id, m.project_id, m.user_id, m.role AS "role: ProjectRole", m.joined_at, u.email, u.name
           FROM project_members m JOIN users u ON u.id = m.user_id
           WHERE m.project_id = $1 ORDER BY m.joined_at, u.email"#,
        project_id,
    )
    .fetch_all(pool)
    .await?)
}

async fn member(conn: &mut PgConnection, project_id: Uuid, user_id: Uuid) -> Result<ProjectMember> {
    sqlx::query_as!(
        ProjectMember,
        r#"SELECT m.id, m.project_id, m.user_id, m.role AS "role: ProjectRole", m.joined_at, u.email, u.name
           FROM project_members m JOIN users u ON u.id = m.user_id
           WHERE m.project_id = $1 AND m.user_id = $2"#,
        project_id,
        user_id,
    )
    .fetch_optional(conn)
    .await?
    .ok_or_else(|| Error::not_found("Project member"))
}

/// Adds a member of the project's org to the project.
pub async fn add_member(conn: &mut PgConnection, project: &Project, email: &str, role: ProjectRole) -> Result<ProjectMember> {
    let email = email.trim().to_lowercase();
    let user_id = sqlx::query_scalar!(
        "SELECT u.id FROM users u JOIN org_members m ON m.user_id = u.id AND m.org_id = $2 WHERE lower(u.email) = $1",
        email,
        project.org_id,
    )
    .fetch_optional(&mut *conn)
    .await?
    .ok_or_else(|| Error::invalid("No member of this organization has that e-mail address."))?;
    sqlx::query!("INSERT INTO project_members (id, project_id, user_id, role) VALUES ($1, $2, $3, $4)", Uuid::new_v4(), project.id, user_id, role as _,)
        .execute(&mut *conn)
        .await?;
    member(&mut *conn, project.id, user_id).await
}

/// Changes a member's role; the project keeps an owner. Returns the member as they are now.
pub async fn update_member_role(conn: &mut PgConnection, project_id: Uuid, user_id: Uuid, role: ProjectRole) -> Result<ProjectMember> {
    let current = member(&mut *conn, project_id, user_id).await?;
    if current.role == ProjectRole::Owner && role != ProjectRole::Owner {
        ensure_other_owner(&mut *conn, project_id, user_id).await?;
    }
    sqlx::query!("UPDATE project_members SET role = $3 WHERE project_id = $1 AND user_id = $2", project_id, user_id, role as _,).execute(&mut *conn).await?;
    member(&mut *conn, project_id, user_id).await
}

/// Removes a member; returns who it was.
pub async fn remove_member(conn: &mut PgConnection, project_id: Uuid, user_id: Uuid) -> Result<ProjectMember> {
    let current = member(&mut *conn, project_id, user_id).await?;
    if current.role == ProjectRole::Owner {
        ensure_other_owner(&mut *conn, project_id, user_id).await?;
    }
    sqlx::query!("DELETE FROM project_members WHERE project_id = $1 AND user_id = $2", project_id, user_id).execute(&mut *conn).await?;
    sqlx::query!("UPDATE users SET current_project_id = NULL WHERE id = $1 AND current_project_id = $2", user_id, project_id,).execute(&mut *conn).await?;
    Ok(current)
}

// ---- groups ----

#[derive(Debug, Clone)]
pub struct ProjectGroup {
    pub id: Uuid,
    pub project_id: Uuid,
    pub group_id: Uuid,
    pub name: String,
    pub member_count: i64,
    pub role: ProjectRole,
    pub added_at: DateTime<Utc>,
}

pub async fn groups<'e>(executor: impl PgExecutor<'e>, project_id: Uuid) -> Result<Vec<ProjectGroup>> {
    Ok(sqlx::query_as!(
        ProjectGroup,
        r#"SELECT pg.id, pg.project_id, pg.group_id, g.name, pg.role AS "role: ProjectRole", pg.added_at,
                  (SELECT count(*) FROM org_group_members m WHERE m.group_id = g.id) AS "member_count!"
           FROM project_groups pg JOIN org_groups g ON g.id = pg.group_id
           WHERE pg.project_id = $1 ORDER BY lower(g.name)"#,
        project_id,
    )
    .fetch_all(executor)
    .await?)
}

async fn group(conn: &mut PgConnection, project_id: Uuid, group_id: Uuid) -> Result<ProjectGroup> {
    groups(conn, project_id).await?.into_iter().find(|g| g.group_id == group_id).ok_or_else(|| Error::not_found("Project group"))
}

/// Gives a group of the project's org a role on the project.
pub async fn add_group(conn: &mut PgConnection, project: &Project, group_id: Uuid, role: ProjectRole) -> Result<ProjectGroup> {
    let added = sqlx::query!(
        "INSERT INTO project_groups (id, project_id, group_id, role)
         SELECT $1, $2, g.id, $4 FROM org_groups g WHERE g.id = $3 AND g.org_id = $5
         ON CONFLICT (project_id, group_id) DO NOTHING",
        Uuid::new_v4(),
        project.id,
        group_id,
        role as _,
        project.org_id,
    )
    .execute(&mut *conn)
    .await?;
    if added.rows_affected() == 0 {
        let exists = groups(&mut *conn, project.id).await?.iter().any(|g| g.group_id == group_id);
        return Err(Error::invalid(if exists { "The group already has a role on this project." } else { "No group of this organization has that id." }));
    }
    group(&mut *conn, project.id, group_id).await
}

pub async fn update_group_role(conn: &mut PgConnection, project_id: Uuid, group_id: Uuid, role: ProjectRole) -> Result<ProjectGroup> {
    let updated = sqlx::query!("UPDATE project_groups SET role = $3 WHERE project_id = $1 AND group_id = $2", project_id, group_id, role as _)
        .execute(&mut *conn)
        .await?;
    if updated.rows_affected() == 0 {
        return Err(Error::not_found("Project group"));
    }
    group(&mut *conn, project_id, group_id).await
}

/// Takes the group's role away; returns what it was.
pub async fn remove_group(conn: &mut PgConnection, project_id: Uuid, group_id: Uuid) -> Result<ProjectGroup> {
    let removed = group(&mut *conn, project_id, group_id).await?;
    sqlx::query!("DELETE FROM project_groups WHERE project_id = $1 AND group_id = $2", project_id, group_id).execute(&mut *conn).await?;
    Ok(removed)
}

async fn ensure_other_owner(conn: &mut PgConnection, project_id: Uuid, user_id: Uuid) -> Result<()> {
    let others: i64 = sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM project_members WHERE project_id = $1 AND user_id <> $2 AND role = 'OWNER'"#,
        project_id,
        user_id,
    )
    .fetch_one(conn)
    .await?;
    if others == 0 {
        return Err(Error::invalid("A project needs at least one owner."));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timezone_list_has_utc_and_no_legacy_names() {
        let zones = timezones();
        assert!(zones.contains(&"UTC"));
        assert!(zones.contains(&"Europe/Berlin"));
        assert!(zones.contains(&"America/Argentina/Buenos_Aires"));
        assert!(!zones.iter().any(|z| z.starts_with("US/") || z.starts_with("Etc/") || *z == "EST"));
        assert!(check_timezone("US/Pacific").is_err());
        assert_eq!(check_timezone(" Asia/Tokyo ").unwrap(), "Asia/Tokyo");
    }

    #[test]
    fn display_names_are_trimmed_and_bounded() {
        assert_eq!(check_display_name("  Sales ").unwrap(), "Sales");
        assert!(check_display_name("   ").is_err());
        assert!(check_display_name(&"x".repeat(101)).is_err());
    }
}
