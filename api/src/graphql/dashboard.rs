//! Dashboards, their tiles, cache and refresh schedule (PRODUCT.md §7 dashboards).

use std::sync::Arc;

use super::{
    asking::{ChartSpecGql, ResultColumnGql},
    context::{self, parse_id},
};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Json, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::{
    asking,
    dashboard::{
        self, Dashboard, DashboardChanges, DashboardItem, Display, Frequency, Layout, Schedule, Weekday,
        refresh::{self, RefreshRun, RefreshStatus},
        tile::{self, DashboardFilter, Deployed},
    },
    folder::{self, Viewer},
    permissions::Operation,
};
use tokio::sync::OnceCell;

/// A dashboard as one viewer sees it; its tiles share the deployed models they are read
/// against, loaded once.
struct Shared {
    dashboard: Dashboard,
    viewer: Viewer,
    deployed: OnceCell<Deployed>,
    /// The viewer's filters, applied to every tile that can take them.
    filters: Vec<DashboardFilter>,
}

pub struct DashboardGql(Arc<Shared>);

impl DashboardGql {
    fn new(dashboard: Dashboard, viewer: Viewer) -> Self {
        Self::filtered(dashboard, viewer, Vec::new())
    }

    fn filtered(dashboard: Dashboard, viewer: Viewer, filters: Vec<DashboardFilter>) -> Self {
        Self(Arc::new(Shared { dashboard, viewer, deployed: OnceCell::new(), filters }))
    }
}

/// A filter on every tile that can take it: a date range (`from`/`to`, both days included) on
/// each tile's own date, or `values` of a model's column on the tiles that read the model.
#[derive(InputObject)]
struct DashboardFilterInput {
    from: Option<chrono::NaiveDate>,
    to: Option<chrono::NaiveDate>,
    model: Option<String>,
    column: Option<String>,
    #[graphql(default)]
    values: Vec<String>,
}

#[derive(InputObject)]
struct CreateDashboardTextItemInput {
    dashboard_id: ID,
    text: String,
}

/// A group of a tile the viewer clicked: a column of the tile's result and the value its row had.
#[derive(InputObject)]
struct DrillPickInput {
    column: String,
    value: Json<serde_json::Value>,
}

#[derive(InputObject)]
struct DrillInput {
    picks: Vec<DrillPickInput>,
    /// The dashboard's filters in force.
    #[graphql(default)]
    filters: Vec<DashboardFilterInput>,
}

impl DashboardFilterInput {
    fn parsed(self) -> ApiResult<DashboardFilter> {
        match (self.model, self.column) {
            (Some(model), Some(column)) if self.from.is_none() && self.to.is_none() => Ok(DashboardFilter::Values { model, column, values: self.values }),
            (None, None) if self.values.is_empty() => Ok(DashboardFilter::DateRange { from: self.from, to: self.to }),
            _ => Err(quarry_domain::Error::invalid(
                "A dashboard filter is either a date range (from, to) or values of a model's column (model, column, values).",
            )
            .into()),
        }
    }
}

#[derive(SimpleObject)]
#[graphql(name = "DashboardSchedule")]
struct ScheduleGql {
    frequency: Frequency,
    day: Option<Weekday>,
    hour: Option<i16>,
    minute: Option<i16>,
    cron: Option<String>,
    /// The IANA timezone the schedule is read in.
    timezone: Option<String>,
    /// The next run, as Temporal computes it; None when there is no schedule.
    next_run_at: Option<DateTime<Utc>>,
}

#[derive(SimpleObject)]
#[graphql(name = "DashboardRefresh")]
struct RefreshGql {
    id: ID,
    status: RefreshStatus,
    /// Run through the dashboard's Temporal Schedule: at its time, or triggered by "refresh
    /// all" on a dashboard that has a schedule.
    scheduled: bool,
    tiles_refreshed: i64,
    tiles_failed: i64,
    started_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
    /// Why a run stopped (STOPPED).
    reason: Option<String>,
}

impl From<RefreshRun> for RefreshGql {
    fn from(r: RefreshRun) -> Self {
        Self {
            id: ID(r.id.to_string()),
            status: r.status,
            scheduled: r.scheduled,
            tiles_refreshed: r.tiles_refreshed,
            tiles_failed: r.tiles_failed,
            started_at: r.started_at,
            finished_at: r.finished_at,
            reason: r.reason,
        }
    }
}

