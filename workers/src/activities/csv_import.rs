//! The steps of `CsvImportWorkflow`. The import is one DuckDB transaction, so running a
//! step again (a retry, a worker that died midway) gives the same table, never rows twice.

use std::{path::PathBuf, sync::Arc};

use quarry_domain::{
    config::Config,
    csv_import::{self, CsvImportState},
    db::Pool,
};
use quarry_engine::csv_import::{self as engine_import, CsvImportError};
use quarry_workflows::csv_import::{
    CsvImportInput, CsvImportOutcome, FinishCsvImportInput,
    activities::{BeginCsvImport, FinishCsvImport, ImportCsvFile},
};
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};
use tracing::{info, warn};

use super::support::{Chaos, step_error, with_heartbeats};

/// Progress shown while the file is being loaded (the load is one statement).
const LOADING: f64 = 0.1;

pub struct CsvImportActivities {
    pool: Pool,
    config: Config,
    chaos: Chaos,
}

impl CsvImportActivities {
    pub fn new(pool: Pool, config: Config, chaos: Chaos) -> Self {
        Self { pool, config, chaos }
    }

    fn paths(&self, input: CsvImportInput) -> (PathBuf, PathBuf) {
        (csv_import::database_path(&self.config, input.project_id), csv_import::upload_path(&self.config, input.project_id, input.job_id))
    }
}

#[activities]
impl CsvImportActivities {
    #[activity(definition = BeginCsvImport)]
    #[allow(dead_code)]
    pub async fn begin_csv_import(self: Arc<Self>, ctx: ActivityContext, input: CsvImportInput) -> Result<(), ActivityError> {
        self.chaos.before_step(&ctx).await?;
        let job = csv_import::get(&self.pool, input.job_id).await.map_err(step_error)?;
        let (database, _) = self.paths(input);
        let table = job.table_name.clone();
        let exists = tokio::task::spawn_blocking(move || engine_import::table_exists(&database, &table))
            .await
            .map_err(|e| ActivityError::from(anyhow::Error::new(e)))?
            .map_err(|e| ActivityError::from(anyhow::Error::new(e)))?;
        let state = if exists { CsvImportState::Overriding } else { CsvImportState::Importing };
        csv_import::advance(&self.pool, input.job_id, state, LOADING).await.map_err(step_error)
    }

    #[activity(definition = ImportCsvFile)]
    #[allow(dead_code)]
    pub async fn import_csv_file(self: Arc<Self>, ctx: ActivityContext, input: CsvImportInput) -> Result<CsvImportOutcome, ActivityError> {
        self.chaos.before_step(&ctx).await?;
        let job = csv_import::get(&self.pool, input.job_id).await.map_err(step_error)?;
        if job.state.is_finished() {
            // Finished by an earlier run of this step whose result was lost.
            return Ok(match job.row_count {
                Some(rows) if job.state == CsvImportState::Success => CsvImportOutcome::Imported { rows: rows as u64, notes: job.notes },
                _ => CsvImportOutcome::Rejected { reason: job.error.unwrap_or_default() },
            });
        }
        let (database, upload) = self.paths(input);
        if !upload.is_file() {
            return Ok(CsvImportOutcome::Rejected { reason: "The uploaded file is gone. Please upload it again.".into() });
        }
        let table = job.table_name.clone();
        let options = job.read_options();
        let load = tokio::task::spawn_blocking(move || engine_import::import_with(&database, &upload, &table, &options));
        let imported = with_heartbeats(&ctx, load).await?.map_err(|e| ActivityError::from(anyhow::Error::new(e)))?;
        match imported {
            Ok(imported) => {
                info!(job_id = %input.job_id, table = %imported.table, rows = imported.rows, notes = imported.notes.len(), "CSV file imported");
                Ok(CsvImportOutcome::Imported { rows: imported.rows, notes: imported.notes })
            }
            Err(CsvImportError::Rejected(reason)) => {
                info!(job_id = %input.job_id, %reason, "CSV file rejected");
                Ok(CsvImportOutcome::Rejected { reason })
            }
            Err(error) => {
                warn!(job_id = %input.job_id, %error, "CSV import failed, will retry");
                Err(ActivityError::from(anyhow::Error::new(error)))
            }
        }
    }

    #[activity(definition = FinishCsvImport)]
    #[allow(dead_code)]
    pub async fn finish_csv_import(self: Arc<Self>, ctx: ActivityContext, input: FinishCsvImportInput) -> Result<(), ActivityError> {
        self.chaos.before_step(&ctx).await?;
        let job_id = input.job.job_id;
        match &input.outcome {
            CsvImportOutcome::Imported { rows, notes } => csv_import::succeed(&self.pool, job_id, *rows, notes).await,
            CsvImportOutcome::Rejected { reason } => csv_import::fail(&self.pool, job_id, reason).await,
        }
        .map_err(step_error)?;
        let (_, upload) = self.paths(input.job);
        match tokio::fs::remove_file(&upload).await {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(ActivityError::from(anyhow::Error::new(e).context(format!("removing {}", upload.display())))),
        }
    }
}
