//! CSV import jobs over GraphQL: the client polls the job its upload started, and may change
//! the type of an imported column afterwards. Uploads go through `POST
//! /api/projects/:id/csv` (see `crate::csv_upload`).

use super::context::{self, parse_id};
use crate::error::ApiResult;
use async_graphql::{Context, ID, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::{
    csv_import::{self, CsvImportJob, CsvImportState},
    on_worker,
};
use quarry_engine::{ColumnTypeFamily, csv_import::TypeChange};

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
    /// What the import did that the user should know, one sentence each: values read as
    /// missing ("1,204 values 'NA' read as missing (…)"), the file's encoding, how dates
    /// were read.
    notes: Vec<String>,
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
            notes: job.notes,
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
        Ok(csv_import::open(&context::state(ctx).pool, &context::acting(ctx)?, id).await?.into())
    }

    /// The project's recent CSV imports, newest first.
    async fn csv_import_jobs(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<CsvImportJobGql>> {
        let project_id = parse_id(&project_id)?;
        let jobs = csv_import::list(&context::state(ctx).pool, &context::acting(ctx)?, project_id).await?;
        Ok(jobs.into_iter().map(Into::into).collect())
    }
}

/// What changing a column's type did.
#[derive(SimpleObject)]
#[graphql(name = "CsvColumnTypeChange")]
struct CsvColumnTypeChangeGql {
    table: String,
    column: String,
    /// The column's type now, as the CSV source names it.
    r#type: String,
    family: ColumnTypeFamily,
    /// Values that converted.
    converted: i64,
    /// Values that did not convert and are now missing.
    failed: i64,
}

impl From<TypeChange> for CsvColumnTypeChangeGql {
    fn from(change: TypeChange) -> Self {
        Self {
            table: change.table,
            column: change.column,
            r#type: change.type_name,
            family: change.family,
            converted: change.converted as i64,
            failed: change.failed as i64,
        }
    }
}

#[derive(Default)]
pub struct CsvImportMutation;

#[Object]
impl CsvImportMutation {
    /// Changes the type of a column of an uploaded CSV file (TEXT, INTEGER, FLOAT, DECIMAL,
    /// BOOLEAN, DATE or TIMESTAMP), and of the model columns that read it; values that do not
    /// convert become missing and are counted. A column none of whose values convert is
    /// left as it is.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn change_csv_column_type(
        &self,
        ctx: &Context<'_>,
        project_id: ID,
        table: String,
        column: String,
        r#type: ColumnTypeFamily,
    ) -> ApiResult<CsvColumnTypeChangeGql> {
        let project_id = parse_id(&project_id)?;
        let change = on_worker::change_csv_column_type(&context::state(ctx).services, &context::acting(ctx)?, project_id, &table, &column, r#type).await?;
        Ok(change.into())
    }
}
