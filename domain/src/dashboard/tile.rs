//! A tile's result: run at the source on a worker ([`run`]), kept in the cache with the
//! tile's record of it ([`keep`]), and read when a dashboard opens ([`open`]): from the
//! cache when an entry is there, else run through the `sql` worker pool and kept. With the
//! viewer's filters ([`DashboardFilter`]) a tile runs narrowed, and is neither served from
//! nor kept in the cache.

use std::time::Duration;

use chrono::{DateTime, NaiveDate, Utc};
use quarry_engine::{
    QueryOptions, compile,
    compile::filter::{self, Condition, Filter},
};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{
    Dashboard, DashboardItem,
    cache::{self, CachedResult, ResultCache},
};
use crate::{access::Acting, folder::Viewer, permissions::Operation, spreadsheet::Spreadsheet};
use crate::{
    asking::{
        answer::QUERY_TIMEOUT,
        thread::{CACHED_ROWS, ResponseResult},
    },
    config::Config,
    datasource,
    db::Pool,
    deploy,
    error::{Error, Result},
    modeling::{edit::compile_error, manifest},
    on_worker,
    services::Services,
};

/// A tile's SQL run at the source: the rows, and what the cache keys them by.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TileRun {
    pub result: ResponseResult,
    pub deploy_id: Uuid,
    pub key_base: String,
    pub sql_hash: String,
    /// The filters asked for that this tile could not take, in words.
    #[serde(default)]
    pub unfiltered: Vec<String>,
    /// The data-security part of its cache key ([`cache::fingerprint`]).
    #[serde(default = "no_security")]
    pub fingerprint: String,
}

fn no_security() -> String {
    cache::NO_SECURITY.to_owned()
}

/// Filters a dashboard may be viewed with at once.
pub const MAX_FILTERS: usize = 10;
/// Values one filter may keep.
pub const MAX_FILTER_VALUES: usize = 100;
/// Characters of one value.
const MAX_VALUE_CHARS: usize = 200;

/// A filter a viewer applies to every tile of a dashboard that can take it: a date range on
/// each tile's own date, or values of a model's column on the tiles that read the model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum DashboardFilter {
    /// From `from` to `to`, both days included; either may be open.
    DateRange { from: Option<NaiveDate>, to: Option<NaiveDate> },
    /// Rows whose `model`.`column` is one of `values`.
    Values { model: String, column: String, values: Vec<String> },
}

impl DashboardFilter {
    /// The filters as a viewer sent them, bounded: at most [`MAX_FILTERS`], each with at most
    /// [`MAX_FILTER_VALUES`] values of at most 200 characters, a range that does not end
    /// before it starts. Filters that keep everything (no values, an open range) are dropped.
    pub fn checked(filters: Vec<Self>) -> Result<Vec<Self>> {
        if filters.len() > MAX_FILTERS {
            return Err(Error::invalid(format!("A dashboard can be filtered by at most {MAX_FILTERS} filters at once.")));
        }
        let mut kept = Vec::new();
        for filter in filters {
            match &filter {
                Self::DateRange { from: Some(from), to: Some(to) } if to < from => {
                    return Err(Error::invalid(format!("The date range ends ({to}) before it starts ({from}).")));
                }
                Self::DateRange { from: None, to: None } => continue,
                Self::Values { values, .. } if values.is_empty() => continue,
                Self::Values { values, .. } if values.len() > MAX_FILTER_VALUES => {
                    return Err(Error::invalid(format!("A filter can keep at most {MAX_FILTER_VALUES} values.")));
                }
                Self::Values { values, .. } if values.iter().any(|v| v.chars().count() > MAX_VALUE_CHARS) => {
                    return Err(Error::invalid(format!("A filter value can be at most {MAX_VALUE_CHARS} characters long.")));
                }
                _ => {}
            }
            kept.push(filter);
        }
        Ok(kept)
    }

    /// The filter in words, for a tile that could not take it.
    fn label(&self) -> String {
        match self {
            Self::DateRange { .. } => "the date range (this tile shows no dates)".to_owned(),
            Self::Values { model, column, .. } => format!("{} (this tile does not read {model})", column_label(model, column)),
        }
    }
}

/// A column said with its model unless its name already says it ("genre name", "billing country").
fn column_label(model: &str, column: &str) -> String {
    let words = |name: &str| quarry_engine::answer::format::name_in_words(name).to_lowercase();
    let (model, column) = (words(model), words(column));
    let model_word = model.trim_end_matches('s');
    if column.contains(model_word) || column.split(' ').count() > 1 { column } else { format!("{model} {column}") }
}