#[Object(name = "Dashboard")]
impl DashboardGql {
    async fn id(&self) -> ID {
        ID(self.0.dashboard.id.to_string())
    }
    async fn project_id(&self) -> ID {
        ID(self.0.dashboard.project_id.to_string())
    }
    async fn name(&self) -> &str {
        &self.0.dashboard.name
    }
    async fn folder_id(&self) -> Option<ID> {
        self.0.dashboard.folder_id.map(|id| ID(id.to_string()))
    }
    /// The caller may change it (owners and contributors); viewers only read.
    async fn can_edit(&self) -> bool {
        self.0.viewer.editor
    }
    async fn cache_enabled(&self) -> bool {
        self.0.dashboard.cache_enabled
    }
    async fn cache_ttl_seconds(&self) -> i32 {
        self.0.dashboard.cache_ttl_seconds
    }
    /// The schedule as kept in Postgres; its next run is computed from it (the same expression
    /// in the same zone Temporal fires by), so reading a dashboard never calls Temporal.
    async fn schedule(&self) -> ScheduleGql {
        let d = &self.0.dashboard;
        let next_run_at = match d.schedule.frequency {
            Frequency::Never => None,
            _ => d.schedule.next_runs(Utc::now(), 1).first().copied(),
        };
        let s = d.schedule.clone();
        ScheduleGql { frequency: s.frequency, day: s.day, hour: s.hour, minute: s.minute, cron: s.cron, timezone: s.timezone, next_run_at }
    }
    /// The latest refresh of every tile (scheduled or "refresh all"), with its outcome.
    async fn last_refresh(&self, ctx: &Context<'_>) -> ApiResult<Option<RefreshGql>> {
        Ok(refresh::latest(&context::state(ctx).pool, self.0.dashboard.id).await?.map(Into::into))
    }
    async fn items(&self, ctx: &Context<'_>) -> ApiResult<Vec<DashboardItemGql>> {
        let items = dashboard::items(&context::state(ctx).pool, self.0.dashboard.id).await?;
        Ok(items.into_iter().map(|item| DashboardItemGql { shared: self.0.clone(), item, refresh: false }).collect())
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.0.dashboard.created_at
    }
    async fn updated_at(&self) -> DateTime<Utc> {
        self.0.dashboard.updated_at
    }
}

pub struct DashboardItemGql {
    shared: Arc<Shared>,
    item: DashboardItem,
    /// Run now whatever the cache holds (refreshDashboardItem).
    refresh: bool,
}

#[derive(SimpleObject)]
#[graphql(name = "DashboardItemLayout")]
struct LayoutGql {
    x: i32,
    y: i32,
    w: i32,
    h: i32,
}

/// A tile's result and where it came from.
#[derive(SimpleObject)]
#[graphql(name = "DashboardItemData")]
struct ItemDataGql {
    columns: Vec<ResultColumnGql>,
    /// Rows of JSON values, one per column (at most 5000).
    rows: Json<Vec<Vec<serde_json::Value>>>,
    truncated: bool,
    /// Served from the cache rather than run now.
    cache_hit: bool,
    /// When the result was computed.
    cache_created_at: Option<DateTime<Utc>>,
    /// Computed by an explicit refresh (a tile's, "refresh all" or a scheduled run).
    overridden: bool,
    /// Computed before a deploy that changed a model the tile reads; refresh to update.
    stale: bool,
    /// Why the tile could not be run.
    error: Option<String>,
    /// The dashboard's filters this tile could not take, in words ("the date range (this tile
    /// shows no dates)").
    unfiltered: Vec<String>,
}

