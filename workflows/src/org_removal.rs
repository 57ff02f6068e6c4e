//! Deleting an organisation (settings/organization/danger-zone): every project goes through
//! the project removal workflow, as a child, then the org and everything left of it.
//!
//! The api moves the org to DELETING (it takes no new projects from then on) and starts
//! this workflow. Each step is safe to run again, so a worker dying midway only means the
//! step, or the child, runs again elsewhere.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use temporalio_macros::{activity_definitions, workflow, workflow_methods};
use temporalio_sdk::{ActivityOptions, ChildWorkflowOptions, WorkflowContext, WorkflowResult, activities::ActivityError};
use uuid::Uuid;

use crate::{ProjectRemovalInput, ProjectRemovalWorkflow, RemovalMode, ids, steps};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrgRemovalInput {
    pub org_id: Uuid,
}

/// Contracts of the org removal steps, implemented in the worker crate.
pub struct OrgRemovalActivities;

#[activity_definitions]
impl OrgRemovalActivities {
    /// Marks the org and its projects as being deleted and lists the projects.
    #[activity(name = "BeginOrgRemoval")]
    pub fn begin_org_removal(input: OrgRemovalInput) -> Result<Vec<Uuid>, ActivityError> {
        unimplemented!()
    }

    /// Deletes the org row and everything that cascades from it, once no project is left.
    #[activity(name = "FinishOrgRemoval")]
    pub fn finish_org_removal(input: OrgRemovalInput) -> Result<(), ActivityError> {
        unimplemented!()
    }
}

pub mod activities {
    pub use super::org_removal_activities::{BeginOrgRemoval, FinishOrgRemoval};
}

fn step(id: &str) -> ActivityOptions {
    steps::short(id)
}

/// How many projects are removed at once: a large org does not flood the workflow queue.
pub const PROJECTS_AT_ONCE: usize = 4;

#[workflow]
#[derive(Default)]
pub struct OrgRemovalWorkflow;

#[workflow_methods]
impl OrgRemovalWorkflow {
    #[run(name = "OrgRemoval")]
    pub async fn run(ctx: &mut WorkflowContext<Self>, input: OrgRemovalInput) -> WorkflowResult<()> {
        let projects = ctx.execute_activity(OrgRemovalActivities::begin_org_removal, input, step("begin-org-removal")).await?;
        for batch in projects.chunks(PROJECTS_AT_ONCE) {
            let mut children = Vec::with_capacity(batch.len());
            for &project_id in batch {
                let options = ChildWorkflowOptions::builder()
                    .workflow_id(ids::org_project_removal(input.org_id, project_id))
                    .execution_timeout(Duration::from_secs(24 * 3600))
                    .build();
                let started =
                    ctx.start_child_workflow(ProjectRemovalWorkflow::run, ProjectRemovalInput { project_id, mode: RemovalMode::Delete }, options).await?;
                children.push(started.result());
            }
            for child in children {
                child.await?;
            }
        }
        ctx.execute_activity(OrgRemovalActivities::finish_org_removal, input, step("finish-org-removal")).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use temporalio_common::{ActivityDefinition, WorkflowDefinition};

    #[test]
    fn names_are_explicit() {
        assert_eq!(OrgRemovalWorkflow::run.name(), "OrgRemoval");
        assert_eq!(activities::BeginOrgRemoval.name(), "BeginOrgRemoval");
        assert_eq!(activities::FinishOrgRemoval.name(), "FinishOrgRemoval");
    }

    #[test]
    fn input_wire_format_is_stable() {
        let id = Uuid::parse_str("7f2c1f8e-0d6b-4c43-9d55-2f5b8f0c1a11").unwrap();
        assert_eq!(serde_json::to_string(&OrgRemovalInput { org_id: id }).unwrap(), r#"{"orgId":"7f2c1f8e-0d6b-4c43-9d55-2f5b8f0c1a11"}"#);
    }
}
