//! CSV exports of a spreadsheet: a workflow step on the `sql` pool reads the rows at the
//! source in pages and appends them to a file under the project's directory, recording its
//! progress; the api then streams the file. Memory stays one page, however many rows.

use std::path::PathBuf;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use tokio::io::AsyncWriteExt;
use uuid::Uuid;

use super::{Spreadsheet, View, grid};
use crate::{
    access::Acting,
    config::Config,
    db::Pool,
    error::{Error, Result},
    permissions::Operation,
    services::{Services, Workflow},
};

/// Rows read from the source per query.
pub const EXPORT_PAGE_ROWS: i64 = 20_000;

/// Finished exports kept per spreadsheet: a newer one removes the oldest file, so exports
/// cannot fill the disk.
pub const KEPT_EXPORTS: i64 = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum), graphql(name = "SpreadsheetExportStatus"))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ExportStatus {
    Running,
    Succeeded,
    Failed,
}

#[derive(Debug, Clone)]
pub struct Export {
    pub id: Uuid,
    pub spreadsheet_id: Uuid,
    pub project_id: Uuid,
    pub requested_by: Option<Uuid>,
    pub status: ExportStatus,
    pub rows_written: i64,
    pub bytes_written: i64,
    pub error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

/// Where an export's file lives.
pub fn file_of(config: &Config, project_id: Uuid, export_id: Uuid) -> PathBuf {
    config.project_dir(project_id).join("exports").join(format!("{export_id}.csv"))
}

/// Records an export of `view` (what the grid shows; the saved view when `None`) and starts
/// the workflow that writes it (recorded FAILED when it cannot start).
pub async fn start(services: &Services, sheet: &Spreadsheet, user_id: Uuid, view: Option<View>) -> Result<Export> {
    let view = match view {
        Some(view) => Some(super::checked_view(services, user_id, sheet, view).await?),
        None => None,
    };
    let limit = services.config.limits.running_exports_per_org;
    let created = create_within(&services.pool, limit, sheet, user_id, view.as_ref()).await?;
    let workflow = Workflow::SpreadsheetExport { project_id: sheet.project_id, export_id: created.id };
    services.start(workflow, fail(&services.pool, created.id, "The export could not be started. Please try again.")).await?;
    Ok(created)
}

/// Records an export unless `limit` exports of the org are running already (counted under a
/// lock on the org, so a burst cannot pass it together).
async fn create_within(pool: &Pool, limit: i64, sheet: &Spreadsheet, user_id: Uuid, view: Option<&View>) -> Result<Export> {
    let mut tx = pool.begin().await?;
    let org_id = sqlx::query_scalar!("SELECT o.id FROM orgs o JOIN projects p ON p.org_id = o.id WHERE p.id = $1 FOR UPDATE OF o", sheet.project_id)
        .fetch_one(&mut *tx)
        .await?;
    let running = sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM spreadsheet_exports e JOIN projects p ON p.id = e.project_id WHERE p.org_id = $1 AND e.status = 'RUNNING'"#,
        org_id,
    )
    .fetch_one(&mut *tx)
    .await?;
    if running >= limit {
        return Err(crate::limits::reached("Your organization's exports running at once", limit, "Please wait for one to finish and try again."));
    }
    let id = Uuid::new_v4();
    sqlx::query!(
        "INSERT INTO spreadsheet_exports (id, spreadsheet_id, project_id, requested_by, view) VALUES ($1, $2, $3, $4, $5)",
        id,
        sheet.id,
        sheet.project_id,
        user_id,
        view.map(Json) as _,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    get(pool, sheet.project_id, id).await
}

/// Records an export, whatever else is running (for setting up tests and tools; the product
/// starts exports through [`start`], which holds the org to its bound).
pub async fn create(pool: &Pool, sheet: &Spreadsheet, user_id: Uuid) -> Result<Export> {
    create_within(pool, i64::MAX, sheet, user_id, None).await
}

/// An export of a spreadsheet `acting` sees, once it may read the project's dashboards and
/// spreadsheets (ReadDashboards), with its spreadsheet; an export of a spreadsheet it does not
/// see is NOT_FOUND, as one that does not exist.
pub async fn seen(pool: &Pool, acting: &Acting, project_id: Uuid, id: Uuid) -> Result<(Export, Spreadsheet)> {
    let viewer = crate::folder::Viewer::may(pool, acting, Operation::ReadDashboards, project_id).await?;
    let export = get(pool, project_id, id).await?;
    let sheet = super::open(pool, project_id, export.spreadsheet_id, viewer).await.map_err(|_| Error::not_found("Export"))?;
    Ok((export, sheet))
}

/// A finished export `acting` may download ([`seen`]), with its spreadsheet.
pub async fn download(pool: &Pool, acting: &Acting, project_id: Uuid, id: Uuid) -> Result<(Export, Spreadsheet)> {
    let (export, sheet) = seen(pool, acting, project_id, id).await?;
    if export.status != ExportStatus::Succeeded {
        return Err(Error::invalid("This export is not finished."));
    }
    Ok((export, sheet))
}

pub async fn get(pool: &Pool, project_id: Uuid, id: Uuid) -> Result<Export> {
    sqlx::query_as!(
        Export,
        r#"SELECT id, spreadsheet_id, project_id, requested_by, status AS "status: ExportStatus", rows_written, bytes_written, error, created_at, finished_at
           FROM spreadsheet_exports WHERE id = $1 AND project_id = $2"#,
        id,
        project_id,
    )
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| Error::not_found("Export"))
}

