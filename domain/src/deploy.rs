//! Deploys: the project's manifest checked on its source and indexed for the question
//! engines. The api records a deploy (IN_PROGRESS, with the manifest it deploys) and starts
//! the Deploy workflow; the workflow's steps record the outcome and the log here.
//!
//! The sync status is derived, not stored: IN_PROGRESS while a deploy runs, SYNCRONIZED when
//! the last deploy succeeded and deployed the current manifest, UNSYNCRONIZED after any edit,
//! after a failed deploy, or before the first deploy.

use crate::{
    db::Pool,
    error::{Error, Result},
    modeling::manifest,
};
use chrono::{DateTime, Utc};
use quarry_engine::{
    compile::{self, Dialect},
    mdl::{ColumnKind, Manifest},
};
use serde::{Deserialize, Serialize};
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

#[derive(Debug, Clone, sqlx::FromRow)]
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

const COLUMNS: &str = "id, project_id, status, manifest_hash, log, error, started_at, finished_at";

/// Records a deploy of the project's current manifest, or returns the one already running
/// (`false`: nothing new to start).
pub async fn begin(pool: &Pool, project_id: Uuid) -> Result<(Deploy, bool)> {
    if let Some(running) = running(pool, project_id).await? {
        return Ok((running, false));
    }
    let manifest = manifest::of_project(pool, project_id).await?;
    if manifest.models.is_empty() {
        return Err(Error::invalid("There are no models to deploy yet."));
    }
    let id = Uuid::new_v4();
    let inserted = sqlx::query(
        "INSERT INTO deploys (id, project_id, status, manifest, manifest_hash) VALUES ($1, $2, 'IN_PROGRESS', $3, $4)",
    )
    .bind(id)
    .bind(project_id)
    .bind(sqlx::types::Json(&manifest))
    .bind(manifest::hash(&manifest))
    .execute(pool)
    .await;
    match inserted {
        Ok(_) => Ok((get(pool, id).await?, true)),
        // Another request started one in between.
        Err(sqlx::Error::Database(db)) if db.constraint() == Some("deploys_one_running") => {
            Ok((running(pool, project_id).await?.ok_or_else(|| Error::internal("the running deploy vanished"))?, false))
        }
        Err(e) => Err(e.into()),
    }
}

pub async fn get(pool: &Pool, deploy_id: Uuid) -> Result<Deploy> {
    sqlx::query_as::<_, Deploy>(&format!("SELECT {COLUMNS} FROM deploys WHERE id = $1"))
        .bind(deploy_id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| Error::not_found("Deploy"))
}

async fn running(pool: &Pool, project_id: Uuid) -> Result<Option<Deploy>> {
    Ok(sqlx::query_as::<_, Deploy>(&format!("SELECT {COLUMNS} FROM deploys WHERE project_id = $1 AND status = 'IN_PROGRESS'"))
        .bind(project_id)
        .fetch_optional(pool)
        .await?)
}

/// The manifest a deploy deploys.
pub async fn manifest_of(pool: &Pool, deploy_id: Uuid) -> Result<Manifest> {
    let json: sqlx::types::Json<Manifest> =
        sqlx::query_scalar("SELECT manifest FROM deploys WHERE id = $1").bind(deploy_id).fetch_one(pool).await?;
    Ok(json.0)
}

/// The project's latest deploy, if any.
pub async fn latest(pool: &Pool, project_id: Uuid) -> Result<Option<Deploy>> {
    Ok(sqlx::query_as::<_, Deploy>(&format!("SELECT {COLUMNS} FROM deploys WHERE project_id = $1 ORDER BY started_at DESC LIMIT 1"))
        .bind(project_id)
        .fetch_optional(pool)
        .await?)
}

/// The sync status (see the module docs) with the latest deploy.
pub async fn status(pool: &Pool, project_id: Uuid) -> Result<(SyncStatus, Option<Deploy>)> {
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
    sqlx::query(
        "UPDATE deploys SET status = $2, log = $3, error = $4, finished_at = now() WHERE id = $1 AND status = 'IN_PROGRESS'",
    )
    .bind(deploy_id)
    .bind(if succeeded { DeployState::Success } else { DeployState::Failed })
    .bind(log)
    .bind(error)
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
    sqlx::query("DELETE FROM retrieval_documents WHERE project_id = $1").bind(deploy.project_id).execute(&mut *tx).await?;
    for (kind, name, content) in &docs {
        sqlx::query("INSERT INTO retrieval_documents (id, project_id, deploy_id, kind, name, content) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(Uuid::new_v4())
            .bind(deploy.project_id)
            .bind(deploy_id)
            .bind(kind)
            .bind(name)
            .bind(content)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(docs.len())
}

/// The names of the indexed documents sharing most words with `words` (full-text, simple
/// dictionary), best first.
pub async fn search(pool: &Pool, project_id: Uuid, words: &str, limit: i64) -> Result<Vec<String>> {
    let terms: Vec<String> =
        words.split(|c: char| !c.is_alphanumeric() && c != '_').filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    if terms.is_empty() {
        return Ok(Vec::new());
    }
    Ok(sqlx::query_scalar(
        "SELECT name FROM retrieval_documents, to_tsquery('simple', $2) q
         WHERE project_id = $1 AND search @@ q ORDER BY ts_rank(search, q) DESC, name LIMIT $3",
    )
    .bind(project_id)
    .bind(terms.join(" | "))
    .bind(limit)
    .fetch_all(pool)
    .await?)
}
