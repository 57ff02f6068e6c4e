//! Groups of an org's members (PRODUCT.md §7 Groups).

use super::context::{self, parse_id};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::{
    Error, ErrorCode,
    group::{self, GroupMember, OrgGroup},
    permissions::Operation,
};
use uuid::Uuid;

pub struct OrgGroupGql(pub OrgGroup);

#[Object(name = "OrgGroup")]
impl OrgGroupGql {
    async fn id(&self) -> ID {
        ID(self.0.id.to_string())
    }
    async fn org_id(&self) -> ID {
        ID(self.0.org_id.to_string())
    }
    async fn name(&self) -> &str {
        &self.0.name
    }
    async fn member_count(&self) -> i64 {
        self.0.member_count
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }
    async fn updated_at(&self) -> DateTime<Utc> {
        self.0.updated_at
    }
}

#[derive(SimpleObject)]
#[graphql(name = "OrgGroupMember")]
struct GroupMemberGql {
    user_id: ID,
    email: String,
    name: Option<String>,
    added_at: DateTime<Utc>,
}

impl From<GroupMember> for GroupMemberGql {
    fn from(m: GroupMember) -> Self {
        Self { user_id: ID(m.user_id.to_string()), email: m.email, name: m.name, added_at: m.added_at }
    }
}

/// The org an optional `orgId` argument names, or the caller's current org.
pub fn org_or_current(ctx: &Context<'_>, org_id: Option<&ID>) -> ApiResult<Uuid> {
    match org_id {
        Some(id) => parse_id(id),
        None => context::current_org(context::signed_in(ctx)?),
    }
}

/// Looks up a group and checks the caller may perform `op` on its org. A group of another
/// org reads as "not a member", like an unknown id.
async fn group_for(ctx: &Context<'_>, op: Operation, id: &ID) -> ApiResult<Uuid> {
    context::signed_in(ctx)?;
    let id = parse_id(id)?;
    let Some(org_id) = group::org_of(&context::state(ctx).pool, id).await? else {
        return Err(Error::new(ErrorCode::UnauthorizedAccess, "You are not a member of this organization or project.").into());
    };
    context::in_org(ctx, op, org_id).await?;
    Ok(id)
}

#[derive(Default)]
pub struct GroupQuery;

#[Object]
impl GroupQuery {
    /// The groups of an org (the current org when no id is given), by name.
    async fn org_groups(&self, ctx: &Context<'_>, org_id: Option<ID>) -> ApiResult<Vec<OrgGroupGql>> {
        let org_id = org_or_current(ctx, org_id.as_ref())?;
        context::in_org(ctx, Operation::ReadOrgGroups, org_id).await?;
        Ok(group::list(&context::state(ctx).pool, org_id).await?.into_iter().map(OrgGroupGql).collect())
    }

    async fn org_group_members(&self, ctx: &Context<'_>, group_id: ID) -> ApiResult<Vec<GroupMemberGql>> {
        let id = group_for(ctx, Operation::ReadOrgGroups, &group_id).await?;
        Ok(group::members(&context::state(ctx).pool, id).await?.into_iter().map(Into::into).collect())
    }
}

#[derive(InputObject)]
struct CreateOrgGroupInput {
    name: String,
    /// The current org when not given.
    org_id: Option<ID>,
}

#[derive(InputObject)]
struct UpdateOrgGroupInput {
    name: String,
}

#[derive(InputObject)]
struct OrgGroupWhereUniqueInput {
    id: ID,
}

#[derive(InputObject)]
struct OrgGroupMemberInput {
    group_id: ID,
    user_id: ID,
}

#[derive(Default)]
pub struct GroupMutation;

#[Object]
impl GroupMutation {
    async fn create_org_group(&self, ctx: &Context<'_>, data: CreateOrgGroupInput) -> ApiResult<OrgGroupGql> {
        let org_id = org_or_current(ctx, data.org_id.as_ref())?;
        Ok(OrgGroupGql(group::create(&context::state(ctx).pool, &context::acting(ctx)?, org_id, &data.name).await?))
    }

    async fn update_org_group(&self, ctx: &Context<'_>, r#where: OrgGroupWhereUniqueInput, data: UpdateOrgGroupInput) -> ApiResult<OrgGroupGql> {
        let id = parse_id(&r#where.id)?;
        Ok(OrgGroupGql(group::rename(&context::state(ctx).pool, &context::acting(ctx)?, id, &data.name).await?))
    }

    /// Deletes the group; the project roles it gave end with it.
    async fn delete_org_group(&self, ctx: &Context<'_>, r#where: OrgGroupWhereUniqueInput) -> ApiResult<bool> {
        let id = parse_id(&r#where.id)?;
        group::delete(&context::state(ctx).pool, &context::acting(ctx)?, id).await?;
        Ok(true)
    }

    /// Adds a member of the org to the group.
    async fn add_org_group_member(&self, ctx: &Context<'_>, data: OrgGroupMemberInput) -> ApiResult<OrgGroupGql> {
        membership_change(ctx, data, true).await
    }

    async fn remove_org_group_member(&self, ctx: &Context<'_>, data: OrgGroupMemberInput) -> ApiResult<OrgGroupGql> {
        membership_change(ctx, data, false).await
    }
}

async fn membership_change(ctx: &Context<'_>, data: OrgGroupMemberInput, join: bool) -> ApiResult<OrgGroupGql> {
    let (group_id, user_id) = (parse_id(&data.group_id)?, parse_id(&data.user_id)?);
    let changed = group::change_membership(&context::state(ctx).pool, &context::acting(ctx)?, group_id, user_id, join).await?;
    Ok(OrgGroupGql(changed))
}
