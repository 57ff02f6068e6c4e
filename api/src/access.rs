//! The permission checks shared by GraphQL resolvers and REST handlers.

use crate::{error::ApiResult, state::AppState};
use quarry_domain::{
    Error, ErrorCode, access,
    permissions::{Actor, Operation, authorize},
    subscription,
};
use uuid::Uuid;

/// The user may perform `op` on the project, and the project's org is subscribed.
pub async fn in_project(state: &AppState, user_id: Uuid, op: Operation, project_id: Uuid) -> ApiResult<Actor> {
    let actor = access::project_actor(&state.pool, user_id, project_id).await?;
    authorize(op, Some(actor))?;
    let project = quarry_domain::project::get(&state.pool, project_id).await?;
    subscribed(state, project.org_id).await?;
    Ok(actor)
}

/// As [`in_project`], for roles and org already read with the object the caller wants.
pub async fn in_project_as(state: &AppState, actor: Actor, op: Operation, org_id: Uuid) -> ApiResult<Actor> {
    authorize(op, Some(actor))?;
    subscribed(state, org_id).await?;
    Ok(actor)
}

async fn subscribed(state: &AppState, org_id: Uuid) -> ApiResult<()> {
    if !subscription::is_active(&state.pool, org_id).await? {
        return Err(Error::of(ErrorCode::UnsubscribedAccess).into());
    }
    Ok(())
}