/// Compiles the tile's SQL over the deployed models, narrowed by `filters`, and runs it at
/// the source (first 5000 rows). Worker side. A tile that cannot run (its SQL no longer
/// compiles, the source refuses it) is a user error saying why.
pub async fn run(pool: &Pool, config: &Config, item_id: Uuid, filters: &[DashboardFilter], asker: Option<Uuid>) -> Result<TileRun> {
    let item = super::item(pool, item_id).await?;
    let (deploy, manifest) = deploy::deployed(pool, item.project_id).await?.ok_or_else(|| Error::invalid("The models are not deployed."))?;
    let connector = datasource::connector(pool, config, item.project_id).await?;
    let dialect = manifest::dialect_of(connector.source_type());
    let (sql, unfiltered) = narrowed(&manifest, dialect, &item.sql, filters)?;
    let viewer = crate::data_security::viewer_for(pool, item.project_id, asker).await?;
    let compiled = compile::compile_as(&manifest, &viewer, &sql, dialect).map_err(compile_error)?;
    let mut result = connector.query(&compiled, QueryOptions::new(CACHED_ROWS, QUERY_TIMEOUT)).await.map_err(Error::from)?;
    compile::describe(&manifest, &sql, dialect, &mut result.columns);
    Ok(TileRun {
        result: ResponseResult { columns: result.columns, rows: result.rows, truncated: result.truncated },
        deploy_id: deploy.id,
        key_base: cache::key_base(&compiled, deploy.id),
        sql_hash: definition_hash(&manifest, &item.sql, &compiled),
        unfiltered,
        fingerprint: cache::fingerprint(&manifest, &viewer),
    })
}

/// The tile's SQL with the filters it can take, and the ones it cannot, in words.
fn narrowed(manifest: &quarry_engine::mdl::Manifest, dialect: compile::Dialect, sql: &str, filters: &[DashboardFilter]) -> Result<(String, Vec<String>)> {
    if filters.is_empty() {
        return Ok((sql.to_owned(), Vec::new()));
    }
    let date = filter::date_of(sql, dialect, manifest);
    let mut unfiltered = Vec::new();
    let mut engine_filters = Vec::new();
    let mut asked = Vec::new();
    for f in filters {
        let engine = match f {
            DashboardFilter::DateRange { from, to } => {
                date.clone().map(|(model, column)| Filter { model, column, condition: Condition::Between { from: *from, to: *to } })
            }
            DashboardFilter::Values { model, column, values } => {
                Some(Filter { model: model.clone(), column: column.clone(), condition: Condition::OneOf(values.clone()) })
            }
        };
        match engine {
            Some(engine) => {
                engine_filters.push(engine);
                asked.push(f);
            }
            None => unfiltered.push(f.label()),
        }
    }
    let (narrow, applied) = filter::narrowed(sql, dialect, &engine_filters).map_err(compile_error)?;
    unfiltered.extend(asked.iter().zip(applied).filter(|(_, took)| !took).map(|(f, _)| f.label()));
    Ok((narrow, unfiltered))
}

/// What a tile's result depends on in the models: its SQL as compiled, and the definitions of
/// the models its SQL names (so a model that gains a column or a calculated field counts as
/// changed too, even where the compiled SQL stays the same). Naming is read loosely, by
/// words: a word that happens to match a model only makes the tile stale more readily.
fn definition_hash(manifest: &quarry_engine::mdl::Manifest, sql: &str, compiled: &str) -> String {
    let words: std::collections::HashSet<String> =
        sql.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    let mut named: Vec<&quarry_engine::mdl::Model> = manifest.models.iter().filter(|m| words.contains(&m.name.to_lowercase())).collect();
    named.sort_by(|a, b| a.name.cmp(&b.name));
    let definitions = serde_json::to_string(&named).unwrap_or_default();
    cache::sql_hash(&format!("{compiled}\n{definitions}"))
}

