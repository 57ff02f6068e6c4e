//! Spreadsheets (PRODUCT.md §2 home/spreadsheets, §7 spreadsheet operations): a grid over SQL
//! on the models (written, or taken from a thread response), paged, sorted and filtered at the
//! source ([`grid`]), with its columns' order, names and visibility saved, and exported as CSV
//! by a workflow that writes the file in pages ([`export`]).

pub mod export;
pub mod grid;

use chrono::{DateTime, Utc};
use quarry_engine::{Connector, QueryOptions, QueryResult, compile, mdl::Manifest};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{
    access::Acting,
    asking::answer::{self, QUERY_TIMEOUT},
    config::Config,
    datasource,
    db::Pool,
    deploy,
    error::{Error, Result},
    modeling::{edit::compile_error, manifest},
    on_worker,
    permissions::Operation,
    services::Services,
};
use grid::{Filter, GridColumn, PageRequest, SortBy};

#[derive(Debug, Clone)]
pub struct Spreadsheet {
    pub id: Uuid,
    pub project_id: Uuid,
    pub folder_id: Option<Uuid>,
    pub name: String,
    pub sql: String,
    pub response_id: Option<Uuid>,
    pub columns: Json<Vec<GridColumn>>,
    pub sort: Json<Vec<SortBy>>,
    pub filters: Json<Vec<Filter>>,
    pub created_by: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Characters of a spreadsheet's name.
pub const MAX_NAME_CHARS: usize = 200;

fn check_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::invalid("Please enter the spreadsheet name."));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(Error::invalid("The spreadsheet name must be at most 200 characters."));
    }
    Ok(name.to_owned())
}

macro_rules! select_spreadsheets {
    ($where:literal $(, $arg:expr)*) => {
        sqlx::query_as!(
            Spreadsheet,
            r#"SELECT id, project_id, folder_id, name, sql, response_id, columns AS "columns: Json<Vec<GridColumn>>",
                      sort AS "sort: Json<Vec<SortBy>>", filters AS "filters: Json<Vec<Filter>>", created_by, created_at, updated_at
               FROM spreadsheets "# + $where,
            $($arg),*
        )
    };
}

pub async fn get(pool: &Pool, project_id: Uuid, id: Uuid) -> Result<Spreadsheet> {
    select_spreadsheets!("WHERE id = $1 AND project_id = $2", id, project_id).fetch_optional(pool).await?.ok_or_else(|| Error::not_found("Spreadsheet"))
}

/// The spreadsheet of the project, when the viewer sees it (theirs, or in a folder they see);
/// else NOT_FOUND, whether or not it exists.
pub async fn open(pool: &Pool, project_id: Uuid, id: Uuid, viewer: crate::folder::Viewer) -> Result<Spreadsheet> {
    let sheet = get(pool, project_id, id).await?;
    if !crate::folder::sees_spreadsheet(pool, project_id, sheet.id, viewer).await? {
        return Err(Error::not_found("Spreadsheet"));
    }
    Ok(sheet)
}

/// A spreadsheet of the project `acting` sees, once it may perform `op` there (ReadDashboards
/// to read it, ManageDashboards to change it), and how it sees it.
pub async fn open_as(pool: &Pool, acting: &Acting, op: Operation, project_id: Uuid, id: Uuid) -> Result<(Spreadsheet, crate::folder::Viewer)> {
    let viewer = crate::folder::Viewer::may(pool, acting, op, project_id).await?;
    Ok((open(pool, project_id, id, viewer).await?, viewer))
}

/// The spreadsheets the viewer sees: their own and those in folders they see, by name.
pub async fn list(pool: &Pool, project_id: Uuid, viewer: crate::folder::Viewer) -> Result<Vec<Spreadsheet>> {
    Ok(select_spreadsheets!(
        "WHERE project_id = $1 AND (created_by = $2 OR (folder_id IS NOT NULL AND folder_visible(folder_id, $2, $3))) ORDER BY lower(name), created_at",
        project_id,
        viewer.user_id,
        viewer.owner
    )
    .fetch_all(pool)
    .await?)
}

