//! Deploy and DeployStatus: the client starts a deploy and polls the sync status every 3 s
//! until it is no longer IN_PROGRESS (PRODUCT.md §4).

use crate::{
    error::ApiResult,
    graphql::context::{self, parse_id},
};
use async_graphql::{Context, ID, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::deploy::{self, Deploy, DeployState, SyncStatus};

/// What the last deploy said.
#[derive(SimpleObject)]
#[graphql(name = "Deploy")]
pub struct DeployGql {
    id: ID,
    status: DeployState,
    /// One line per model and view checked on the source.
    log: String,
    /// Why it failed.
    error: Option<String>,
    started_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
}

impl From<Deploy> for DeployGql {
    fn from(d: Deploy) -> Self {
        Self { id: ID(d.id.to_string()), status: d.status, log: d.log, error: d.error, started_at: d.started_at, finished_at: d.finished_at }
    }
}

#[derive(SimpleObject)]
pub struct DeployStatusGql {
    status: SyncStatus,
    last_deploy: Option<DeployGql>,
}

#[derive(SimpleObject)]
pub struct DeployResult {
    status: DeployState,
    error: Option<String>,
    deploy_id: ID,
}

#[derive(Default)]
pub struct DeployQuery;

#[Object]
impl DeployQuery {
    /// The model sync status: IN_PROGRESS, SYNCRONIZED or UNSYNCRONIZED (a deploy is needed).
    async fn deploy_status(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<DeployStatusGql> {
        let id = parse_id(&project_id)?;
        let (status, last) = deploy::status(&context::state(ctx).pool, &context::acting(ctx)?, id).await?;
        Ok(DeployStatusGql { status, last_deploy: last.map(Into::into) })
    }
}

#[derive(Default)]
pub struct DeployMutation;

#[Object]
impl DeployMutation {
    /// Deploys the project's models: checks each on the source and indexes them for questions.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn deploy(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<DeployResult> {
        let id = parse_id(&project_id)?;
        let deploy = deploy::request(&context::state(ctx).services, &context::acting(ctx)?, id).await?;
        Ok(DeployResult { status: deploy.status, error: deploy.error, deploy_id: ID(deploy.id.to_string()) })
    }
}
