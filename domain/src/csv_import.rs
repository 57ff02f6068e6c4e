//! CSV import jobs: one per uploaded file. The api stores the upload and creates the job;
//! `CsvImportWorkflow` moves it INIT → IMPORTING (or OVERRIDING when the file replaces a
//! table) → SUCCESS | ERROR. The client polls the job.

use crate::{
    access::Acting,
    config::Config,
    db::Pool,
    error::{Error, ErrorCode, Result},
    permissions::Operation,
    services::{Services, Workflow},
};
use chrono::{DateTime, Utc};
use quarry_engine::{
    ColumnTypeFamily, DataSourceType,
    csv_import::{ReadOptions, TypeChange},
};
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
    /// What the import did that the user should know, one sentence each.
    pub notes: Vec<String>,
    /// The missing-value markers chosen at upload; `None`: the defaults.
    pub missing_markers: Option<Vec<String>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl CsvImportJob {
    /// How the file is to be read.
    pub fn read_options(&self) -> ReadOptions {
        match &self.missing_markers {
            Some(markers) => ReadOptions { missing_markers: markers.clone() },
            None => ReadOptions::default(),
        }
    }
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

/// Checks the missing-value markers chosen at upload (`None`: the defaults).
pub fn check_missing_markers(markers: Option<&[String]>) -> Result<Option<Vec<String>>> {
    markers.map(|m| quarry_engine::csv_import::check_markers(m).map_err(Error::invalid)).transpose()
}

/// A job for a file `acting` is about to upload to the project's CSV source
/// (ManageDataSource), read with the markers chosen (`None`: the defaults).
pub async fn begin_upload(pool: &Pool, acting: &Acting, project_id: Uuid, file_name: &str, missing_markers: Option<&[String]>) -> Result<CsvImportJob> {
    acting.may(pool, Operation::ManageDataSource, project_id).await?;
    create(pool, project_id, acting.account.id, file_name, missing_markers).await
}

/// A job for a file whose bytes are about to be received, read with the markers chosen
/// (`None`: the defaults), whoever asks (for setting up tests and tools; uploads start
/// through [`begin_upload`]).
pub async fn create(pool: &Pool, project_id: Uuid, user_id: Uuid, file_name: &str, missing_markers: Option<&[String]>) -> Result<CsvImportJob> {
    let table_name = check_file_name(file_name)?;
    let missing_markers = check_missing_markers(missing_markers)?;
    Ok(sqlx::query_as!(
        CsvImportJob,
        r#"INSERT INTO csv_import_jobs (id, project_id, created_by, file_name, table_name, state, missing_markers)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING id, project_id, created_by, file_name, table_name, size_bytes, state AS "state: CsvImportState", progress, error,
                  row_count, notes, missing_markers, created_at, updated_at"#,
        Uuid::new_v4(),
        project_id,
        user_id,
        file_name.trim(),
        table_name,
        CsvImportState::Uploading as CsvImportState,
        missing_markers.as_deref(),
    )
    .fetch_one(pool)
    .await?)
}

pub async fn get(pool: &Pool, id: Uuid) -> Result<CsvImportJob> {
    sqlx::query_as!(
        CsvImportJob,
        r#"SELECT id, project_id, created_by, file_name, table_name, size_bytes, state AS "state: CsvImportState", progress, error,
                  row_count, notes, missing_markers, created_at, updated_at
           FROM csv_import_jobs WHERE id = $1"#,
        id,
    )
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| Error::not_found("CSV import"))
}

/// The project's imports, newest first.
/// A CSV import, for whoever may read its project's data source (ReadDataSource). An unknown
/// id answers as a job of someone else's project does.
pub async fn open(pool: &Pool, acting: &Acting, id: Uuid) -> Result<CsvImportJob> {
    let job = get(pool, id).await.map_err(|e| match e.code() {
        ErrorCode::NotFound => Error::of(ErrorCode::UnauthorizedAccess),
        _ => e,
    })?;
    acting.may(pool, Operation::ReadDataSource, job.project_id).await?;
    Ok(job)
}

/// The project's recent imports, newest first (ReadDataSource).
pub async fn list(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<CsvImportJob>> {
    acting.may(pool, Operation::ReadDataSource, project_id).await?;
    Ok(sqlx::query_as!(
        CsvImportJob,
        r#"SELECT id, project_id, created_by, file_name, table_name, size_bytes, state AS "state: CsvImportState", progress, error,
                  row_count, notes, missing_markers, created_at, updated_at
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

pub async fn succeed(pool: &Pool, id: Uuid, rows: u64, notes: &[String]) -> Result<()> {
    sqlx::query!(
        "UPDATE csv_import_jobs SET state = $3, progress = 1, row_count = $2, notes = $5, error = NULL, updated_at = now()
         WHERE id = $1 AND state <> ALL($4)",
        id,
        rows as i64,
        CsvImportState::Success as CsvImportState,
        CsvImportState::FINISHED as &[CsvImportState],
        notes,
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

/// Changes the type of a column of one of the project's CSV tables, and of the model
/// columns that read it, so the next deploy and every question see the new type. Runs
/// where the CSV database is written (a worker of the `sql` pool).
pub async fn change_column_type(pool: &Pool, config: &Config, project_id: Uuid, table: &str, column: &str, family: ColumnTypeFamily) -> Result<TypeChange> {
    let source = crate::datasource::saved(pool, project_id).await?;
    if source.is_none_or(|s| s.sample_dataset.is_some() || s.kind != DataSourceType::Csv.as_str()) {
        return Err(Error::invalid("Only the columns of uploaded CSV files can change type."));
    }
    let database = database_path(config, project_id);
    let (table_name, column_name) = (table.to_owned(), column.to_owned());
    let change = tokio::task::spawn_blocking(move || quarry_engine::csv_import::change_column_type(&database, &table_name, &column_name, family))
        .await
        .map_err(Error::internal)?
        .map_err(|e| match e {
            quarry_engine::csv_import::CsvImportError::Rejected(reason) => Error::invalid(reason),
            other => Error::internal(other),
        })?;
    sqlx::query!(
        "UPDATE model_columns c SET type = $4, family = $5
         FROM models m
         WHERE c.model_id = m.id AND m.project_id = $1 AND m.source_table = $2 AND c.source_column = $3",
        project_id,
        table,
        column,
        change.type_name,
        change.family.as_str(),
    )
    .execute(pool)
    .await?;
    Ok(change)
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
