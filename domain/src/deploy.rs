//! Deploys: the project's manifest checked on its source and indexed for the question
//! engines. The api records a deploy (IN_PROGRESS, with the manifest it deploys) and starts
//! the Deploy workflow; the workflow's steps record the outcome and the log here.
//!
//! The sync status is derived, not stored: IN_PROGRESS while a deploy runs, SYNCRONIZED when
//! the last deploy succeeded and deployed the current manifest, UNSYNCRONIZED after any edit,
//! after a failed deploy, or before the first deploy.

use crate::{
    access::Acting,
    activity::{self, ActivityKind, NewActivity},
    db::Pool,
    error::{Error, ErrorCode, Result},
    modeling::manifest,
    permissions::Operation,
    services::{Services, Workflow},
};
use chrono::{DateTime, Utc};
use quarry_engine::{
    ColumnTypeFamily, DataSourceType,
    compile::{self, Dialect},
    mdl::{ColumnKind, Manifest},
};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use std::{
    collections::HashMap,
    sync::{LazyLock, Mutex, MutexGuard},
};
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SyncStatus {
    InProgress,
    /// Spelled as PRODUCT.md §4 spells it.
    #[cfg_attr(feature = "graphql", graphql(name = "SYNCRONIZED"))]
    Syncronized,
    #[cfg_attr(feature = "graphql", graphql(name = "UNSYNCRONIZED"))]
    Unsyncronized,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DeployState {
    InProgress,
    Success,
    Failed,
}

#[derive(Debug, Clone)]
pub struct Deploy {
    pub id: Uuid,
    pub project_id: Uuid,
    pub status: DeployState,
    pub manifest_hash: String,
    pub log: String,
    pub error: Option<String>,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

/// Records a deploy of the project's current manifest, or returns the one already running
/// (`false`: nothing new to start).
pub async fn begin(pool: &Pool, project_id: Uuid) -> Result<(Deploy, bool)> {
    begin_recorded(pool, project_id, None).await
}

/// [`begin`], with the activity entry of `acting` committed with a new deploy.
async fn begin_recorded(pool: &Pool, project_id: Uuid, acting: Option<&Acting>) -> Result<(Deploy, bool)> {
    if let Some(running) = running(pool, project_id).await? {
        return Ok((running, false));
    }
    let manifest = manifest::of_project(pool, project_id).await?;
    if manifest.models.is_empty() {
        return Err(Error::invalid("There are no models to deploy yet."));
    }
    let id = Uuid::new_v4();
    let mut tx = pool.begin().await?;
    let inserted = sqlx::query!(
        "INSERT INTO deploys (id, project_id, status, manifest, manifest_hash) VALUES ($1, $2, $5, $3, $4)",
        id,
        project_id,
        Json(&manifest) as _,
        manifest::hash(&manifest),
        DeployState::InProgress as DeployState,
    )
    .execute(&mut *tx)
    .await;
    match inserted {
        Ok(_) => {
            if let Some(acting) = acting {
                let org_id = sqlx::query_scalar!("SELECT org_id FROM projects WHERE id = $1", project_id).fetch_one(&mut *tx).await?;
                let entry = NewActivity::new(org_id, ActivityKind::Deployed)
                    .project(project_id)
                    .target("DEPLOY", id, format!("{:?}", DeployState::InProgress))
                    .detail(serde_json::json!({"status": DeployState::InProgress}));
                activity::record(&mut *tx, acting.records(entry)).await?;
            }
            tx.commit().await?;
            Ok((get(pool, id).await?, true))
        }
        // Another request started one in between.
        Err(sqlx::Error::Database(db)) if db.constraint() == Some("deploys_one_running") => {
            Ok((running(pool, project_id).await?.ok_or_else(|| Error::internal("the running deploy vanished"))?, false))
        }
        Err(e) => Err(e.into()),
    }
}

/// Records a deploy of the current models and starts its workflow (or returns the running
/// one). A workflow that cannot be started leaves the deploy FAILED, not hanging.
pub async fn start(services: &Services, project_id: Uuid) -> Result<Deploy> {
    start_recorded(services, project_id, None).await
}

/// Deploys the project's models (Deploy), as `acting`: [`start`], with the new deploy and its
/// activity entry committed together.
pub async fn request(services: &Services, acting: &Acting, project_id: Uuid) -> Result<Deploy> {
    acting.may(&services.pool, Operation::Deploy, project_id).await?;
    start_recorded(services, project_id, Some(acting)).await
}

async fn start_recorded(services: &Services, project_id: Uuid, acting: Option<&Acting>) -> Result<Deploy> {
    let (deploy, _) = begin_recorded(&services.pool, project_id, acting).await?;
    // Started again even when it was already running: the api may have died in between.
    let undo = finish(&services.pool, deploy.id, false, "", Some("The deploy could not be started. Please try again."));
    services.start(Workflow::Deploy { project_id, deploy_id: deploy.id }, undo).await?;
    Ok(deploy)
}

/// Setup ends with a first deploy, so questions can be asked right away. Setup itself has
/// succeeded either way; a deploy that cannot start shows as UNSYNCRONIZED with its error.
pub async fn after_setup(services: &Services, project_id: Uuid) {
    if let Err(error) = start(services, project_id).await {
        tracing::warn!(%project_id, "first deploy not started: {error}");
    }
}

pub async fn get(pool: &Pool, deploy_id: Uuid) -> Result<Deploy> {
    sqlx::query_as!(
        Deploy,
        r#"SELECT id, project_id, status AS "status: DeployState", manifest_hash, log, error, started_at, finished_at FROM deploys WHERE id = $1"#,
        deploy_id,
    )
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| Error::not_found("Deploy"))
}

async fn running(pool: &Pool, project_id: Uuid) -> Result<Option<Deploy>> {
    Ok(sqlx::query_as!(
        Deploy,
        r#"SELECT id, project_id, status AS "status: DeployState", manifest_hash, log, error, started_at, finished_at FROM deploys WHERE project_id = $1 AND status = $2"#,
        project_id,
        DeployState::InProgress as DeployState,
    )
    .fetch_optional(pool)
    .await?)
}

/// The manifest a deploy deploys, with the project's data-security policies as they are now
/// (`data_security::with_policies`): a policy applies from the moment it is saved.
pub async fn manifest_of(pool: &Pool, deploy_id: Uuid) -> Result<Manifest> {
    let kept = kept_manifests().get(&deploy_id).cloned();
    let (project_id, manifest) = match kept {
        Some(found) => found,
        None => {
            let row =
                sqlx::query!(r#"SELECT project_id, manifest AS "manifest: Json<Manifest>" FROM deploys WHERE id = $1"#, deploy_id).fetch_one(pool).await?;
            let mut kept = kept_manifests();
            if kept.len() >= MANIFESTS_MAX {
                kept.clear();
            }
            kept.insert(deploy_id, (row.project_id, row.manifest.0.clone()));
            (row.project_id, row.manifest.0)
        }
    };
    crate::data_security::with_policies(pool, project_id, manifest).await
}

/// Manifests read in this process, by deploy: what a deploy deployed never changes, and each
/// ask reads its project's several times (reading the question, running its SQL), so the
/// large row is fetched and parsed once per deploy instead. Bounded: past this many, all are
/// dropped and read again as asked.
const MANIFESTS_MAX: usize = 64;
static MANIFESTS: LazyLock<Mutex<HashMap<Uuid, (Uuid, Manifest)>>> = LazyLock::new(Default::default);

fn kept_manifests() -> MutexGuard<'static, HashMap<Uuid, (Uuid, Manifest)>> {
    MANIFESTS.lock().unwrap_or_else(|e| e.into_inner())
}

/// The project's latest deploy, if any.
pub async fn latest(pool: &Pool, project_id: Uuid) -> Result<Option<Deploy>> {
    Ok(sqlx::query_as!(
        Deploy,
        r#"SELECT id, project_id, status AS "status: DeployState", manifest_hash, log, error, started_at, finished_at FROM deploys WHERE project_id = $1 ORDER BY started_at DESC LIMIT 1"#,
        project_id,
    )
    .fetch_optional(pool)
    .await?)
}

/// The last successful deploy and the manifest it deployed: what questions are answered
/// from, even while a newer deploy runs.
pub async fn deployed(pool: &Pool, project_id: Uuid) -> Result<Option<(Deploy, Manifest)>> {
    let last = sqlx::query_as!(
        Deploy,
        r#"SELECT id, project_id, status AS "status: DeployState", manifest_hash, log, error, started_at, finished_at FROM deploys WHERE project_id = $1 AND status = $2 ORDER BY started_at DESC LIMIT 1"#,
        project_id,
        DeployState::Success as DeployState,
    )
    .fetch_optional(pool)
    .await?;
    match last {
        Some(deploy) => {
            let manifest = manifest_of(pool, deploy.id).await?;
            Ok(Some((deploy, manifest)))
        }
        None => Ok(None),
    }
}

/// The last successful deploy and its manifest, for whoever may read the models
/// (NO_DEPLOYMENT_FOUND when nothing was deployed).
pub async fn models(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<(Deploy, Manifest)> {
    acting.may(pool, Operation::ReadModels, project_id).await?;
    deployed(pool, project_id).await?.ok_or_else(|| Error::of(ErrorCode::NoDeploymentFound))
}

/// The sync status (see the module docs) with the latest deploy (ReadModels).
pub async fn status(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<(SyncStatus, Option<Deploy>)> {
    acting.may(pool, Operation::ReadModels, project_id).await?;
    let latest = latest(pool, project_id).await?;
    if latest.as_ref().is_some_and(|d| d.status == DeployState::InProgress) {
        return Ok((SyncStatus::InProgress, latest));
    }
    // A failed deploy leaves the project unsynchronised even when the models did not change
    // (the source did).
    let deployed = latest.as_ref().filter(|d| d.status == DeployState::Success).map(|d| d.manifest_hash.as_str());
    let current = manifest::hash(&manifest::of_project(pool, project_id).await?);
    let status = if deployed == Some(current.as_str()) { SyncStatus::Syncronized } else { SyncStatus::Unsyncronized };
    Ok((status, latest))
}

/// Ends a running deploy; a deploy that already ended is left as it is (a retried step).
pub async fn finish(pool: &Pool, deploy_id: Uuid, succeeded: bool, log: &str, error: Option<&str>) -> Result<()> {
    sqlx::query!(
        "UPDATE deploys SET status = $2, log = $3, error = $4, finished_at = now() WHERE id = $1 AND status = $5",
        deploy_id,
        if succeeded { DeployState::Success } else { DeployState::Failed } as DeployState,
        log,
        error,
        DeployState::InProgress as DeployState,
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// `(kind, name, compiled query or why it does not compile)` for each model, view and
/// metric: what deploy asks the source to plan.
pub fn object_queries(manifest: &Manifest, dialect: Dialect) -> Vec<(&'static str, String, Result<String, String>)> {
    let names = manifest
        .models
        .iter()
        .map(|m| ("model", &m.name))
        .chain(manifest.views.iter().map(|v| ("view", &v.name)))
        .chain(manifest.metrics.iter().map(|m| ("metric", &m.name)));
    names
        .map(|(kind, name)| {
            let sql = compile::compile(manifest, &format!("SELECT * FROM {}", dialect.quote(name)), dialect).map_err(|e| e.to_string());
            (kind, name.clone(), sql)
        })
        .collect()
}

/// One searchable document per model, view and metric: names, descriptions and columns
/// (hidden columns left out), what the question engines retrieve.
pub fn retrieval_documents(manifest: &Manifest) -> Vec<(&'static str, String, String)> {
    let described = |name: &str, props: &quarry_engine::mdl::Properties| {
        let mut text = name.to_owned();
        if let Some(display) = props.display_name.as_deref().filter(|d| *d != name) {
            text.push_str(&format!(" ({display})"));
        }
        if let Some(description) = props.description.as_deref().filter(|d| !d.is_empty()) {
            text.push_str(&format!(": {description}"));
        }
        text
    };
    let mut docs = Vec::new();
    for model in &manifest.models {
        let mut content = format!("Model {}", described(&model.name, &model.properties));
        for column in model.columns.iter().filter(|c| !c.hidden) {
            let kind = match &column.kind {
                ColumnKind::Source { .. } => column.type_name.clone(),
                ColumnKind::Calculated { expression } => format!("calculated: {expression}"),
                ColumnKind::Relationship { .. } => format!("relationship to {}", column.type_name),
            };
            content.push_str(&format!("\n- {} [{kind}]", described(&column.name, &column.properties)));
        }
        if let Some(key) = &model.primary_key {
            content.push_str(&format!("\nPrimary key: {key}"));
        }
        docs.push(("MODEL", model.name.clone(), content));
    }
    for view in &manifest.views {
        docs.push(("VIEW", view.name.clone(), format!("View {}\n{}", described(&view.name, &view.properties), view.statement)));
    }
    for metric in &manifest.metrics {
        let names = |cols: &[quarry_engine::mdl::Column]| cols.iter().map(|c| c.name.clone()).collect::<Vec<_>>().join(", ");
        docs.push((
            "METRIC",
            metric.name.clone(),
            format!(
                "Metric {} over {}\nDimensions: {}\nMeasures: {}",
                described(&metric.name, &metric.properties),
                metric.base_object,
                names(&metric.dimensions),
                names(&metric.measures)
            ),
        ));
    }
    docs
}

/// Replaces the project's retrieval index with the deploy's documents, in one transaction
/// (so a retried step gives the same index).
pub async fn index(pool: &Pool, deploy_id: Uuid) -> Result<usize> {
    let deploy = get(pool, deploy_id).await?;
    let manifest = manifest_of(pool, deploy_id).await?;
    let docs = retrieval_documents(&manifest);
    let mut tx = pool.begin().await?;
    sqlx::query!("DELETE FROM retrieval_documents WHERE project_id = $1", deploy.project_id).execute(&mut *tx).await?;
    for (kind, name, content) in &docs {
        sqlx::query!(
            "INSERT INTO retrieval_documents (id, project_id, deploy_id, kind, name, content) VALUES ($1, $2, $3, $4, $5, $6)",
            Uuid::new_v4(),
            deploy.project_id,
            deploy_id,
            kind,
            name,
            content,
        )
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(docs.len())
}

/// The names of the indexed documents sharing most words with `words` (full-text, simple
/// dictionary), best first.
pub async fn search(pool: &Pool, project_id: Uuid, words: &str, limit: i64) -> Result<Vec<String>> {
    let terms: Vec<String> = words.split(|c: char| !c.is_alphanumeric() && c != '_').filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    if terms.is_empty() {
        return Ok(Vec::new());
    }
    Ok(sqlx::query_scalar!(
        "SELECT name FROM retrieval_documents, to_tsquery('simple', $2) q
         WHERE project_id = $1 AND search @@ q ORDER BY ts_rank(search, q) DESC, name LIMIT $3",
        project_id,
        terms.join(" | "),
        limit,
    )
    .fetch_all(pool)
    .await?)
}

/// Longer values are not what questions name.
const LONGEST_VALUE: usize = 100;

/// The query that lists one text column's values, most frequent first, one more than the
/// column may have indexed at most (see [`quarry_engine::question::values_indexed`]).
#[derive(Debug, Clone)]
pub struct ValueQuery {
    pub model: String,
    pub column: String,
    pub sql: String,
    /// The most distinct values indexed; a column with more is not.
    pub most: usize,
}

/// A [`ValueQuery`] for each visible text column of the source.
pub fn value_queries(manifest: &Manifest, source_type: DataSourceType, dialect: Dialect) -> Vec<ValueQuery> {
    let q = |name: &str| dialect.quote(name);
    let mut queries = Vec::new();
    for model in &manifest.models {
        for column in &model.columns {
            let text = matches!(column.kind, ColumnKind::Source { .. }) && source_type.column_family(&column.type_name) == ColumnTypeFamily::Text;
            if !text || column.hidden {
                continue;
            }
            let most = quarry_engine::question::values_indexed(manifest, model, column);
            let sql = format!(
                "SELECT {c} AS value, COUNT(*) AS occurrences FROM {m} WHERE {c} IS NOT NULL GROUP BY {c} ORDER BY 2 DESC, 1 LIMIT {}",
                most + 1,
                c = q(&column.name),
                m = q(&model.name),
            );
            if let Ok(compiled) = compile::compile(manifest, &sql, dialect) {
                queries.push(ValueQuery { model: model.name.clone(), column: column.name.clone(), sql: compiled, most });
            }
        }
    }
    queries
}

/// One indexed value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexedValue {
    pub model: String,
    pub column: String,
    pub value: String,
    pub occurrences: i64,
    /// How many values its column has in the index (0: not known).
    pub column_values: i32,
}

/// Keeps the values worth indexing from one column's query result: nothing when the column
/// has more distinct values than it may have indexed (names, notes…).
pub fn category_values(query: &ValueQuery, rows: &[Vec<serde_json::Value>]) -> Vec<IndexedValue> {
    if rows.len() > query.most {
        return Vec::new();
    }
    let column_values = i32::try_from(rows.len()).unwrap_or(i32::MAX);
    rows.iter()
        .filter_map(|row| {
            let value = row.first()?.as_str()?.trim();
            let occurrences = row.get(1).and_then(crate::datasource::whole_number).unwrap_or(0);
            (!value.is_empty() && value.chars().count() <= LONGEST_VALUE).then(|| IndexedValue {
                model: query.model.clone(),
                column: query.column.clone(),
                value: value.to_owned(),
                occurrences,
                column_values,
            })
        })
        .collect()
}

/// Replaces the project's value index with a deploy's, in one transaction.
pub async fn replace_values(pool: &Pool, deploy_id: Uuid, values: &[IndexedValue]) -> Result<()> {
    let project_id = get(pool, deploy_id).await?.project_id;
    let mut tx = pool.begin().await?;
    sqlx::query!("DELETE FROM value_index WHERE project_id = $1", project_id).execute(&mut *tx).await?;
    for chunk in values.chunks(1000) {
        let column = |f: fn(&IndexedValue) -> String| chunk.iter().map(f).collect::<Vec<_>>();
        sqlx::query!(
            "INSERT INTO value_index (project_id, deploy_id, model, column_name, value, occurrences, value_key, column_values)
             SELECT $1, $2, * FROM UNNEST($3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::int[])",
            project_id,
            deploy_id,
            &column(|v| v.model.clone()),
            &column(|v| v.column.clone()),
            &column(|v| v.value.clone()),
            &chunk.iter().map(|v| v.occurrences).collect::<Vec<_>>(),
            &column(|v| quarry_engine::question::value_key(&v.value)),
            &chunk.iter().map(|v| v.column_values).collect::<Vec<_>>(),
        )
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// How many indexed values a question is given at most.
const MATCHING_VALUES: i64 = 2000;

/// The indexed values a question may name (see [`quarry_engine::question::value_key`]): those
/// whose words are one of `phrases`, start or end with one ("Northwind" of "Northwind Freight
/// Co.", "Yankees" of "New York Yankees") or are one run together ("LeHavre" of "Le Havre");
/// most common first. The engine decides which of them the question says.
pub async fn matching_values(pool: &Pool, project_id: Uuid, phrases: &[String]) -> Result<Vec<IndexedValue>> {
    let quarry_engine::question::ValueSearch { keys, squashed, patterns } = quarry_engine::question::ValueSearch::new(phrases);
    Ok(sqlx::query_as!(
        IndexedValue,
        r#"SELECT model, column_name AS "column", value, occurrences, column_values FROM value_index
           WHERE project_id = $1
             AND (value_key = ANY($2) OR (value_key IS NULL AND lower(value) = ANY($2))
                  OR replace(value_key, ' ', '') = ANY($3) OR value_key LIKE ANY($4))
           ORDER BY occurrences DESC, model, column_name
           LIMIT $5"#,
        project_id,
        &keys,
        &squashed,
        &patterns,
        MATCHING_VALUES,
    )
    .fetch_all(pool)
    .await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_category_like_columns_are_indexed() {
        let query = |most: usize| ValueQuery { model: "Genre".into(), column: "Name".into(), sql: String::new(), most };
        let rows =
            vec![vec![json!("Rock"), json!(1297)], vec![json!("Jazz"), json!("130")], vec![json!(" "), json!(3)], vec![json!("x".repeat(101)), json!(1)]];
        let values = category_values(&query(1000), &rows);
        let got: Vec<(&str, i64, i32)> = values.iter().map(|v| (v.value.as_str(), v.occurrences, v.column_values)).collect();
        assert_eq!(got, [("Rock", 1297, 4), ("Jazz", 130, 4)], "blank and overlong values are left out");
        let many: Vec<Vec<serde_json::Value>> = (0..=1000).map(|i| vec![json!(format!("name {i}")), json!(1)]).collect();
        assert!(category_values(&query(1000), &many).is_empty(), "a column of names is not a category");
        assert_eq!(category_values(&query(5000), &many).len(), 1001, "the names of a thing other rows refer to are kept");
    }

    #[test]
    fn the_names_of_a_model_others_refer_to_are_queried_beyond_a_categorys_count() {
        use quarry_engine::mdl::{Column, JoinType, Model, ModelSource, Properties, Relationship};
        let model = |name: &str, columns: &[&str]| Model {
            name: name.into(),
            source: ModelSource::Table { catalog: None, schema: None, table: name.into() },
            columns: columns.iter().map(|c| Column::source(c, "VARCHAR")).collect(),
            primary_key: None,
            properties: Properties::default(),
        };
        let manifest = Manifest {
            models: vec![model("trips", &["trip_no", "port_code", "status"]), model("ports", &["port_code", "name", "country"])],
            relationships: vec![Relationship {
                name: "trips_ports".into(),
                models: ["trips".into(), "ports".into()],
                join_type: JoinType::ManyToOne,
                condition: "trips.port_code = ports.port_code".into(),
                properties: Properties::default(),
            }],
            ..Manifest::default()
        };
        let most: Vec<(String, String, usize)> =
            value_queries(&manifest, DataSourceType::Duckdb, Dialect::DuckDb).into_iter().map(|q| (q.model, q.column, q.most)).collect();
        let of = |m: &str, c: &str| most.iter().find(|(qm, qc, _)| qm == m && qc == c).map(|(_, _, n)| *n);
        assert_eq!((of("ports", "name"), of("ports", "country"), of("trips", "status")), (Some(5000), Some(1000), Some(1000)));
    }
}
