//! The Temporal workers: Quarry's workflows and their bookkeeping steps on
//! `<prefix>-workflows`, question understanding and provider calls on `<prefix>-llm`, and
//! everything that reaches a data source on `<prefix>-sql` (queries for answers, and the
//! calls requests wait for: connection tests, tables, previews), copies of sources into
//! projects' stores on `<prefix>-sync` — one `Worker` per task queue, so each pool can be
//! scaled on its own.

use std::time::Duration;

use quarry_domain::{config::Config, db::Pool};
use quarry_workflows::{TaskQueues, client::Temporal, register_workflows};
use temporalio_common::telemetry::TelemetryOptions;
use temporalio_sdk::{
    Runtime, Worker, WorkerOptions,
    runtime::{
        RuntimeOptions,
        worker_tuner::{FixedSizeSlotSupplier, TunerHolder},
    },
};
use tracing::{info, warn};

use crate::{
    activities::{
        AskActivities, Chaos, CsvImportActivities, DashboardRefreshActivities, DataSyncActivities, DeployActivities, GenerationActivities, LocalModel,
        OrgRemovalActivities, ProjectRemovalActivities, SpreadsheetExportActivities, WorkerCallActivities,
    },
    cli::Queue,
    services,
    shutdown::Shutdown,
};

/// After shutdown starts, activities get this long to finish before they are cancelled
/// (they are idempotent, so a cancelled one simply runs again on another worker).
const GRACEFUL_SHUTDOWN: Duration = Duration::from_secs(20);

pub async fn run(config: &Config, pool: Pool, identity: &str, queues: &[Queue], shutdown: Shutdown) -> anyhow::Result<()> {
    let names = TaskQueues::new(&config.task_queue_prefix);
    let connect = || Temporal::connect(&config.temporal_url, &config.temporal_namespace, names.clone());
    let Some(temporal) = services::until_ready("Temporal", &shutdown, connect).await else {
        return Ok(());
    };
    let chaos = Chaos::from_env()?;
    if !chaos.step_delay().is_zero() {
        warn!(delay = ?chaos.step_delay(), "chaos testing: every workflow step is delayed");
    }
    // CPU-heavy work of every queue shares one pool of this process's threads.
    quarry_engine::cpu::configure(config.cpu_pool);
    let telemetry = match config.worker_metrics_addr {
        Some(addr) => TelemetryOptions::builder().metrics(crate::metrics::serve(addr, shutdown.clone()).await?).build(),
        None => TelemetryOptions::builder().build(),
    };
    let runtime_options = RuntimeOptions::builder().telemetry_options(telemetry).build().map_err(anyhow::Error::msg)?;
    let runtime = Runtime::from_current_tokio(runtime_options)?;
    // Each queue's slots bound how much of its work this process takes on at once; the rest
    // waits in Temporal's task queue, not in this process's memory.
    let tuner = || {
        TunerHolder::builder()
            .workflow_task_slot_supplier(FixedSizeSlotSupplier::new(config.worker_workflow_slots))
            .activity_task_slot_supplier(FixedSizeSlotSupplier::new(config.worker_activity_slots))
            .local_activity_task_slot_supplier(FixedSizeSlotSupplier::new(config.worker_activity_slots))
            .nexus_task_slot_supplier(FixedSizeSlotSupplier::new(1))
            .build()
    };
    info!(activity_slots = config.worker_activity_slots, workflow_slots = config.worker_workflow_slots, cpu_pool = config.cpu_pool, "worker bounds");
    // One local embedding model for every queue of this process.
    let local_model = LocalModel::new(config.embedding_model_dir.clone());
    let ask = || AskActivities::new(pool.clone(), config.clone(), chaos, local_model.clone());
    let calls = || WorkerCallActivities::new(pool.clone(), config.clone());
    let results = quarry_domain::dashboard::cache::ResultCache::new(&config.redis_url)?;
    let refreshes = || DashboardRefreshActivities::new(pool.clone(), config.clone(), results.clone(), chaos);
    let exports = || SpreadsheetExportActivities::new(pool.clone(), config.clone(), chaos);
    let syncs = || DataSyncActivities::new(pool.clone(), config.clone(), chaos);
    let mut workers = Vec::new();
    for &queue in queues {
        let name = worker_queue(queue, &names);
        let options = match queue {
            // Every workflow (quarry_workflows::registration), as the replay tests replay them.
            Queue::Workflows => register_workflows(WorkerOptions::new(name.clone()))?
                .register_activities(GenerationActivities::new(pool.clone(), config.clone()))
                .register_activities(DeployActivities::new(pool.clone(), config.clone(), chaos, local_model.clone()))
                .register_activities(ProjectRemovalActivities::new(pool.clone(), config.data_dir.clone(), chaos))
                .register_activities(OrgRemovalActivities::new(pool.clone(), chaos))
                .register_activities(CsvImportActivities::new(pool.clone(), config.clone(), chaos))
                .register_activities(ask())
                .register_activities(refreshes())
                .register_activities(exports())
                .register_activities(syncs())
                .client_identity_override(identity.to_owned())
                .graceful_shutdown_period(GRACEFUL_SHUTDOWN)
                .tuner(tuner())
                .build(),
            Queue::Llm => WorkerOptions::new(name.clone())
                .register_activities(ask())
                .register_activities(GenerationActivities::new(pool.clone(), config.clone()))
                .register_activities(calls())
                .client_identity_override(identity.to_owned())
                .graceful_shutdown_period(GRACEFUL_SHUTDOWN)
                .tuner(tuner())
                .build(),
            Queue::Sql => WorkerOptions::new(name.clone())
                .register_activities(ask())
                .register_activities(calls())
                .register_activities(refreshes())
                .register_activities(exports())
                .client_identity_override(identity.to_owned())
                .graceful_shutdown_period(GRACEFUL_SHUTDOWN)
                .tuner(tuner())
                .build(),
            // Copies run long: each takes one slot of its own pool, never the sql pool's.
            Queue::Sync => WorkerOptions::new(name.clone())
                .register_activities(syncs())
                .client_identity_override(identity.to_owned())
                .graceful_shutdown_period(GRACEFUL_SHUTDOWN)
                .tuner(tuner())
                .build(),
            Queue::Email => continue,
        };
        let worker = Worker::new(&runtime, temporal.client().clone(), options)?;
        info!(task_queue = %name, namespace = %config.temporal_namespace, "running Temporal worker");
        workers.push(worker);
    }
    let stops: Vec<_> = workers.iter_mut().map(|w| w.shutdown_handle()).collect();
    tokio::spawn(async move {
        shutdown.wait().await;
        for stop in stops {
            stop();
        }
    });
    // Workers are not Send: they run together on this task.
    let results = futures::future::join_all(workers.iter_mut().map(|w| w.run())).await;
    for result in results {
        result?;
    }
    info!("Temporal workers stopped");
    Ok(())
}

fn worker_queue(queue: Queue, names: &TaskQueues) -> String {
    match queue {
        Queue::Workflows => names.workflows.clone(),
        Queue::Llm => names.llm.clone(),
        Queue::Sql => names.sql.clone(),
        Queue::Sync => names.sync.clone(),
        Queue::Email => String::new(),
    }
}
