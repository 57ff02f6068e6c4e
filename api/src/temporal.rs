//! The api's side of the workflow port: Quarry's workflows started and stopped on Temporal.
//! Connected lazily, so the api can start, and report not-ready, while Temporal is still
//! coming up.

use std::{sync::Arc, time::Duration};

use async_trait::async_trait;
use quarry_domain::{
    Error, ErrorCode, Result,
    config::Config,
    on_worker::WorkerPool,
    project::RemovalMode,
    services::{DashboardSchedule, SyncSchedule, Workflow, WorkflowStarter},
};
use quarry_workflows::{
    TaskQueues,
    client::{Temporal, TemporalError},
};
use tokio::sync::Mutex;

pub struct TemporalWorkflows {
    config: Arc<Config>,
    client: Mutex<Option<Temporal>>,
}

impl TemporalWorkflows {
    pub fn new(config: Arc<Config>) -> Self {
        Self { config, client: Mutex::new(None) }
    }

    /// The Temporal client, connecting on first use.
    pub async fn client(&self) -> std::result::Result<Temporal, TemporalError> {
        let mut slot = self.client.lock().await;
        if let Some(client) = slot.as_ref() {
            return Ok(client.clone());
        }
        let client = Temporal::connect(&self.config.temporal_url, &self.config.temporal_namespace, TaskQueues::new(&self.config.task_queue_prefix)).await?;
        *slot = Some(client.clone());
        Ok(client)
    }
}

/// Temporal failures are never the user's fault: they surface as INTERNAL_SERVER_ERROR with
/// the cause logged, not shown.
#[async_trait]
impl WorkflowStarter for TemporalWorkflows {
    async fn start(&self, workflow: Workflow) -> Result<()> {
        let temporal = self.client().await.map_err(Error::internal)?;
        let started = match workflow {
            Workflow::Ask { project_id, task_id } => temporal.start_ask(project_id, task_id).await,
            Workflow::Generation { project_id, task_id } => temporal.start_generation(project_id, task_id).await,
            Workflow::Deploy { project_id, deploy_id } => temporal.start_deploy(project_id, deploy_id).await,
            Workflow::CsvImport { project_id, job_id } => temporal.start_csv_import(project_id, job_id).await,
            Workflow::ProjectRemoval { project_id, mode, fresh } => {
                let mode = match mode {
                    RemovalMode::Delete => quarry_workflows::RemovalMode::Delete,
                    RemovalMode::Reset => quarry_workflows::RemovalMode::Reset,
                };
                temporal.start_project_removal(project_id, mode, fresh).await
            }
            Workflow::OrgRemoval { org_id } => temporal.start_org_removal(org_id).await,
            Workflow::DashboardRefresh { project_id, dashboard_id } => temporal.start_dashboard_refresh(project_id, dashboard_id).await,
            Workflow::SpreadsheetExport { project_id, export_id } => temporal.start_spreadsheet_export(project_id, export_id).await,
        };
        started.map_err(Error::internal)
    }

    async fn cancel_ask(&self, project_id: uuid::Uuid, task_id: uuid::Uuid) -> Result<()> {
        let temporal = self.client().await.map_err(Error::internal)?;
        temporal.cancel_ask(project_id, task_id).await.map_err(Error::internal)
    }

    /// A call no worker finished in time is said so (the user can try again); any other
    /// failure is internal.
    async fn call(&self, pool: WorkerPool, sealed: String, within: Duration) -> Result<String> {
        let temporal = self.client().await.map_err(Error::internal)?;
        let queue = match pool {
            WorkerPool::Sql => temporal.queues().sql.clone(),
            WorkerPool::Llm => temporal.queues().llm.clone(),
        };
        match temporal.call_worker(&queue, sealed, within).await {
            Ok(reply) => Ok(reply),
            Err(TemporalError::CallTimedOut { workflow_id, within }) => {
                tracing::warn!(%workflow_id, ?within, "no worker answered a call in time");
                Err(Error::new(
                    ErrorCode::InternalServerError,
                    format!("Quarry's workers did not get to this within {} seconds; they may all be busy. Please try again.", within.as_secs()),
                ))
            }
            Err(error) => Err(Error::internal(error)),
        }
    }

    async fn put_schedule(&self, schedule: DashboardSchedule) -> Result<()> {
        let temporal = self.client().await.map_err(Error::internal)?;
        let note = format!("Refreshes dashboard \"{}\"", schedule.name);
        temporal.put_schedule(schedule.project_id, schedule.dashboard_id, &schedule.cron, &schedule.timezone, &note).await.map_err(Error::internal)
    }

    async fn remove_schedule(&self, project_id: uuid::Uuid, dashboard_id: uuid::Uuid) -> Result<()> {
        let temporal = self.client().await.map_err(Error::internal)?;
        temporal.remove_schedule(project_id, dashboard_id).await.map_err(Error::internal)
    }

    async fn trigger_schedule(&self, project_id: uuid::Uuid, dashboard_id: uuid::Uuid) -> Result<()> {
        let temporal = self.client().await.map_err(Error::internal)?;
        temporal.trigger_schedule(project_id, dashboard_id).await.map_err(Error::internal)
    }

    async fn put_sync_schedule(&self, schedule: SyncSchedule) -> Result<()> {
        let temporal = self.client().await.map_err(Error::internal)?;
        temporal.put_sync_schedule(schedule.project_id, schedule.every, schedule.paused).await.map_err(Error::internal)
    }

    async fn trigger_sync(&self, project_id: uuid::Uuid) -> Result<()> {
        let temporal = self.client().await.map_err(Error::internal)?;
        temporal.trigger_sync(project_id).await.map_err(Error::internal)
    }

    async fn cancel_workflow(&self, workflow_id: &str) -> Result<()> {
        let temporal = self.client().await.map_err(Error::internal)?;
        temporal.cancel_workflow(workflow_id).await.map_err(Error::internal)
    }
}
