//! Dashboards (PRODUCT.md §2 home/dashboard/[id], §7 dashboards): tiles pinned from thread
//! responses, laid out on a 12-column grid, each running its SQL through the semantic layer,
//! cached ([`cache`]) and refreshed on a schedule ([`schedule`], [`refresh`]).

pub mod cache;
pub mod refresh;
pub mod schedule;
pub mod tile;

use chrono::{DateTime, Utc};
use quarry_engine::{
    ColumnTypeFamily,
    answer::chart::{ChartSpec, ChartType},
};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{
    access::Acting,
    asking::thread::ThreadResponse,
    db::Pool,
    error::{Error, Result},
    permissions::Operation,
    services::{DashboardSchedule, Services, Workflow},
};
pub use schedule::{Frequency, Schedule, Weekday};

/// The grid is this many columns wide.
pub const GRID_COLUMNS: i32 = 12;
/// Tiles a dashboard may hold.
pub const MAX_ITEMS: i64 = 50;
/// How high one tile may be, in grid rows.
pub const MAX_TILE_ROWS: i32 = 48;
/// How far down the grid goes: every tile at its highest, one under the other.
pub const MAX_GRID_ROWS: i32 = MAX_ITEMS as i32 * MAX_TILE_ROWS;

/// How a tile draws its result: one of the chart types, the rows as a table — or a text tile,
/// which has no result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum), graphql(name = "DashboardItemType"))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Display {
    Area,
    Bar,
    GroupedBar,
    Line,
    MultiLine,
    Number,
    Pie,
    StackedBar,
    Table,
    /// A heading or a note: text, no SQL.
    Text,
}