#[Object(name = "DashboardItem")]
impl DashboardItemGql {
    async fn id(&self) -> ID {
        ID(self.item.id.to_string())
    }
    async fn dashboard_id(&self) -> ID {
        ID(self.item.dashboard_id.to_string())
    }
    async fn name(&self) -> &str {
        &self.item.name
    }
    /// A text tile's text (TEXT tiles only).
    async fn text(&self) -> Option<&str> {
        self.item.text.as_deref()
    }
    #[graphql(name = "type")]
    async fn display(&self) -> Display {
        self.item.display
    }
    async fn chart(&self) -> Option<ChartSpecGql> {
        self.item.chart.as_ref().map(|c| c.0.clone().into())
    }
    /// The SQL over the models the tile runs.
    async fn sql(&self) -> &str {
        &self.item.sql
    }
    async fn response_id(&self) -> Option<ID> {
        self.item.response_id.map(|id| ID(id.to_string()))
    }
    async fn layout(&self) -> LayoutGql {
        let l = self.item.layout;
        LayoutGql { x: l.x, y: l.y, w: l.w, h: l.h }
    }
    /// The last refresh's error, when it failed (the cached result, if any, stays).
    async fn last_error(&self) -> Option<&str> {
        self.item.last_error.as_deref()
    }
    async fn refreshed_at(&self) -> Option<DateTime<Utc>> {
        self.item.refreshed_at
    }
    /// The tile's result: from the cache when the dashboard caches and an entry is there,
    /// else run at the source through the semantic layer (and cached).
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn data(&self, ctx: &Context<'_>) -> ApiResult<ItemDataGql> {
        let state = context::state(ctx);
        let dashboard = &self.shared.dashboard;
        let deployed = self.shared.deployed.get_or_try_init(|| Deployed::of(&state.pool, dashboard.project_id)).await?;
        let data = tile::open(&state.services, &state.results, deployed, dashboard, &self.item, self.refresh, &self.shared.filters, self.shared.viewer.user_id)
            .await?;
        let result = data.result.unwrap_or_default();
        Ok(ItemDataGql {
            columns: result.columns.iter().map(ResultColumnGql::from).collect(),
            rows: Json(result.rows),
            truncated: result.truncated,
            cache_hit: data.cache_hit,
            cache_created_at: data.cache_created_at,
            overridden: data.overridden,
            stale: data.stale,
            error: data.error,
            unfiltered: data.unfiltered,
        })
    }
}

/// A dashboard of the project the caller sees (and may change, for `op` ManageDashboards).
async fn dashboard_for(ctx: &Context<'_>, op: Operation, project_id: &ID, dashboard_id: &ID) -> ApiResult<(Dashboard, Viewer)> {
    let (project_id, dashboard_id) = (parse_id(project_id)?, parse_id(dashboard_id)?);
    Ok(dashboard::open_as(&context::state(ctx).pool, &context::acting(ctx)?, op, project_id, dashboard_id).await?)
}

/// A tile of a dashboard the caller may change.
async fn item_for(ctx: &Context<'_>, project_id: &ID, item_id: &ID) -> ApiResult<(Dashboard, Viewer, DashboardItem)> {
    let project_id = parse_id(project_id)?;
    let item_id = parse_id(item_id)?;
    Ok(dashboard::item_as(&context::state(ctx).pool, &context::acting(ctx)?, project_id, item_id).await?)
}

#[derive(Default)]
pub struct DashboardQuery;

#[Object]
impl DashboardQuery {
    /// The dashboards the caller sees in the project: their own and those in folders they see.
    async fn dashboards(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<DashboardGql>> {
        let project_id = parse_id(&project_id)?;
        let viewer = Viewer::may(&context::state(ctx).pool, &context::acting(ctx)?, Operation::ReadDashboards, project_id).await?;
        let list = dashboard::list(&context::state(ctx).pool, project_id, viewer).await?;
        Ok(list.into_iter().map(|d| DashboardGql::new(d, viewer)).collect())
    }

    /// A dashboard; with `filters`, every tile that can take them runs narrowed (not from the
    /// cache) and says which it could not take.
    async fn dashboard(
        &self,
        ctx: &Context<'_>,
        project_id: ID,
        dashboard_id: ID,
        #[graphql(default)] filters: Vec<DashboardFilterInput>,
    ) -> ApiResult<DashboardGql> {
        let (dashboard, viewer) = dashboard_for(ctx, Operation::ReadDashboards, &project_id, &dashboard_id).await?;
        let filters = DashboardFilter::checked(filters.into_iter().map(DashboardFilterInput::parsed).collect::<ApiResult<Vec<_>>>()?)?;
        Ok(DashboardGql::filtered(dashboard, viewer, filters))
    }
}

#[derive(InputObject)]
struct CreateDashboardInput {
    name: String,
    /// The folder it lives in; none keeps it to its creator.
    folder_id: Option<ID>,
}

#[derive(InputObject)]
struct UpdateDashboardInput {
    name: Option<String>,
    cache_enabled: Option<bool>,
    /// How long a tile's cached result is served, 60 to 2,592,000 seconds.
    cache_ttl_seconds: Option<i32>,
}

#[derive(InputObject)]
struct CreateDashboardItemInput {
    dashboard_id: ID,
    /// The thread response whose SQL the tile runs.
    response_id: ID,
    /// A chart type, TABLE or NUMBER; the response's own chart when not given.
    #[graphql(name = "itemType")]
    item_type: Option<Display>,
    name: Option<String>,
}

#[derive(InputObject)]
struct ItemLayoutInput {
    item_id: ID,
    x: i32,
    y: i32,
    w: i32,
    h: i32,
}

#[derive(InputObject)]
struct SetDashboardScheduleInput {
    frequency: Frequency,
    /// WEEKLY: the day it runs.
    day: Option<Weekday>,
    /// DAILY and WEEKLY: the time it runs, in `timezone`.
    hour: Option<i16>,
    minute: Option<i16>,
    /// CUSTOM: a five-field cron expression whose runs are at least 10 minutes apart.
    cron: Option<String>,
    /// An IANA timezone ("Europe/Berlin"); UTC when not given.
    timezone: Option<String>,
}

#[derive(Default)]
pub struct DashboardMutation;

#[Object]
impl DashboardMutation {
    async fn create_dashboard(&self, ctx: &Context<'_>, project_id: ID, data: CreateDashboardInput) -> ApiResult<DashboardGql> {
        let project_id = parse_id(&project_id)?;
        let pool = &context::state(ctx).pool;
        let acting = context::acting(ctx)?;
        let viewer = Viewer::may(pool, &acting, Operation::ManageDashboards, project_id).await?;
        let folder_id = match &data.folder_id {
            Some(id) => Some(folder::get(pool, project_id, parse_id(id)?, viewer).await?.id),
            None => None,
        };
        let limit = context::state(ctx).config.limits.dashboards_per_project;
        let dashboard = dashboard::create(pool, limit, project_id, acting.account.id, &data.name, folder_id).await?;
        Ok(DashboardGql::new(dashboard, viewer))
    }