async fn progress(pool: &Pool, id: Uuid, rows: i64, bytes: i64) -> Result<()> {
    sqlx::query!("UPDATE spreadsheet_exports SET rows_written = $2, bytes_written = $3 WHERE id = $1 AND status = 'RUNNING'", id, rows, bytes)
        .execute(pool)
        .await?;
    Ok(())
}

/// Ends an export as FAILED with what the user can act on; an export already ended stays.
pub async fn fail(pool: &Pool, id: Uuid, error: &str) -> Result<()> {
    sqlx::query!("UPDATE spreadsheet_exports SET status = 'FAILED', error = $2, finished_at = now() WHERE id = $1 AND status = 'RUNNING'", id, error)
        .execute(pool)
        .await?;
    Ok(())
}

/// Writes the export's file from the start (a step that runs again overwrites it), in the
/// column order, names, sort and filters of the view it was asked with (else the saved one), then records it SUCCEEDED and
/// counts the rows and bytes in the org's usage, once. A spreadsheet the source refuses ends
/// FAILED with the reason.
pub async fn write(pool: &Pool, config: &Config, project_id: Uuid, export_id: Uuid) -> Result<()> {
    let export = get(pool, project_id, export_id).await?;
    if export.status != ExportStatus::Running {
        return Ok(());
    }
    let sheet = super::get(pool, project_id, export.spreadsheet_id).await?;
    let view = view_of(pool, export_id).await?.unwrap_or_else(|| View::saved(&sheet));
    match write_file(pool, config, &sheet, &view, export_id).await {
        Ok((rows, bytes)) => {
            finish(pool, &sheet, &export, rows, bytes).await?;
            prune(pool, config, &sheet).await
        }
        Err(Error::User { message, .. }) => {
            // A stopped export leaves no half-written file behind.
            let _ = tokio::fs::remove_file(file_of(config, project_id, export_id).with_extension("csv.partial")).await;
            fail(pool, export_id, &message).await
        }
        Err(error) => Err(error),
    }
}

