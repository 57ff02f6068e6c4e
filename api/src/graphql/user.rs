//! The signed-in user: Me, onboarding, profile, account deletion, password reset mail and
//! switching the current org and project.

use super::{
    context::{self, OrgWhereUniqueInput, ProjectWhereUniqueInput, parse_id},
    org::OrgGql,
};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Object, SimpleObject};
use quarry_domain::{
    access::{self, Acting},
    org,
    permissions::{Operation, OrgRole, ProjectPermissions, ProjectRole},
    project::{self, ProjectLanguage},
    user::{self, Onboarding, ProfilePatch, User},
};

pub struct UserGql {
    user: User,
    with_usage: bool,
    with_members: bool,
}

impl UserGql {
    pub fn new(user: User) -> Self {
        Self { user, with_usage: false, with_members: false }
    }
}

#[derive(SimpleObject)]
#[graphql(name = "CurrentProject")]
struct CurrentProject {
    id: ID,
    display_name: String,
    language: ProjectLanguage,
    timezone: String,
    /// What the caller may do here (controls to show); the server still decides each call.
    permissions: ProjectPermissions,
}

#[Object(name = "User")]
impl UserGql {
    async fn id(&self) -> ID {
        ID(self.user.id.to_string())
    }
    async fn email(&self) -> &str {
        &self.user.email
    }
    async fn name(&self) -> Option<&str> {
        self.user.name.as_deref()
    }
    async fn picture(&self) -> Option<&str> {
        self.user.picture.as_deref()
    }
    async fn consent_privacy_statement(&self) -> bool {
        self.user.consent_privacy_statement
    }
    async fn email_verified(&self) -> bool {
        self.user.email_verified
    }
    async fn first_name(&self) -> Option<&str> {
        self.user.first_name.as_deref()
    }
    async fn last_name(&self) -> Option<&str> {
        self.user.last_name.as_deref()
    }
    async fn country(&self) -> Option<&str> {
        self.user.country.as_deref()
    }
    async fn company_name(&self) -> Option<&str> {
        self.user.company_name.as_deref()
    }
    async fn job_title(&self) -> Option<&str> {
        self.user.job_title.as_deref()
    }

    async fn current_org(&self, ctx: &Context<'_>) -> ApiResult<Option<OrgGql>> {
        let Some(org_id) = self.user.current_org_id else { return Ok(None) };
        let pool = &context::state(ctx).pool;
        let Some(role) = org::role_of(pool, self.user.id, org_id).await? else { return Ok(None) };
        Ok(Some(OrgGql::new(org::get(pool, org_id).await?, role).gated(self.with_members, self.with_usage)))
    }

    async fn current_org_role(&self, ctx: &Context<'_>) -> ApiResult<Option<OrgRole>> {
        let Some(org_id) = self.user.current_org_id else { return Ok(None) };
        Ok(org::role_of(&context::state(ctx).pool, self.user.id, org_id).await?)
    }

    async fn current_project(&self, ctx: &Context<'_>) -> ApiResult<Option<CurrentProject>> {
        let Some(project_id) = self.user.current_project_id else { return Ok(None) };
        let pool = &context::state(ctx).pool;
        let acting = Acting::new(self.user.id, self.user.email.clone(), None);
        let Some(actor) = acting.standing_in(pool, Operation::ReadProject, project_id).await? else {
            return Ok(None);
        };
        let p = project::get(pool, project_id).await?;
        Ok(Some(CurrentProject {
            id: ID(p.id.to_string()),
            display_name: p.display_name,
            language: p.language,
            timezone: p.timezone,
            permissions: ProjectPermissions::of(actor),
        }))
    }

    async fn current_project_role(&self, ctx: &Context<'_>) -> ApiResult<Option<ProjectRole>> {
        let Some(project_id) = self.user.current_project_id else { return Ok(None) };
        Ok(access::project_actor(&context::state(ctx).pool, self.user.id, project_id).await?.project_role)
    }
}

