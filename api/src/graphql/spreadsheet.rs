//! Spreadsheets: grids over SQL on the models, paged, sorted and filtered at the source, and
//! exported as CSV (PRODUCT.md §7 spreadsheet operations).

use super::{
    asking::ResultColumnGql,
    context::{self, parse_id},
};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Json, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::{
    Error, asking,
    folder::{self, Viewer},
    on_worker,
    permissions::Operation,
    spreadsheet::{
        self, Page, Spreadsheet, View,
        export::{self, Export, ExportStatus},
        grid::{Direction, Filter, GridColumn, Operator, PageRequest, SortBy},
    },
};
use uuid::Uuid;

pub struct SpreadsheetGql {
    sheet: Spreadsheet,
    viewer: Viewer,
}

#[derive(SimpleObject, InputObject)]
#[graphql(name = "SpreadsheetColumn", input_name = "SpreadsheetColumnInput")]
struct ColumnGql {
    /// The source SQL's column.
    name: String,
    /// What the grid calls it; the source name when none.
    label: Option<String>,
    hidden: bool,
}

#[derive(SimpleObject, InputObject)]
#[graphql(name = "SpreadsheetSort", input_name = "SpreadsheetSortInput")]
struct SortGql {
    column: String,
    direction: Direction,
}

#[derive(SimpleObject, InputObject)]
#[graphql(name = "SpreadsheetFilter", input_name = "SpreadsheetFilterInput")]
struct FilterGql {
    column: String,
    operator: Operator,
    /// Text, a number, true/false, or null (IS NULL with EQUALS, IS NOT NULL with NOT_EQUALS).
    value: Json<serde_json::Value>,
}

fn view_in(data: SaveSpreadsheetInput) -> View {
    View {
        columns: data.columns.into_iter().map(|c| GridColumn { name: c.name, label: c.label, hidden: c.hidden }).collect(),
        sort: sorts_in(data.sort),
        filters: filters_in(data.filters),
    }
}

fn sorts_in(sort: Vec<SortGql>) -> Vec<SortBy> {
    sort.into_iter().map(|s| SortBy { column: s.column, direction: s.direction }).collect()
}

fn filters_in(filters: Vec<FilterGql>) -> Vec<Filter> {
    filters.into_iter().map(|f| Filter { column: f.column, operator: f.operator, value: f.value.0 }).collect()
}

#[Object(name = "Spreadsheet")]
impl SpreadsheetGql {
    async fn id(&self) -> ID {
        ID(self.sheet.id.to_string())
    }
    async fn name(&self) -> &str {
        &self.sheet.name
    }
    /// The SQL over the models the grid shows.
    async fn sql(&self) -> &str {
        &self.sheet.sql
    }
    async fn response_id(&self) -> Option<ID> {
        self.sheet.response_id.map(|id| ID(id.to_string()))
    }
    async fn folder_id(&self) -> Option<ID> {
        self.sheet.folder_id.map(|id| ID(id.to_string()))
    }
    /// Saved column order, names and visibility (columns not listed show after these).
    async fn columns(&self) -> Vec<ColumnGql> {
        self.sheet.columns.0.iter().map(|c| ColumnGql { name: c.name.clone(), label: c.label.clone(), hidden: c.hidden }).collect()
    }
    async fn sort(&self) -> Vec<SortGql> {
        self.sheet.sort.0.iter().map(|s| SortGql { column: s.column.clone(), direction: s.direction }).collect()
    }
    async fn filters(&self) -> Vec<FilterGql> {
        self.sheet.filters.0.iter().map(|f| FilterGql { column: f.column.clone(), operator: f.operator, value: Json(f.value.clone()) }).collect()
    }
    async fn can_edit(&self) -> bool {
        self.viewer.editor
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.sheet.created_at
    }
    async fn updated_at(&self) -> DateTime<Utc> {
        self.sheet.updated_at
    }
}

/// A page of a grid.
#[derive(SimpleObject)]
#[graphql(name = "SpreadsheetPage")]
struct PageGql {
    columns: Vec<ResultColumnGql>,
    rows: Json<Vec<Vec<serde_json::Value>>>,
    page: i64,
    page_size: i64,
    /// Rows the filters leave (PRODUCT.md §7 pagination info).
    total_rows: i64,
    total_pages: i64,
}

fn page_out(page: Page, request: &PageRequest) -> PageGql {
    PageGql {
        columns: page.result.columns.iter().map(ResultColumnGql::from).collect(),
        rows: Json(page.result.rows),
        page: request.page,
        page_size: request.page_size,
        total_rows: page.total_rows,
        total_pages: (page.total_rows + request.page_size - 1) / request.page_size,
    }
}

#[derive(SimpleObject)]
#[graphql(name = "SpreadsheetExport")]
struct ExportGql {
    id: ID,
    status: ExportStatus,
    rows_written: i64,
    bytes_written: i64,
    error: Option<String>,
    /// Where the finished file is downloaded (signed-in, same origin).
    download_url: Option<String>,
    created_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
}

