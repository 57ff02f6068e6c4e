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
    if !subscription::is_active(&state.pool, project.org_id).await? {
        return Err(Error::of(ErrorCode::UnsubscribedAccess).into());
    }
    Ok(actor)
}
