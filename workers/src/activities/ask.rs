//! The steps of `AskWorkflow`. Each step records its own transitions and every write is
//! guarded by the task's state, so a step that runs again (a worker died) changes nothing
//! that was already recorded.

use std::sync::Arc;

use quarry_domain::TaskErrorCode;
use quarry_domain::{
    asking::{
        self, AskStatus,
        answer::{self, Begun, Plan},
        llm,
    },
    config::Config,
    db::Pool,
    retrieval::Embedder,
};
use quarry_llm::local::LOCAL_MODEL;
use quarry_workflows::ask::{
    AnswerInput, AskBegun, AskPlan, AskRetrieval, GiveUpInput, PlanInput, SqlCheckInput, WriteSqlInput,
    activities::{
        AnswerQuestion, BeginAsk, CheckSql, ClassifyQuestion, FailAsk, GiveUpAsk, PlanAnswer, ReadAndAnswer, ReadQuestion, RetrieveKnowledge, RunQuery,
        StopAsk, UnderstandQuestion, WriteAnswer, WriteSql,
    },
};
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};
use tracing::{info, warn};
use uuid::Uuid;

use super::{
    embedding::LocalModel,
    support::{Chaos, step_error, with_heartbeats},
};

/// The engine's chips as the workflow carries them (opaque JSON: the workflows crate does
/// not know the engine).
fn chips_out(reading: &[asking::Chip]) -> Result<Vec<serde_json::Value>, ActivityError> {
    reading.iter().map(|chip| serde_json::to_value(chip).map_err(|e| step_error(quarry_domain::Error::internal(e)))).collect()
}

fn chips_in(reading: Vec<serde_json::Value>) -> Result<Vec<asking::Chip>, ActivityError> {
    reading.into_iter().map(|chip| serde_json::from_value(chip).map_err(|e| step_error(quarry_domain::Error::internal(e)))).collect()
}

fn plan_of(plan: AskPlan) -> Result<Plan, ActivityError> {
    Ok(Plan { sql: plan.sql, understood: plan.understood, reading: chips_in(plan.reading)?, engine_ms: plan.engine_ms, answered_by: plan.answered_by })
}

/// Said when a step kept failing for reasons that are not the question's.
pub const ASK_FAILED: &str = "The question could not be answered right now. Please try again.";

pub struct AskActivities {
    pool: Pool,
    config: Config,
    chaos: Chaos,
    local_model: LocalModel,
}

impl AskActivities {
    pub fn new(pool: Pool, config: Config, chaos: Chaos, local_model: LocalModel) -> Self {
        Self { pool, config, chaos, local_model }
    }

    /// The chaos delay, awaited once GENERATING is recorded so a test can stop a task there.
    fn pause(&self) -> impl std::future::Future<Output = ()> + use<> {
        let delay = self.chaos.step_delay();
        async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
        }
    }

    /// The embedder retrieval uses for this task (see [`LocalModel::choose`]). None when the
    /// embedded engine answers and the project has no SQL pairs: the question's embedding
    /// would only rank pairs to reuse and context for a language model, so it is not made
    /// (it is the largest CPU cost of an ask on that path).
    async fn embedder(&self, task_id: Uuid) -> quarry_domain::Result<Option<Box<dyn Embedder>>> {
        let task = asking::get(&self.pool, task_id).await?;
        let project_llm = llm::for_task(&self.pool, &self.config, &task).await?;
        if project_llm.is_none() && !quarry_domain::knowledge::has_sql_pairs(&self.pool, task.project_id).await? {
            return Ok(None);
        }
        Ok(self.local_model.choose(project_llm).await)
    }

    /// A saved SQL pair that answers the question, and the knowledge a language model reads.
    async fn retrieve(&self, ctx: &ActivityContext, task_id: Uuid) -> Result<AskRetrieval, ActivityError> {
        let work = async {
            let embedder = self.embedder(task_id).await?;
            match llm::retrieve(&self.pool, embedder.as_deref(), task_id).await {
                Err(error) if embedder.as_ref().is_some_and(|e| e.model() != LOCAL_MODEL) => {
                    // The provider's embeddings are down: the local model keeps retrieval going.
                    warn!(%task_id, "retrieving with the local model, the provider's embeddings failed: {error}");
                    let local = self.local_model.embedder().await;
                    llm::retrieve(&self.pool, local.as_deref(), task_id).await
                }
                found => found,
            }
        };
        let found = with_heartbeats(ctx, work).await?.map_err(step_error)?;
        info!(%task_id, reused = found.reused.is_some(), "knowledge retrieved");
        Ok(AskRetrieval { reused: found.reused, context: found.context })
    }

    /// The embedded engine's reading of the question, and its SQL when every part is placed.
    async fn understand(&self, ctx: &ActivityContext, task_id: Uuid) -> Result<AskPlan, ActivityError> {
        let plan = with_heartbeats(ctx, answer::understand(&self.pool, &self.config, task_id)).await?.map_err(step_error)?;
        info!(%task_id, understood = plan.sql.is_some(), "question understood");
        Ok(AskPlan { sql: plan.sql, understood: plan.understood, reading: chips_out(&plan.reading)?, engine_ms: plan.engine_ms, answered_by: plan.answered_by })
    }
}

