//! Resolver guards: who is calling, asked of the permission matrix before anything runs.

use crate::{auth::session::Session, error::ApiResult, state::AppState};
use async_graphql::Context;
use quarry_domain::{
    Error, ErrorCode,
    access::{self, Acting},
    permissions::{Actor, Operation, Scope, authorize, rule_for},
    user::User,
};
use std::net::IpAddr;
use uuid::Uuid;

/// The address the request came from (`rate_limit::client_ip`), for the activity log.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddress(pub IpAddr);

pub fn state<'a>(ctx: &Context<'a>) -> &'a AppState {
    ctx.data_unchecked::<AppState>()
}

fn session<'a>(ctx: &Context<'a>) -> Option<&'a Session> {
    ctx.data_opt::<Session>()
}

/// The signed-in user, whatever they may do (the caller checks that with what it reads).
pub fn signed_in<'a>(ctx: &Context<'a>) -> ApiResult<&'a User> {
    session(ctx).map(|s| &s.user).ok_or_else(|| Error::of(ErrorCode::UnauthorizedAccess).into())
}

/// The signed-in user, allowed to perform an account-scoped operation.
pub fn account<'a>(ctx: &Context<'a>, op: Operation) -> ApiResult<&'a User> {
    debug_assert_eq!(rule_for(op).scope, Scope::Account);
    let user = session(ctx).map(|s| &s.user);
    authorize(op, user.map(|_| Actor::default()))?;
    Ok(user.expect("authorize denies signed-out callers"))
}

/// The signed-in user, allowed to perform `op` on the org.
pub async fn in_org<'a>(ctx: &Context<'a>, op: Operation, org_id: Uuid) -> ApiResult<(&'a User, Actor)> {
    let Some(user) = session(ctx).map(|s| &s.user) else {
        return Err(Error::of(ErrorCode::UnauthorizedAccess).into());
    };
    let actor = access::org_actor(&state(ctx).pool, user.id, org_id).await?;
    authorize(op, Some(actor))?;
    Ok((user, actor))
}

/// The signed-in caller as the domain's use cases take them: who, from where. The use case asks
/// its own rights.
pub fn acting(ctx: &Context<'_>) -> ApiResult<Acting> {
    let user = signed_in(ctx)?;
    Ok(Acting::new(user.id, user.email.clone(), client_address(ctx)))
}

/// The request's address, for the activity log.
pub fn client_address(ctx: &Context<'_>) -> Option<String> {
    ctx.data_opt::<ClientAddress>().map(|a| a.0.to_string())
}

/// The caller's current org, required by operations that act "in the current org".
pub fn current_org(user: &User) -> ApiResult<Uuid> {
    user.current_org_id.ok_or_else(|| Error::invalid("Create or choose an organization first.").into())
}

pub fn parse_id(id: &async_graphql::ID) -> ApiResult<Uuid> {
    Uuid::parse_str(id.as_str()).map_err(|_| Error::invalid(format!("\"{}\" is not a valid id.", id.as_str())).into())
}

#[derive(async_graphql::InputObject)]
pub struct OrgWhereUniqueInput {
    pub id: async_graphql::ID,
}

#[derive(async_graphql::InputObject)]
pub struct ProjectWhereUniqueInput {
    pub id: async_graphql::ID,
}

/// A membership (org member) by its id.
#[derive(async_graphql::InputObject)]
pub struct MemberWhereUniqueInput {
    pub id: async_graphql::ID,
}
