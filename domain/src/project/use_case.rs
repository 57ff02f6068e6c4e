//! The project operations people start, each as someone acting: allowed by the permission
//! matrix, then the change and its activity entry in one transaction. GraphQL (and any
//! other transport) parses, calls one of these and maps the result.

use super::{Project, ProjectGroup, ProjectLanguage, ProjectMember, RemovalMode};
use crate::{
    access::Acting,
    activity::{self, ActivityKind, NewActivity},
    db::Pool,
    error::Result,
    permissions::{Operation, ProjectRole},
    services::Services,
};
use serde_json::{Value, json};
use uuid::Uuid;

/// The entry of a change to `project`: about the project itself, or about `target`.
fn entry(project: &Project, kind: ActivityKind, target: Option<(&'static str, Uuid, &str)>, detail: Value) -> NewActivity {
    let event = NewActivity::new(project.org_id, kind).project(project.id).detail(detail);
    match target {
        Some((kind, id, label)) => event.target(kind, id, label),
        None => event.target("PROJECT", project.id, &project.display_name),
    }
}

/// Creates a project in the org (CreateProject) with `acting` as its OWNER; it becomes their
/// current project.
pub async fn create(
    pool: &Pool,
    acting: &Acting,
    org_id: Uuid,
    display_name: &str,
    language: Option<ProjectLanguage>,
    timezone: Option<&str>,
) -> Result<Project> {
    acting.may_in_org(pool, Operation::CreateProject, org_id).await?;
    let mut tx = pool.begin().await?;
    let project = super::create(&mut tx, org_id, acting.account.id, display_name, language, timezone).await?;
    activity::record(&mut *tx, acting.records(entry(&project, ActivityKind::ProjectCreated, None, json!({})))).await?;
    tx.commit().await?;
    Ok(project)
}

/// Starts deleting (DeleteProject) or resetting (ResetProject) the project: its state and the
/// activity entry commit together, then the removal workflow starts.
pub async fn remove(services: &Services, acting: &Acting, id: Uuid, mode: RemovalMode) -> Result<Project> {
    let (op, kind) = match mode {
        RemovalMode::Delete => (Operation::DeleteProject, ActivityKind::ProjectDeleted),
        RemovalMode::Reset => (Operation::ResetProject, ActivityKind::ProjectReset),
    };
    acting.may(&services.pool, op, id).await?;
    let mut tx = services.pool.begin().await?;
    let (project, was_active) = super::begin_removal(&mut tx, id, super::removal_state(mode)).await?;
    if was_active {
        activity::record(&mut *tx, acting.records(entry(&project, kind, None, json!({})))).await?;
    }
    tx.commit().await?;
    super::start_removal(services, id, mode, was_active).await?;
    Ok(project)
}

/// Gives a member of the org a role on the project (ManageProjectMembers).
pub async fn add_member(pool: &Pool, acting: &Acting, project_id: Uuid, email: &str, role: ProjectRole) -> Result<ProjectMember> {
    acting.may(pool, Operation::ManageProjectMembers, project_id).await?;
    let mut tx = pool.begin().await?;
    let project = super::get(&mut *tx, project_id).await?;
    let added = super::add_member(&mut tx, &project, email, role).await?;
    let about = Some(("USER", added.user_id, added.email.as_str()));
    let detail = json!({"role": added.role, "project": project.display_name});
    activity::record(&mut *tx, acting.records(entry(&project, ActivityKind::ProjectMemberAdded, about, detail))).await?;
    tx.commit().await?;
    Ok(added)
}

/// Changes a member's role on the project; it keeps an owner.
pub async fn update_member_role(pool: &Pool, acting: &Acting, project_id: Uuid, user_id: Uuid, role: ProjectRole) -> Result<ProjectMember> {
    acting.may(pool, Operation::ManageProjectMembers, project_id).await?;
    let mut tx = pool.begin().await?;
    let project = super::get(&mut *tx, project_id).await?;
    let updated = super::update_member_role(&mut tx, project_id, user_id, role).await?;
    let about = Some(("USER", user_id, updated.email.as_str()));
    let detail = json!({"role": updated.role, "project": project.display_name});
    activity::record(&mut *tx, acting.records(entry(&project, ActivityKind::ProjectMemberUpdated, about, detail))).await?;
    tx.commit().await?;
    Ok(updated)
}

/// Takes a member's own role on the project away; it keeps an owner.
pub async fn remove_member(pool: &Pool, acting: &Acting, project_id: Uuid, user_id: Uuid) -> Result<ProjectMember> {
    acting.may(pool, Operation::ManageProjectMembers, project_id).await?;
    let mut tx = pool.begin().await?;
    let project = super::get(&mut *tx, project_id).await?;
    let removed = super::remove_member(&mut tx, project_id, user_id).await?;
    let about = Some(("USER", user_id, removed.email.as_str()));
    activity::record(&mut *tx, acting.records(entry(&project, ActivityKind::ProjectMemberRemoved, about, json!({"project": project.display_name})))).await?;
    tx.commit().await?;
    Ok(removed)
}

/// Gives a group of the org a role on the project.
pub async fn add_group(pool: &Pool, acting: &Acting, project_id: Uuid, group_id: Uuid, role: ProjectRole) -> Result<ProjectGroup> {
    acting.may(pool, Operation::ManageProjectMembers, project_id).await?;
    let mut tx = pool.begin().await?;
    let project = super::get(&mut *tx, project_id).await?;
    let added = super::add_group(&mut tx, &project, group_id, role).await?;
    let about = Some(("GROUP", added.group_id, added.name.as_str()));
    let detail = json!({"role": added.role, "project": project.display_name});
    activity::record(&mut *tx, acting.records(entry(&project, ActivityKind::ProjectGroupAdded, about, detail))).await?;
    tx.commit().await?;
    Ok(added)
}

/// Changes a group's role on the project.
pub async fn update_group_role(pool: &Pool, acting: &Acting, project_id: Uuid, group_id: Uuid, role: ProjectRole) -> Result<ProjectGroup> {
    acting.may(pool, Operation::ManageProjectMembers, project_id).await?;
    let mut tx = pool.begin().await?;
    let project = super::get(&mut *tx, project_id).await?;
    let updated = super::update_group_role(&mut tx, project_id, group_id, role).await?;
    let about = Some(("GROUP", group_id, updated.name.as_str()));
    let detail = json!({"role": updated.role, "project": project.display_name});
    activity::record(&mut *tx, acting.records(entry(&project, ActivityKind::ProjectGroupUpdated, about, detail))).await?;
    tx.commit().await?;
    Ok(updated)
}

/// Takes a group's role on the project away; its members keep only their own roles.
pub async fn remove_group(pool: &Pool, acting: &Acting, project_id: Uuid, group_id: Uuid) -> Result<ProjectGroup> {
    acting.may(pool, Operation::ManageProjectMembers, project_id).await?;
    let mut tx = pool.begin().await?;
    let project = super::get(&mut *tx, project_id).await?;
    let removed = super::remove_group(&mut tx, project_id, group_id).await?;
    let about = Some(("GROUP", group_id, removed.name.as_str()));
    activity::record(&mut *tx, acting.records(entry(&project, ActivityKind::ProjectGroupRemoved, about, json!({"project": project.display_name})))).await?;
    tx.commit().await?;
    Ok(removed)
}

/// The project, for whoever may read it (ReadProject).
pub async fn get(pool: &Pool, acting: &Acting, id: Uuid) -> Result<Project> {
    acting.may(pool, Operation::ReadProject, id).await?;
    super::get(pool, id).await
}

/// Changes the project's name, language or timezone (UpdateProject).
pub async fn update(pool: &Pool, acting: &Acting, id: Uuid, patch: &super::ProjectPatch) -> Result<Project> {
    acting.may(pool, Operation::UpdateProject, id).await?;
    super::update(pool, id, patch).await
}

/// The project's members (ReadProjectMembers).
pub async fn members(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<ProjectMember>> {
    acting.may(pool, Operation::ReadProjectMembers, project_id).await?;
    super::members(pool, project_id).await
}

/// The org's groups that have a role on the project (ReadProjectMembers).
pub async fn groups(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<ProjectGroup>> {
    acting.may(pool, Operation::ReadProjectMembers, project_id).await?;
    super::groups(pool, project_id).await
}
