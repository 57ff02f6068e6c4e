//! The steps of `AskWorkflow`. Each step records its own transitions and every write is
//! guarded by the task's state, so a step that runs again (a worker died) changes nothing
//! that was already recorded.

use std::sync::Arc;

use quarry_domain::{
    asking::{
        self, AskStatus,
        answer::{self, Begun, Plan},
    },
    config::Config,
    db::Pool,
};
use quarry_workflows::ask::{
    AnswerInput, AskBegun, AskPlan,
    activities::{AnswerQuestion, BeginAsk, FailAsk, StopAsk, UnderstandQuestion},
};
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};
use tracing::info;
use uuid::Uuid;

use super::support::{Chaos, step_error, with_heartbeats};

/// Said when a step kept failing for reasons that are not the question's.
pub const ASK_FAILED: &str = "The question could not be answered right now. Please try again.";

pub struct AskActivities {
    pool: Pool,
    config: Config,
    chaos: Chaos,
}

impl AskActivities {
    pub fn new(pool: Pool, config: Config, chaos: Chaos) -> Self {
        Self { pool, config, chaos }
    }
}

#[activities]
impl AskActivities {
    #[activity(definition = BeginAsk)]
    #[allow(dead_code)]
    pub async fn begin_ask(self: Arc<Self>, _ctx: ActivityContext, task_id: Uuid) -> Result<AskBegun, ActivityError> {
        Ok(match answer::begin(&self.pool, task_id).await.map_err(step_error)? {
            Begun::Ready => AskBegun::Ready,
            Begun::Deploying => AskBegun::Deploying,
            Begun::Ended => AskBegun::Ended,
        })
    }

    #[activity(definition = UnderstandQuestion)]
    #[allow(dead_code)]
    pub async fn understand_question(self: Arc<Self>, ctx: ActivityContext, task_id: Uuid) -> Result<AskPlan, ActivityError> {
        let plan = with_heartbeats(&ctx, answer::understand(&self.pool, task_id)).await?.map_err(step_error)?;
        info!(%task_id, understood = plan.sql.is_some(), "question understood");
        Ok(AskPlan { sql: plan.sql, understood: plan.understood, engine_ms: plan.engine_ms })
    }

    #[activity(definition = AnswerQuestion)]
    #[allow(dead_code)]
    pub async fn answer_question(self: Arc<Self>, ctx: ActivityContext, input: AnswerInput) -> Result<bool, ActivityError> {
        let plan = Plan { sql: input.plan.sql, understood: input.plan.understood, engine_ms: input.plan.engine_ms };
        // The chaos delay sits after GENERATING is recorded, so a test can stop a task there.
        let delay = self.chaos.step_delay();
        let pause = async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
        };
        let work = answer::answer(&self.pool, &self.config, input.task_id, &plan, pause);
        let finished = with_heartbeats(&ctx, work).await?.map_err(step_error)?;
        info!(task_id = %input.task_id, finished, "question answered");
        Ok(finished)
    }

    #[activity(definition = StopAsk)]
    #[allow(dead_code)]
    pub async fn stop_ask(self: Arc<Self>, _ctx: ActivityContext, task_id: Uuid) -> Result<(), ActivityError> {
        let stopped = asking::set_status(&self.pool, task_id, AskStatus::Stopped).await.map_err(step_error)?;
        info!(%task_id, stopped, "ask stopped");
        Ok(())
    }

    #[activity(definition = FailAsk)]
    #[allow(dead_code)]
    pub async fn fail_ask(self: Arc<Self>, _ctx: ActivityContext, task_id: Uuid) -> Result<(), ActivityError> {
        asking::end_unanswered(&self.pool, task_id, AskStatus::Failed, "INTERNAL_SERVER_ERROR", ASK_FAILED, &[], &[])
            .await
            .map_err(step_error)?;
        Ok(())
    }
}
