//! What a domain operation needs, and the port it starts durable work through.
//!
//! Each GraphQL operation and REST handler authorises, then makes one call into the domain
//! with [`Services`]. An operation that hands work to a workflow records it first, then
//! starts it through [`WorkflowStarter`] (the api implements it over Temporal), and records
//! the failure when it cannot start ([`Services::start`]), so nothing is left waiting on a
//! workflow that never runs.

use std::{future::Future, sync::Arc, time::Duration};

use async_trait::async_trait;
use uuid::Uuid;

use crate::{config::Config, db::Pool, error::Result, on_worker::WorkerPool, project::RemovalMode};

/// Work that runs as a workflow, named by what it works on. Starting the same work again is
/// a no-op (the workflow id is derived from these ids).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Workflow {
    Ask {
        project_id: Uuid,
        task_id: Uuid,
    },
    Generation {
        project_id: Uuid,
        task_id: Uuid,
    },
    Deploy {
        project_id: Uuid,
        deploy_id: Uuid,
    },
    CsvImport {
        project_id: Uuid,
        job_id: Uuid,
    },
    /// `fresh`: the project has just moved into DELETING/RESETTING, so a removal still
    /// running for it is the previous one, closing, and must not be mistaken for this one.
    ProjectRemoval {
        project_id: Uuid,
        mode: RemovalMode,
        fresh: bool,
    },
    OrgRemoval {
        org_id: Uuid,
    },
    /// Writes a spreadsheet's CSV export.
    SpreadsheetExport {
        project_id: Uuid,
        export_id: Uuid,
    },
    /// Refreshes every tile of a dashboard now ("refresh all").
    DashboardRefresh {
        project_id: Uuid,
        dashboard_id: Uuid,
    },
}

/// A dashboard's refresh schedule as Temporal keeps it: a cron expression read in an IANA
/// timezone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DashboardSchedule {
    pub project_id: Uuid,
    pub dashboard_id: Uuid,
    pub cron: String,
    pub timezone: String,
    /// Shown beside the schedule in the Temporal UI.
    pub name: String,
}

/// A project's data sync as Temporal keeps it: a run every `every`, none while `paused`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SyncSchedule {
    pub project_id: Uuid,
    pub every: Duration,
    pub paused: bool,
}

/// Starts and stops workflows, and hands short calls to a worker pool. Failures are never
/// the user's fault: they are internal errors, their cause logged and not shown.
#[async_trait]
pub trait WorkflowStarter: Send + Sync {
    async fn start(&self, workflow: Workflow) -> Result<()>;

    /// Asks an asking task's workflow to stop; one that already ended is left alone.
    async fn cancel_ask(&self, project_id: Uuid, task_id: Uuid) -> Result<()>;

    /// Runs a sealed call ([`crate::on_worker`]) on `pool` and returns its sealed reply,
    /// waiting no longer than `within`.
    async fn call(&self, pool: WorkerPool, sealed: String, within: Duration) -> Result<String>;

    /// Creates or replaces a dashboard's Temporal Schedule.
    async fn put_schedule(&self, schedule: DashboardSchedule) -> Result<()>;

    /// Removes a dashboard's Temporal Schedule; one that does not exist is left alone.
    async fn remove_schedule(&self, project_id: Uuid, dashboard_id: Uuid) -> Result<()>;

    /// Runs a dashboard's schedule now, as Temporal would at its time.
    async fn trigger_schedule(&self, project_id: Uuid, dashboard_id: Uuid) -> Result<()>;

    /// Creates or replaces a project's sync schedule.
    async fn put_sync_schedule(&self, schedule: SyncSchedule) -> Result<()>;

    /// Runs a project's sync now; a run already going is left to finish alone.
    async fn trigger_sync(&self, project_id: Uuid) -> Result<()>;

    /// Asks a running workflow to stop; one that already ended is left alone.
    async fn cancel_workflow(&self, workflow_id: &str) -> Result<()>;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Error;
    use std::sync::Mutex;

    /// Records what it was asked to start; refuses everything when `down`.
    struct FakeTemporal {
        down: bool,
        started: Mutex<Vec<Workflow>>,
    }

    #[async_trait]
    impl WorkflowStarter for FakeTemporal {
        async fn start(&self, workflow: Workflow) -> Result<()> {
            if self.down {
                return Err(Error::internal("Temporal is not reachable"));
            }
            self.started.lock().unwrap().push(workflow);
            Ok(())
        }

        async fn cancel_ask(&self, _project_id: Uuid, _task_id: Uuid) -> Result<()> {
            Ok(())
        }

        async fn call(&self, _pool: WorkerPool, _sealed: String, _within: Duration) -> Result<String> {
            Err(Error::internal("these tests make no worker calls"))
        }

        async fn put_schedule(&self, _schedule: DashboardSchedule) -> Result<()> {
            Ok(())
        }

        async fn remove_schedule(&self, _project_id: Uuid, _dashboard_id: Uuid) -> Result<()> {
            Ok(())
        }

        async fn trigger_schedule(&self, _project_id: Uuid, _dashboard_id: Uuid) -> Result<()> {
            Ok(())
        }

        async fn put_sync_schedule(&self, _schedule: SyncSchedule) -> Result<()> {
            Ok(())
        }

        async fn trigger_sync(&self, _project_id: Uuid) -> Result<()> {
            Ok(())
        }

        async fn cancel_workflow(&self, _workflow_id: &str) -> Result<()> {
            Ok(())
        }
    }

    fn services(down: bool) -> (Services, Arc<FakeTemporal>) {
        let fake = Arc::new(FakeTemporal { down, started: Mutex::new(Vec::new()) });
        // Never connected: these tests start workflows, they do not touch the database.
        let pool = sqlx::postgres::PgPoolOptions::new().connect_lazy("postgres://nobody@127.0.0.1:1/none").unwrap();
        let config = Arc::new(Config::from_env().expect("default configuration"));
        (Services { pool, config, workflows: fake.clone() }, fake)
    }

    fn deploy() -> Workflow {
        Workflow::Deploy { project_id: Uuid::new_v4(), deploy_id: Uuid::new_v4() }
    }

    #[tokio::test]
    async fn a_workflow_that_cannot_start_is_undone_and_fails_the_call() {
        let (services, _) = services(true);
        let undone = Mutex::new(false);
        let result = services
            .start(deploy(), async {
                *undone.lock().unwrap() = true;
                Ok(())
            })
            .await;
        assert_eq!(result.unwrap_err().code(), crate::ErrorCode::InternalServerError);
        assert!(*undone.lock().unwrap());
    }

    #[tokio::test]
    async fn a_started_workflow_is_not_undone() {
        let (services, fake) = services(false);
        let undone = Mutex::new(false);
        let workflow = deploy();
        services
            .start(workflow, async {
                *undone.lock().unwrap() = true;
                Ok(())
            })
            .await
            .unwrap();
        assert!(!*undone.lock().unwrap());
        assert_eq!(*fake.started.lock().unwrap(), vec![workflow]);
    }
}
