//! Answering one asking task.
//!
//! BeginAsk checks the model is deployed (waiting while the first deploy runs: DEPLOYING)
//! and whether the organisation has a language model. With one: ClassifyQuestion (a general
//! or misleading question ends with a reply), RetrieveKnowledge (SEARCHING), PlanAnswer
//! (PLANNING), WriteSql (GENERATING) and CheckSql (a dry run), then up to two more WriteSql
//! rounds fed with the error (CORRECTING) before the task fails. Without one — or when the
//! provider stays unreachable through its retries — ReadQuestion (a saved SQL pair, else the
//! embedded engine's reading). Without a language model and with no SQL pairs to rank,
//! ReadAndAnswer reads and answers in one step on the `sql` pool. A stored SQL pair close
//! enough to the question answers it with either. AnswerQuestion (the `sql` queue) runs the SQL and writes the response and
//! FINISHED in one transaction. Each activity writes its own transitions to Postgres,
//! which the client polls. Cancelling the workflow (stop) records STOPPED; since the
//! response is only ever written together with FINISHED, a stopped task leaves none.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use temporalio_common::error::ActivityExecutionError;
use temporalio_macros::{activity_definitions, workflow, workflow_methods};
use temporalio_sdk::{ActivityOptions, TimerResult, WorkflowCancellationToken, WorkflowContext, WorkflowResult, activities::ActivityError};
use uuid::Uuid;

use crate::steps;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AskInput {
    pub project_id: Uuid,
    pub task_id: Uuid,
    /// Task queues of the language-model and SQL steps (from the api's configuration).
    pub llm_queue: String,
    pub sql_queue: String,
}

/// Where the task stands after BeginAsk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AskBegun {
    Ready,
    /// Ready, and the organisation has a language model to answer with.
    ReadyWithLlm,
    /// Ready, with nothing for the `llm` pool to do: no language model and no SQL pairs to
    /// rank, so the engine's reading and the query are one step ([`AskActivities::read_and_answer`]).
    ReadyToAnswer,
    Deploying,
    Ended,
}

/// The SQL understanding produced (none: the task already ended), and what it understood.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AskPlan {
    pub sql: Option<String>,
    pub understood: Vec<String>,
    /// The engine's reading as chips; empty when the SQL came from elsewhere (the answer
    /// step derives it from the SQL). Opaque here: the workflow only hands them from one
    /// step to the next, and the chip type belongs to the engine, which does I/O.
    #[serde(default)]
    pub reading: Vec<serde_json::Value>,
    pub engine_ms: i32,
    /// LLM, ENGINE or SQL_PAIR.
    #[serde(default)]
    pub answered_by: Option<String>,
}

