//! CSV import jobs: one per uploaded file. The api stores the upload and creates the job;
//! `CsvImportWorkflow` moves it INIT → IMPORTING (or OVERRIDING when the file replaces a
//! table) → SUCCESS | ERROR. The client polls the job.

use crate::{
    config::Config,
    db::Pool,
    error::{Error, Result},
    services::{Services, Workflow},
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CsvImportState {
    Init,
    Uploading,
    Importing,
    Success,
    Error,
    Overriding,
}

impl CsvImportState {
    /// Nothing moves a job out of these; SQL guards bind this list (`state <> ALL($n)`).
    pub const FINISHED: &[CsvImportState] = &[Self::Success, Self::Error];

    pub fn is_finished(self) -> bool {
        Self::FINISHED.contains(&self)
    }
}

#[derive(Debug, Clone)]
pub struct CsvImportJob {
    pub id: Uuid,
    pub project_id: Uuid,
    pub created_by: Option<Uuid>,
    pub file_name: String,
    pub table_name: String,
    pub size_bytes: i64,
    pub state: CsvImportState,
    pub progress: f64,
    pub error: Option<String>,
    pub row_count: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Where an upload waits for its import: `<project dir>/uploads/<job id>.csv`.
pub fn upload_path(config: &Config, project_id: Uuid, job_id: Uuid) -> PathBuf {
    config.project_dir(project_id).join("uploads").join(format!("{job_id}.csv"))
}

/// The project's CSV database, which the CSV connector reads.
pub fn database_path(config: &Config, project_id: Uuid) -> PathBuf {
    config.project_dir(project_id).join(quarry_engine::connectors::CsvProperties::DATABASE_FILE)
}

pub fn max_file_bytes(config: &Config) -> u64 {
    config.csv_import_max_file_size_mb * 1024 * 1024
}

/// The refusal of a file over the configured cap.
pub fn too_large(config: &Config) -> Error {
    Error::invalid(format!("The file is larger than the {} MB limit for CSV files.", config.csv_import_max_file_size_mb))
}

/// Checks the name of an uploaded file: a `.csv` whose name makes a table name.
pub fn check_file_name(file_name: &str) -> Result<String> {
    let name = file_name.trim();
    if name.is_empty() {
        return Err(Error::invalid("The upload has no file name."));
    }
    if !name.to_ascii_lowercase().ends_with(".csv") {
        return Err(Error::invalid(format!("\"{name}\" is not a CSV file.")));
    }
    Ok(quarry_engine::csv_import::table_name_for(name))
}

/// A job for a file whose bytes are about to be received.
pub async fn create(pool: &Pool, project_id: Uuid, user_id: Uuid, file_name: &str) -> Result<CsvImportJob> {
    let table_name = check_file_name(file_name)?;
    Ok(sqlx::query_as!(
        CsvImportJob,
        r#"INSERT INTO csv_import_jobs (id, project_id, created_by, file_name, table_name, state)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, project_id, created_by, file_name, table_name, size_bytes, state AS "state: CsvImportState", progress, error,
                  row_count, created_at, updated_at"#,
        Uuid::new_v4(),
        project_id,
        user_id,
        file_name.trim(),
        table_name,
        CsvImportState::Uploading as CsvImportState,
    )
    .fetch_one(pool)
    .await?)
}

pub async fn get(pool: &Pool, id: Uuid) -> Result<CsvImportJob> {
    sqlx::query_as!(
        CsvImportJob,
        r#"SELECT id, project_id, created_by, file_name, table_name, size_bytes, state AS "state: CsvImportState", progress, error,
                  row_count, created_at, updated_at
           FROM csv_import_jobs WHERE id = $1"#,
        id,
    )
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| Error::not_found("CSV import"))
}

/// The project's imports, newest first.
pub async fn list(pool: &Pool, project_id: Uuid) -> Result<Vec<CsvImportJob>> {
    Ok(sqlx::query_as!(
        CsvImportJob,
        r#"SELECT id, project_id, created_by, file_name, table_name, size_bytes, state AS "state: CsvImportState", progress, error,
                  row_count, created_at, updated_at
           FROM csv_import_jobs WHERE project_id = $1 ORDER BY created_at DESC LIMIT 100"#,
        project_id,
    )
    .fetch_all(pool)
    .await?)
}

/// The whole file is stored at [`upload_path`]: records its size and starts the import
/// workflow. One that cannot start fails the job and removes the file.
pub async fn import(services: &Services, project_id: Uuid, job_id: Uuid, size_bytes: u64) -> Result<()> {
    uploaded(&services.pool, job_id, size_bytes).await?;
    let undo = async {
        fail(&services.pool, job_id, "The import could not be started. Please try again.").await?;
        let _ = tokio::fs::remove_file(upload_path(&services.config, project_id, job_id)).await;
        Ok(())
    };
    services.start(Workflow::CsvImport { project_id, job_id }, undo).await
}

/// The bytes are stored; the job waits for its workflow.
pub async fn uploaded(pool: &Pool, id: Uuid, size_bytes: u64) -> Result<()> {
    sqlx::query!(
        "UPDATE csv_import_jobs SET state = $3, size_bytes = $2, updated_at = now() WHERE id = $1 AND state = $4",
        id,
        size_bytes as i64,
        CsvImportState::Init as CsvImportState,
        CsvImportState::Uploading as CsvImportState,
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Moves an unfinished job along; a finished one stays as it is (a step may run twice).
pub async fn advance(pool: &Pool, id: Uuid, state: CsvImportState, progress: f64) -> Result<()> {
    sqlx::query!(
        "UPDATE csv_import_jobs SET state = $2, progress = $3, updated_at = now()
         WHERE id = $1 AND state <> ALL($4)",
        id,
        state as CsvImportState,
        progress.clamp(0.0, 1.0),
        CsvImportState::FINISHED as &[CsvImportState],
    )
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn succeed(pool: &Pool, id: Uuid, rows: u64) -> Result<()> {
    sqlx::query!(
        "UPDATE csv_import_jobs SET state = $3, progress = 1, row_count = $2, error = NULL, updated_at = now()
         WHERE id = $1 AND state <> ALL($4)",
        id,
        rows as i64,
        CsvImportState::Success as CsvImportState,
        CsvImportState::FINISHED as &[CsvImportState],
    )
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn fail(pool: &Pool, id: Uuid, message: &str) -> Result<()> {
    sqlx::query!(
        "UPDATE csv_import_jobs SET state = $3, error = $2, updated_at = now()
         WHERE id = $1 AND state <> ALL($4)",
        id,
        message,
        CsvImportState::Error as CsvImportState,
        CsvImportState::FINISHED as &[CsvImportState],
    )
    .execute(pool)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_csv_files_are_taken() {
        assert_eq!(check_file_name(" Orders.CSV ").unwrap(), "orders");
        assert!(check_file_name("orders.xlsx").is_err());
        assert!(check_file_name("  ").is_err());
    }
}