impl From<Export> for ExportGql {
    fn from(e: Export) -> Self {
        let download_url = (e.status == ExportStatus::Succeeded).then(|| format!("/api/projects/{}/spreadsheet-exports/{}/csv", e.project_id, e.id));
        Self {
            id: ID(e.id.to_string()),
            status: e.status,
            rows_written: e.rows_written,
            bytes_written: e.bytes_written,
            error: e.error,
            download_url,
            created_at: e.created_at,
            finished_at: e.finished_at,
        }
    }
}

async fn sheet_for(ctx: &Context<'_>, op: Operation, project_id: &ID, id: &ID) -> ApiResult<(Spreadsheet, Viewer)> {
    let (project_id, id) = (parse_id(project_id)?, parse_id(id)?);
    Ok(spreadsheet::open_as(&context::state(ctx).pool, &context::acting(ctx)?, op, project_id, id).await?)
}

/// How the signed-in caller sees the project's spreadsheets, once they may perform `op` there.
async fn viewer(ctx: &Context<'_>, op: Operation, project_id: Uuid) -> ApiResult<Viewer> {
    Ok(Viewer::may(&context::state(ctx).pool, &context::acting(ctx)?, op, project_id).await?)
}

#[derive(InputObject)]
struct PageInput {
    /// From 1.
    #[graphql(default = 1)]
    page: i64,
    #[graphql(default = 100)]
    page_size: i64,
    /// Overrides the saved sort when given.
    sort: Option<Vec<SortGql>>,
    /// Overrides the saved filters when given.
    filters: Option<Vec<FilterGql>>,
}

#[derive(InputObject)]
struct PreviewSpreadsheetInput {
    /// SQL over the models; or
    sql: Option<String>,
    /// a thread response whose SQL to show.
    response_id: Option<ID>,
    #[graphql(default = 1)]
    page: i64,
    #[graphql(default = 100)]
    page_size: i64,
    sort: Option<Vec<SortGql>>,
    filters: Option<Vec<FilterGql>>,
}

#[derive(InputObject)]
struct CreateSpreadsheetInput {
    name: String,
    sql: Option<String>,
    response_id: Option<ID>,
    folder_id: Option<ID>,
}

#[derive(InputObject)]
struct SaveSpreadsheetInput {
    columns: Vec<ColumnGql>,
    sort: Vec<SortGql>,
    filters: Vec<FilterGql>,
}

/// The SQL a new or previewed grid shows: given, or a response's the caller sees.
async fn source_sql(ctx: &Context<'_>, viewer: Viewer, project_id: Uuid, sql: Option<String>, response_id: Option<&ID>) -> ApiResult<(String, Option<Uuid>)> {
    match (sql, response_id) {
        (Some(sql), None) => Ok((sql, None)),
        (None, Some(id)) => {
            let response = asking::response_seen(&context::state(ctx).pool, project_id, parse_id(id)?, viewer).await?;
            let sql = response.sql.ok_or_else(|| Error::invalid("This response has no SQL."))?;
            Ok((sql, Some(response.id)))
        }
        _ => Err(Error::invalid("Give either the SQL or a thread response.").into()),
    }
}

#[derive(Default)]
pub struct SpreadsheetQuery;

#[Object]
impl SpreadsheetQuery {
    /// The spreadsheets the caller sees: their own and those in folders they see.
    async fn spreadsheets(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<SpreadsheetGql>> {
        let project_id = parse_id(&project_id)?;
        let viewer = viewer(ctx, Operation::ReadDashboards, project_id).await?;
        Ok(spreadsheet::list(&context::state(ctx).pool, project_id, viewer).await?.into_iter().map(|sheet| SpreadsheetGql { sheet, viewer }).collect())
    }

    async fn spreadsheet(&self, ctx: &Context<'_>, project_id: ID, spreadsheet_id: ID) -> ApiResult<SpreadsheetGql> {
        let (sheet, viewer) = sheet_for(ctx, Operation::ReadDashboards, &project_id, &spreadsheet_id).await?;
        Ok(SpreadsheetGql { sheet, viewer })
    }

    /// A page of a saved spreadsheet, sorted and filtered at the source.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn spreadsheet_page(&self, ctx: &Context<'_>, project_id: ID, spreadsheet_id: ID, data: PageInput) -> ApiResult<PageGql> {
        let (sheet, viewer) = sheet_for(ctx, Operation::ReadDashboards, &project_id, &spreadsheet_id).await?;
        let request = PageRequest {
            page: data.page,
            page_size: data.page_size,
            sort: data.sort.map(sorts_in).unwrap_or_else(|| sheet.sort.0.clone()),
            filters: data.filters.map(filters_in).unwrap_or_else(|| sheet.filters.0.clone()),
        }
        .checked()?;
        let page = on_worker::spreadsheet_page(&context::state(ctx).services, viewer.user_id, sheet.project_id, &sheet.sql, request.clone()).await?;
        Ok(page_out(page, &request))
    }

