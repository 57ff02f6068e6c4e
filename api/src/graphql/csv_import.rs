//! CSV import jobs over GraphQL: the client polls the job its upload started. Uploads go
//! through `POST /api/projects/:id/csv` (see `crate::csv_upload`).

use super::context::{self, parse_id};
use crate::error::ApiResult;
use async_graphql::{Context, ID, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::{
    Error, ErrorCode,
    csv_import::{self, CsvImportJob, CsvImportState},
    permissions::Operation,
};

#[derive(SimpleObject)]
#[graphql(name = "CsvImportJob")]
struct CsvImportJobGql {
    id: ID,
    state: CsvImportState,
    /// From 0 to 1.
    progress: f64,
    /// Why the import failed, naming the line and column at fault when the file is.
    error: Option<String>,
    /// The table the file becomes (an existing table of that name is replaced).
    table_name: Option<String>,
    file_name: String,
    size_bytes: i64,
    row_count: Option<i64>,
    created_at: DateTime<Utc>,
}

impl From<CsvImportJob> for CsvImportJobGql {
    fn from(job: CsvImportJob) -> Self {
        Self {
            id: ID(job.id.to_string()),
            state: job.state,
            progress: job.progress,
            error: job.error,
            table_name: Some(job.table_name),
            file_name: job.file_name,
            size_bytes: job.size_bytes,
            row_count: job.row_count,
            created_at: job.created_at,
        }
    }
}

#[derive(Default)]
pub struct CsvImportQuery;

#[Object]
impl CsvImportQuery {
    /// One CSV import (poll it until SUCCESS or ERROR).
    async fn csv_import_job(&self, ctx: &Context<'_>, id: ID) -> ApiResult<CsvImportJobGql> {
        let id = parse_id(&id)?;
        let pool = &context::state(ctx).pool;
        // An unknown id reads like a job of someone else's project.
        let job = csv_import::get(pool, id).await.map_err(|e| match e.code() {
            ErrorCode::NotFound => Error::of(ErrorCode::UnauthorizedAccess),
            _ => e,
        })?;
        context::in_project(ctx, Operation::ReadDataSource, job.project_id).await?;
        Ok(job.into())
    }

    /// The project's recent CSV imports, newest first.
    async fn csv_import_jobs(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<CsvImportJobGql>> {
        let project_id = parse_id(&project_id)?;
        context::in_project(ctx, Operation::ReadDataSource, project_id).await?;
        let jobs = csv_import::list(&context::state(ctx).pool, project_id).await?;
        Ok(jobs.into_iter().map(Into::into).collect())
    }
}