/// Keeps a run: the entry in the cache (when the dashboard caches), then the tile's record
/// of it. A step that runs again (a worker died between the two) writes the same again.
pub async fn keep(pool: &Pool, results: &ResultCache, dashboard: &Dashboard, item_id: Uuid, run: TileRun, overridden: bool) -> Result<CachedResult> {
    let entry = CachedResult { result: run.result, created_at: Utc::now(), deploy_id: run.deploy_id, overridden };
    if dashboard.cache_enabled {
        let ttl = Duration::from_secs(dashboard.cache_ttl_seconds.max(60) as u64);
        results.put(&run.key_base, &run.fingerprint, &entry, ttl).await?;
    }
    sqlx::query!(
        "UPDATE dashboard_items SET cache_key = $2, cache_deploy_id = $3, cache_sql_hash = $4, last_error = NULL, refreshed_at = $5 WHERE id = $1",
        item_id,
        run.key_base,
        run.deploy_id,
        run.sql_hash,
        entry.created_at,
    )
    .execute(pool)
    .await?;
    Ok(entry)
}

/// Records why a tile could not be refreshed; its cached result, if any, stays.
pub async fn record_failure(pool: &Pool, item_id: Uuid, error: &str) -> Result<()> {
    sqlx::query!("UPDATE dashboard_items SET last_error = $2, refreshed_at = now() WHERE id = $1", item_id, error).execute(pool).await?;
    Ok(())
}

/// What a tile shows.
#[derive(Debug, Clone)]
pub struct TileData {
    pub result: Option<ResponseResult>,
    pub cache_hit: bool,
    pub cache_created_at: Option<DateTime<Utc>>,
    pub overridden: bool,
    /// The result was computed before a deploy that changed a model the tile reads.
    pub stale: bool,
    pub error: Option<String>,
    /// The viewer's filters this tile could not take, in words.
    pub unfiltered: Vec<String>,
}

impl TileData {
    fn failed(error: String) -> Self {
        Self { result: None, cache_hit: false, cache_created_at: None, overridden: false, stale: false, error: Some(error), unfiltered: Vec::new() }
    }

    fn fresh(entry: CachedResult) -> Self {
        Self {
            result: Some(entry.result),
            cache_hit: false,
            cache_created_at: Some(entry.created_at),
            overridden: entry.overridden,
            stale: false,
            error: None,
            unfiltered: Vec::new(),
        }
    }
}

/// The deployed models a dashboard's tiles are compiled against, read once per dashboard.
pub struct Deployed {
    deploy_id: Option<Uuid>,
    manifest: Option<quarry_engine::mdl::Manifest>,
    dialect: compile::Dialect,
}

impl Deployed {
    pub async fn of(pool: &Pool, project_id: Uuid) -> Result<Self> {
        let deployed = deploy::deployed(pool, project_id).await?;
        let dialect = manifest::dialect_of(datasource::connector_type(pool, project_id).await?);
        Ok(match deployed {
            Some((deploy, manifest)) => Self { deploy_id: Some(deploy.id), manifest: Some(manifest), dialect },
            None => Self { deploy_id: None, manifest: None, dialect },
        })
    }

    /// The data-security part of `viewer`'s result keys under the policies as they are now.
    fn fingerprint(&self, viewer: &quarry_engine::compile::security::Viewer) -> String {
        self.manifest.as_ref().map_or_else(|| cache::NO_SECURITY.to_owned(), |m| cache::fingerprint(m, viewer))
    }

    /// Whether the project has data-security policies (then results depend on who views them).
    fn secured(&self) -> bool {
        self.manifest.as_ref().is_some_and(|m| !m.row_policies.is_empty() || !m.column_policies.is_empty())
    }

    /// A deploy after the cached one changed what the tile's result depends on.
    fn made_stale(&self, item: &DashboardItem) -> bool {
        if item.cache_deploy_id == self.deploy_id {
            return false;
        }
        let Some(manifest) = &self.manifest else { return true };
        match compile::compile(manifest, &item.sql, self.dialect) {
            Ok(compiled) => item.cache_sql_hash.as_deref() != Some(definition_hash(manifest, &item.sql, &compiled).as_str()),
            Err(_) => true,
        }
    }
}

