//! Deploying the project's semantic model.
//!
//! The api records the deploy (IN_PROGRESS, with the manifest it deploys) and starts this
//! workflow. CheckDeploy compiles every model and view into the source's dialect and asks
//! the source to plan each one (nothing is read); when all pass, IndexDeploy replaces the
//! retrieval index the question engines search and the index of category values (the
//! values of text columns with at most 1,000 distinct ones, for filters named in
//! questions), and EmbedDeploy embeds the retrieval index with the model questions will
//! search it with, so the first questions after a deploy only embed themselves (when it
//! keeps failing the first question embeds the index and the deploy still succeeds);
//! FinishDeploy records SUCCESS or FAILED with the log, which the client polls. Every step
//! can run again without harm, so a worker dying midway only means another worker repeats
//! that step.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use temporalio_common::error::ActivityExecutionError;
use temporalio_macros::{activity_definitions, workflow, workflow_methods};
use temporalio_sdk::{WorkflowContext, WorkflowResult, activities::ActivityError};
use uuid::Uuid;

use crate::steps;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeployInput {
    pub project_id: Uuid,
    pub deploy_id: Uuid,
}

/// What the check found: one log line per model and view, and the failures among them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeployCheck {
    pub log: Vec<String>,
    pub failures: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FinishDeployInput {
    pub deploy: DeployInput,
    pub check: DeployCheck,
}

/// Said when the check itself kept failing (the source unreachable, not a model's fault).
pub const CHECK_FAILED: &str = "The models could not be checked on the data source.";

/// Logged when the retrieval index could not be embedded (the deploy still succeeds).
pub const EMBED_FAILED: &str = "The retrieval index could not be embedded now; the first question will embed it.";

/// Marks histories that run EmbedDeploy: deploys begun before it existed replay without it.
const EMBED_PATCH: &str = "embed-at-deploy";

pub struct DeployActivities;

#[activity_definitions]
impl DeployActivities {
    /// Compiles each model and view and dry-runs it on the source (heartbeats).
    #[activity(name = "CheckDeploy")]
    pub fn check_deploy(input: DeployInput) -> Result<DeployCheck, ActivityError> {
        unimplemented!()
    }

    /// Replaces the project's retrieval index with the deployed manifest's documents and its
    /// value index with the category values read from the source (heartbeats).
    #[activity(name = "IndexDeploy")]
    pub fn index_deploy(input: DeployInput) -> Result<u32, ActivityError> {
        unimplemented!()
    }

    /// Embeds the retrieval index's items (the manifest's schema items, SQL pairs, instruction
    /// questions) that have no vector of the project's embedding model yet; returns how many
    /// (heartbeats).
    #[activity(name = "EmbedDeploy")]
    pub fn embed_deploy(input: DeployInput) -> Result<u32, ActivityError> {
        unimplemented!()
    }

    /// Records SUCCESS (no failures) or FAILED, with the log.
    #[activity(name = "FinishDeploy")]
    pub fn finish_deploy(input: FinishDeployInput) -> Result<(), ActivityError> {
        unimplemented!()
    }
}

pub mod activities {
    pub use super::deploy_activities::{CheckDeploy, EmbedDeploy, FinishDeploy, IndexDeploy};
}

#[workflow]
#[derive(Default)]
pub struct DeployWorkflow;

#[workflow_methods]
impl DeployWorkflow {
    #[run(name = "Deploy")]
    pub async fn run(ctx: &mut WorkflowContext<Self>, input: DeployInput) -> WorkflowResult<()> {
        let check_step = steps::long("check-deploy", Duration::from_secs(15 * 60), steps::backoff(Duration::from_secs(20), 6));
        let mut check = match ctx.execute_activity(DeployActivities::check_deploy, input, check_step).await {
            Ok(check) => check,
            Err(error @ ActivityExecutionError::Cancelled(_)) => return Err(error.into()),
            Err(_) => DeployCheck { log: vec![CHECK_FAILED.to_owned()], failures: vec![CHECK_FAILED.to_owned()] },
        };
        if check.failures.is_empty() {
            let index_step = steps::long("index-deploy", Duration::from_secs(30 * 60), steps::backoff(Duration::from_secs(20), 0));
            let documents = ctx.execute_activity(DeployActivities::index_deploy, input, index_step).await?;
            check.log.push(format!("Indexed {documents} documents for questions."));
            if ctx.patched(EMBED_PATCH) {
                let embed_step = steps::long("embed-deploy", Duration::from_secs(30 * 60), steps::backoff(Duration::from_secs(20), 4));
                match ctx.execute_activity(DeployActivities::embed_deploy, input, embed_step).await {
                    Ok(_) => {}
                    Err(error @ ActivityExecutionError::Cancelled(_)) => return Err(error.into()),
                    Err(_) => check.log.push(EMBED_FAILED.to_owned()),
                }
            }
        }
        ctx.execute_activity(DeployActivities::finish_deploy, FinishDeployInput { deploy: input, check }, steps::short("finish-deploy")).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use temporalio_common::{ActivityDefinition, WorkflowDefinition};

    #[test]
    fn names_are_explicit() {
        assert_eq!(DeployWorkflow::run.name(), "Deploy");
        assert_eq!(activities::CheckDeploy.name(), "CheckDeploy");
        assert_eq!(activities::IndexDeploy.name(), "IndexDeploy");
        assert_eq!(activities::EmbedDeploy.name(), "EmbedDeploy");
        assert_eq!(activities::FinishDeploy.name(), "FinishDeploy");
    }
}