/// The view an export was asked with, if any.
async fn view_of(pool: &Pool, export_id: Uuid) -> Result<Option<View>> {
    let view = sqlx::query_scalar!(r#"SELECT view AS "view: Json<View>" FROM spreadsheet_exports WHERE id = $1"#, export_id).fetch_one(pool).await?;
    Ok(view.map(|v| v.0))
}

async fn write_file(pool: &Pool, config: &Config, sheet: &Spreadsheet, view: &View, export_id: Uuid) -> Result<(i64, i64)> {
    // The rows the member who asked for the export may read.
    let requested_by = sqlx::query_scalar!("SELECT requested_by FROM spreadsheet_exports WHERE id = $1", export_id).fetch_one(pool).await?;
    let source = super::Source::open(pool, config, sheet.project_id, &sheet.sql, requested_by).await?;
    let known = &source.known;
    // The view's columns in their order (hidden ones left out), then any the SQL has gained since.
    let mut shown: Vec<(usize, String)> = Vec::new();
    for column in view.columns.iter().filter(|c| !c.hidden) {
        if let Some(i) = known.iter().position(|k| *k == column.name) {
            shown.push((i, column.label.clone().unwrap_or_else(|| column.name.clone())));
        }
    }
    for (i, name) in known.iter().enumerate() {
        if !view.columns.iter().any(|c| c.name == *name) {
            shown.push((i, name.clone()));
        }
    }
    let path = file_of(config, sheet.project_id, export_id);
    let partial = path.with_extension("csv.partial");
    tokio::fs::create_dir_all(path.parent().expect("an export file has a directory")).await.map_err(Error::internal)?;
    let mut file = tokio::io::BufWriter::new(tokio::fs::File::create(&partial).await.map_err(Error::internal)?);
    let header: Vec<String> = shown.iter().map(|(_, label)| grid::csv_field(&serde_json::Value::String(label.clone()))).collect();
    let mut bytes = write_line(&mut file, &header).await?;
    let mut rows = 0i64;
    loop {
        let page = source.rows(&view.sort, &view.filters, EXPORT_PAGE_ROWS, rows).await?;
        let limits = &config.limits;
        if rows + page.rows.len() as i64 > limits.export_max_rows {
            return Err(Error::invalid(format!(
                "The export stopped: it would hold more than {} rows. Filter the spreadsheet to fewer rows and export again.",
                limits.export_max_rows
            )));
        }
        for row in &page.rows {
            let fields: Vec<String> = shown.iter().map(|(i, _)| row.get(*i).map(grid::csv_field).unwrap_or_default()).collect();
            bytes += write_line(&mut file, &fields).await?;
            if bytes > limits.export_max_bytes {
                return Err(Error::invalid(format!(
                    "The export stopped: its file would be larger than {} MB. Hide columns or filter the spreadsheet and export again.",
                    limits.export_max_bytes / (1024 * 1024)
                )));
            }
        }
        rows += page.rows.len() as i64;
        progress(pool, export_id, rows, bytes).await?;
        if (page.rows.len() as i64) < EXPORT_PAGE_ROWS {
            break;
        }
    }
    file.flush().await.map_err(Error::internal)?;
    drop(file);
    tokio::fs::rename(&partial, &path).await.map_err(Error::internal)?;
    Ok((rows, bytes))
}

/// Removes the files and records of a spreadsheet's finished exports beyond the newest
/// [`KEPT_EXPORTS`] (usage keeps what they counted).
async fn prune(pool: &Pool, config: &Config, sheet: &Spreadsheet) -> Result<()> {
    let old = sqlx::query_scalar!(
        "SELECT id FROM spreadsheet_exports WHERE spreadsheet_id = $1 AND status <> 'RUNNING' ORDER BY created_at DESC OFFSET $2",
        sheet.id,
        KEPT_EXPORTS,
    )
    .fetch_all(pool)
    .await?;
    for id in &old {
        match tokio::fs::remove_file(file_of(config, sheet.project_id, *id)).await {
            Ok(()) => {}
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => return Err(Error::internal(error)),
        }
    }
    sqlx::query!("DELETE FROM spreadsheet_exports WHERE id = ANY($1)", &old).execute(pool).await?;
    Ok(())
}

async fn write_line(file: &mut (impl AsyncWriteExt + Unpin), fields: &[String]) -> Result<i64> {
    let line = format!("{}\r\n", fields.join(","));
    file.write_all(line.as_bytes()).await.map_err(Error::internal)?;
    Ok(line.len() as i64)
}

async fn finish(pool: &Pool, sheet: &Spreadsheet, export: &Export, rows: i64, bytes: i64) -> Result<()> {
    let mut tx = pool.begin().await?;
    let ended = sqlx::query!(
        "UPDATE spreadsheet_exports SET status = 'SUCCEEDED', rows_written = $2, bytes_written = $3, finished_at = now() WHERE id = $1 AND status = 'RUNNING'",
        export.id,
        rows,
        bytes,
    )
    .execute(&mut *tx)
    .await?;
    if ended.rows_affected() == 1 {
        for (kind, value) in [("ROWS_EXPORTED", rows), ("EXPORT_BANDWIDTH", bytes)] {
            sqlx::query!(
                "INSERT INTO usage_logs (id, org_id, project_id, user_id, type, value, detail)
                 SELECT $1, org_id, id, $3, $4, $5, jsonb_build_object('spreadsheetId', $6::text, 'exportId', $7::text) FROM projects WHERE id = $2",
                Uuid::new_v4(),
                sheet.project_id,
                export.requested_by,
                kind,
                value,
                sheet.id.to_string(),
                export.id.to_string(),
            )
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}
