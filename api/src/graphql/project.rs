//! Projects: create, update, delete and reset (the last two run as a Temporal workflow),
//! members, and the onboarding status that routes the web app.

use super::context::{self, ProjectWhereUniqueInput, current_org, parse_id};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Object};
use chrono::{DateTime, Utc};
use quarry_domain::{
    Error,
    permissions::{Operation, OrgRole, ProjectPermissions, ProjectRole},
    project::use_case,
    project::{self, OnboardingStatus, Project, ProjectGroup, ProjectLanguage, ProjectMember, ProjectPatch, ProjectState, RemovalMode},
};

pub struct ProjectGql(pub Project);

#[Object(name = "Project")]
impl ProjectGql {
    async fn id(&self) -> ID {
        ID(self.0.id.to_string())
    }
    async fn org_id(&self) -> ID {
        ID(self.0.org_id.to_string())
    }
    async fn display_name(&self) -> &str {
        &self.0.display_name
    }
    async fn language(&self) -> ProjectLanguage {
        self.0.language
    }
    async fn timezone(&self) -> &str {
        &self.0.timezone
    }
    async fn onboarding_status(&self) -> OnboardingStatus {
        self.0.onboarding_status
    }
    /// ACTIVE, or DELETING / RESETTING while the removal workflow runs.
    async fn state(&self) -> ProjectState {
        self.0.state
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }
    /// The caller's project role: the highest of their own and their groups' roles here;
    /// null for an org admin who has neither (admins act as owners of every project).
    async fn my_role(&self, ctx: &Context<'_>) -> ApiResult<Option<ProjectRole>> {
        let actor = context::acting(ctx)?.may(&context::state(ctx).pool, Operation::ReadProject, self.0.id).await?;
        Ok(actor.project_role)
    }
    /// What the caller may do in this project (controls to show); the server still decides each call.
    async fn my_permissions(&self, ctx: &Context<'_>) -> ApiResult<ProjectPermissions> {
        let actor = context::acting(ctx)?.may(&context::state(ctx).pool, Operation::ReadProject, self.0.id).await?;
        Ok(ProjectPermissions::of(actor))
    }
    async fn members(&self, ctx: &Context<'_>) -> ApiResult<Vec<ProjectMemberGql>> {
        let members = use_case::members(&context::state(ctx).pool, &context::acting(ctx)?, self.0.id).await?;
        Ok(members.into_iter().map(ProjectMemberGql).collect())
    }
    /// The org's groups that have a role on this project.
    async fn groups(&self, ctx: &Context<'_>) -> ApiResult<Vec<ProjectGroupGql>> {
        let groups = use_case::groups(&context::state(ctx).pool, &context::acting(ctx)?, self.0.id).await?;
        Ok(groups.into_iter().map(ProjectGroupGql).collect())
    }
}

pub struct ProjectGroupGql(ProjectGroup);

#[Object(name = "ProjectGroup")]
impl ProjectGroupGql {
    async fn id(&self) -> ID {
        ID(self.0.id.to_string())
    }
    async fn group_id(&self) -> ID {
        ID(self.0.group_id.to_string())
    }
    async fn name(&self) -> &str {
        &self.0.name
    }
    async fn member_count(&self) -> i64 {
        self.0.member_count
    }
    async fn role(&self) -> ProjectRole {
        self.0.role
    }
    async fn added_at(&self) -> DateTime<Utc> {
        self.0.added_at
    }
}

pub struct ProjectMemberGql(ProjectMember);

#[Object(name = "ProjectMember")]
impl ProjectMemberGql {
    async fn id(&self) -> ID {
        ID(self.0.id.to_string())
    }
    async fn user_id(&self) -> ID {
        ID(self.0.user_id.to_string())
    }
    async fn email(&self) -> &str {
        &self.0.email
    }
    async fn name(&self) -> Option<&str> {
        self.0.name.as_deref()
    }
    async fn role(&self) -> ProjectRole {
        self.0.role
    }
    async fn joined_at(&self) -> DateTime<Utc> {
        self.0.joined_at
    }
}

#[derive(Default)]
pub struct ProjectQuery;

#[Object]
impl ProjectQuery {
    /// The current org's projects the caller can see (all of them for org admins).
    async fn projects(&self, ctx: &Context<'_>) -> ApiResult<Vec<ProjectGql>> {
        let user = context::account(ctx, Operation::ReadMe)?;
        let Some(org_id) = user.current_org_id else { return Ok(vec![]) };
        let (_, actor) = context::in_org(ctx, Operation::ListProjects, org_id).await?;
        let all = actor.org_role == Some(OrgRole::Admin);
        let projects = project::list_visible(&context::state(ctx).pool, org_id, user.id, all).await?;
        Ok(projects.into_iter().map(ProjectGql).collect())
    }