/// A tile's result for `asker` opening the dashboard, as their data-security policies let them
/// see it. `refresh`: run it now whatever the cache holds, and mark the entry overridden. With
/// `filters` (checked), it runs narrowed, and the cache is neither read nor written.
#[allow(clippy::too_many_arguments)]
pub async fn open(
    services: &Services,
    results: &ResultCache,
    deployed: &Deployed,
    dashboard: &Dashboard,
    item: &DashboardItem,
    refresh: bool,
    filters: &[DashboardFilter],
    asker: Uuid,
) -> Result<TileData> {
    // A text tile has no result: nothing to run, cache or filter.
    if item.display == super::Display::Text {
        return Ok(TileData { result: None, cache_hit: false, cache_created_at: None, overridden: false, stale: false, error: None, unfiltered: Vec::new() });
    }
    if !filters.is_empty() {
        return match on_worker::run_tile(services, asker, item.id, filters).await {
            Ok(run) => Ok(TileData {
                result: Some(run.result),
                cache_hit: false,
                cache_created_at: Some(Utc::now()),
                overridden: false,
                stale: false,
                error: None,
                unfiltered: run.unfiltered,
            }),
            Err(Error::User { code, message }) if code != crate::ErrorCode::InternalServerError => Ok(TileData::failed(message)),
            Err(error) => Err(error),
        };
    }
    // Under policies, a result is read only by viewers they give the same values; the viewer
    // is noted so that refreshes warm their context too.
    let viewer_fingerprint = if deployed.secured() {
        super::refresh::note_viewer(&services.pool, dashboard.id, asker).await?;
        deployed.fingerprint(&crate::data_security::viewer(&services.pool, dashboard.project_id, asker).await?)
    } else {
        cache::NO_SECURITY.to_owned()
    };
    if dashboard.cache_enabled
        && !refresh
        && let Some(key) = &item.cache_key
        && let Some(entry) = results.get(key, &viewer_fingerprint).await
    {
        let stale = deployed.made_stale(item);
        return Ok(TileData {
            result: Some(entry.result),
            cache_hit: true,
            cache_created_at: Some(entry.created_at),
            overridden: entry.overridden,
            stale,
            error: None,
            unfiltered: Vec::new(),
        });
    }
    match on_worker::run_tile(services, asker, item.id, &[]).await {
        Ok(run) => Ok(TileData::fresh(keep(&services.pool, results, dashboard, item.id, run, refresh).await?)),
        Err(Error::User { code, message }) if code != crate::ErrorCode::InternalServerError => {
            record_failure(&services.pool, item.id, &message).await?;
            Ok(TileData::failed(message))
        }
        Err(error) => Err(error),
    }
}

/// Groups one click may pick (a bar of a series: its category and its series).
pub const MAX_PICKS: usize = 2;

/// The rows behind one group of a tile (a bar, slice or point the viewer clicked; no pick for
/// a number tile: all the rows it counts), with the
/// dashboard's filters it can take, as a new spreadsheet of the acting account's (in no
/// folder, so only they see it until they move it). Allowed to whoever sees the dashboard and
/// may make spreadsheets (ManageDashboards). `picks`: a result column of the tile and the
/// value its clicked row had.
pub async fn drill_down(
    pool: &Pool,
    acting: &Acting,
    project_id: Uuid,
    item_id: Uuid,
    picks: &[(String, serde_json::Value)],
    filters: &[DashboardFilter],
) -> Result<Spreadsheet> {
    let actor = acting.may(pool, Operation::ManageDashboards, project_id).await?;
    let item = super::item(pool, item_id).await?;
    if item.project_id != project_id {
        return Err(Error::not_found("Dashboard item"));
    }
    super::open(pool, project_id, item.dashboard_id, Viewer::of(acting.account.id, actor)).await?;
    if picks.len() > MAX_PICKS {
        return Err(Error::invalid(format!("Pick one group of the tile (at most {MAX_PICKS} columns: its category and its series).")));
    }
    let filters = DashboardFilter::checked(filters.to_vec())?;
    let (_, manifest) = deploy::deployed(pool, project_id).await?.ok_or_else(|| Error::invalid("The models are not deployed."))?;
    let dialect = manifest::dialect_of(datasource::connector_type(pool, project_id).await?);
    let behind = filter::rows_behind(&item.sql, dialect, picks).map_err(compile_error)?;
    let (sql, _) = narrowed(&manifest, dialect, &behind, &filters)?;
    let said: Vec<String> = picks.iter().map(|(_, v)| v.as_str().map_or_else(|| v.to_string(), str::to_owned)).collect();
    // No pick (a number tile): every row it counts or adds up.
    let said = if said.is_empty() { "rows".to_owned() } else { said.join(", ") };
    let name: String = format!("{} — {said}", item.name).chars().take(crate::spreadsheet::MAX_NAME_CHARS).collect();
    crate::spreadsheet::create(pool, project_id, acting.account.id, &name, &sql, None, None).await
}
