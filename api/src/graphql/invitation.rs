//! Invitations (PRODUCT.md §7): an admin invites an address with an org role and project
//! roles; the e-mailed link opens /invitation, where its owner signs up or signs in and
//! accepts. An existing account joins an org only this way.

use super::{
    context::{self, parse_id},
    group::org_or_current,
    org::OrgGql,
};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::{
    Error,
    invitation::{self, Invitation, InvitationStatus, NewInvitation},
    org,
    permissions::{Operation, OrgRole, ProjectRole},
};

pub struct InvitationGql {
    invitation: Invitation,
    /// The link, known only when the invitation has just been sent (codes are stored hashed).
    url: Option<String>,
}

#[derive(SimpleObject)]
struct Invitor {
    id: ID,
    email: String,
    name: Option<String>,
}

#[derive(SimpleObject)]
#[graphql(name = "InvitationOrg")]
struct InvitationOrg {
    id: ID,
    name: String,
}

#[derive(SimpleObject)]
struct InvitationProject {
    id: ID,
    display_name: String,
    role: ProjectRole,
}

#[Object(name = "Invitation")]
impl InvitationGql {
    async fn id(&self) -> ID {
        ID(self.invitation.id.to_string())
    }
    async fn email(&self) -> &str {
        &self.invitation.email
    }
    async fn role(&self) -> OrgRole {
        self.invitation.role
    }
    /// The link to accept it: given once, in the answer to `createAndSendInvitation`; null
    /// afterwards (invite again for a new link).
    async fn url(&self) -> Option<&str> {
        self.url.as_deref()
    }
    async fn status(&self) -> InvitationStatus {
        self.invitation.status(Utc::now())
    }
    async fn invitor(&self) -> Option<Invitor> {
        let i = &self.invitation;
        Some(Invitor { id: ID(i.invitor_id?.to_string()), email: i.invitor_email.clone()?, name: i.invitor_name.clone() })
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.invitation.created_at
    }
    async fn expires_at(&self) -> DateTime<Utc> {
        self.invitation.expires_at
    }
    async fn org(&self) -> InvitationOrg {
        InvitationOrg { id: ID(self.invitation.org_id.to_string()), name: self.invitation.org_name.clone() }
    }
    async fn projects(&self) -> Vec<InvitationProject> {
        self.invitation
            .projects
            .iter()
            .map(|p| InvitationProject { id: ID(p.project_id.to_string()), display_name: p.display_name.clone(), role: p.role })
            .collect()
    }
}

/// The roles an invitation gives, as its activity-log entries record them.
fn listed(invitation: Invitation) -> InvitationGql {
    InvitationGql { invitation, url: None }
}

#[derive(Default)]
pub struct InvitationQuery;

#[Object]
impl InvitationQuery {
    /// The org's invitations (the current org when no id is given), newest first; expired
    /// ones stay listed, marked EXPIRED, until deleted or sent again.
    async fn invitations(&self, ctx: &Context<'_>, org_id: Option<ID>) -> ApiResult<Vec<InvitationGql>> {
        let org_id = org_or_current(ctx, org_id.as_ref())?;
        context::in_org(ctx, Operation::ReadInvitations, org_id).await?;
        Ok(invitation::list(&context::state(ctx).pool, org_id).await?.into_iter().map(listed).collect())
    }

    /// The invitation a link opens, for the /invitation page, signed in or not.
    async fn invitation_by_code(&self, ctx: &Context<'_>, code: String) -> ApiResult<InvitationGql> {
        Ok(listed(invitation::by_code(&context::state(ctx).pool, &code).await?))
    }

    /// Invitations waiting for the signed-in user's address.
    async fn pending_invitations(&self, ctx: &Context<'_>) -> ApiResult<Vec<InvitationGql>> {
        let user = context::account(ctx, Operation::AnswerMyInvitations)?;
        Ok(invitation::pending_for(&context::state(ctx).pool, user).await?.into_iter().map(listed).collect())
    }
}

#[derive(InputObject)]
struct InvitedProjectInput {
    project_id: ID,
    role: ProjectRole,
}

#[derive(InputObject)]
struct CreateInvitationInput {
    email: String,
    role: OrgRole,
    #[graphql(default)]
    projects: Vec<InvitedProjectInput>,
    /// The current org when not given.
    org_id: Option<ID>,
}

#[derive(InputObject)]
struct InvitationWhereUniqueInput {
    id: ID,
}

/// Which invitation to accept: the code of its link, or its id (one of the caller's
/// pending invitations).
#[derive(InputObject)]
struct AcceptInvitationInput {
    code: Option<String>,
    id: Option<ID>,
}

#[derive(Default)]
pub struct InvitationMutation;

#[Object]
impl InvitationMutation {
    /// Records the invitation (replacing an open one to the same address) and e-mails its link.
    async fn create_and_send_invitation(&self, ctx: &Context<'_>, data: CreateInvitationInput) -> ApiResult<InvitationGql> {
        let org_id = org_or_current(ctx, data.org_id.as_ref())?;
        let user = context::signed_in(ctx)?;
        let state = context::state(ctx);
        let projects = data.projects.iter().map(|p| Ok((parse_id(&p.project_id)?, p.role))).collect::<ApiResult<Vec<_>>>()?;
        let new = NewInvitation { org_id, invitor_id: user.id, email: data.email, role: data.role, projects };
        let (created, url) = invitation::create_and_send(&state.pool, &state.mail, &state.config, &context::acting(ctx)?, new).await?;
        Ok(InvitationGql { invitation: created, url: Some(url) })
    }

    async fn delete_invitation(&self, ctx: &Context<'_>, r#where: InvitationWhereUniqueInput) -> ApiResult<bool> {
        context::signed_in(ctx)?;
        invitation::delete(&context::state(ctx).pool, &context::acting(ctx)?, parse_id(&r#where.id)?).await?;
        Ok(true)
    }

    /// Joins the invitation's org with its roles; the org becomes the current one.
    async fn accept_invitation(&self, ctx: &Context<'_>, data: AcceptInvitationInput) -> ApiResult<OrgGql> {
        let user = context::account(ctx, Operation::AnswerMyInvitations)?;
        let pool = &context::state(ctx).pool;
        let code_or_id = match (data.code, data.id) {
            (Some(code), _) => Ok(code),
            (None, Some(id)) => Err(parse_id(&id)?),
            (None, None) => return Err(Error::invalid("Give the invitation's code or id.").into()),
        };
        let address = context::client_address(ctx);
        let accepted = match code_or_id {
            Ok(code) => invitation::accept(pool, &code, user, address).await?,
            Err(id) => invitation::accept_by_id(pool, id, user, address).await?,
        };
        let role = org::role_of(pool, user.id, accepted.org_id).await?.unwrap_or(accepted.role);
        Ok(OrgGql::new(org::get(pool, accepted.org_id).await?, role))
    }
}
