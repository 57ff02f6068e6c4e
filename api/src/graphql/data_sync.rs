//! A project's data sync over GraphQL: set it (mode, tables, how often), stop, resume, sync
//! now, and the recent jobs the page polls for progress.

use super::context::{self, parse_id};
use crate::error::ApiResult;
use async_graphql::{Context, ID, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::datasource::sync::{self, DataSync, SyncJob, SyncJobStatus, SyncMode, SyncTable};

#[derive(SimpleObject)]
#[graphql(name = "DataSync")]
struct DataSyncGql {
    mode: SyncMode,
    tables: Vec<SyncTable>,
    /// Minutes between two syncs.
    every_minutes: i32,
    /// Stopped: no sync runs until it is resumed; questions read the store as it was.
    stopped: bool,
    /// When the store last held every table as the source had it.
    last_synced_at: Option<DateTime<Utc>>,
    /// When the next sync is due (none while stopped).
    next_sync_at: Option<DateTime<Utc>>,
    /// The latest job's status, IDLE when none ran yet.
    status: SyncJobStatus,
}

impl DataSyncGql {
    fn new(sync: DataSync, latest: Option<&SyncJob>) -> Self {
        Self {
            next_sync_at: sync.next_sync_at(latest),
            status: DataSync::status(latest),
            mode: sync.mode,
            tables: sync.tables,
            every_minutes: sync.every_minutes,
            stopped: sync.stopped,
            last_synced_at: sync.last_synced_at,
        }
    }
}

#[derive(SimpleObject)]
#[graphql(name = "SyncJob")]
struct SyncJobGql {
    id: ID,
    status: SyncJobStatus,
    /// Rows copied so far, all tables together.
    rows_synced: i64,
    /// Rows copied so far by table (`schema.table`).
    tables: Vec<SyncJobTableGql>,
    /// Why it failed, as the source or the sync engine said it.
    error: Option<String>,
    created_at: DateTime<Utc>,
    started_at: Option<DateTime<Utc>>,
    finished_at: Option<DateTime<Utc>>,
}

#[derive(SimpleObject)]
#[graphql(name = "SyncJobTable")]
struct SyncJobTableGql {
    table: String,
    rows: i64,
}

impl From<SyncJob> for SyncJobGql {
    fn from(job: SyncJob) -> Self {
        let mut tables: Vec<SyncJobTableGql> = job
            .progress
            .as_object()
            .map(|m| m.iter().map(|(table, rows)| SyncJobTableGql { table: table.clone(), rows: rows.as_i64().unwrap_or(0) }).collect())
            .unwrap_or_default();
        tables.sort_by(|a, b| a.table.cmp(&b.table));
        Self {
            id: ID(job.id.to_string()),
            status: job.status,
            rows_synced: job.rows_synced,
            tables,
            error: job.error,
            created_at: job.created_at,
            started_at: job.started_at,
            finished_at: job.finished_at,
        }
    }
}

async fn described(ctx: &Context<'_>, sync: DataSync) -> ApiResult<DataSyncGql> {
    let state = context::state(ctx);
    let jobs = sync::jobs(&state.pool, &context::acting(ctx)?, sync.project_id).await?;
    Ok(DataSyncGql::new(sync, jobs.first()))
}

#[derive(Default)]
pub struct DataSyncQuery;

#[Object]
impl DataSyncQuery {
    /// The project's data sync; null when questions read the source itself.
    async fn data_sync(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Option<DataSyncGql>> {
        let project_id = parse_id(&project_id)?;
        let found = sync::get(&context::state(ctx).pool, &context::acting(ctx)?, project_id).await?;
        Ok(match found {
            Some(found) => Some(described(ctx, found).await?),
            None => None,
        })
    }

    /// The project's latest sync jobs, newest first (poll while one runs).
    async fn sync_jobs(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<SyncJobGql>> {
        let project_id = parse_id(&project_id)?;
        let jobs = sync::jobs(&context::state(ctx).pool, &context::acting(ctx)?, project_id).await?;
        Ok(jobs.into_iter().map(Into::into).collect())
    }
}

#[derive(Default)]
pub struct DataSyncMutation;

#[Object]
impl DataSyncMutation {
    /// Copies the chosen tables of the source into the project's store now and then every
    /// `everyMinutes`; questions read the store from the first finished sync on. A table
    /// with a cursor column is copied incrementally (rows whose cursor grew).
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn set_data_sync(&self, ctx: &Context<'_>, project_id: ID, mode: SyncMode, tables: Vec<SyncTable>, every_minutes: i32) -> ApiResult<DataSyncGql> {
        let project_id = parse_id(&project_id)?;
        let set = sync::set(&context::state(ctx).services, &context::acting(ctx)?, project_id, mode, &tables, every_minutes).await?;
        described(ctx, set).await
    }

    /// Stops syncing (the running job is cancelled).
    async fn stop_data_sync(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<DataSyncGql> {
        let project_id = parse_id(&project_id)?;
        let stopped = sync::stop(&context::state(ctx).services, &context::acting(ctx)?, project_id).await?;
        described(ctx, stopped).await
    }

    /// Syncs again on the schedule, starting now.
    async fn resume_data_sync(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<DataSyncGql> {
        let project_id = parse_id(&project_id)?;
        let resumed = sync::resume(&context::state(ctx).services, &context::acting(ctx)?, project_id).await?;
        described(ctx, resumed).await
    }

    /// Runs a sync now.
    async fn sync_data_now(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<bool> {
        let project_id = parse_id(&project_id)?;
        sync::sync_now(&context::state(ctx).services, &context::acting(ctx)?, project_id).await?;
        Ok(true)
    }
}
