//! Organisations and their members.

use super::context::{self, MemberWhereUniqueInput, OrgWhereUniqueInput, current_org, parse_id};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::{
    group,
    org::{self, NewMember, Org, OrgMember, OrgState},
    permissions::{Operation, OrgPermissions, OrgRole},
    project,
};

pub struct OrgGql {
    org: Org,
    role: OrgRole,
    show_members: bool,
    show_usage: bool,
}

impl OrgGql {
    pub fn new(org: Org, role: OrgRole) -> Self {
        Self { org, role, show_members: true, show_usage: true }
    }

    /// On `me.currentOrg`, members and usage come only when asked for.
    pub fn gated(self, show_members: bool, show_usage: bool) -> Self {
        Self { show_members, show_usage, ..self }
    }
}

#[derive(SimpleObject)]
struct OrgUsage {
    total_members: i64,
    total_projects: i64,
    questions_asked: i64,
    total_api_calls: i64,
    rows_exported: i64,
}

#[derive(SimpleObject)]
struct OrgProject {
    id: ID,
    display_name: String,
}

#[Object(name = "Org")]
impl OrgGql {
    async fn id(&self) -> ID {
        ID(self.org.id.to_string())
    }
    async fn name(&self) -> &str {
        &self.org.name
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.org.created_at
    }
    /// ACTIVE, or DELETING while its removal workflow runs.
    async fn state(&self) -> OrgState {
        self.org.state
    }
    /// The caller's role in this org.
    async fn my_role(&self) -> OrgRole {
        self.role
    }

    /// What the caller may do in the org, from the permission table.
    async fn my_permissions(&self) -> OrgPermissions {
        OrgPermissions::of(quarry_domain::permissions::Actor { org_role: Some(self.role), project_role: None })
    }

    /// The projects the caller can see.
    async fn projects(&self, ctx: &Context<'_>) -> ApiResult<Vec<OrgProject>> {
        let (user, actor) = context::in_org(ctx, Operation::ListProjects, self.org.id).await?;
        let all = actor.org_role == Some(OrgRole::Admin);
        let projects = project::list_visible(&context::state(ctx).pool, self.org.id, user.id, all).await?;
        Ok(projects.into_iter().map(|p| OrgProject { id: ID(p.id.to_string()), display_name: p.display_name }).collect())
    }

    async fn members(&self, ctx: &Context<'_>) -> ApiResult<Option<Vec<OrgMemberGql>>> {
        if !self.show_members {
            return Ok(None);
        }
        context::in_org(ctx, Operation::ReadOrgMembers, self.org.id).await?;
        let pool = &context::state(ctx).pool;
        let members = org::members(pool, self.org.id).await?;
        let memberships = group::memberships(pool, self.org.id).await?;
        Ok(Some(
            members
                .into_iter()
                .map(|m| {
                    let groups = memberships
                        .iter()
                        .filter(|(user, ..)| *user == m.user_id)
                        .map(|(_, id, name)| MemberGroup { id: ID(id.to_string()), name: name.clone() })
                        .collect();
                    OrgMemberGql(m, groups)
                })
                .collect(),
        ))
    }

    async fn usage(&self, ctx: &Context<'_>) -> ApiResult<Option<OrgUsage>> {
        if !self.show_usage {
            return Ok(None);
        }
        context::in_org(ctx, Operation::ReadOrg, self.org.id).await?;
        let u = org::usage(&context::state(ctx).pool, self.org.id).await?;
        Ok(Some(OrgUsage {
            total_members: u.total_members,
            total_projects: u.total_projects,
            questions_asked: u.questions_asked,
            total_api_calls: u.total_api_calls,
            rows_exported: u.rows_exported,
        }))
    }
}

pub struct OrgMemberGql(OrgMember, Vec<MemberGroup>);

#[derive(SimpleObject, Clone)]
pub struct MemberGroup {
    id: ID,
    name: String,
}

#[Object(name = "OrgMember")]
impl OrgMemberGql {
    /// The membership's id.
    async fn id(&self) -> ID {
        ID(self.0.id.to_string())
    }
    async fn user_id(&self) -> ID {
        ID(self.0.user_id.to_string())
    }
    async fn email(&self) -> &str {
        &self.0.email
    }
    async fn email_verified(&self) -> bool {
        self.0.email_verified
    }
    async fn picture(&self) -> Option<&str> {
        self.0.picture.as_deref()
    }
    async fn name(&self) -> Option<&str> {
        self.0.name.as_deref()
    }
    async fn role(&self) -> OrgRole {
        self.0.role
    }
    async fn joined_at(&self) -> DateTime<Utc> {
        self.0.joined_at
    }
    async fn first_name(&self) -> Option<&str> {
        self.0.first_name.as_deref()
    }
    async fn last_name(&self) -> Option<&str> {
        self.0.last_name.as_deref()
    }
    async fn enabled(&self) -> bool {
        self.0.enabled
    }
    /// The org's groups the member is in (filled when listed as the org's members).
    async fn groups(&self) -> &[MemberGroup] {
        &self.1
    }
}

