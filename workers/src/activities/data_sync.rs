//! The steps of `DataSyncWorkflow`. The copy runs the sync engine (dlt, in
//! `workers/sync/quarry_sync.py`) as a child process: the job goes in on stdin (secrets
//! included, never on the command line or in its environment, which is cleared), progress
//! comes out on stdout and lands on the job. Killing the worker kills the child with it;
//! the step runs again elsewhere and the engine finishes what was left.

use std::{path::PathBuf, process::Stdio, sync::Arc, time::Duration};

use quarry_domain::{
    Error,
    config::Config,
    datasource::sync::{self, SyncJobStatus},
    db::Pool,
};
use quarry_workflows::data_sync::{
    FinishSyncJobInput, SyncJobInput, SyncOutcome,
    activities::{BeginSyncJob, FinishSyncJob, SyncTables},
};
use serde_json::{Map, Value};
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tracing::{info, warn};
use uuid::Uuid;

use super::support::{Chaos, step_error};

/// The engine's script, beside this crate.
const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/sync/quarry_sync.py");
/// How often progress is written to the job (and the step heartbeats).
const PROGRESS_EVERY: Duration = Duration::from_secs(2);
/// The most of the engine's own error output kept for the job.
const STDERR_KEPT: usize = 4000;

pub struct DataSyncActivities {
    pool: Pool,
    config: Config,
    chaos: Chaos,
}

impl DataSyncActivities {
    pub fn new(pool: Pool, config: Config, chaos: Chaos) -> Self {
        Self { pool, config, chaos }
    }

    fn script() -> PathBuf {
        std::env::var_os("QUARRY_SYNC_SCRIPT").map(PathBuf::from).unwrap_or_else(|| PathBuf::from(SCRIPT))
    }

    /// Runs the engine on `job` and follows it; the outcome, or the step's own failure.
    async fn run_engine(&self, ctx: &ActivityContext, job_id: Uuid, project_id: Uuid) -> Result<SyncOutcome, ActivityError> {
        let Some(sync) = sync::to_run(&self.pool, project_id).await.map_err(step_error)? else {
            return Ok(SyncOutcome::Failed { reason: "The sync was stopped.".into() });
        };
        let engine_job = match sync::engine_job(&self.pool, &self.config, project_id, &sync).await {
            Ok(job) => job,
            Err(error @ Error::User { .. }) => return Ok(SyncOutcome::Failed { reason: error.public_message() }),
            Err(error) => return Err(step_error(error)),
        };
        let dir = sync::sync_dir(&self.config, project_id);
        tokio::fs::create_dir_all(&dir).await.map_err(|e| step_error(Error::internal(e)))?;
        let mut child = tokio::process::Command::new(&self.config.sync_python)
            .arg(Self::script())
            .env_clear()
            .env("HOME", &dir)
            .env("PATH", "/usr/local/bin:/usr/bin:/bin")
            .env("LANG", "C.UTF-8")
            .current_dir(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| step_error(Error::internal(format!("the sync engine ({}) could not start: {e}", self.config.sync_python.display()))))?;
        let mut stdin = child.stdin.take().expect("piped");
        stdin.write_all(engine_job.to_string().as_bytes()).await.map_err(|e| step_error(Error::internal(e)))?;
        drop(stdin);
        let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
        let mut stderr = child.stderr.take().expect("piped");
        let errors = tokio::spawn(async move {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text).await;
            text
        });
        let mut progress = Map::new();
        let mut said: Option<String> = None;
        let mut done_rows: Option<u64> = None;
        let mut ticks = tokio::time::interval(PROGRESS_EVERY);
        loop {
            tokio::select! {
                line = lines.next_line() => {
                    let Some(line) = line.map_err(|e| step_error(Error::internal(e)))? else { break };
                    let Ok(event) = serde_json::from_str::<Value>(&line) else { continue };
                    match event["event"].as_str() {
                        Some("rows") => {
                            if let (Some(table), Some(rows)) = (event["table"].as_str(), event["rows"].as_i64()) {
                                progress.insert(table.to_owned(), rows.into());
                            }
                        }
                        Some("done") => {
                            if let Some(tables) = event["tables"].as_object() {
                                progress = tables.clone();
                            }
                            done_rows = Some(progress.values().filter_map(Value::as_u64).sum());
                        }
                        Some("error") => said = event["message"].as_str().map(str::to_owned),
                        _ => {}
                    }
                }
                _ = ticks.tick() => {
                    ctx.record_heartbeat(()).await?;
                    sync::note_progress(&self.pool, job_id, &Value::Object(progress.clone())).await.map_err(step_error)?;
                }
                _ = ctx.cancelled() => {
                    let _ = child.kill().await;
                    return Err(ActivityError::cancelled());
                }
            }
        }
        let status = child.wait().await.map_err(|e| step_error(Error::internal(e)))?;
        let stderr = errors.await.unwrap_or_default();
        sync::note_progress(&self.pool, job_id, &Value::Object(progress)).await.map_err(step_error)?;
        match (status.success(), done_rows) {
            (true, Some(rows)) => {
                sync::publish(&self.config, project_id).await.map_err(step_error)?;
                Ok(SyncOutcome::Synced { rows })
            }
            // The engine said why: the source refused, a table or column is gone. Not retried.
            _ if said.is_some() => Ok(SyncOutcome::Failed { reason: said.unwrap_or_default() }),
            // Killed or crashed without a word: the step is tried again.
            _ => {
                let tail: String = stderr.chars().rev().take(STDERR_KEPT).collect::<Vec<_>>().into_iter().rev().collect();
                Err(step_error(Error::internal(format!("the sync engine ended with {status}: {}", tail.trim()))))
            }
        }
    }
}

