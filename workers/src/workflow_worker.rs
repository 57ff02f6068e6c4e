//! The Temporal worker: Quarry's workflows (project removal, CSV import) and their
//! activities on `<prefix>-workflows`.

use std::time::Duration;

use quarry_domain::{config::Config, db::Pool};
use quarry_workflows::{CsvImportWorkflow, DeployWorkflow, ProjectRemovalWorkflow, client::Temporal};
use temporalio_sdk::{Runtime, Worker, WorkerOptions, runtime::RuntimeOptions};
use tracing::{info, warn};

use crate::{
    activities::{Chaos, CsvImportActivities, DeployActivities, ProjectRemovalActivities},
    services,
    shutdown::Shutdown,
};

/// After shutdown starts, activities get this long to finish before they are cancelled
/// (they are idempotent, so a cancelled one simply runs again on another worker).
const GRACEFUL_SHUTDOWN: Duration = Duration::from_secs(20);

pub async fn run(config: &Config, pool: Pool, identity: &str, shutdown: Shutdown) -> anyhow::Result<()> {
    let queues = config.task_queues();
    let connect = || Temporal::connect(&config.temporal_url, &config.temporal_namespace, queues.clone());
    let Some(temporal) = services::until_ready("Temporal", &shutdown, connect).await else {
        return Ok(());
    };
    let chaos = Chaos::from_env()?;
    if !chaos.step_delay().is_zero() {
        warn!(delay = ?chaos.step_delay(), "chaos testing: every workflow step is delayed");
    }
    let data_dir = config.data_dir.clone();
    let runtime = Runtime::from_current_tokio(RuntimeOptions::default())?;
    let options = WorkerOptions::new(queues.workflows.clone())
        .register_workflow::<ProjectRemovalWorkflow>()?
        .register_workflow::<CsvImportWorkflow>()?
        .register_workflow::<DeployWorkflow>()?
        .register_activities(DeployActivities::new(pool.clone(), config.clone(), chaos))
        .register_activities(ProjectRemovalActivities::new(pool.clone(), data_dir.clone(), chaos))
        .register_activities(CsvImportActivities::new(pool, config.clone(), chaos))
        .client_identity_override(identity.to_owned())
        .graceful_shutdown_period(GRACEFUL_SHUTDOWN)
        .build();
    let mut worker = Worker::new(&runtime, temporal.client().clone(), options)?;
    let stop = worker.shutdown_handle();
    tokio::spawn(async move {
        shutdown.wait().await;
        stop();
    });
    info!(task_queue = %queues.workflows, namespace = %config.temporal_namespace, data_dir = %data_dir.display(), "running workflows");
    worker.run().await?;
    info!("workflow worker stopped");
    Ok(())
}
