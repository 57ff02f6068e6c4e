//! One generation task (model and column descriptions, recommended questions): a single
//! activity on the `llm` queue that writes its result for the user to review. Provider
//! failures worth retrying are retried a few times; when they keep failing the task ends
//! FAILED so the page can say so and offer to try again.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use temporalio_common::error::ActivityExecutionError;
use temporalio_macros::{activity_definitions, workflow, workflow_methods};
use temporalio_sdk::{ActivityOptions, WorkflowContext, WorkflowResult, activities::ActivityError};
use uuid::Uuid;

use crate::steps;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GenerationInput {
    pub project_id: Uuid,
    pub task_id: Uuid,
    pub llm_queue: String,
}

pub struct GenerationActivities;

#[activity_definitions]
impl GenerationActivities {
    /// GENERATING, then FINISHED with the result (or FAILED when the provider refused).
    #[activity(name = "Generate")]
    pub fn generate(task_id: Uuid) -> Result<(), ActivityError> {
        unimplemented!()
    }

    /// FAILED after the work kept failing.
    #[activity(name = "FailGeneration")]
    pub fn fail_generation(task_id: Uuid) -> Result<(), ActivityError> {
        unimplemented!()
    }
}

pub mod activities {
    pub use super::generation_activities::{FailGeneration, Generate};
}

fn generate_step(queue: &str) -> ActivityOptions {
    let mut options = steps::long("generate", Duration::from_secs(10 * 60), steps::backoff(Duration::from_secs(8), 4));
    options.task_queue = Some(queue.to_owned());
    options
}

#[workflow]
#[derive(Default)]
pub struct GenerationWorkflow;

#[workflow_methods]
impl GenerationWorkflow {
    #[run(name = "Generation")]
    pub async fn run(ctx: &mut WorkflowContext<Self>, input: GenerationInput) -> WorkflowResult<()> {
        match ctx.execute_activity(GenerationActivities::generate, input.task_id, generate_step(&input.llm_queue)).await {
            Ok(()) => {}
            Err(ActivityExecutionError::Cancelled(_)) => {}
            Err(_) => {
                ctx.execute_activity(GenerationActivities::fail_generation, input.task_id, steps::short("fail-generation")).await?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use temporalio_common::{ActivityDefinition, WorkflowDefinition};

    #[test]
    fn names_are_explicit() {
        assert_eq!(GenerationWorkflow::run.name(), "Generation");
        assert_eq!(activities::Generate.name(), "Generate");
        assert_eq!(activities::FailGeneration.name(), "FailGeneration");
    }
}