impl From<ChartType> for Display {
    fn from(chart: ChartType) -> Self {
        match chart {
            ChartType::Area => Self::Area,
            ChartType::Bar => Self::Bar,
            ChartType::GroupedBar => Self::GroupedBar,
            ChartType::Line => Self::Line,
            ChartType::MultiLine => Self::MultiLine,
            ChartType::Number => Self::Number,
            ChartType::Pie => Self::Pie,
            ChartType::StackedBar => Self::StackedBar,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Dashboard {
    pub id: Uuid,
    pub project_id: Uuid,
    pub folder_id: Option<Uuid>,
    pub name: String,
    pub created_by: Option<Uuid>,
    pub cache_enabled: bool,
    pub cache_ttl_seconds: i32,
    pub schedule: Schedule,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct DashboardItem {
    pub id: Uuid,
    pub dashboard_id: Uuid,
    pub project_id: Uuid,
    pub name: String,
    pub display: Display,
    pub chart: Option<Json<ChartSpec>>,
    pub sql: String,
    pub response_id: Option<Uuid>,
    pub layout: Layout,
    pub cache_key: Option<String>,
    pub cache_deploy_id: Option<Uuid>,
    pub cache_sql_hash: Option<String>,
    pub last_error: Option<String>,
    pub refreshed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// A text tile's text.
    pub text: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Layout {
    fn check(self) -> Result<Self> {
        if self.x < 0 || self.y < 0 {
            return Err(Error::invalid("A tile's position (x, y) cannot be negative."));
        }
        if self.w <= 0 || self.h <= 0 {
            return Err(Error::invalid("A tile's width and height must be greater than 0."));
        }
        // Checked arithmetic: `x = i32::MAX, w = 1` must not wrap into the grid.
        if self.x.checked_add(self.w).is_none_or(|right| right > GRID_COLUMNS) {
            return Err(Error::invalid(format!("A tile must fit the grid's {GRID_COLUMNS} columns (x + w ≤ {GRID_COLUMNS}).")));
        }
        if self.h > MAX_TILE_ROWS {
            return Err(Error::invalid(format!("A tile can be at most {MAX_TILE_ROWS} rows high.")));
        }
        if self.y.checked_add(self.h).is_none_or(|bottom| bottom > MAX_GRID_ROWS) {
            return Err(Error::invalid(format!("A tile must fit the grid's {MAX_GRID_ROWS} rows (y + h ≤ {MAX_GRID_ROWS}).")));
        }
        Ok(self)
    }
}

fn check_name(name: &str, what: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::invalid(format!("Please enter the {what} name.")));
    }
    if name.chars().count() > 200 {
        return Err(Error::invalid(format!("The {what} name must be at most 200 characters.")));
    }
    Ok(name.to_owned())
}

macro_rules! select_dashboard {
    ($where:literal $(, $arg:expr)*) => {
        sqlx::query!(
            r#"SELECT id, project_id, folder_id, name, created_by, cache_enabled, cache_ttl_seconds,
                      schedule_frequency AS "schedule_frequency: Frequency", schedule_day AS "schedule_day: Weekday",
                      schedule_hour, schedule_minute, schedule_cron, schedule_timezone, created_at, updated_at
               FROM dashboards "# + $where,
            $($arg),*
        )
    };
}

macro_rules! dashboard_of {
    ($r:expr) => {{
        let r = $r;
        Dashboard {
            id: r.id,
            project_id: r.project_id,
            folder_id: r.folder_id,
            name: r.name,
            created_by: r.created_by,
            cache_enabled: r.cache_enabled,
            cache_ttl_seconds: r.cache_ttl_seconds,
            schedule: Schedule {
                frequency: r.schedule_frequency,
                day: r.schedule_day,
                hour: r.schedule_hour,
                minute: r.schedule_minute,
                cron: r.schedule_cron,
                timezone: r.schedule_timezone,
            },
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }};
}

pub async fn get(pool: &Pool, project_id: Uuid, dashboard_id: Uuid) -> Result<Dashboard> {
    let row = select_dashboard!("WHERE id = $1 AND project_id = $2", dashboard_id, project_id).fetch_optional(pool).await?;
    Ok(dashboard_of!(row.ok_or_else(|| Error::not_found("Dashboard"))?))
}

/// The dashboard of the project, when the viewer sees it (theirs, or in a folder they see);
/// else NOT_FOUND, whether or not it exists. What they may change on it is the operation's
/// role (ManageDashboards), asked before.
pub async fn open(pool: &Pool, project_id: Uuid, dashboard_id: Uuid, viewer: crate::folder::Viewer) -> Result<Dashboard> {
    let dashboard = get(pool, project_id, dashboard_id).await?;
    if !crate::folder::sees_dashboard(pool, project_id, dashboard.id, viewer).await? {
        return Err(Error::not_found("Dashboard"));
    }
    Ok(dashboard)
}

/// A dashboard of the project `acting` sees, once it may perform `op` there (ReadDashboards
/// to read it, ManageDashboards to change it), and how it sees it.
pub async fn open_as(pool: &Pool, acting: &Acting, op: Operation, project_id: Uuid, dashboard_id: Uuid) -> Result<(Dashboard, crate::folder::Viewer)> {
    let viewer = crate::folder::Viewer::may(pool, acting, op, project_id).await?;
    Ok((open(pool, project_id, dashboard_id, viewer).await?, viewer))
}

/// A tile of a dashboard `acting` may change (ManageDashboards), with its dashboard.
pub async fn item_as(pool: &Pool, acting: &Acting, project_id: Uuid, item_id: Uuid) -> Result<(Dashboard, crate::folder::Viewer, DashboardItem)> {
    let item = item(pool, item_id).await?;
    let (dashboard, viewer) = open_as(pool, acting, Operation::ManageDashboards, project_id, item.dashboard_id).await?;
    if item.project_id != dashboard.project_id {
        return Err(Error::not_found("Dashboard item"));
    }
    Ok((dashboard, viewer, item))
}

/// The project a dashboard belongs to, if it exists.
pub async fn project_of(pool: &Pool, dashboard_id: Uuid) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar!("SELECT project_id FROM dashboards WHERE id = $1", dashboard_id).fetch_optional(pool).await?)
}

/// The dashboard of an item, if it exists.
pub async fn dashboard_of_item(pool: &Pool, item_id: Uuid) -> Result<Option<(Uuid, Uuid)>> {
    Ok(sqlx::query!("SELECT dashboard_id, project_id FROM dashboard_items WHERE id = $1", item_id)
        .fetch_optional(pool)
        .await?
        .map(|r| (r.dashboard_id, r.project_id)))
}

/// The dashboards the viewer sees: their own and those in folders they see, by name.
pub async fn list(pool: &Pool, project_id: Uuid, viewer: crate::folder::Viewer) -> Result<Vec<Dashboard>> {
    let rows = select_dashboard!(
        "WHERE project_id = $1 AND (created_by = $2 OR (folder_id IS NOT NULL AND folder_visible(folder_id, $2, $3))) ORDER BY lower(name), created_at",
        project_id,
        viewer.user_id,
        viewer.owner
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| dashboard_of!(r)).collect())
}

/// The dashboards with a schedule, for removing their Temporal Schedules with the project.
pub async fn scheduled(pool: &Pool, project_id: Uuid) -> Result<Vec<Uuid>> {
    Ok(sqlx::query_scalar!("SELECT id FROM dashboards WHERE project_id = $1 AND schedule_frequency <> 'NEVER'", project_id).fetch_all(pool).await?)
}

/// A new dashboard of the project, unless it has `limit` dashboards already (counted under a
/// lock on the project, so a burst cannot pass it together).
pub async fn create(pool: &Pool, limit: i64, project_id: Uuid, user_id: Uuid, name: &str, folder_id: Option<Uuid>) -> Result<Dashboard> {
    let name = check_name(name, "dashboard")?;
    let id = Uuid::new_v4();
    let mut tx = pool.begin().await?;
    sqlx::query!("SELECT id FROM projects WHERE id = $1 FOR UPDATE", project_id).fetch_optional(&mut *tx).await?;
    let count = sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM dashboards WHERE project_id = $1"#, project_id).fetch_one(&mut *tx).await?;
    if count >= limit {
        return Err(crate::limits::reached("This project's number of dashboards", limit, "Delete a dashboard you no longer use, or pin to an existing one."));
    }
    sqlx::query!("INSERT INTO dashboards (id, project_id, name, created_by, folder_id) VALUES ($1, $2, $3, $4, $5)", id, project_id, name, user_id, folder_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    get(pool, project_id, id).await
}

/// What UpdateDashboard may change.
#[derive(Debug, Default, Clone)]
pub struct DashboardChanges {
    pub name: Option<String>,
    pub cache_enabled: Option<bool>,
    pub cache_ttl_seconds: Option<i32>,
}

pub async fn update(pool: &Pool, dashboard: &Dashboard, changes: DashboardChanges) -> Result<Dashboard> {
    let name = changes.name.as_deref().map(|n| check_name(n, "dashboard")).transpose()?.unwrap_or_else(|| dashboard.name.clone());
    let ttl = changes.cache_ttl_seconds.unwrap_or(dashboard.cache_ttl_seconds);
    if !(60..=2_592_000).contains(&ttl) {
        return Err(Error::invalid("The cache lifetime must be between 1 minute and 30 days."));
    }
    sqlx::query!(
        "UPDATE dashboards SET name = $2, cache_enabled = $3, cache_ttl_seconds = $4, updated_at = now() WHERE id = $1",
        dashboard.id,
        name,
        changes.cache_enabled.unwrap_or(dashboard.cache_enabled),
        ttl,
    )
    .execute(pool)
    .await?;
    get(pool, dashboard.project_id, dashboard.id).await
}

/// Deletes a dashboard and its Temporal Schedule (first, so no run starts for a dashboard
/// that is gone).
pub async fn delete(services: &Services, dashboard: &Dashboard) -> Result<()> {
    if dashboard.schedule.frequency != Frequency::Never {
        services.workflows.remove_schedule(dashboard.project_id, dashboard.id).await?;
    }
    sqlx::query!("DELETE FROM dashboards WHERE id = $1", dashboard.id).execute(&services.pool).await?;
    Ok(())
}

/// Refreshes every tile now, as one run: through the dashboard's schedule when it has one (the
/// run shows among the schedule's), else on its own.
pub async fn refresh_all(services: &Services, dashboard: &Dashboard) -> Result<()> {
    if items(&services.pool, dashboard.id).await?.is_empty() {
        return Err(Error::invalid("This dashboard has no tiles to refresh."));
    }
    match dashboard.schedule.frequency {
        Frequency::Never => services.start(Workflow::DashboardRefresh { project_id: dashboard.project_id, dashboard_id: dashboard.id }, async { Ok(()) }).await,
        _ => services.workflows.trigger_schedule(dashboard.project_id, dashboard.id).await,
    }
}

/// Sets the refresh schedule: the row and the Temporal Schedule change together (the row's
/// transaction commits only once Temporal has the schedule). A dashboard that gets its first
/// schedule counts against the org's bound on scheduled dashboards, counted under a lock on
/// the org so a burst cannot pass it together.
pub async fn set_schedule(services: &Services, dashboard: &Dashboard, schedule: Schedule) -> Result<Dashboard> {
    let schedule = schedule.checked()?;
    let mut tx = services.pool.begin().await?;
    if dashboard.schedule.frequency == Frequency::Never && schedule.frequency != Frequency::Never {
        let org_id = sqlx::query_scalar!("SELECT o.id FROM orgs o JOIN projects p ON p.org_id = o.id WHERE p.id = $1 FOR UPDATE OF o", dashboard.project_id)
            .fetch_one(&mut *tx)
            .await?;
        let scheduled = sqlx::query_scalar!(
            r#"SELECT count(*) AS "count!" FROM dashboards d JOIN projects p ON p.id = d.project_id
               WHERE p.org_id = $1 AND d.schedule_frequency <> 'NEVER' AND d.id <> $2"#,
            org_id,
            dashboard.id,
        )
        .fetch_one(&mut *tx)
        .await?;
        let limit = services.config.limits.scheduled_dashboards_per_org;
        if scheduled >= limit {
            return Err(crate::limits::reached(
                "This organization's number of scheduled dashboards",
                limit,
                "Turn off the schedule of a dashboard that no longer needs one, then try again.",
            ));
        }
    }
    sqlx::query!(
        "UPDATE dashboards SET schedule_frequency = $2, schedule_day = $3, schedule_hour = $4, schedule_minute = $5, schedule_cron = $6,
                schedule_timezone = $7, updated_at = now() WHERE id = $1",
        dashboard.id,
        schedule.frequency as Frequency,
        schedule.day as Option<Weekday>,
        schedule.hour,
        schedule.minute,
        schedule.cron,
        schedule.timezone,
    )
    .execute(&mut *tx)
    .await?;
    match (schedule.cron_expression(), &schedule.timezone) {
        (Some(cron), Some(timezone)) => {
            let wanted = DashboardSchedule {
                project_id: dashboard.project_id,
                dashboard_id: dashboard.id,
                cron,
                timezone: timezone.clone(),
                name: dashboard.name.clone(),
            };
            services.workflows.put_schedule(wanted).await?;
        }
        _ => services.workflows.remove_schedule(dashboard.project_id, dashboard.id).await?,
    }
    tx.commit().await?;
    get(&services.pool, dashboard.project_id, dashboard.id).await
}

macro_rules! select_items {
    ($where:literal $(, $arg:expr)*) => {
        sqlx::query!(
            r#"SELECT id, dashboard_id, project_id, name, display AS "display: Display", chart AS "chart: Json<ChartSpec>", sql, response_id,
                      x, y, w, h, cache_key, cache_deploy_id, cache_sql_hash, last_error, refreshed_at, created_at, text
               FROM dashboard_items "# + $where,
            $($arg),*
        )
    };
}

macro_rules! item_of {
    ($r:expr) => {{
        let r = $r;
        DashboardItem {
            id: r.id,
            dashboard_id: r.dashboard_id,
            project_id: r.project_id,
            name: r.name,
            display: r.display,
            chart: r.chart,
            sql: r.sql,
            response_id: r.response_id,
            layout: Layout { x: r.x, y: r.y, w: r.w, h: r.h },
            cache_key: r.cache_key,
            cache_deploy_id: r.cache_deploy_id,
            cache_sql_hash: r.cache_sql_hash,
            last_error: r.last_error,
            refreshed_at: r.refreshed_at,
            created_at: r.created_at,
            text: r.text,
        }
    }};
}

/// A dashboard's tiles, top to bottom, left to right.
pub async fn items(pool: &Pool, dashboard_id: Uuid) -> Result<Vec<DashboardItem>> {
    let rows = select_items!("WHERE dashboard_id = $1 ORDER BY y, x, created_at", dashboard_id).fetch_all(pool).await?;
    Ok(rows.into_iter().map(|r| item_of!(r)).collect())
}

pub async fn item(pool: &Pool, item_id: Uuid) -> Result<DashboardItem> {
    let row = select_items!("WHERE id = $1", item_id).fetch_optional(pool).await?;
    Ok(item_of!(row.ok_or_else(|| Error::not_found("Dashboard item"))?))
}

/// Where a tile sits on the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Tile {
    x: i32,
    y: i32,
    w: i32,
    h: i32,
}

/// The first place, row by row and then left to right, where a `w` × `h` tile fits without
/// covering a tile already there: the gap beside a half-width tile before a new row.
fn first_free_space(placed: &[Tile], w: i32, h: i32) -> (i32, i32) {
    let w = w.clamp(1, GRID_COLUMNS);
    let bottom = placed.iter().map(|t| t.y + t.h).max().unwrap_or(0);
    let overlaps = |x: i32, y: i32| placed.iter().any(|t| x < t.x + t.w && t.x < x + w && y < t.y + t.h && t.y < y + h);
    (0..=bottom).flat_map(|y| (0..=GRID_COLUMNS - w).map(move |x| (x, y))).find(|&(x, y)| !overlaps(x, y)).unwrap_or((0, bottom))
}

/// Pins a response to a dashboard as a chart (its own chart type unless another is asked
/// for), a table or a NUMBER, in the first free space of the grid.
pub async fn create_item(pool: &Pool, dashboard: &Dashboard, response: &ThreadResponse, display: Option<Display>, name: Option<&str>) -> Result<DashboardItem> {
    let sql = response.sql.clone().ok_or_else(|| Error::invalid("This response has no SQL to pin."))?;
    let chart = response.chart.as_ref().map(|c| c.0.clone());
    let display = display.or(chart.as_ref().map(|c| c.chart_type.into())).unwrap_or(Display::Table);
    if display == Display::Text {
        return Err(Error::invalid("A text tile is added with its text, not pinned from an answer."));
    }
    if display == Display::Number {
        let result = response.result.as_ref().map(|r| &r.0);
        let numeric = result
            .is_some_and(|r| r.columns.iter().any(|c| matches!(c.family, ColumnTypeFamily::Integer | ColumnTypeFamily::Decimal | ColumnTypeFamily::Float)));
        if !numeric {
            return Err(Error::invalid("A NUMBER tile needs a result with a numeric column."));
        }
    }
    let name = check_name(name.unwrap_or(&response.question), "tile")?;
    let count = sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM dashboard_items WHERE dashboard_id = $1"#, dashboard.id).fetch_one(pool).await?;
    if count >= MAX_ITEMS {
        return Err(Error::invalid(format!("A dashboard holds at most {MAX_ITEMS} tiles.")));
    }
    let placed: Vec<Tile> = sqlx::query!("SELECT x, y, w, h FROM dashboard_items WHERE dashboard_id = $1", dashboard.id)
        .fetch_all(pool)
        .await?
        .into_iter()
        .map(|r| Tile { x: r.x, y: r.y, w: r.w, h: r.h })
        .collect();
    let (w, h) = if display == Display::Number { (3, 2) } else { (6, 4) };
    let (x, y) = first_free_space(&placed, w, h);
    let id = Uuid::new_v4();
    sqlx::query!(
        "INSERT INTO dashboard_items (id, dashboard_id, project_id, name, display, chart, sql, response_id, x, y, w, h)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        id,
        dashboard.id,
        dashboard.project_id,
        name,
        display as Display,
        chart.map(Json) as _,
        sql,
        response.id,
        x,
        y,
        w,
        h,
    )
    .execute(pool)
    .await?;
    sqlx::query!("UPDATE dashboards SET updated_at = now() WHERE id = $1", dashboard.id).execute(pool).await?;
    item(pool, id).await
}

/// Characters of a text tile.
pub const MAX_TEXT_CHARS: usize = 5000;

fn check_text(text: &str) -> Result<String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Error::invalid("Please enter the tile's text."));
    }
    if text.chars().count() > MAX_TEXT_CHARS {
        return Err(Error::invalid(format!("A text tile holds at most {MAX_TEXT_CHARS} characters.")));
    }
    Ok(text.to_owned())
}