#[activities]
impl DataSyncActivities {
    #[activity(definition = BeginSyncJob)]
    #[allow(dead_code)]
    pub async fn begin_sync_job(self: Arc<Self>, ctx: ActivityContext, project_id: Uuid) -> Result<Option<Uuid>, ActivityError> {
        let workflow_id = ctx.info().workflow_id.clone().unwrap_or_default();
        let job = sync::begin_job(&self.pool, project_id, &workflow_id).await.map_err(step_error)?;
        info!(%project_id, %workflow_id, ?job, "sync job begun");
        Ok(job)
    }

    #[activity(definition = SyncTables)]
    #[allow(dead_code)]
    pub async fn sync_tables(self: Arc<Self>, ctx: ActivityContext, input: SyncJobInput) -> Result<SyncOutcome, ActivityError> {
        self.chaos.before_step(&ctx).await?;
        let job = sync::job(&self.pool, input.job_id).await.map_err(step_error)?;
        if SyncJobStatus::FINISHED.contains(&job.status) {
            // Ended already (a stop cancelled it, or an earlier run's result was lost).
            return Ok(match job.status {
                SyncJobStatus::Succeeded => SyncOutcome::Synced { rows: job.rows_synced.max(0) as u64 },
                _ => SyncOutcome::Failed { reason: job.error.unwrap_or_else(|| "The sync was stopped.".into()) },
            });
        }
        let outcome = self.run_engine(&ctx, input.job_id, input.project_id).await;
        match &outcome {
            Ok(SyncOutcome::Synced { rows }) => info!(project_id = %input.project_id, job_id = %input.job_id, rows, "sync finished"),
            Ok(SyncOutcome::Failed { reason }) => warn!(project_id = %input.project_id, job_id = %input.job_id, reason, "sync failed"),
            Err(_) => {}
        }
        outcome
    }

    #[activity(definition = FinishSyncJob)]
    #[allow(dead_code)]
    pub async fn finish_sync_job(self: Arc<Self>, _ctx: ActivityContext, input: FinishSyncJobInput) -> Result<(), ActivityError> {
        let (status, error) = match &input.outcome {
            SyncOutcome::Synced { .. } => (SyncJobStatus::Succeeded, None),
            SyncOutcome::Failed { reason } => (SyncJobStatus::Failed, Some(reason.as_str())),
        };
        sync::finish_job(&self.pool, input.job.job_id, status, error).await.map_err(step_error)
    }
}
