//! The steps of `GenerationWorkflow`.

use std::sync::Arc;

use quarry_domain::{config::Config, db::Pool, generation};
use quarry_workflows::generation::activities::{FailGeneration, Generate};
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};
use tracing::info;
use uuid::Uuid;

use super::support::{step_error, with_heartbeats};

pub struct GenerationActivities {
    pool: Pool,
    config: Config,
}

impl GenerationActivities {
    pub fn new(pool: Pool, config: Config) -> Self {
        Self { pool, config }
    }
}

#[activities]
impl GenerationActivities {
    #[activity(definition = Generate)]
    #[allow(dead_code)]
    pub async fn generate(self: Arc<Self>, ctx: ActivityContext, task_id: Uuid) -> Result<(), ActivityError> {
        with_heartbeats(&ctx, generation::run(&self.pool, &self.config, task_id)).await?.map_err(step_error)?;
        info!(%task_id, "generation task done");
        Ok(())
    }

    #[activity(definition = FailGeneration)]
    #[allow(dead_code)]
    pub async fn fail_generation(self: Arc<Self>, _ctx: ActivityContext, task_id: Uuid) -> Result<(), ActivityError> {
        generation::fail(&self.pool, task_id).await.map_err(step_error)
    }
}