#[activities]
impl AskActivities {
    #[activity(definition = BeginAsk)]
    #[allow(dead_code)]
    pub async fn begin_ask(self: Arc<Self>, _ctx: ActivityContext, task_id: Uuid) -> Result<AskBegun, ActivityError> {
        Ok(match answer::begin(&self.pool, task_id).await.map_err(step_error)? {
            Begun::Ready => {
                let task = asking::get(&self.pool, task_id).await.map_err(step_error)?;
                let has_llm = task.given_sql.is_none() && llm::for_task(&self.pool, &self.config, &task).await.map_err(step_error)?.is_some();
                if has_llm {
                    AskBegun::ReadyWithLlm
                } else if quarry_domain::knowledge::has_sql_pairs(&self.pool, task.project_id).await.map_err(step_error)? {
                    // A saved question may answer this one: ranking them is the llm pool's.
                    AskBegun::Ready
                } else {
                    AskBegun::ReadyToAnswer
                }
            }
            Begun::Deploying => AskBegun::Deploying,
            Begun::Ended => AskBegun::Ended,
        })
    }

    #[activity(definition = UnderstandQuestion)]
    #[allow(dead_code)]
    pub async fn understand_question(self: Arc<Self>, ctx: ActivityContext, task_id: Uuid) -> Result<AskPlan, ActivityError> {
        self.understand(&ctx, task_id).await
    }

    #[activity(definition = ReadQuestion)]
    #[allow(dead_code)]
    pub async fn read_question(self: Arc<Self>, ctx: ActivityContext, task_id: Uuid) -> Result<AskPlan, ActivityError> {
        match self.retrieve(&ctx, task_id).await?.reused {
            Some((question, sql)) => Ok(AskPlan::reused(&question, sql)),
            None => self.understand(&ctx, task_id).await,
        }
    }

    #[activity(definition = ReadAndAnswer)]
    #[allow(dead_code)]
    pub async fn read_and_answer(self: Arc<Self>, ctx: ActivityContext, task_id: Uuid) -> Result<(), ActivityError> {
        let plan = self.understand(&ctx, task_id).await?;
        if plan.sql.is_some() {
            let plan = plan_of(plan)?;
            let finished = with_heartbeats(&ctx, answer::answer(&self.pool, &self.config, task_id, &plan, None, self.pause())).await?.map_err(step_error)?;
            info!(%task_id, finished, "question answered");
        }
        Ok(())
    }

    #[activity(definition = ClassifyQuestion)]
    #[allow(dead_code)]
    pub async fn classify_question(self: Arc<Self>, ctx: ActivityContext, task_id: Uuid) -> Result<bool, ActivityError> {
        with_heartbeats(&ctx, llm::classify(&self.pool, &self.config, task_id)).await?.map_err(step_error)
    }

    #[activity(definition = RetrieveKnowledge)]
    #[allow(dead_code)]
    pub async fn retrieve_knowledge(self: Arc<Self>, ctx: ActivityContext, task_id: Uuid) -> Result<AskRetrieval, ActivityError> {
        self.retrieve(&ctx, task_id).await
    }