/// A new spreadsheet over SQL that compiles over the models; its columns start in the
/// order the SQL gives them, all shown.
pub async fn create(
    pool: &Pool,
    project_id: Uuid,
    user_id: Uuid,
    name: &str,
    sql: &str,
    response_id: Option<Uuid>,
    folder_id: Option<Uuid>,
) -> Result<Spreadsheet> {
    let name = check_name(name)?;
    let sql = answer::check_sql(pool, project_id, sql).await?;
    let id = Uuid::new_v4();
    sqlx::query!(
        "INSERT INTO spreadsheets (id, project_id, folder_id, name, sql, response_id, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        id,
        project_id,
        folder_id,
        name,
        sql,
        response_id,
        user_id,
    )
    .execute(pool)
    .await?;
    get(pool, project_id, id).await
}

pub async fn rename(pool: &Pool, sheet: &Spreadsheet, name: &str) -> Result<Spreadsheet> {
    let name = check_name(name)?;
    sqlx::query!("UPDATE spreadsheets SET name = $2, updated_at = now() WHERE id = $1", sheet.id, name).execute(pool).await?;
    get(pool, sheet.project_id, sheet.id).await
}

/// Saves the grid's state: columns (order, names, hidden), sort and filters. Columns must be
/// the SQL's own (read at the source through the `sql` pool), each once; a blank name means
/// the column's own.
/// What a grid shows of its source: the columns' order, names and visibility, the sort and
/// the filters — saved with the spreadsheet, or sent with an export as the grid shows it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct View {
    pub columns: Vec<GridColumn>,
    pub sort: Vec<SortBy>,
    pub filters: Vec<Filter>,
}

impl View {
    /// The view saved with the spreadsheet.
    pub fn saved(sheet: &Spreadsheet) -> Self {
        View { columns: sheet.columns.0.clone(), sort: sheet.sort.0.clone(), filters: sheet.filters.0.clone() }
    }
}

/// `view` checked against the spreadsheet's columns as the source has them now (each column
/// once, names of at most 200 characters, sort and filters as a page checks them); blank
/// names become none.
async fn checked_view(services: &Services, asker: Uuid, sheet: &Spreadsheet, view: View) -> Result<View> {
    let known = on_worker::spreadsheet_columns(services, asker, sheet.project_id, &sheet.sql).await?;
    let known = known.as_slice();
    let columns: Vec<GridColumn> = view.columns.into_iter().map(|c| GridColumn { label: c.label.filter(|l| !l.trim().is_empty()), ..c }).collect();
    let mut seen = std::collections::HashSet::new();
    for column in &columns {
        if !known.contains(&column.name) {
            return Err(Error::invalid(format!("The spreadsheet has no column \"{}\".", column.name)));
        }
        if !seen.insert(&column.name) {
            return Err(Error::invalid(format!("The column \"{}\" is listed twice.", column.name)));
        }
        if column.label.as_deref().is_some_and(|l| l.chars().count() > 200) {
            return Err(Error::invalid("A column name must be at most 200 characters."));
        }
    }
    // Only the names are checked here: any dialect writes the same.
    grid::Sheet { sql: &sheet.sql, ordered: false, known, dialect: quarry_engine::compile::Dialect::DuckDb }.rows_sql(&view.sort, &view.filters, 1, 0)?;
    Ok(View { columns, ..view })
}

pub async fn save(services: &Services, asker: Uuid, sheet: &Spreadsheet, view: View) -> Result<Spreadsheet> {
    let View { columns, sort, filters } = checked_view(services, asker, sheet, view).await?;
    sqlx::query!(
        "UPDATE spreadsheets SET columns = $2, sort = $3, filters = $4, updated_at = now() WHERE id = $1",
        sheet.id,
        Json(&columns) as _,
        Json(&sort) as _,
        Json(&filters) as _,
    )
    .execute(&services.pool)
    .await?;
    get(&services.pool, sheet.project_id, sheet.id).await
}

