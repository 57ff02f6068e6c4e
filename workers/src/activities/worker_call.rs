//! The step of `WorkerCallWorkflow`: a call the api waits for, done on this worker's pool.

use std::sync::Arc;

use quarry_domain::{config::Config, db::Pool, on_worker};
use quarry_workflows::worker_call::activities::PerformCall;
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};

use super::support::{step_error, with_heartbeats};

pub struct WorkerCallActivities {
    pool: Pool,
    config: Config,
}

impl WorkerCallActivities {
    pub fn new(pool: Pool, config: Config) -> Self {
        Self { pool, config }
    }
}

#[activities]
impl WorkerCallActivities {
    #[activity(definition = PerformCall)]
    #[allow(dead_code)]
    pub async fn perform_call(self: Arc<Self>, ctx: ActivityContext, call: String) -> Result<String, ActivityError> {
        with_heartbeats(&ctx, on_worker::perform_sealed(&self.pool, &self.config, &call)).await?.map_err(step_error)
    }
}