    async fn project(&self, ctx: &Context<'_>, r#where: ProjectWhereUniqueInput) -> ApiResult<ProjectGql> {
        let id = parse_id(&r#where.id)?;
        Ok(ProjectGql(use_case::get(&context::state(ctx).pool, &context::acting(ctx)?, id).await?))
    }

    /// The onboarding status of a project (the current project when no id is given).
    async fn onboarding_status(&self, ctx: &Context<'_>, project_id: Option<ID>) -> ApiResult<OnboardingStatus> {
        let user = context::account(ctx, Operation::ReadMe)?;
        let id = match project_id {
            Some(id) => parse_id(&id)?,
            None => user.current_project_id.ok_or_else(|| Error::invalid("Choose a project first."))?,
        };
        Ok(use_case::get(&context::state(ctx).pool, &context::acting(ctx)?, id).await?.onboarding_status)
    }

    /// IANA timezones without legacy names, plus UTC.
    async fn timezones(&self, ctx: &Context<'_>) -> ApiResult<Vec<&'static str>> {
        context::account(ctx, Operation::ReadMe)?;
        Ok(project::timezones())
    }
}

#[derive(InputObject)]
struct CreateProjectInput {
    display_name: String,
    language: Option<ProjectLanguage>,
    timezone: Option<String>,
}

#[derive(InputObject)]
struct UpdateProjectInput {
    display_name: Option<String>,
    language: Option<ProjectLanguage>,
    timezone: Option<String>,
}

#[derive(InputObject)]
struct AddProjectMemberInput {
    project_id: ID,
    email: String,
    role: ProjectRole,
}

#[derive(InputObject)]
struct UpdateProjectMemberInput {
    project_id: ID,
    user_id: ID,
    role: ProjectRole,
}

#[derive(InputObject)]
struct RemoveProjectMemberInput {
    project_id: ID,
    user_id: ID,
}

#[derive(InputObject)]
struct ProjectGroupInput {
    project_id: ID,
    group_id: ID,
    role: ProjectRole,
}

#[derive(InputObject)]
struct RemoveProjectGroupInput {
    project_id: ID,
    group_id: ID,
}

#[derive(Default)]
pub struct ProjectMutation;

#[Object]
impl ProjectMutation {
    /// Creates a project in the current org with the caller as OWNER; it becomes current.
    async fn create_project(&self, ctx: &Context<'_>, data: CreateProjectInput) -> ApiResult<ProjectGql> {
        let user = context::account(ctx, Operation::ReadMe)?;
        let org_id = current_org(user)?;
        let pool = &context::state(ctx).pool;
        let project = use_case::create(pool, &context::acting(ctx)?, org_id, &data.display_name, data.language, data.timezone.as_deref()).await?;
        Ok(ProjectGql(project))
    }

    async fn update_project(&self, ctx: &Context<'_>, r#where: ProjectWhereUniqueInput, data: UpdateProjectInput) -> ApiResult<ProjectGql> {
        let id = parse_id(&r#where.id)?;
        let patch = ProjectPatch { display_name: data.display_name, language: data.language, timezone: data.timezone };
        Ok(ProjectGql(use_case::update(&context::state(ctx).pool, &context::acting(ctx)?, id, &patch).await?))
    }

    /// Starts deleting the project and answers at once with state DELETING.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn delete_project(&self, ctx: &Context<'_>, r#where: ProjectWhereUniqueInput) -> ApiResult<ProjectGql> {
        let id = parse_id(&r#where.id)?;
        Ok(ProjectGql(use_case::remove(&context::state(ctx).services, &context::acting(ctx)?, id, RemovalMode::Delete).await?))
    }

    /// Starts resetting the project (its data goes, members stay) with state RESETTING.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn reset_project(&self, ctx: &Context<'_>, r#where: ProjectWhereUniqueInput) -> ApiResult<ProjectGql> {
        let id = parse_id(&r#where.id)?;
        Ok(ProjectGql(use_case::remove(&context::state(ctx).services, &context::acting(ctx)?, id, RemovalMode::Reset).await?))
    }

    async fn add_project_member(&self, ctx: &Context<'_>, data: AddProjectMemberInput) -> ApiResult<ProjectMemberGql> {
        let id = parse_id(&data.project_id)?;
        Ok(ProjectMemberGql(use_case::add_member(&context::state(ctx).pool, &context::acting(ctx)?, id, &data.email, data.role).await?))
    }

    async fn update_project_member_role(&self, ctx: &Context<'_>, data: UpdateProjectMemberInput) -> ApiResult<ProjectMemberGql> {
        let (id, user_id) = (parse_id(&data.project_id)?, parse_id(&data.user_id)?);
        Ok(ProjectMemberGql(use_case::update_member_role(&context::state(ctx).pool, &context::acting(ctx)?, id, user_id, data.role).await?))
    }

    async fn remove_project_member(&self, ctx: &Context<'_>, data: RemoveProjectMemberInput) -> ApiResult<bool> {
        let (id, user_id) = (parse_id(&data.project_id)?, parse_id(&data.user_id)?);
        use_case::remove_member(&context::state(ctx).pool, &context::acting(ctx)?, id, user_id).await?;
        Ok(true)
    }

    /// Gives a group of the org a role on the project; each of its members has at least that role there.
    async fn add_project_group(&self, ctx: &Context<'_>, data: ProjectGroupInput) -> ApiResult<ProjectGroupGql> {
        let (id, group_id) = (parse_id(&data.project_id)?, parse_id(&data.group_id)?);
        Ok(ProjectGroupGql(use_case::add_group(&context::state(ctx).pool, &context::acting(ctx)?, id, group_id, data.role).await?))
    }

    async fn update_project_group_role(&self, ctx: &Context<'_>, data: ProjectGroupInput) -> ApiResult<ProjectGroupGql> {
        let (id, group_id) = (parse_id(&data.project_id)?, parse_id(&data.group_id)?);
        Ok(ProjectGroupGql(use_case::update_group_role(&context::state(ctx).pool, &context::acting(ctx)?, id, group_id, data.role).await?))
    }

    /// Takes the group's role on the project away; its members keep only their own roles, at once.
    async fn remove_project_group(&self, ctx: &Context<'_>, data: RemoveProjectGroupInput) -> ApiResult<bool> {
        let (id, group_id) = (parse_id(&data.project_id)?, parse_id(&data.group_id)?);
        use_case::remove_group(&context::state(ctx).pool, &context::acting(ctx)?, id, group_id).await?;
        Ok(true)
    }
}