/// A text tile's name: its first line without the heading marks.
fn text_name(text: &str) -> Result<String> {
    let first_line: String = text.lines().next().unwrap_or_default().trim_start_matches('#').trim().chars().take(200).collect();
    check_name(if first_line.is_empty() { "Text" } else { &first_line }, "tile")
}

/// Adds a text tile (a heading or a note) across the grid's first free full-width row; its
/// name is its first line.
pub async fn create_text_item(pool: &Pool, dashboard: &Dashboard, text: &str) -> Result<DashboardItem> {
    let text = check_text(text)?;
    let name = text_name(&text)?;
    let mut tx = pool.begin().await?;
    // One insert at a time per dashboard: the count and the free space are read under its lock.
    sqlx::query!("SELECT id FROM dashboards WHERE id = $1 FOR UPDATE", dashboard.id).fetch_one(&mut *tx).await?;
    let count = sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM dashboard_items WHERE dashboard_id = $1"#, dashboard.id).fetch_one(&mut *tx).await?;
    if count >= MAX_ITEMS {
        return Err(Error::invalid(format!("A dashboard holds at most {MAX_ITEMS} tiles.")));
    }
    let placed: Vec<Tile> = sqlx::query!("SELECT x, y, w, h FROM dashboard_items WHERE dashboard_id = $1", dashboard.id)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .map(|r| Tile { x: r.x, y: r.y, w: r.w, h: r.h })
        .collect();
    let (w, h) = (GRID_COLUMNS, 2);
    let (x, y) = first_free_space(&placed, w, h);
    let id = Uuid::new_v4();
    sqlx::query!(
        "INSERT INTO dashboard_items (id, dashboard_id, project_id, name, display, sql, text, x, y, w, h) VALUES ($1, $2, $3, $4, 'TEXT', '', $5, $6, $7, $8, $9)",
        id,
        dashboard.id,
        dashboard.project_id,
        name,
        text,
        x,
        y,
        w,
        h,
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!("UPDATE dashboards SET updated_at = now() WHERE id = $1", dashboard.id).execute(&mut *tx).await?;
    tx.commit().await?;
    item(pool, id).await
}

/// Changes a text tile's text (its name follows its first line).
pub async fn update_item_text(pool: &Pool, item: &DashboardItem, text: &str) -> Result<DashboardItem> {
    if item.display != Display::Text {
        return Err(Error::invalid("Only a text tile has text to change."));
    }
    let text = check_text(text)?;
    let name = text_name(&text)?;
    sqlx::query!("UPDATE dashboard_items SET text = $2, name = $3, updated_at = now() WHERE id = $1", item.id, text, name).execute(pool).await?;
    self::item(pool, item.id).await
}

/// Changes a tile: a text tile's text (its name follows), else its name.
pub async fn update_item(pool: &Pool, item: &DashboardItem, name: Option<&str>, text: Option<&str>) -> Result<DashboardItem> {
    match (text, name) {
        (Some(text), _) => update_item_text(pool, item, text).await,
        (None, Some(name)) => rename_item(pool, item, name).await,
        (None, None) => Err(Error::invalid("Send the tile's new name or text.")),
    }
}

pub async fn rename_item(pool: &Pool, item: &DashboardItem, name: &str) -> Result<DashboardItem> {
    let name = check_name(name, "tile")?;
    sqlx::query!("UPDATE dashboard_items SET name = $2, updated_at = now() WHERE id = $1", item.id, name).execute(pool).await?;
    self::item(pool, item.id).await
}

pub async fn delete_item(pool: &Pool, item: &DashboardItem) -> Result<()> {
    sqlx::query!("DELETE FROM dashboard_items WHERE id = $1", item.id).execute(pool).await?;
    Ok(())
}

/// Moves and resizes tiles (UpdateLayouts), all or none: every tile must belong to the
/// dashboard and fit the grid.
pub async fn update_layouts(pool: &Pool, dashboard: &Dashboard, layouts: &[(Uuid, Layout)]) -> Result<Vec<DashboardItem>> {
    if layouts.len() as i64 > MAX_ITEMS {
        return Err(Error::invalid(format!("A dashboard holds at most {MAX_ITEMS} tiles; {} layouts were sent.", layouts.len())));
    }
    let mut ids: Vec<Uuid> = layouts.iter().map(|(id, _)| *id).collect();
    ids.sort_unstable();
    if ids.windows(2).any(|pair| pair[0] == pair[1]) {
        return Err(Error::invalid("Each tile's layout may be sent once."));
    }
    let checked: Vec<(Uuid, Layout)> = layouts.iter().map(|(id, l)| l.check().map(|l| (*id, l))).collect::<Result<_>>()?;
    let mut tx = pool.begin().await?;
    for (item_id, layout) in &checked {
        let moved = sqlx::query!(
            "UPDATE dashboard_items SET x = $3, y = $4, w = $5, h = $6, updated_at = now() WHERE id = $1 AND dashboard_id = $2",
            item_id,
            dashboard.id,
            layout.x,
            layout.y,
            layout.w,
            layout.h,
        )
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() == 0 {
            return Err(Error::not_found("Dashboard item"));
        }
    }
    tx.commit().await?;
    items(pool, dashboard.id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn tile(x: i32, y: i32, w: i32, h: i32) -> Tile {
        Tile { x, y, w, h }
    }

    #[test]
    fn a_new_tile_takes_the_first_free_space_not_a_new_row() {
        assert_eq!(first_free_space(&[], 6, 4), (0, 0));
        // Beside a half-width tile, not under it.
        assert_eq!(first_free_space(&[tile(0, 0, 6, 4)], 6, 4), (6, 0));
        // Both halves taken: the next row.
        assert_eq!(first_free_space(&[tile(0, 0, 6, 4), tile(6, 0, 6, 4)], 6, 4), (0, 4));
        // A number tile into the gap a taller neighbour leaves.
        assert_eq!(first_free_space(&[tile(0, 0, 6, 4), tile(6, 0, 6, 2)], 3, 2), (6, 2));
        // A gap too narrow is skipped.
        assert_eq!(first_free_space(&[tile(0, 0, 8, 4)], 6, 4), (0, 4));
        // Whatever is placed, the tile never covers another.
        let placed = [tile(0, 0, 3, 2), tile(3, 0, 9, 5), tile(0, 2, 2, 9)];
        let (x, y) = first_free_space(&placed, 6, 4);
        assert!(placed.iter().all(|t| !(x < t.x + t.w && t.x < x + 6 && y < t.y + t.h && t.y < y + 4)), "({x}, {y})");
    }
}
