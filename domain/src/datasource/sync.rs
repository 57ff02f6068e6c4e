//! A project's data sync (PRODUCT.md §3 sync modes, §4 sync job states): chosen tables of
//! its source copied into the project's own DuckDB store on a schedule, by the sync engine
//! (dlt, run by the `SyncTables` activity on the sync worker pool). While a sync is set,
//! questions, previews and dashboards read the store ([`store_connector`]); choosing tables
//! and testing the connection still read the source.
//!
//! Each scheduled run is one job: PENDING → RUNNING → SUCCEEDED | FAILED | CANCELLED. A run
//! writes a staging copy of the store and, when every table is in, publishes it whole
//! (rename), so a reader never sees half a sync and a killed run loses nothing: the next run
//! finishes the loads it left (dlt keeps its state beside the staging copy).

use crate::{
    access::Acting,
    activity::{self, ActivityKind, NewActivity},
    config::Config,
    db::Pool,
    error::{Error, Result},
    permissions::Operation,
    project::{self, OnboardingStatus},
    services::{Services, SyncSchedule},
};
use chrono::{DateTime, Utc};
use quarry_engine::{Connector, DataSourceType, connectors::DuckDbConnector};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::{path::PathBuf, time::Duration};
use uuid::Uuid;

/// The shortest and longest time between two syncs.
pub const MIN_EVERY_MINUTES: i32 = 5;
pub const MAX_EVERY_MINUTES: i32 = 7 * 24 * 60;
/// The most tables one sync copies.
pub const MAX_TABLES: usize = 200;
/// Jobs listed on the page.
pub const JOBS_SHOWN: i64 = 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SyncMode {
    Standard,
    Cdc,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SyncJobStatus {
    Idle,
    Pending,
    Running,
    Succeeded,
    Failed,
    Cancelled,
    Incomplete,
    NoSyncingRequired,
    Unknown,
}

impl SyncJobStatus {
    /// Nothing moves a job out of these; SQL guards bind this list.
    pub const FINISHED: &[SyncJobStatus] = &[Self::Succeeded, Self::Failed, Self::Cancelled, Self::Incomplete, Self::NoSyncingRequired];
}

/// One table a sync copies: where it is in the source and, for an incremental copy, the
/// column whose growing values say which rows are new or changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::SimpleObject, async_graphql::InputObject))]
#[cfg_attr(feature = "graphql", graphql(input_name = "SyncTableInput"))]
pub struct SyncTable {
    pub schema: String,
    pub name: String,
    #[serde(default)]
    pub cursor: Option<String>,
}

#[derive(Debug, Clone)]
pub struct DataSync {
    pub project_id: Uuid,
    pub mode: SyncMode,
    pub tables: Vec<SyncTable>,
    pub every_minutes: i32,
    pub stopped: bool,
    pub last_synced_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct SyncJob {
    pub id: Uuid,
    pub project_id: Uuid,
    pub status: SyncJobStatus,
    pub workflow_id: Option<String>,
    /// Rows copied so far, by "schema.table".
    pub progress: Value,
    pub rows_synced: i64,
    pub error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl DataSync {
    /// When the next run is due after `latest` (the newest job): none while stopped.
    pub fn next_sync_at(&self, latest: Option<&SyncJob>) -> Option<DateTime<Utc>> {
        let since = latest.map(|j| j.created_at).or(self.last_synced_at).unwrap_or(self.updated_at);
        (!self.stopped).then(|| since + chrono::Duration::minutes(self.every_minutes as i64))
    }

    /// The sync's status: its newest job's, IDLE before the first.
    pub fn status(latest: Option<&SyncJob>) -> SyncJobStatus {
        latest.map_or(SyncJobStatus::Idle, |j| j.status)
    }
}

/// Where a project's sync keeps its files.
pub fn sync_dir(config: &Config, project_id: Uuid) -> PathBuf {
    config.project_dir(project_id).join("sync")
}

/// The published store questions read.
pub fn store_path(config: &Config, project_id: Uuid) -> PathBuf {
    sync_dir(config, project_id).join("store.duckdb")
}

/// The copy a run writes, published when the run succeeds.
pub fn staging_path(config: &Config, project_id: Uuid) -> PathBuf {
    sync_dir(config, project_id).join("staging.duckdb")
}

/// Source types whose tables the sync engine can copy.
pub fn syncable(source_type: DataSourceType) -> bool {
    matches!(source_type, DataSourceType::Postgres | DataSourceType::Redshift | DataSourceType::Mysql)
}

const SELECT_SYNC: &str = "SELECT project_id, mode, tables, every_minutes, stopped, last_synced_at, created_at, updated_at FROM data_syncs";

/// A row of `data_syncs` as stored (its tables as JSON).
#[derive(sqlx::FromRow)]
struct SyncRow {
    project_id: Uuid,
    mode: SyncMode,
    tables: Value,
    every_minutes: i32,
    stopped: bool,
    last_synced_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl SyncRow {
    fn into_sync(self) -> Result<DataSync> {
        let tables = serde_json::from_value(self.tables).map_err(Error::internal)?;
        Ok(DataSync {
            project_id: self.project_id,
            mode: self.mode,
            tables,
            every_minutes: self.every_minutes,
            stopped: self.stopped,
            last_synced_at: self.last_synced_at,
            created_at: self.created_at,
            updated_at: self.updated_at,
        })
    }
}

/// The project's sync, if one is set.
pub async fn find(pool: &Pool, project_id: Uuid) -> Result<Option<DataSync>> {
    let row = sqlx::query_as::<_, SyncRow>(&format!("{SELECT_SYNC} WHERE project_id = $1")).bind(project_id).fetch_optional(pool).await?;
    row.map(SyncRow::into_sync).transpose()
}

/// The store's connector when the project syncs its data; `None`: questions read the source.
/// Before the first sync has finished there is nothing to read yet, which is said.
pub async fn store_connector(pool: &Pool, config: &Config, project_id: Uuid) -> Result<Option<Box<dyn Connector>>> {
    if find(pool, project_id).await?.is_none() {
        return Ok(None);
    }
    let store = store_path(config, project_id);
    if !store.is_file() {
        return Err(Error::invalid("The first sync of this project's data has not finished yet: questions can be asked once it has."));
    }
    Ok(Some(Box::new(DuckDbConnector::duckdb(store))))
}

/// The project's sync, for whoever may read its data source.
pub async fn get(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Option<DataSync>> {
    acting.may(pool, Operation::ReadDataSource, project_id).await?;
    find(pool, project_id).await
}

/// The latest jobs, newest first.
pub async fn jobs(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<SyncJob>> {
    acting.may(pool, Operation::ReadDataSource, project_id).await?;
    Ok(sqlx::query_as!(
        SyncJob,
        r#"SELECT id, project_id, status AS "status: SyncJobStatus", workflow_id, progress, rows_synced, error, created_at, started_at, finished_at
           FROM sync_jobs WHERE project_id = $1 ORDER BY created_at DESC LIMIT $2"#,
        project_id,
        JOBS_SHOWN,
    )
    .fetch_all(pool)
    .await?)
}

/// The settings a user asked for, checked against the source (on a worker: it reaches the
/// source): the tables exist, each cursor is a column of its table.
pub async fn checked_tables(pool: &Pool, config: &Config, project_id: Uuid, mode: SyncMode, tables: &[SyncTable]) -> Result<Vec<SyncTable>> {
    let record = super::saved(pool, project_id).await?.ok_or_else(|| Error::invalid("This project has no data source yet."))?;
    let source_type = record.source_type()?;
    if record.sample_dataset.is_some() || !syncable(source_type) {
        return Err(Error::invalid(format!("Syncing is not available for {} sources.", source_type.display_name())));
    }
    if mode == SyncMode::Cdc {
        return Err(Error::invalid("Change data capture (CDC) is not available yet: choose STANDARD."));
    }
    if tables.is_empty() || tables.len() > MAX_TABLES {
        return Err(Error::invalid(format!("Choose between 1 and {MAX_TABLES} tables to sync.")));
    }
    let source = super::source_connector(pool, config, project_id).await?.tables().await?;
    let mut checked = Vec::new();
    for table in tables {
        let found = source
            .iter()
            .find(|t| t.schema == table.schema.trim() && t.name == table.name.trim())
            .ok_or_else(|| Error::invalid(format!("The data source has no table \"{}.{}\".", table.schema.trim(), table.name.trim())))?;
        let cursor = table.cursor.as_deref().map(str::trim).filter(|c| !c.is_empty());
        if let Some(cursor) = cursor
            && !found.columns.iter().any(|c| c.name == cursor)
        {
            return Err(Error::invalid(format!("The table \"{}\" has no column \"{cursor}\" to sync by.", found.name)));
        }
        checked.push(SyncTable { schema: found.schema.clone(), name: found.name.clone(), cursor: cursor.map(str::to_owned) });
    }
    Ok(checked)
}

/// Sets (or changes) the project's sync and starts its first run now.
pub async fn set(services: &Services, acting: &Acting, project_id: Uuid, mode: SyncMode, tables: &[SyncTable], every_minutes: i32) -> Result<DataSync> {
    let pool = &services.pool;
    acting.may(pool, Operation::ManageDataSource, project_id).await?;
    if !(MIN_EVERY_MINUTES..=MAX_EVERY_MINUTES).contains(&every_minutes) {
        return Err(Error::invalid(format!("Sync every {MIN_EVERY_MINUTES} minutes at the most often, and at least once a week.")));
    }
    let tables = crate::on_worker::check_sync_tables(services, project_id, mode, tables).await?;
    let mut tx = pool.begin().await?;
    sqlx::query(
        "INSERT INTO data_syncs (project_id, mode, tables, every_minutes) VALUES ($1, $2, $3, $4)
         ON CONFLICT (project_id) DO UPDATE SET mode = EXCLUDED.mode, tables = EXCLUDED.tables,
             every_minutes = EXCLUDED.every_minutes, stopped = false, updated_at = now()",
    )
    .bind(project_id)
    .bind(mode)
    .bind(serde_json::to_value(&tables).map_err(Error::internal)?)
    .bind(every_minutes)
    .execute(&mut *tx)
    .await?;
    let project = project::get(&mut *tx, project_id).await?;
    if project.onboarding_status != OnboardingStatus::OnboardingFinished {
        project::set_onboarding_status(&mut *tx, project_id, OnboardingStatus::Syncing).await?;
    }
    let entry = NewActivity::new(project.org_id, ActivityKind::DataSourceChanged)
        .project(project_id)
        .target("DATA_SOURCE", project_id, "sync")
        .detail(serde_json::json!({"change": "sync set", "mode": mode, "tables": tables.len(), "everyMinutes": every_minutes}));
    activity::record(&mut *tx, acting.records(entry)).await?;
    tx.commit().await?;
    let schedule = SyncSchedule { project_id, every: Duration::from_secs(every_minutes as u64 * 60), paused: false };
    services.workflows.put_sync_schedule(schedule).await?;
    services.workflows.trigger_sync(project_id).await?;
    find(pool, project_id).await?.ok_or_else(|| Error::internal("the sync just set is gone"))
}

async fn set_stopped(services: &Services, acting: &Acting, project_id: Uuid, stopped: bool) -> Result<DataSync> {
    let pool = &services.pool;
    acting.may(pool, Operation::ManageDataSource, project_id).await?;
    let sync = find(pool, project_id).await?.ok_or_else(|| Error::invalid("This project does not sync its data."))?;
    let mut tx = pool.begin().await?;
    sqlx::query("UPDATE data_syncs SET stopped = $2, updated_at = now() WHERE project_id = $1").bind(project_id).bind(stopped).execute(&mut *tx).await?;
    let project = project::get(&mut *tx, project_id).await?;
    if project.onboarding_status != OnboardingStatus::OnboardingFinished {
        let status = if stopped { OnboardingStatus::SyncingStopped } else { OnboardingStatus::Syncing };
        project::set_onboarding_status(&mut *tx, project_id, status).await?;
    }
    let running: Vec<(Uuid, Option<String>)> = if stopped {
        sqlx::query_as("UPDATE sync_jobs SET status = 'CANCELLED', finished_at = now() WHERE project_id = $1 AND status IN ('PENDING', 'RUNNING') RETURNING id, workflow_id")
            .bind(project_id)
            .fetch_all(&mut *tx)
            .await?
    } else {
        Vec::new()
    };
    let change = if stopped { "sync stopped" } else { "sync resumed" };
    let entry = NewActivity::new(project.org_id, ActivityKind::DataSourceChanged)
        .project(project_id)
        .target("DATA_SOURCE", project_id, "sync")
        .detail(serde_json::json!({"change": change}));
    activity::record(&mut *tx, acting.records(entry)).await?;
    tx.commit().await?;
    let schedule = SyncSchedule { project_id, every: Duration::from_secs(sync.every_minutes as u64 * 60), paused: stopped };
    services.workflows.put_sync_schedule(schedule).await?;
    for (_, workflow_id) in running {
        if let Some(workflow_id) = workflow_id {
            services.workflows.cancel_workflow(&workflow_id).await?;
        }
    }
    if !stopped {
        services.workflows.trigger_sync(project_id).await?;
    }
    find(pool, project_id).await?.ok_or_else(|| Error::internal("the sync is gone"))
}

/// Stops syncing: the running job is cancelled, no other starts until resumed. Questions go
/// on reading the store as it was.
pub async fn stop(services: &Services, acting: &Acting, project_id: Uuid) -> Result<DataSync> {
    set_stopped(services, acting, project_id, true).await
}

/// Syncs again on the schedule, starting with a run now.
pub async fn resume(services: &Services, acting: &Acting, project_id: Uuid) -> Result<DataSync> {
    set_stopped(services, acting, project_id, false).await
}

/// Runs a sync now (the schedule goes on as before).
pub async fn sync_now(services: &Services, acting: &Acting, project_id: Uuid) -> Result<()> {
    acting.may(&services.pool, Operation::ManageDataSource, project_id).await?;
    let sync = find(&services.pool, project_id).await?.ok_or_else(|| Error::invalid("This project does not sync its data."))?;
    if sync.stopped {
        return Err(Error::invalid("Syncing is stopped: resume it first."));
    }
    services.workflows.trigger_sync(project_id).await
}

// ------------------------------------------------------------------ the steps of a run

/// What a run copies: the sync, unless it is stopped or gone.
pub async fn to_run(pool: &Pool, project_id: Uuid) -> Result<Option<DataSync>> {
    Ok(find(pool, project_id).await?.filter(|s| !s.stopped))
}

/// Starts a job for `workflow_id`'s run; the same run asking again gets the same job. `None`
/// when the sync is stopped or gone, or another run's job is still going.
pub async fn begin_job(pool: &Pool, project_id: Uuid, workflow_id: &str) -> Result<Option<Uuid>> {
    if to_run(pool, project_id).await?.is_none() {
        return Ok(None);
    }
    if let Some(id) = sqlx::query_scalar::<_, Uuid>("SELECT id FROM sync_jobs WHERE project_id = $1 AND workflow_id = $2")
        .bind(project_id)
        .bind(workflow_id)
        .fetch_optional(pool)
        .await?
    {
        return Ok(Some(id));
    }
    let created = sqlx::query_scalar::<_, Uuid>(
        "INSERT INTO sync_jobs (id, project_id, status, workflow_id, started_at) VALUES ($1, $2, 'RUNNING', $3, now())
         ON CONFLICT (project_id) WHERE status IN ('PENDING', 'RUNNING') DO NOTHING RETURNING id",
    )
    .bind(Uuid::new_v4())
    .bind(project_id)
    .bind(workflow_id)
    .fetch_optional(pool)
    .await?;
    Ok(created)
}

pub async fn job(pool: &Pool, job_id: Uuid) -> Result<SyncJob> {
    Ok(sqlx::query_as!(
        SyncJob,
        r#"SELECT id, project_id, status AS "status: SyncJobStatus", workflow_id, progress, rows_synced, error, created_at, started_at, finished_at
           FROM sync_jobs WHERE id = $1"#,
        job_id,
    )
    .fetch_one(pool)
    .await?)
}

/// Rows copied so far; a finished job keeps what it had.
pub async fn note_progress(pool: &Pool, job_id: Uuid, progress: &Value) -> Result<()> {
    let rows: i64 = progress.as_object().map(|m| m.values().filter_map(Value::as_i64).sum()).unwrap_or(0);
    sqlx::query("UPDATE sync_jobs SET progress = $2, rows_synced = $3 WHERE id = $1 AND status = 'RUNNING'")
        .bind(job_id)
        .bind(progress)
        .bind(rows)
        .execute(pool)
        .await?;
    Ok(())
}

/// Ends a job (one already ended, e.g. cancelled by a stop, stays as it is); a success
/// marks when the store was last brought up to date.
pub async fn finish_job(pool: &Pool, job_id: Uuid, status: SyncJobStatus, error: Option<&str>) -> Result<()> {
    let mut tx = pool.begin().await?;
    let ended: Option<Uuid> = sqlx::query_scalar(
        "UPDATE sync_jobs SET status = $2, error = $3, finished_at = now() WHERE id = $1 AND status IN ('PENDING', 'RUNNING') RETURNING project_id",
    )
    .bind(job_id)
    .bind(status)
    .bind(error)
    .fetch_optional(&mut *tx)
    .await?;
    if let (Some(project_id), SyncJobStatus::Succeeded) = (ended, status) {
        sqlx::query("UPDATE data_syncs SET last_synced_at = now() WHERE project_id = $1").bind(project_id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// What one run of the sync engine is told (see `workers/sync/quarry_sync.py`): the source
/// at the address the network policy checked (the engine resolves no names), with its
/// secrets, and each table with its cursor and primary key as the source declares them.
pub async fn engine_job(pool: &Pool, config: &Config, project_id: Uuid, sync: &DataSync) -> Result<Value> {
    use quarry_engine::connectors::ConnectionProperties;
    use secrecy::ExposeSecret;
    let record = super::saved(pool, project_id).await?.ok_or_else(|| Error::invalid("This project has no data source yet."))?;
    let source_type = record.source_type()?;
    let properties = quarry_engine::connectors::merge_secrets(&record.properties, &super::stored_secrets(config, &record)?);
    let policy = config.network_policy();
    let (dialect, host, port, database, user, password, ssl) = match ConnectionProperties::parse(source_type, &properties)? {
        ConnectionProperties::Postgres(p) | ConnectionProperties::Redshift(p) => {
            let default = if source_type == DataSourceType::Redshift { 5439 } else { 5432 };
            ("postgresql", p.host, p.port.unwrap_or(default), p.database, p.user, p.password, p.ssl)
        }
        ConnectionProperties::Mysql(p) => ("mysql", p.host, p.port.unwrap_or(3306), p.database, p.user, p.password, p.ssl),
        _ => return Err(Error::invalid(format!("Syncing is not available for {} sources.", source_type.display_name()))),
    };
    let address = policy.resolve(&host, port).await?;
    let source_tables = super::source_connector(pool, config, project_id).await?.tables().await?;
    let tables: Vec<Value> = sync
        .tables
        .iter()
        .map(|t| {
            let key: Vec<&str> = source_tables.iter().find(|s| s.schema == t.schema && s.name == t.name).map(|s| s.primary_key()).unwrap_or_default();
            serde_json::json!({"schema": t.schema, "name": t.name, "cursor": t.cursor, "primaryKey": key})
        })
        .collect();
    let dir = sync_dir(config, project_id);
    Ok(serde_json::json!({
        "source": {
            "dialect": dialect,
            "host": address.ip().to_string(),
            "port": address.port(),
            "database": database,
            "user": user,
            "password": password.as_ref().map(|p| p.expose_secret().to_owned()),
            "ssl": ssl,
        },
        "tables": tables,
        "store": staging_path(config, project_id),
        "pipelinesDir": dir.join("pipelines"),
    }))
}

/// Makes the staging copy the store questions read, whole: written beside it, then renamed
/// over it (a reader holding the old file goes on reading it).
pub async fn publish(config: &Config, project_id: Uuid) -> Result<()> {
    let staging = staging_path(config, project_id);
    let store = store_path(config, project_id);
    let next = store.with_extension("duckdb.next");
    tokio::fs::copy(&staging, &next).await.map_err(Error::internal)?;
    tokio::fs::File::open(&next).await.map_err(Error::internal)?.sync_all().await.map_err(Error::internal)?;
    tokio::fs::rename(&next, &store).await.map_err(Error::internal)?;
    Ok(())
}