    #[activity(definition = PlanAnswer)]
    #[allow(dead_code)]
    pub async fn plan_answer(self: Arc<Self>, ctx: ActivityContext, input: PlanInput) -> Result<Option<String>, ActivityError> {
        with_heartbeats(&ctx, llm::plan(&self.pool, &self.config, input.task_id, &input.context)).await?.map_err(step_error)
    }

    #[activity(definition = WriteSql)]
    #[allow(dead_code)]
    pub async fn write_sql(self: Arc<Self>, ctx: ActivityContext, input: WriteSqlInput) -> Result<Option<String>, ActivityError> {
        let previous = input.previous.as_ref().map(|(sql, error)| (sql.as_str(), error.as_str()));
        let work = llm::generate(&self.pool, &self.config, input.task_id, &input.context, &input.reasoning, previous, input.round);
        let sql = with_heartbeats(&ctx, work).await?.map_err(step_error)?;
        info!(task_id = %input.task_id, round = input.round, written = sql.is_some(), "SQL written");
        Ok(sql)
    }

    #[activity(definition = CheckSql)]
    #[allow(dead_code)]
    pub async fn check_sql(self: Arc<Self>, ctx: ActivityContext, input: SqlCheckInput) -> Result<Option<String>, ActivityError> {
        with_heartbeats(&ctx, llm::check(&self.pool, &self.config, input.task_id, &input.sql)).await?.map_err(step_error)
    }

    #[activity(definition = GiveUpAsk)]
    #[allow(dead_code)]
    pub async fn give_up_ask(self: Arc<Self>, _ctx: ActivityContext, input: GiveUpInput) -> Result<(), ActivityError> {
        llm::give_up(&self.pool, input.task_id, &input.error).await.map_err(step_error)
    }

    #[activity(definition = AnswerQuestion)]
    #[allow(dead_code)]
    pub async fn answer_question(self: Arc<Self>, ctx: ActivityContext, input: AnswerInput) -> Result<bool, ActivityError> {
        let plan = plan_of(input.plan)?;
        let pause = self.pause();
        let work = async {
            let task = asking::get(&self.pool, input.task_id).await?;
            let project_llm = match input.llm {
                true => llm::for_task(&self.pool, &self.config, &task).await?,
                false => None,
            };
            answer::answer(&self.pool, &self.config, input.task_id, &plan, project_llm.as_ref(), pause).await
        };
        let finished = with_heartbeats(&ctx, work).await?.map_err(step_error)?;
        info!(task_id = %input.task_id, finished, "question answered");
        Ok(finished)
    }

    #[activity(definition = RunQuery)]
    #[allow(dead_code)]
    pub async fn run_query(self: Arc<Self>, ctx: ActivityContext, input: AnswerInput) -> Result<bool, ActivityError> {
        let plan = plan_of(input.plan)?;
        let work = answer::run_and_keep(&self.pool, &self.config, input.task_id, &plan, self.pause());
        let kept = with_heartbeats(&ctx, work).await?.map_err(step_error)?;
        info!(task_id = %input.task_id, kept, "query run for the write-up");
        Ok(kept)
    }

    #[activity(definition = WriteAnswer)]
    #[allow(dead_code)]
    pub async fn write_answer(self: Arc<Self>, ctx: ActivityContext, input: AnswerInput) -> Result<bool, ActivityError> {
        let plan = plan_of(input.plan)?;
        let work = async {
            let task = asking::get(&self.pool, input.task_id).await?;
            let project_llm = llm::for_task(&self.pool, &self.config, &task).await?;
            answer::write_up_kept(&self.pool, input.task_id, &plan, project_llm.as_ref()).await
        };
        let finished = with_heartbeats(&ctx, work).await?.map_err(step_error)?;
        info!(task_id = %input.task_id, finished, "answer written");
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
        asking::end_unanswered(&self.pool, task_id, AskStatus::Failed, TaskErrorCode::InternalServerError, ASK_FAILED, &[], &[]).await.map_err(step_error)?;
        Ok(())
    }
}