pub async fn delete(pool: &Pool, sheet: &Spreadsheet) -> Result<()> {
    sqlx::query!("DELETE FROM spreadsheets WHERE id = $1", sheet.id).execute(pool).await?;
    Ok(())
}

/// One page of a grid, and how many rows its filters leave.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Page {
    pub result: QueryResult,
    pub total_rows: i64,
}

/// A spreadsheet's SQL at its source, opened once per request or export: the deployed models,
/// the connection, the SQL's columns and whether it orders its own rows. Worker side.
pub struct Source {
    manifest: Manifest,
    viewer: quarry_engine::compile::security::Viewer,
    connector: Box<dyn Connector>,
    dialect: compile::Dialect,
    sql: String,
    /// The SQL's column names.
    pub known: Vec<String>,
    /// The SQL has its own ORDER BY (a sheet from "tracks per genre, most first" keeps that
    /// order until the user sorts).
    pub ordered: bool,
}

impl Source {
    /// The source as `asker` may read it (their data-security policies; nobody without one).
    pub async fn open(pool: &Pool, config: &Config, project_id: Uuid, sql: &str, asker: Option<Uuid>) -> Result<Self> {
        let (_, manifest) = deploy::deployed(pool, project_id).await?.ok_or_else(|| Error::invalid("The models are not deployed."))?;
        let viewer = crate::data_security::viewer_for(pool, project_id, asker).await?;
        let connector = datasource::connector(pool, config, project_id).await?;
        let dialect = manifest::dialect_of(connector.source_type());
        let ordered = compile::safety::parse_read_only(sql.trim().trim_end_matches(';'), dialect).is_ok_and(|query| query.order_by.is_some());
        let mut source = Self { manifest, viewer, connector, dialect, sql: sql.to_owned(), known: Vec::new(), ordered };
        source.known = source.run(&grid::columns_sql(sql), 1).await?.columns.into_iter().map(|c| c.name).collect();
        Ok(source)
    }

    fn sheet(&self) -> grid::Sheet<'_> {
        grid::Sheet { sql: &self.sql, ordered: self.ordered, known: &self.known, dialect: self.dialect }
    }

    /// Runs SQL over the models at the source, at most `limit` rows.
    async fn run(&self, sql: &str, limit: usize) -> Result<QueryResult> {
        let compiled = compile::compile_as(&self.manifest, &self.viewer, sql, self.dialect).map_err(compile_error)?;
        let mut result = self.connector.query(&compiled, QueryOptions::new(limit, QUERY_TIMEOUT)).await?;
        compile::describe(&self.manifest, sql, self.dialect, &mut result.columns);
        Ok(result)
    }

    /// The rows from `offset`, at most `limit`, filtered and sorted at the source.
    pub async fn rows(&self, sort: &[SortBy], filters: &[Filter], limit: i64, offset: i64) -> Result<QueryResult> {
        let sql = self.sheet().rows_sql(sort, filters, limit, offset)?;
        self.run(&sql, limit as usize).await
    }

    /// How many rows the filters leave, counted at the source.
    pub async fn count(&self, filters: &[Filter]) -> Result<i64> {
        let counted = self.run(&self.sheet().count_sql(filters)?, 1).await?;
        let value = counted.rows.first().and_then(|r| r.first());
        Ok(value.and_then(crate::datasource::whole_number).unwrap_or(0))
    }
}

/// The source SQL's column names.
pub async fn columns(pool: &Pool, config: &Config, project_id: Uuid, sql: &str, asker: Option<Uuid>) -> Result<Vec<String>> {
    Ok(Source::open(pool, config, project_id, sql, asker).await?.known)
}

/// A page of the source's rows and the count the filters leave, both computed at the source.
/// Worker side.
pub async fn page(pool: &Pool, config: &Config, project_id: Uuid, sql: &str, request: PageRequest, asker: Option<Uuid>) -> Result<Page> {
    let request = request.checked()?;
    let source = Source::open(pool, config, project_id, sql, asker).await?;
    let result = source.rows(&request.sort, &request.filters, request.page_size, (request.page - 1) * request.page_size).await?;
    Ok(Page { result, total_rows: source.count(&request.filters).await? })
}
