//! Deleting or resetting a project (PRODUCT.md: delete project, reset project).
//!
//! The api moves the project to DELETING or RESETTING and starts this workflow; each step
//! is an activity implemented in the worker crate and safe to run more than once, so a
//! worker dying midway only means the step runs again elsewhere.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use temporalio_macros::{activity_definitions, workflow, workflow_methods};
use temporalio_sdk::{ActivityOptions, WorkflowContext, WorkflowResult, activities::ActivityError};
use uuid::Uuid;

use crate::steps;

/// What happens to the project once its data is gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RemovalMode {
    /// The project row goes too.
    Delete,
    /// The project stays, ACTIVE and back at the connection step.
    Reset,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProjectRemovalInput {
    pub project_id: Uuid,
    pub mode: RemovalMode,
}

/// Contracts of the removal steps; the worker crate implements them with
/// `#[activity(definition = ...)]`, which checks input and output types against these.
pub struct ProjectRemovalActivities;

#[activity_definitions]
impl ProjectRemovalActivities {
    /// Cancels the project's other running workflows (ids `project-<uuid>-…`).
    #[activity(name = "CancelProjectWorkflows")]
    pub fn cancel_project_workflows(input: ProjectRemovalInput) -> Result<(), ActivityError> {
        unimplemented!()
    }

    /// Removes the project's stored files (`$QUARRY_DATA_DIR/projects/<uuid>`).
    #[activity(name = "DeleteProjectFiles")]
    pub fn delete_project_files(input: ProjectRemovalInput) -> Result<(), ActivityError> {
        unimplemented!()
    }

    /// Removes the project's data from Postgres, keeping the project row.
    #[activity(name = "PurgeProjectData")]
    pub fn purge_project_data(input: ProjectRemovalInput) -> Result<(), ActivityError> {
        unimplemented!()
    }

    /// Deletes the project row, or puts a reset project back to ACTIVE.
    #[activity(name = "FinishProjectRemoval")]
    pub fn finish_project_removal(input: ProjectRemovalInput) -> Result<(), ActivityError> {
        unimplemented!()
    }
}

/// The activity marker types, for the worker's `#[activity(definition = ...)]`.
pub mod activities {
    pub use super::project_removal_activities::{CancelProjectWorkflows, DeleteProjectFiles, FinishProjectRemoval, PurgeProjectData};
}

/// Transient failures (database or Temporal unreachable…) retry until they succeed: a
/// half-removed project is worse than a late one. User errors are raised non-retryable by
/// the activities and end the workflow.
fn long_step(id: &str, start_to_close: Duration) -> ActivityOptions {
    steps::long(id, start_to_close, steps::backoff(Duration::from_secs(60), 0))
}

#[workflow]
#[derive(Default)]
pub struct ProjectRemovalWorkflow;

#[workflow_methods]
impl ProjectRemovalWorkflow {
    #[run(name = "ProjectRemoval")]
    pub async fn run(ctx: &mut WorkflowContext<Self>, input: ProjectRemovalInput) -> WorkflowResult<()> {
        // Activities run on this workflow's task queue (the `<prefix>-workflows` queue).
        ctx.execute_activity(ProjectRemovalActivities::cancel_project_workflows, input, long_step("cancel-project-workflows", Duration::from_secs(5 * 60)))
            .await?;
        ctx.execute_activity(ProjectRemovalActivities::delete_project_files, input, long_step("delete-project-files", Duration::from_secs(30 * 60))).await?;
        ctx.execute_activity(ProjectRemovalActivities::purge_project_data, input, long_step("purge-project-data", Duration::from_secs(30 * 60))).await?;
        ctx.execute_activity(ProjectRemovalActivities::finish_project_removal, input, steps::short("finish-project-removal")).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use temporalio_common::{ActivityDefinition, WorkflowDefinition};

    #[test]
    fn names_are_explicit() {
        assert_eq!(ProjectRemovalWorkflow::run.name(), "ProjectRemoval");
        assert_eq!(activities::CancelProjectWorkflows.name(), "CancelProjectWorkflows");
        assert_eq!(activities::DeleteProjectFiles.name(), "DeleteProjectFiles");
        assert_eq!(activities::PurgeProjectData.name(), "PurgeProjectData");
        assert_eq!(activities::FinishProjectRemoval.name(), "FinishProjectRemoval");
    }

    #[test]
    fn input_wire_format_is_stable() {
        let id = Uuid::parse_str("7f2c1f8e-0d6b-4c43-9d55-2f5b8f0c1a11").unwrap();
        let json = serde_json::to_string(&ProjectRemovalInput { project_id: id, mode: RemovalMode::Reset }).unwrap();
        assert_eq!(json, r#"{"projectId":"7f2c1f8e-0d6b-4c43-9d55-2f5b8f0c1a11","mode":"RESET"}"#);
    }
}
