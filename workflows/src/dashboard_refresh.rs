//! Refreshing every tile of a dashboard (a scheduled run, or "refresh all"): one step per
//! tile on the `sql` pool, so a tile that fails records its error and the others go on,
//! and a worker dying midway only means the tile it held runs again elsewhere.
//!
//! Scheduled runs are started by the dashboard's Temporal Schedule (ids
//! `project-<uuid>-dashboard-refresh-<dashboard>-<time>`), manual ones by the api.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use temporalio_macros::{activity_definitions, workflow, workflow_methods};
use temporalio_sdk::{ActivityOptions, WorkflowContext, WorkflowResult, activities::ActivityError};
use uuid::Uuid;

use crate::steps;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DashboardRefreshInput {
    pub project_id: Uuid,
    pub dashboard_id: Uuid,
    /// Where tiles run (the `sql` pool's task queue).
    pub sql_queue: String,
    /// Started by the dashboard's schedule rather than by a user.
    pub scheduled: bool,
}

/// The run's record and the tiles to refresh; None when the dashboard is gone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefreshPlan {
    pub refresh_id: Uuid,
    pub item_ids: Vec<Uuid>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TileRefreshInput {
    pub refresh_id: Uuid,
    pub item_id: Uuid,
}

/// Contracts of the refresh steps, implemented in the worker crate.
pub struct DashboardRefreshActivities;

#[activity_definitions]
impl DashboardRefreshActivities {
    /// Records the run (keyed by the workflow's id) and lists the dashboard's tiles.
    #[activity(name = "BeginDashboardRefresh")]
    pub fn begin_dashboard_refresh(input: DashboardRefreshInput) -> Result<Option<RefreshPlan>, ActivityError> {
        unimplemented!()
    }

    /// Runs one tile at the source, caches its result and records its outcome; a tile that
    /// cannot run records its error and succeeds.
    #[activity(name = "RefreshDashboardTile")]
    pub fn refresh_dashboard_tile(input: TileRefreshInput) -> Result<(), ActivityError> {
        unimplemented!()
    }

    /// Ends the run: SUCCEEDED, PARTIAL or FAILED by its tiles' outcomes.
    #[activity(name = "FinishDashboardRefresh")]
    pub fn finish_dashboard_refresh(refresh_id: Uuid) -> Result<(), ActivityError> {
        unimplemented!()
    }
}

pub mod activities {
    pub use super::dashboard_refresh_activities::{BeginDashboardRefresh, FinishDashboardRefresh, RefreshDashboardTile};
}

/// A tile's query may take up to its one-minute timeout, plus the cache write; a source that
/// is unreachable is retried a few times, then the tile records the failure.
fn tile_step(id: &str, queue: &str) -> ActivityOptions {
    let mut options = steps::long(id, Duration::from_secs(5 * 60), steps::backoff(Duration::from_secs(30), 5));
    options.task_queue = Some(queue.to_owned());
    options
}

#[workflow]
#[derive(Default)]
pub struct DashboardRefreshWorkflow;

#[workflow_methods]
impl DashboardRefreshWorkflow {
    #[run(name = "DashboardRefresh")]
    pub async fn run(ctx: &mut WorkflowContext<Self>, input: DashboardRefreshInput) -> WorkflowResult<()> {
        let queue = input.sql_queue.clone();
        let Some(plan) = ctx.execute_activity(DashboardRefreshActivities::begin_dashboard_refresh, input, steps::short("begin-dashboard-refresh")).await?
        else {
            return Ok(());
        };
        for item_id in &plan.item_ids {
            let tile = TileRefreshInput { refresh_id: plan.refresh_id, item_id: *item_id };
            // A tile whose retries ran out (its source stayed unreachable) has recorded
            // nothing; the run goes on and counts it as not refreshed.
            let _ = ctx.execute_activity(DashboardRefreshActivities::refresh_dashboard_tile, tile, tile_step(&format!("tile-{item_id}"), &queue)).await;
        }
        ctx.execute_activity(DashboardRefreshActivities::finish_dashboard_refresh, plan.refresh_id, steps::short("finish-dashboard-refresh")).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use temporalio_common::{ActivityDefinition, WorkflowDefinition};

    #[test]
    fn names_are_explicit() {
        assert_eq!(DashboardRefreshWorkflow::run.name(), "DashboardRefresh");
        assert_eq!(activities::BeginDashboardRefresh.name(), "BeginDashboardRefresh");
        assert_eq!(activities::RefreshDashboardTile.name(), "RefreshDashboardTile");
        assert_eq!(activities::FinishDashboardRefresh.name(), "FinishDashboardRefresh");
    }

    #[test]
    fn input_wire_format_is_stable() {
        let id = Uuid::parse_str("7f2c1f8e-0d6b-4c43-9d55-2f5b8f0c1a11").unwrap();
        let input = DashboardRefreshInput { project_id: id, dashboard_id: id, sql_queue: "q-sql".into(), scheduled: true };
        assert_eq!(
            serde_json::to_string(&input).unwrap(),
            r#"{"projectId":"7f2c1f8e-0d6b-4c43-9d55-2f5b8f0c1a11","dashboardId":"7f2c1f8e-0d6b-4c43-9d55-2f5b8f0c1a11","sqlQueue":"q-sql","scheduled":true}"#
        );
    }
}