    async fn update_dashboard(&self, ctx: &Context<'_>, project_id: ID, dashboard_id: ID, data: UpdateDashboardInput) -> ApiResult<DashboardGql> {
        let (dashboard, viewer) = dashboard_for(ctx, Operation::ManageDashboards, &project_id, &dashboard_id).await?;
        let changes = DashboardChanges { name: data.name, cache_enabled: data.cache_enabled, cache_ttl_seconds: data.cache_ttl_seconds };
        Ok(DashboardGql::new(dashboard::update(&context::state(ctx).pool, &dashboard, changes).await?, viewer))
    }

    /// Deletes the dashboard, its tiles and its schedule.
    async fn delete_dashboard(&self, ctx: &Context<'_>, project_id: ID, dashboard_id: ID) -> ApiResult<bool> {
        let (dashboard, _) = dashboard_for(ctx, Operation::ManageDashboards, &project_id, &dashboard_id).await?;
        dashboard::delete(&context::state(ctx).services, &dashboard).await?;
        Ok(true)
    }

    /// Pins a thread response to a dashboard as a chart, a table or a number.
    async fn create_dashboard_item(&self, ctx: &Context<'_>, project_id: ID, data: CreateDashboardItemInput) -> ApiResult<DashboardItemGql> {
        let (dashboard, viewer) = dashboard_for(ctx, Operation::ManageDashboards, &project_id, &data.dashboard_id).await?;
        let pool = &context::state(ctx).pool;
        let response = asking::response_seen(pool, dashboard.project_id, parse_id(&data.response_id)?, viewer).await?;
        let item = dashboard::create_item(pool, &dashboard, &response, data.item_type, data.name.as_deref()).await?;
        Ok(DashboardItemGql { shared: Arc::new(Shared { dashboard, viewer, deployed: OnceCell::new(), filters: Vec::new() }), item, refresh: false })
    }

    /// Adds a text tile (a heading or a note, at most 5,000 characters) in the first free
    /// full-width row.
    async fn create_dashboard_text_item(&self, ctx: &Context<'_>, project_id: ID, data: CreateDashboardTextItemInput) -> ApiResult<DashboardItemGql> {
        let (dashboard, viewer) = dashboard_for(ctx, Operation::ManageDashboards, &project_id, &data.dashboard_id).await?;
        let item = dashboard::create_text_item(&context::state(ctx).pool, &dashboard, &data.text).await?;
        Ok(DashboardItemGql { shared: Arc::new(Shared { dashboard, viewer, deployed: OnceCell::new(), filters: Vec::new() }), item, refresh: false })
    }