    /// A page of a grid not saved yet (home/spreadsheets/new).
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn preview_spreadsheet(&self, ctx: &Context<'_>, project_id: ID, data: PreviewSpreadsheetInput) -> ApiResult<PageGql> {
        let project_id = parse_id(&project_id)?;
        let viewer = viewer(ctx, Operation::ReadDashboards, project_id).await?;
        let (sql, _) = source_sql(ctx, viewer, project_id, data.sql, data.response_id.as_ref()).await?;
        let request = PageRequest {
            page: data.page,
            page_size: data.page_size,
            sort: data.sort.map(sorts_in).unwrap_or_default(),
            filters: data.filters.map(filters_in).unwrap_or_default(),
        }
        .checked()?;
        let page = on_worker::spreadsheet_page(&context::state(ctx).services, viewer.user_id, project_id, &sql, request.clone()).await?;
        Ok(page_out(page, &request))
    }

    /// An export's progress; poll it until it ends.
    async fn spreadsheet_export(&self, ctx: &Context<'_>, project_id: ID, export_id: ID) -> ApiResult<ExportGql> {
        let project_id = parse_id(&project_id)?;
        let export_id = parse_id(&export_id)?;
        let (found, _) = export::seen(&context::state(ctx).pool, &context::acting(ctx)?, project_id, export_id).await?;
        Ok(found.into())
    }
}

#[derive(Default)]
pub struct SpreadsheetMutation;

#[Object]
impl SpreadsheetMutation {
    /// A new spreadsheet from SQL over the models or a thread response.
    async fn create_spreadsheet(&self, ctx: &Context<'_>, project_id: ID, data: CreateSpreadsheetInput) -> ApiResult<SpreadsheetGql> {
        let project_id = parse_id(&project_id)?;
        let acting = context::acting(ctx)?;
        let pool = &context::state(ctx).pool;
        let viewer = Viewer::may(pool, &acting, Operation::ManageDashboards, project_id).await?;
        let folder_id = match &data.folder_id {
            Some(id) => Some(folder::get(pool, project_id, parse_id(id)?, viewer).await?.id),
            None => None,
        };
        let (sql, response_id) = source_sql(ctx, viewer, project_id, data.sql, data.response_id.as_ref()).await?;
        let sheet = spreadsheet::create(pool, project_id, acting.account.id, &data.name, &sql, response_id, folder_id).await?;
        Ok(SpreadsheetGql { sheet, viewer })
    }

    /// Renames a spreadsheet.
    async fn update_spreadsheet(&self, ctx: &Context<'_>, project_id: ID, spreadsheet_id: ID, name: String) -> ApiResult<SpreadsheetGql> {
        let (sheet, viewer) = sheet_for(ctx, Operation::ManageDashboards, &project_id, &spreadsheet_id).await?;
        Ok(SpreadsheetGql { sheet: spreadsheet::rename(&context::state(ctx).pool, &sheet, &name).await?, viewer })
    }

    /// Saves the grid: column order, names and visibility, sort and filters.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn save_spreadsheet(&self, ctx: &Context<'_>, project_id: ID, spreadsheet_id: ID, data: SaveSpreadsheetInput) -> ApiResult<SpreadsheetGql> {
        let (sheet, viewer) = sheet_for(ctx, Operation::ManageDashboards, &project_id, &spreadsheet_id).await?;
        let sheet = spreadsheet::save(&context::state(ctx).services, viewer.user_id, &sheet, view_in(data)).await?;
        Ok(SpreadsheetGql { sheet, viewer })
    }

    async fn delete_spreadsheet(&self, ctx: &Context<'_>, project_id: ID, spreadsheet_id: ID) -> ApiResult<bool> {
        let (sheet, _) = sheet_for(ctx, Operation::ManageDashboards, &project_id, &spreadsheet_id).await?;
        spreadsheet::delete(&context::state(ctx).pool, &sheet).await?;
        Ok(true)
    }

    /// Starts writing the spreadsheet's rows as a CSV file — with `view`, exactly what the grid
    /// shows (its columns, sort and filters, saved or not); without, the saved view. Poll
    /// `spreadsheetExport`, then download it from its `downloadUrl`.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn export_spreadsheet(&self, ctx: &Context<'_>, project_id: ID, spreadsheet_id: ID, view: Option<SaveSpreadsheetInput>) -> ApiResult<ExportGql> {
        let (sheet, viewer) = sheet_for(ctx, Operation::ReadDashboards, &project_id, &spreadsheet_id).await?;
        Ok(export::start(&context::state(ctx).services, &sheet, viewer.user_id, view.map(view_in)).await?.into())
    }
}
