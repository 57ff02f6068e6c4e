//! The steps of `ProjectRemovalWorkflow`. Each one may run several times (retries, a
//! worker dying midway), so each one checks nothing and assumes nothing: it makes its
//! effect true whatever state the project is in.

use std::{collections::HashSet, path::PathBuf, sync::Arc, time::Duration};

use futures::TryStreamExt;
use quarry_domain::{dashboard, db::Pool, project};
use quarry_workflows::{
    ProjectRemovalInput, RemovalMode, ids,
    project_removal::activities::{CancelProjectWorkflows, DeleteProjectFiles, FinishProjectRemoval, PurgeProjectData},
};
use temporalio_client::{
    Client, WorkflowCancelOptions, WorkflowListOptions, WorkflowTerminateOptions, errors::WorkflowInteractionError, schedules::ScheduleError, tonic,
};
use temporalio_common::UntypedWorkflow;
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};
use tracing::{info, warn};

use super::support::{Chaos, step_error, with_heartbeats};
use crate::files;

/// How long cancelled workflows get to wind down before they are terminated.
const CANCEL_GRACE: Duration = Duration::from_secs(60);
const CANCEL_POLL: Duration = Duration::from_secs(1);

pub struct ProjectRemovalActivities {
    pool: Pool,
    data_dir: PathBuf,
    chaos: Chaos,
}

impl ProjectRemovalActivities {
    pub fn new(pool: Pool, data_dir: PathBuf, chaos: Chaos) -> Self {
        Self { pool, data_dir, chaos }
    }
}

// `#[activities]` also emits a constant per method for calling it from workflows; ours call
// the definitions in `quarry_workflows`, hence the `allow(dead_code)`s.
#[activities]
impl ProjectRemovalActivities {
    #[activity(definition = CancelProjectWorkflows)]
    #[allow(dead_code)]
    pub async fn cancel_project_workflows(self: Arc<Self>, ctx: ActivityContext, input: ProjectRemovalInput) -> Result<(), ActivityError> {
        self.chaos.before_step(&ctx).await?;
        let client = ctx.client();
        // Schedules first (dashboards' and the data sync's), so none starts a run while the
        // project goes.
        let dashboards = dashboard::scheduled(&self.pool, input.project_id).await.map_err(super::support::step_error)?;
        let schedules = dashboards.into_iter().map(|d| ids::dashboard_schedule(input.project_id, d)).chain([ids::sync_schedule(input.project_id)]);
        for schedule_id in schedules {
            match client.get_schedule_handle(schedule_id.clone()).delete(Default::default()).await {
                Ok(()) => {}
                Err(ScheduleError::Rpc(status)) if status.code() == tonic::Code::NotFound => {}
                Err(error) => return Err(anyhow::anyhow!("cannot delete schedule {schedule_id}: {error}").into()),
            }
        }
        let own_id = ctx.info().workflow_id.clone().unwrap_or_default();
        let query = format!("WorkflowId STARTS_WITH '{}' AND ExecutionStatus = 'Running'", ids::project_prefix(input.project_id));
        let deadline = tokio::time::Instant::now() + CANCEL_GRACE;
        let mut asked = HashSet::new();
        loop {
            let running: Vec<String> =
                with_heartbeats(&ctx, running_workflows(&client, &query)).await?.map_err(ActivityError::from)?.into_iter().filter(|id| *id != own_id).collect();
            if running.is_empty() {
                return Ok(());
            }
            let overdue = tokio::time::Instant::now() >= deadline;
            for id in running {
                let handle = client.get_workflow_handle::<UntypedWorkflow>(id.clone());
                let outcome = if overdue {
                    warn!(workflow_id = %id, "did not stop after cancellation; terminating it");
                    let options = WorkflowTerminateOptions::builder().reason("its project is being removed".to_owned()).build();
                    handle.terminate(options).await
                } else if asked.insert(id.clone()) {
                    info!(workflow_id = %id, project_id = %input.project_id, "cancelling workflow of a project being removed");
                    let options = WorkflowCancelOptions::builder().reason("its project is being removed".to_owned()).build();
                    handle.cancel(options).await
                } else {
                    Ok(())
                };
                if let Err(error) = outcome
                    && !is_not_found(&error)
                {
                    return Err(ActivityError::from(anyhow::Error::new(error).context(format!("stopping workflow {id}"))));
                }
            }
            with_heartbeats(&ctx, tokio::time::sleep(CANCEL_POLL)).await?;
        }
    }

    #[activity(definition = DeleteProjectFiles)]
    #[allow(dead_code)]
    pub async fn delete_project_files(self: Arc<Self>, ctx: ActivityContext, input: ProjectRemovalInput) -> Result<(), ActivityError> {
        self.chaos.before_step(&ctx).await?;
        let dir = files::project_dir(&self.data_dir, input.project_id);
        let removed = with_heartbeats(&ctx, files::remove_dir_if_present(&dir)).await?;
        if removed.map_err(|e| ActivityError::from(anyhow::Error::new(e).context(format!("removing {}", dir.display()))))? {
            info!(project_id = %input.project_id, dir = %dir.display(), "removed the project's files");
        }
        Ok(())
    }

    #[activity(definition = PurgeProjectData)]
    #[allow(dead_code)]
    pub async fn purge_project_data(self: Arc<Self>, ctx: ActivityContext, input: ProjectRemovalInput) -> Result<(), ActivityError> {
        self.chaos.before_step(&ctx).await?;
        with_heartbeats(&ctx, project::purge_data(&self.pool, input.project_id)).await?.map_err(step_error)
    }

    #[activity(definition = FinishProjectRemoval)]
    #[allow(dead_code)]
    pub async fn finish_project_removal(self: Arc<Self>, ctx: ActivityContext, input: ProjectRemovalInput) -> Result<(), ActivityError> {
        self.chaos.before_step(&ctx).await?;
        let finished = match input.mode {
            RemovalMode::Delete => project::finish_delete(&self.pool, input.project_id).await,
            RemovalMode::Reset => project::finish_reset(&self.pool, input.project_id).await,
        };
        finished.map_err(step_error)?;
        info!(project_id = %input.project_id, mode = ?input.mode, "project removal finished");
        Ok(())
    }
}

async fn running_workflows(client: &Client, query: &str) -> Result<Vec<String>, anyhow::Error> {
    client
        .list_workflows(query.to_owned(), WorkflowListOptions::default())
        .map_ok(|execution| execution.id().to_owned())
        .try_collect()
        .await
        .map_err(|e| anyhow::Error::new(e).context("listing the project's running workflows"))
}

/// The workflow finished between listing and stopping it: nothing left to do.
fn is_not_found(error: &WorkflowInteractionError) -> bool {
    matches!(error, WorkflowInteractionError::NotFound(_))
}
