//! What a domain operation needs, and the port it starts durable work through.
//!
//! Each GraphQL operation and REST handler authorises, then makes one call into the domain
//! with [`Services`]. An operation that hands work to a workflow records it first, then
//! starts it through [`WorkflowStarter`] (the api implements it over Temporal), and records
//! the failure when it cannot start ([`Services::start`]), so nothing is left waiting on a
//! workflow that never runs.

use std::{future::Future, sync::Arc};

use async_trait::async_trait;
use uuid::Uuid;

use crate::{config::Config, db::Pool, error::Result, project::RemovalMode};

/// Work that runs as a workflow, named by what it works on. Starting the same work again is
/// a no-op (the workflow id is derived from these ids).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Workflow {
    Ask { project_id: Uuid, task_id: Uuid },
    Generation { project_id: Uuid, task_id: Uuid },
    Deploy { project_id: Uuid, deploy_id: Uuid },
    CsvImport { project_id: Uuid, job_id: Uuid },
    /// `fresh`: the project has just moved into DELETING/RESETTING, so a removal still
    /// running for it is the previous one, closing, and must not be mistaken for this one.
    ProjectRemoval { project_id: Uuid, mode: RemovalMode, fresh: bool },
}

/// Starts and stops workflows. Failures are never the user's fault: they are internal
/// errors, their cause logged and not shown.
#[async_trait]
pub trait WorkflowStarter: Send + Sync {
    async fn start(&self, workflow: Workflow) -> Result<()>;

    /// Asks an asking task's workflow to stop; one that already ended is left alone.
    async fn cancel_ask(&self, project_id: Uuid, task_id: Uuid) -> Result<()>;
}

/// Cheap to clone.
#[derive(Clone)]
pub struct Services {
    pub pool: Pool,
    pub config: Arc<Config>,
    pub workflows: Arc<dyn WorkflowStarter>,
}

impl Services {
    /// Starts `workflow` for work already recorded. When it cannot be started, `undo`
    /// records that (the task failed, the project is active again) before the start's error
    /// is returned. `undo` is a future, so it runs only then.
    pub async fn start(&self, workflow: Workflow, undo: impl Future<Output = Result<()>>) -> Result<()> {
        if let Err(error) = self.workflows.start(workflow).await {
            tracing::error!(?workflow, "workflow could not be started: {error}");
            undo.await?;
            return Err(error);
        }
        Ok(())
    }
}