impl AskPlan {
    /// The SQL of a saved question that answers this one as it is.
    pub fn reused(question: &str, sql: String) -> Self {
        AskPlan {
            sql: Some(sql),
            understood: vec![format!("the saved question \u{201c}{question}\u{201d}")],
            answered_by: Some("SQL_PAIR".into()),
            ..AskPlan::default()
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnswerInput {
    pub task_id: Uuid,
    pub plan: AskPlan,
    /// The language model writes the answer and picks the chart.
    #[serde(default)]
    pub llm: bool,
}

/// What retrieval found: a stored pair to reuse (question, SQL), and the context to write SQL from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AskRetrieval {
    pub reused: Option<(String, String)>,
    pub context: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanInput {
    pub task_id: Uuid,
    pub context: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WriteSqlInput {
    pub task_id: Uuid,
    pub context: String,
    pub reasoning: String,
    /// The previous round's SQL and what was wrong with it.
    pub previous: Option<(String, String)>,
    pub round: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SqlCheckInput {
    pub task_id: Uuid,
    pub sql: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GiveUpInput {
    pub task_id: Uuid,
    pub error: String,
}

/// The patch that moved the language model's write-up off the `sql` pool.
const WRITE_UP_ON_LLM_POOL: &str = "write-up-on-llm-pool";
/// Patch marker: without a language model, retrieval and understanding are one step
/// (`ReadQuestion`), a task-queue round trip fewer per ask.
const EMBEDDED_READ_IN_ONE_STEP: &str = "embedded-read-in-one-step";

/// Rounds of writing SQL (the first and its corrections) before the task fails.
pub const SQL_ROUNDS: u8 = 3;

/// How long a task waits for the project's first deploy before it gives up.
pub const DEPLOY_WAIT: Duration = Duration::from_secs(15 * 60);
const DEPLOY_POLL: Duration = Duration::from_secs(2);

pub struct AskActivities;

#[activity_definitions]
impl AskActivities {
    /// UNDERSTANDING when the model is deployed, DEPLOYING while the first deploy runs,
    /// DEPLOY_FAILED when there is none to answer from.
    #[activity(name = "BeginAsk")]
    pub fn begin_ask(task_id: Uuid) -> Result<AskBegun, ActivityError> {
        unimplemented!()
    }

    /// UNDERSTANDING with the language model: false when the task ended (a general or
    /// misleading question got its reply, or the provider refused).
    #[activity(name = "ClassifyQuestion")]
    pub fn classify_question(task_id: Uuid) -> Result<bool, ActivityError> {
        unimplemented!()
    }

    /// SEARCHING: schema items, SQL pairs and instructions ranked against the question.
    #[activity(name = "RetrieveKnowledge")]
    pub fn retrieve_knowledge(task_id: Uuid) -> Result<AskRetrieval, ActivityError> {
        unimplemented!()
    }

    /// PLANNING: the language model's reasoning (None: the task ended).
    #[activity(name = "PlanAnswer")]
    pub fn plan_answer(input: PlanInput) -> Result<Option<String>, ActivityError> {
        unimplemented!()
    }

    /// GENERATING or CORRECTING: SQL from the language model (None: the task ended).
    #[activity(name = "WriteSql")]
    pub fn write_sql(input: WriteSqlInput) -> Result<Option<String>, ActivityError> {
        unimplemented!()
    }

    /// Compiles and dry-runs the SQL: None when it would run, else its error.
    #[activity(name = "CheckSql")]
    pub fn check_sql(input: SqlCheckInput) -> Result<Option<String>, ActivityError> {
        unimplemented!()
    }

    /// FAILED with the last round's error.
    #[activity(name = "GiveUpAsk")]
    pub fn give_up_ask(input: GiveUpInput) -> Result<(), ActivityError> {
        unimplemented!()
    }

    /// SEARCHING and PLANNING: the question → SQL over the models, or NO_RESULT.
    /// Without a language model: a saved SQL pair that answers the question, else the
    /// engine's reading of it ([`AskPlan::reused`] or the understanding).
    #[activity(name = "ReadQuestion")]
    pub fn read_question(task_id: Uuid) -> Result<AskPlan, ActivityError> {
        unimplemented!()
    }

    #[activity(name = "UnderstandQuestion")]
    pub fn understand_question(task_id: Uuid) -> Result<AskPlan, ActivityError> {
        unimplemented!()
    }

    /// SEARCHING and PLANNING, then GENERATING: the engine's reading of the question and,
    /// when every part is placed, its query and the response with FINISHED (NO_RESULT
    /// otherwise). The embedded path in one step on the `sql` pool, when reading needs no
    /// embedding (see [`AskBegun::ReadyToAnswer`]).
    #[activity(name = "ReadAndAnswer")]
    pub fn read_and_answer(task_id: Uuid) -> Result<(), ActivityError> {
        unimplemented!()
    }

    /// GENERATING: runs the SQL and writes the response with FINISHED (or FAILED).
    #[activity(name = "AnswerQuestion")]
    pub fn answer_question(input: AnswerInput) -> Result<bool, ActivityError> {
        unimplemented!()
    }

    /// GENERATING: runs the SQL and keeps the result for [`Self::write_answer`] (false: the
    /// task ended). The `sql` pool's part of an answer the language model writes.
    #[activity(name = "RunQuery")]
    pub fn run_query(input: AnswerInput) -> Result<bool, ActivityError> {
        unimplemented!()
    }

    /// The language model writes the answer and picks the chart from the kept result, then
    /// FINISHED (false: the task ended). The `llm` pool's part.
    #[activity(name = "WriteAnswer")]
    pub fn write_answer(input: AnswerInput) -> Result<bool, ActivityError> {
        unimplemented!()
    }

    /// STOPPED, unless the task ended first.
    #[activity(name = "StopAsk")]
    pub fn stop_ask(task_id: Uuid) -> Result<(), ActivityError> {
        unimplemented!()
    }

    /// FAILED with a reason, after a step kept failing.
    #[activity(name = "FailAsk")]
    pub fn fail_ask(task_id: Uuid) -> Result<(), ActivityError> {
        unimplemented!()
    }
}

pub mod activities {
    pub use super::ask_activities::{
        AnswerQuestion, BeginAsk, CheckSql, ClassifyQuestion, FailAsk, GiveUpAsk, PlanAnswer, ReadAndAnswer, ReadQuestion, RetrieveKnowledge, RunQuery,
        StopAsk, UnderstandQuestion, WriteAnswer, WriteSql,
    };
}

/// A step on another task queue, heartbeating, retried a few times on transient failures.
fn step(id: &str, queue: &str) -> ActivityOptions {
    let mut options = steps::long(id, Duration::from_secs(5 * 60), steps::backoff(Duration::from_secs(10), 5));
    options.task_queue = Some(queue.to_owned());
    options
}

/// A language-model step: provider failures worth retrying are retried a few times quickly;
/// when they keep failing the embedded engine answers instead.
fn llm_step(id: &str, queue: &str) -> ActivityOptions {
    let mut options = steps::long(id, Duration::from_secs(5 * 60), steps::backoff(Duration::from_secs(8), 4));
    options.task_queue = Some(queue.to_owned());
    options
}

/// Why the language model did not produce SQL.
enum LlmMissed {
    Stopped,
    /// The provider stayed unreachable: the embedded engine answers instead.
    Unavailable,
}

impl From<ActivityExecutionError> for LlmMissed {
    fn from(error: ActivityExecutionError) -> Self {
        match error {
            ActivityExecutionError::Cancelled(_) => Self::Stopped,
            _ => Self::Unavailable,
        }
    }
}

/// Why a task ended early.
enum Interrupted {
    /// The workflow was cancelled (the user stopped the task).
    Stopped,
    /// A step kept failing, or the first deploy never finished.
    Failed,
}

impl From<ActivityExecutionError> for Interrupted {
    fn from(error: ActivityExecutionError) -> Self {
        match error {
            ActivityExecutionError::Cancelled(_) => Self::Stopped,
            _ => Self::Failed,
        }
    }
}

#[workflow]
#[derive(Default)]
pub struct AskWorkflow;

#[workflow_methods]
impl AskWorkflow {
    #[run(name = "Ask")]
    pub async fn run(ctx: &mut WorkflowContext<Self>, input: AskInput) -> WorkflowResult<()> {
        match Self::answer(ctx, &input).await {
            Ok(()) => {}
            Err(Interrupted::Stopped) => {
                // Recorded by a step the cancellation does not reach.
                let mut options = steps::short("stop-ask");
                options.cancellation_token = Some(WorkflowCancellationToken::new());
                ctx.execute_activity(AskActivities::stop_ask, input.task_id, options).await?;
            }
            Err(Interrupted::Failed) => {
                ctx.execute_activity(AskActivities::fail_ask, input.task_id, steps::short("fail-ask")).await?;
            }
        }
        Ok(())
    }
}

impl AskWorkflow {
    async fn answer(ctx: &mut WorkflowContext<Self>, input: &AskInput) -> Result<(), Interrupted> {
        let mut waited = Duration::ZERO;
        let mut llm = loop {
            // Local: the first step should not wait for a task queue round trip.
            match ctx.execute_local_activity(AskActivities::begin_ask, input.task_id, steps::local("begin-ask")).await? {
                AskBegun::Ready => break false,
                AskBegun::ReadyWithLlm => break true,
                AskBegun::ReadyToAnswer => {
                    // Recorded by BeginAsk, so runs from before this step existed replay as
                    // they ran (they recorded Ready).
                    ctx.execute_activity(AskActivities::read_and_answer, input.task_id, step("answer", &input.sql_queue)).await?;
                    return Ok(());
                }
                AskBegun::Ended => return Ok(()),
                AskBegun::Deploying if waited >= DEPLOY_WAIT => return Err(Interrupted::Failed),
                AskBegun::Deploying => {
                    if ctx.timer(DEPLOY_POLL).await == TimerResult::Cancelled {
                        return Err(Interrupted::Stopped);
                    }
                    waited += DEPLOY_POLL;
                }
            }
        };
        if llm {
            match ctx.execute_activity(AskActivities::classify_question, input.task_id, llm_step("intent", &input.llm_queue)).await {
                Ok(true) => {}
                Ok(false) => return Ok(()),
                Err(ActivityExecutionError::Cancelled(_)) => return Err(Interrupted::Stopped),
                Err(_) => llm = false,
            }
        }
        let plan = if !llm && ctx.patched(EMBEDDED_READ_IN_ONE_STEP) {
            Some(ctx.execute_activity(AskActivities::read_question, input.task_id, step("read", &input.llm_queue)).await?)
        } else {
            Self::retrieve_and_plan(ctx, input, &mut llm).await?
        };
        let Some(plan) = plan.filter(|plan| plan.sql.is_some()) else {
            return Ok(());
        };
        let answer = AnswerInput { task_id: input.task_id, plan, llm };
        // With the language model, the query runs on the `sql` pool and the write-up on the
        // `llm` pool. Histories from before the split replay the single step.
        if llm && ctx.patched(WRITE_UP_ON_LLM_POOL) {
            if ctx.execute_activity(AskActivities::run_query, answer.clone(), step("query", &input.sql_queue)).await? {
                ctx.execute_activity(AskActivities::write_answer, answer, step("write-answer", &input.llm_queue)).await?;
            }
        } else {
            ctx.execute_activity(AskActivities::answer_question, answer, step("answer", &input.sql_queue)).await?;
        }
        Ok(())
    }

    /// Knowledge first (a saved SQL pair answers the question as it is), then the language
    /// model's SQL or, without it, the engine's reading; `None` when the task ended. `llm`
    /// turns false when the model could not be used.
    async fn retrieve_and_plan(ctx: &mut WorkflowContext<Self>, input: &AskInput, llm: &mut bool) -> Result<Option<AskPlan>, Interrupted> {
        let retrieval = ctx.execute_activity(AskActivities::retrieve_knowledge, input.task_id, step("retrieve", &input.llm_queue)).await?;
        if let Some((question, sql)) = retrieval.reused {
            return Ok(Some(AskPlan::reused(&question, sql)));
        }
        let written = if *llm { Self::write_sql(ctx, input, retrieval.context).await } else { Err(LlmMissed::Unavailable) };
        match written {
            Ok(Some(sql)) => Ok(Some(AskPlan { sql: Some(sql), answered_by: Some("LLM".into()), ..AskPlan::default() })),
            Ok(None) => Ok(None),
            Err(LlmMissed::Stopped) => Err(Interrupted::Stopped),
            Err(LlmMissed::Unavailable) => {
                *llm = false;
                let understand = step("understand", &input.llm_queue);
                Ok(Some(ctx.execute_activity(AskActivities::understand_question, input.task_id, understand).await?))
            }
        }
    }

    /// Plan, write, check, and correct up to [`SQL_ROUNDS`] rounds; `None` when the task ended.
    async fn write_sql(ctx: &mut WorkflowContext<Self>, input: &AskInput, context: String) -> Result<Option<String>, LlmMissed> {
        let task_id = input.task_id;
        let plan = PlanInput { task_id, context: context.clone() };
        let Some(reasoning) = ctx.execute_activity(AskActivities::plan_answer, plan, llm_step("plan", &input.llm_queue)).await? else {
            return Ok(None);
        };
        let mut previous: Option<(String, String)> = None;
        for round in 1..=SQL_ROUNDS {
            let write = WriteSqlInput { task_id, context: context.clone(), reasoning: reasoning.clone(), previous: previous.clone(), round };
            let id = format!("sql-{round}");
            let Some(sql) = ctx.execute_activity(AskActivities::write_sql, write, llm_step(&id, &input.llm_queue)).await? else {
                return Ok(None);
            };
            let check = SqlCheckInput { task_id, sql: sql.clone() };
            let id = format!("check-{round}");
            match ctx.execute_activity(AskActivities::check_sql, check, step(&id, &input.sql_queue)).await? {
                None => return Ok(Some(sql)),
                Some(error) => previous = Some((sql, error)),
            }
        }
        let error = previous.map(|(_, error)| error).unwrap_or_default();
        let give_up = GiveUpInput { task_id, error };
        ctx.execute_activity(AskActivities::give_up_ask, give_up, steps::short("give-up")).await.map_err(LlmMissed::from)?;
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use temporalio_common::{ActivityDefinition, WorkflowDefinition};

    #[test]
    fn names_are_explicit() {
        assert_eq!(AskWorkflow::run.name(), "Ask");
        assert_eq!(activities::BeginAsk.name(), "BeginAsk");
        assert_eq!(activities::UnderstandQuestion.name(), "UnderstandQuestion");
        assert_eq!(activities::ReadAndAnswer.name(), "ReadAndAnswer");
        assert_eq!(activities::AnswerQuestion.name(), "AnswerQuestion");
        assert_eq!(activities::StopAsk.name(), "StopAsk");
        assert_eq!(activities::FailAsk.name(), "FailAsk");
        assert_eq!(activities::ClassifyQuestion.name(), "ClassifyQuestion");
        assert_eq!(activities::RetrieveKnowledge.name(), "RetrieveKnowledge");
        assert_eq!(activities::ReadQuestion.name(), "ReadQuestion");
        assert_eq!(activities::PlanAnswer.name(), "PlanAnswer");
        assert_eq!(activities::WriteSql.name(), "WriteSql");
        assert_eq!(activities::CheckSql.name(), "CheckSql");
        assert_eq!(activities::GiveUpAsk.name(), "GiveUpAsk");
        assert_eq!(activities::RunQuery.name(), "RunQuery");
        assert_eq!(activities::WriteAnswer.name(), "WriteAnswer");
    }
}
