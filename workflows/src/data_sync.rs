//! One run of a project's data sync: a job recorded, the chosen tables copied into the
//! project's store by the sync engine on the `sync` pool, the job ended. Runs are started by
//! the project's sync schedule (ids `project-<uuid>-sync-<time>`) or by "sync now".
//!
//! The copy step heartbeats; a worker killed midway loses nothing: the step runs again on
//! another worker, which finishes the loads the killed one left (the engine keeps its state
//! beside the store's staging copy) and publishes the store only when every table is in.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use temporalio_common::error::ActivityExecutionError;
use temporalio_macros::{activity_definitions, workflow, workflow_methods};
use temporalio_sdk::{ActivityOptions, WorkflowContext, WorkflowResult, activities::ActivityError};
use uuid::Uuid;

use crate::steps;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DataSyncInput {
    pub project_id: Uuid,
    /// Where the copy runs (the `sync` pool's task queue).
    pub sync_queue: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SyncJobInput {
    pub project_id: Uuid,
    pub job_id: Uuid,
}

/// How the copy ended. The source's refusal is an outcome the job records, not a failure
/// of the step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum SyncOutcome {
    Synced { rows: u64 },
    Failed { reason: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FinishSyncJobInput {
    pub job: SyncJobInput,
    pub outcome: SyncOutcome,
}

/// Said when the copy step itself kept failing (not the source's fault).
pub const SYNC_FAILED: &str = "The sync failed. It will be tried again at its next time.";

pub struct DataSyncActivities;

#[activity_definitions]
impl DataSyncActivities {
    /// Records the run's job (keyed by the workflow's id); None when the sync is stopped or
    /// gone, or another run is still going.
    #[activity(name = "BeginSyncJob")]
    pub fn begin_sync_job(project_id: Uuid) -> Result<Option<Uuid>, ActivityError> {
        unimplemented!()
    }

    /// Copies the chosen tables into the store and publishes it (heartbeats, progress on
    /// the job).
    #[activity(name = "SyncTables")]
    pub fn sync_tables(input: SyncJobInput) -> Result<SyncOutcome, ActivityError> {
        unimplemented!()
    }

    /// Records SUCCEEDED or FAILED (a job a stop cancelled stays CANCELLED).
    #[activity(name = "FinishSyncJob")]
    pub fn finish_sync_job(input: FinishSyncJobInput) -> Result<(), ActivityError> {
        unimplemented!()
    }
}

pub mod activities {
    pub use super::data_sync_activities::{BeginSyncJob, FinishSyncJob, SyncTables};
}

/// A copy may take long (hours for big tables); a worker gone is noticed by its heartbeats
/// and the step moves on, a few times, before the job fails until the next run.
fn copy_step(queue: &str) -> ActivityOptions {
    let mut options = steps::long("sync-tables", Duration::from_secs(6 * 60 * 60), steps::backoff(Duration::from_secs(60), 5));
    options.task_queue = Some(queue.to_owned());
    options
}

#[workflow]
#[derive(Default)]
pub struct DataSyncWorkflow;

#[workflow_methods]
impl DataSyncWorkflow {
    #[run(name = "DataSync")]
    pub async fn run(ctx: &mut WorkflowContext<Self>, input: DataSyncInput) -> WorkflowResult<()> {
        let Some(job_id) = ctx.execute_activity(DataSyncActivities::begin_sync_job, input.project_id, steps::short("begin-sync-job")).await? else {
            return Ok(());
        };
        let job = SyncJobInput { project_id: input.project_id, job_id };
        let outcome = match ctx.execute_activity(DataSyncActivities::sync_tables, job, copy_step(&input.sync_queue)).await {
            Ok(outcome) => outcome,
            Err(error @ ActivityExecutionError::Cancelled(_)) => return Err(error.into()),
            Err(_) => SyncOutcome::Failed { reason: SYNC_FAILED.to_owned() },
        };
        ctx.execute_activity(DataSyncActivities::finish_sync_job, FinishSyncJobInput { job, outcome }, steps::short("finish-sync-job")).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use temporalio_common::{ActivityDefinition, WorkflowDefinition};

    #[test]
    fn names_are_explicit() {
        assert_eq!(DataSyncWorkflow::run.name(), "DataSync");
        assert_eq!(activities::BeginSyncJob.name(), "BeginSyncJob");
        assert_eq!(activities::SyncTables.name(), "SyncTables");
        assert_eq!(activities::FinishSyncJob.name(), "FinishSyncJob");
    }

    #[test]
    fn wire_formats_are_stable() {
        let id = Uuid::parse_str("7f2c1f8e-0d6b-4c43-9d55-2f5b8f0c1a11").unwrap();
        let input = DataSyncInput { project_id: id, sync_queue: "q-sync".into() };
        assert_eq!(serde_json::to_string(&input).unwrap(), r#"{"projectId":"7f2c1f8e-0d6b-4c43-9d55-2f5b8f0c1a11","syncQueue":"q-sync"}"#);
        let outcome = SyncOutcome::Failed { reason: "no".into() };
        assert_eq!(serde_json::to_string(&outcome).unwrap(), r#"{"kind":"failed","reason":"no"}"#);
        assert_eq!(serde_json::to_string(&SyncOutcome::Synced { rows: 3 }).unwrap(), r#"{"kind":"synced","rows":3}"#);
    }
}
