//! Answering one asking task.
//!
//! BeginAsk checks the model is deployed (waiting while the first deploy runs: DEPLOYING);
//! UnderstandQuestion (the `llm` queue: SEARCHING, PLANNING) turns the question into SQL over
//! the models; AnswerQuestion (the `sql` queue: GENERATING) runs it and writes the response
//! and FINISHED in one transaction. Each activity writes its own transitions to Postgres,
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
    Deploying,
    Ended,
}

/// The SQL understanding produced (none: the task already ended), and what it understood.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AskPlan {
    pub sql: Option<String>,
    pub understood: Vec<String>,
    pub engine_ms: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnswerInput {
    pub task_id: Uuid,
    pub plan: AskPlan,
}

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

    /// SEARCHING and PLANNING: the question → SQL over the models, or NO_RESULT.
    #[activity(name = "UnderstandQuestion")]
    pub fn understand_question(task_id: Uuid) -> Result<AskPlan, ActivityError> {
        unimplemented!()
    }

    /// GENERATING: runs the SQL and writes the response with FINISHED (or FAILED).
    #[activity(name = "AnswerQuestion")]
    pub fn answer_question(input: AnswerInput) -> Result<bool, ActivityError> {
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
    pub use super::ask_activities::{AnswerQuestion, BeginAsk, FailAsk, StopAsk, UnderstandQuestion};
}

/// A step on another task queue, heartbeating, retried a few times on transient failures.
fn step(id: &str, queue: &str) -> ActivityOptions {
    let mut options = steps::long(id, Duration::from_secs(5 * 60), steps::backoff(Duration::from_secs(10), 5));
    options.task_queue = Some(queue.to_owned());
    options
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
        loop {
            // Local: the first step should not wait for a task queue round trip.
            match ctx.execute_local_activity(AskActivities::begin_ask, input.task_id, steps::local("begin-ask")).await? {
                AskBegun::Ready => break,
                AskBegun::Ended => return Ok(()),
                AskBegun::Deploying if waited >= DEPLOY_WAIT => return Err(Interrupted::Failed),
                AskBegun::Deploying => {
                    if ctx.timer(DEPLOY_POLL).await == TimerResult::Cancelled {
                        return Err(Interrupted::Stopped);
                    }
                    waited += DEPLOY_POLL;
                }
            }
        }
        let plan = ctx.execute_activity(AskActivities::understand_question, input.task_id, step("understand", &input.llm_queue)).await?;
        if plan.sql.is_none() {
            return Ok(());
        }
        let answer = AnswerInput { task_id: input.task_id, plan };
        ctx.execute_activity(AskActivities::answer_question, answer, step("answer", &input.sql_queue)).await?;
        Ok(())
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
        assert_eq!(activities::AnswerQuestion.name(), "AnswerQuestion");
        assert_eq!(activities::StopAsk.name(), "StopAsk");
        assert_eq!(activities::FailAsk.name(), "FailAsk");
    }
}
