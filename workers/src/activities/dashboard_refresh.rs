//! The steps of `DashboardRefreshWorkflow`: the run's record on the workflows queue, each
//! tile on the `sql` pool. Every write is keyed by the run and the tile, so a step that runs
//! again after a worker died changes nothing already recorded.

use std::sync::Arc;

use quarry_domain::{
    config::Config,
    dashboard::{cache::ResultCache, refresh},
    db::Pool,
};
use quarry_workflows::dashboard_refresh::{
    DashboardRefreshInput, RefreshPlan, TileRefreshInput,
    activities::{BeginDashboardRefresh, FinishDashboardRefresh, RefreshDashboardTile},
};
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};
use tracing::info;
use uuid::Uuid;

use super::support::{Chaos, step_error, with_heartbeats};

pub struct DashboardRefreshActivities {
    pool: Pool,
    config: Config,
    results: ResultCache,
    chaos: Chaos,
}

impl DashboardRefreshActivities {
    pub fn new(pool: Pool, config: Config, results: ResultCache, chaos: Chaos) -> Self {
        Self { pool, config, results, chaos }
    }
}

#[activities]
impl DashboardRefreshActivities {
    #[activity(definition = BeginDashboardRefresh)]
    #[allow(dead_code)]
    pub async fn begin_dashboard_refresh(self: Arc<Self>, ctx: ActivityContext, input: DashboardRefreshInput) -> Result<Option<RefreshPlan>, ActivityError> {
        let workflow_id = ctx.info().workflow_id.clone().unwrap_or_default();
        let begun = refresh::begin(&self.pool, input.dashboard_id, &workflow_id, input.scheduled).await.map_err(step_error)?;
        info!(dashboard_id = %input.dashboard_id, %workflow_id, tiles = begun.as_ref().map_or(0, |(_, items)| items.len()), "dashboard refresh begun");
        Ok(begun.map(|(refresh_id, item_ids)| RefreshPlan { refresh_id, item_ids }))
    }

    #[activity(definition = RefreshDashboardTile)]
    #[allow(dead_code)]
    pub async fn refresh_dashboard_tile(self: Arc<Self>, ctx: ActivityContext, input: TileRefreshInput) -> Result<(), ActivityError> {
        self.chaos.before_step(&ctx).await?;
        let work = refresh::refresh_tile(&self.pool, &self.config, &self.results, input.refresh_id, input.item_id);
        with_heartbeats(&ctx, work).await?.map_err(step_error)?;
        info!(refresh_id = %input.refresh_id, item_id = %input.item_id, "dashboard tile refreshed");
        Ok(())
    }

    #[activity(definition = FinishDashboardRefresh)]
    #[allow(dead_code)]
    pub async fn finish_dashboard_refresh(self: Arc<Self>, _ctx: ActivityContext, refresh_id: Uuid) -> Result<(), ActivityError> {
        refresh::finish(&self.pool, refresh_id).await.map_err(step_error)
    }
}