#[derive(Default)]
pub struct OrgQuery;

#[Object]
impl OrgQuery {
    /// The orgs the signed-in user belongs to.
    async fn orgs(&self, ctx: &Context<'_>) -> ApiResult<Vec<OrgGql>> {
        let user = context::account(ctx, Operation::ReadMe)?;
        let orgs = org::list_for_user(&context::state(ctx).pool, user.id).await?;
        Ok(orgs.into_iter().map(|(org, role)| OrgGql::new(org, role)).collect())
    }

    async fn org(&self, ctx: &Context<'_>, r#where: OrgWhereUniqueInput) -> ApiResult<OrgGql> {
        let org_id = parse_id(&r#where.id)?;
        let (_, actor) = context::in_org(ctx, Operation::ReadOrg, org_id).await?;
        let org = org::get(&context::state(ctx).pool, org_id).await?;
        Ok(OrgGql::new(org, actor.org_role.expect("authorized org members have a role")))
    }
}

#[derive(InputObject)]
struct CreateOrgInput {
    name: String,
}

#[derive(InputObject)]
struct UpdateOrgInput {
    name: String,
}

#[derive(InputObject)]
struct CreateOrgMemberInput {
    email: String,
    role: OrgRole,
    first_name: Option<String>,
    last_name: Option<String>,
}

#[derive(InputObject)]
struct UpdateOrgMemberInput {
    role: Option<OrgRole>,
    enabled: Option<bool>,
}

#[derive(SimpleObject)]
struct CreateOrgMemberResponse {
    success: bool,
    /// The new account's temporary password: shown once, for the admin to pass on.
    temporary_password: Option<String>,
    member: OrgMemberGql,
}

#[derive(Default)]
pub struct OrgMutation;

#[Object]
impl OrgMutation {
    /// Creates an org with the caller as ADMIN and makes it the current org.
    async fn create_org(&self, ctx: &Context<'_>, data: CreateOrgInput) -> ApiResult<OrgGql> {
        let user = context::account(ctx, Operation::CreateOrg)?;
        let org = org::create(&context::state(ctx).pool, user.id, &data.name).await?;
        Ok(OrgGql::new(org, OrgRole::Admin))
    }

    async fn update_org(&self, ctx: &Context<'_>, r#where: OrgWhereUniqueInput, data: UpdateOrgInput) -> ApiResult<OrgGql> {
        let org_id = parse_id(&r#where.id)?;
        let org = org::rename(&context::state(ctx).pool, &context::acting(ctx)?, org_id, &data.name).await?;
        Ok(OrgGql::new(org, OrgRole::Admin))
    }

    /// Starts deleting the org: its state becomes DELETING and a workflow removes every
    /// project (each through the project removal workflow), then the org and all of it.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn delete_org(&self, ctx: &Context<'_>, r#where: OrgWhereUniqueInput) -> ApiResult<OrgGql> {
        let org_id = parse_id(&r#where.id)?;
        let org = org::remove(&context::state(ctx).services, &context::acting(ctx)?, org_id).await?;
        Ok(OrgGql::new(org, OrgRole::Admin))
    }

    /// Creates an account for someone new in the current org, with a temporary password;
    /// they verify their e-mail (a link is sent) before signing in. An e-mail that already
    /// has an account is refused (INVALID_INPUT): such a person joins by invitation.
    async fn create_org_member(&self, ctx: &Context<'_>, data: CreateOrgMemberInput) -> ApiResult<CreateOrgMemberResponse> {
        let caller = context::account(ctx, Operation::ReadMe)?;
        let org_id = current_org(caller)?;
        let state = context::state(ctx);
        let new = NewMember { email: data.email, role: data.role, first_name: data.first_name, last_name: data.last_name };
        let (member, temporary_password) = org::create_member(&state.pool, &context::acting(ctx)?, org_id, new).await?;
        crate::auth::send_verification(state, member.user_id, &member.email).await?;
        Ok(CreateOrgMemberResponse { success: true, temporary_password: Some(temporary_password), member: OrgMemberGql(member, vec![]) })
    }

    async fn update_org_member(&self, ctx: &Context<'_>, r#where: MemberWhereUniqueInput, data: UpdateOrgMemberInput) -> ApiResult<OrgMemberGql> {
        context::account(ctx, Operation::ReadMe)?;
        let updated = org::update_member(&context::state(ctx).pool, &context::acting(ctx)?, parse_id(&r#where.id)?, data.role, data.enabled).await?;
        Ok(OrgMemberGql(updated, vec![]))
    }

    async fn delete_org_member(&self, ctx: &Context<'_>, r#where: MemberWhereUniqueInput) -> ApiResult<bool> {
        context::account(ctx, Operation::ReadMe)?;
        org::delete_member(&context::state(ctx).pool, &context::acting(ctx)?, parse_id(&r#where.id)?).await?;
        Ok(true)
    }
}
