//! A short call the api waits for: one step on the `sql` or `llm` queue (test a connection,
//! list a source's tables, preview rows, check a calculated field, reach a language-model
//! provider). It runs as a workflow so the worker pools carry it, bounded like the rest of
//! their work, and a worker that dies mid-call hands it to another.
//!
//! The call and its reply are opaque, sealed text: they may hold a password, an API key or
//! rows of a tenant's data, none of which belongs in a workflow history.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use temporalio_macros::{activity_definitions, workflow, workflow_methods};
use temporalio_sdk::{ActivityOptions, WorkflowContext, WorkflowResult, activities::ActivityError};

use crate::steps;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkerCallInput {
    /// The task queue of the pool that does the work.
    pub queue: String,
    /// The sealed call.
    pub call: String,
    /// How long the caller waits; the step gets no longer.
    pub within_secs: u64,
}

pub struct WorkerCallActivities;

#[activity_definitions]
impl WorkerCallActivities {
    /// Opens the call, does it, and returns the sealed reply (a refusal the user can act on
    /// is a reply too, not a failed step).
    #[activity(name = "PerformCall")]
    pub fn perform_call(call: String) -> Result<String, ActivityError> {
        unimplemented!()
    }
}

pub mod activities {
    pub use super::worker_call_activities::PerformCall;
}

/// One retry: a worker that died mid-call hands it on, while the caller still waits.
fn call_step(input: &WorkerCallInput) -> ActivityOptions {
    let within = Duration::from_secs(input.within_secs.max(1));
    ActivityOptions::with_schedule_to_close_timeout(within)
        .activity_id("call".to_owned())
        .task_queue(input.queue.clone())
        .heartbeat_timeout(steps::HEARTBEAT_TIMEOUT)
        .retry_policy(steps::backoff(Duration::from_secs(1), 2))
        .build()
}

#[workflow]
#[derive(Default)]
pub struct WorkerCallWorkflow;

#[workflow_methods]
impl WorkerCallWorkflow {
    #[run(name = "WorkerCall")]
    pub async fn run(ctx: &mut WorkflowContext<Self>, input: WorkerCallInput) -> WorkflowResult<String> {
        let options = call_step(&input);
        Ok(ctx.execute_activity(WorkerCallActivities::perform_call, input.call, options).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use temporalio_common::{ActivityDefinition, WorkflowDefinition};

    #[test]
    fn names_are_explicit() {
        assert_eq!(WorkerCallWorkflow::run.name(), "WorkerCall");
        assert_eq!(activities::PerformCall.name(), "PerformCall");
    }

    #[test]
    fn the_step_runs_on_the_callers_queue_within_its_wait() {
        let input = WorkerCallInput { queue: "q-sql".into(), call: String::new(), within_secs: 30 };
        let options = call_step(&input);
        assert_eq!(options.task_queue.as_deref(), Some("q-sql"));
        assert!(matches!(options.close_timeouts, temporalio_sdk::ActivityCloseTimeouts::ScheduleToClose(d) if d == Duration::from_secs(30)));
    }
}