    /// Renames a tile, or changes a text tile's text (its name follows its first line).
    async fn update_dashboard_item(
        &self,
        ctx: &Context<'_>,
        project_id: ID,
        item_id: ID,
        #[graphql(default)] name: Option<String>,
        text: Option<String>,
    ) -> ApiResult<DashboardItemGql> {
        let (dashboard, viewer, item) = item_for(ctx, &project_id, &item_id).await?;
        let item = dashboard::update_item(&context::state(ctx).pool, &item, name.as_deref(), text.as_deref()).await?;
        Ok(DashboardItemGql { shared: Arc::new(Shared { dashboard, viewer, deployed: OnceCell::new(), filters: Vec::new() }), item, refresh: false })
    }

    async fn delete_dashboard_item(&self, ctx: &Context<'_>, project_id: ID, item_id: ID) -> ApiResult<bool> {
        let (_, _, item) = item_for(ctx, &project_id, &item_id).await?;
        dashboard::delete_item(&context::state(ctx).pool, &item).await?;
        Ok(true)
    }

    /// Moves and resizes tiles on the 12-column grid: x, y ≥ 0, w, h > 0, x + w ≤ 12. All
    /// or none are applied.
    async fn update_dashboard_item_layouts(
        &self,
        ctx: &Context<'_>,
        project_id: ID,
        dashboard_id: ID,
        layouts: Vec<ItemLayoutInput>,
    ) -> ApiResult<DashboardGql> {
        let (dashboard, viewer) = dashboard_for(ctx, Operation::ManageDashboards, &project_id, &dashboard_id).await?;
        let layouts = layouts.iter().map(|l| Ok((parse_id(&l.item_id)?, Layout { x: l.x, y: l.y, w: l.w, h: l.h }))).collect::<ApiResult<Vec<_>>>()?;
        dashboard::update_layouts(&context::state(ctx).pool, &dashboard, &layouts).await?;
        Ok(DashboardGql::new(dashboard, viewer))
    }

    /// Sets when every tile is refreshed, as a Temporal Schedule in the given timezone.
    async fn set_dashboard_schedule(&self, ctx: &Context<'_>, project_id: ID, dashboard_id: ID, data: SetDashboardScheduleInput) -> ApiResult<DashboardGql> {
        let (dashboard, viewer) = dashboard_for(ctx, Operation::ManageDashboards, &project_id, &dashboard_id).await?;
        let schedule = Schedule { frequency: data.frequency, day: data.day, hour: data.hour, minute: data.minute, cron: data.cron, timezone: data.timezone };
        let dashboard = dashboard::set_schedule(&context::state(ctx).services, &dashboard, schedule).await?;
        Ok(DashboardGql::new(dashboard, viewer))
    }

    /// Runs one tile now and caches its result (marked overridden).
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn refresh_dashboard_item(&self, ctx: &Context<'_>, project_id: ID, item_id: ID) -> ApiResult<DashboardItemGql> {
        let (dashboard, viewer, item) = item_for(ctx, &project_id, &item_id).await?;
        Ok(DashboardItemGql { shared: Arc::new(Shared { dashboard, viewer, deployed: OnceCell::new(), filters: Vec::new() }), item, refresh: true })
    }

    /// The rows behind one group of a tile (the bar, slice or point clicked), narrowed by the
    /// dashboard's filters, as a new spreadsheet of the caller's: its id.
    #[graphql(complexity = "crate::graphql::EXPENSIVE")]
    async fn drill_into_dashboard_item(&self, ctx: &Context<'_>, project_id: ID, item_id: ID, data: DrillInput) -> ApiResult<ID> {
        let (project_id, item_id) = (parse_id(&project_id)?, parse_id(&item_id)?);
        let picks: Vec<(String, serde_json::Value)> = data.picks.into_iter().map(|p| (p.column, p.value.0)).collect();
        let filters = data.filters.into_iter().map(DashboardFilterInput::parsed).collect::<ApiResult<Vec<_>>>()?;
        let sheet = tile::drill_down(&context::state(ctx).pool, &context::acting(ctx)?, project_id, item_id, &picks, &filters).await?;
        Ok(ID(sheet.id.to_string()))
    }

    /// Refreshes every tile now, as one workflow run: through the dashboard's schedule when
    /// it has one (the run shows among the schedule's), else on its own. Poll `lastRefresh`.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn refresh_dashboard(&self, ctx: &Context<'_>, project_id: ID, dashboard_id: ID) -> ApiResult<DashboardGql> {
        let (dashboard, viewer) = dashboard_for(ctx, Operation::ManageDashboards, &project_id, &dashboard_id).await?;
        dashboard::refresh_all(&context::state(ctx).services, &dashboard).await?;
        Ok(DashboardGql::new(dashboard, viewer))
    }
}