#[derive(Default)]
pub struct UserQuery;

#[Object]
impl UserQuery {
    /// The signed-in user. `withUsage` and `withMembers` add the current org's usage and members.
    async fn me(&self, ctx: &Context<'_>, #[graphql(default = false)] with_usage: bool, #[graphql(default = false)] with_members: bool) -> ApiResult<UserGql> {
        let user = context::account(ctx, Operation::ReadMe)?;
        let fresh = user::with_settled_current_org(&context::state(ctx).pool, user.id).await?;
        Ok(UserGql { user: fresh, with_usage, with_members })
    }
}

#[derive(InputObject)]
struct OnboardUserInput {
    consent_privacy_statement: bool,
    first_name: Option<String>,
    last_name: Option<String>,
    country: Option<String>,
    company_name: Option<String>,
    job_title: Option<String>,
    org_name: Option<String>,
}

#[derive(InputObject)]
struct UpdateMyProfileInput {
    name: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    picture: Option<String>,
    country: Option<String>,
    company_name: Option<String>,
    job_title: Option<String>,
}

#[derive(Default)]
pub struct UserMutation;

#[Object]
impl UserMutation {
    /// Records consent to the privacy statement and the profile; a user without an org
    /// gets their first one ("<name>'s organization" unless `orgName` is given).
    async fn onboard_user(&self, ctx: &Context<'_>, data: OnboardUserInput) -> ApiResult<UserGql> {
        let user = context::account(ctx, Operation::OnboardUser)?;
        let onboarding = Onboarding {
            consent_privacy_statement: data.consent_privacy_statement,
            first_name: data.first_name,
            last_name: data.last_name,
            country: data.country,
            company_name: data.company_name,
            job_title: data.job_title,
            org_name: data.org_name,
        };
        Ok(UserGql::new(user::onboard(&context::state(ctx).pool, user.id, onboarding).await?))
    }

    async fn update_my_profile(&self, ctx: &Context<'_>, data: UpdateMyProfileInput) -> ApiResult<UserGql> {
        let user = context::account(ctx, Operation::UpdateMyProfile)?;
        let patch = ProfilePatch {
            name: data.name,
            first_name: data.first_name,
            last_name: data.last_name,
            picture: data.picture,
            country: data.country,
            company_name: data.company_name,
            job_title: data.job_title,
        };
        Ok(UserGql::new(user::update_profile(&context::state(ctx).pool, user.id, &patch).await?))
    }

    /// Deletes the signed-in account and its sessions; orgs the user is alone in go too.
    async fn delete_my_account(&self, ctx: &Context<'_>) -> ApiResult<bool> {
        let user = context::account(ctx, Operation::DeleteMyAccount)?;
        user::delete_user(&context::state(ctx).pool, user.id).await?;
        Ok(true)
    }

    /// E-mails a password-reset link if the address has an account; answers true either way.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn send_reset_password_email(&self, ctx: &Context<'_>, email: String) -> ApiResult<bool> {
        crate::auth::send_reset_password_email(context::state(ctx), &email).await?;
        Ok(true)
    }

    async fn switch_current_org(&self, ctx: &Context<'_>, r#where: OrgWhereUniqueInput) -> ApiResult<UserGql> {
        let org_id = parse_id(&r#where.id)?;
        let (user, _) = context::in_org(ctx, Operation::ReadOrg, org_id).await?;
        let pool = &context::state(ctx).pool;
        user::set_current(pool, user.id, Some(org_id), None).await?;
        Ok(UserGql::new(user::get(pool, user.id).await?))
    }

    async fn switch_current_project(&self, ctx: &Context<'_>, r#where: ProjectWhereUniqueInput) -> ApiResult<UserGql> {
        let project_id = parse_id(&r#where.id)?;
        Ok(UserGql::new(user::switch_current_project(&context::state(ctx).pool, &context::acting(ctx)?, project_id).await?))
    }
}
