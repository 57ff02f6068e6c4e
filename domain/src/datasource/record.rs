//! Storage of a project's data source: its type, connection settings without secrets, the
//! sealed secrets, and the last detected schema change.

use crate::{db::Pool, error::Result};
use chrono::{DateTime, Utc};
use serde_json::Value;
use uuid::Uuid;

#[derive(Debug, Clone)]
pub struct DataSource {
    pub project_id: Uuid,
    pub kind: String,
    pub properties: Value,
    /// AES-GCM sealed JSON of the secret settings; never leaves the server.
    pub secrets: Option<String>,
    pub sample_dataset: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub async fn get(pool: &Pool, project_id: Uuid) -> Result<Option<DataSource>> {
    Ok(sqlx::query_as!(
        DataSource,
        r#"SELECT project_id, type AS kind, properties, secrets, sample_dataset, created_at, updated_at FROM data_sources WHERE project_id = $1"#,
        project_id,
    )
    .fetch_optional(pool)
    .await?)
}

/// Saves (or replaces) the project's data source.
pub async fn save<'e>(
    executor: impl sqlx::PgExecutor<'e>,
    project_id: Uuid,
    kind: &str,
    properties: &Value,
    secrets: Option<&str>,
    sample_dataset: Option<&str>,
) -> Result<DataSource> {
    Ok(sqlx::query_as!(
        DataSource,
        r#"INSERT INTO data_sources (project_id, type, properties, secrets, sample_dataset) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (project_id) DO UPDATE SET type = EXCLUDED.type, properties = EXCLUDED.properties,
             secrets = EXCLUDED.secrets, sample_dataset = EXCLUDED.sample_dataset, updated_at = now()
         RETURNING project_id, type AS kind, properties, secrets, sample_dataset, created_at, updated_at"#,
        project_id,
        kind,
        properties,
        secrets,
        sample_dataset,
    )
    .fetch_one(executor)
    .await?)
}

pub async fn save_schema_change(pool: &Pool, project_id: Uuid, change: &Value) -> Result<DateTime<Utc>> {
    Ok(sqlx::query_scalar!(
        "INSERT INTO schema_changes (project_id, change) VALUES ($1, $2)
         ON CONFLICT (project_id) DO UPDATE SET change = EXCLUDED.change, detected_at = now()
         RETURNING detected_at",
        project_id,
        change,
    )
    .fetch_one(pool)
    .await?)
}

pub async fn schema_change(pool: &Pool, project_id: Uuid) -> Result<Option<(Value, DateTime<Utc>)>> {
    Ok(sqlx::query!("SELECT change, detected_at FROM schema_changes WHERE project_id = $1", project_id)
        .fetch_optional(pool)
        .await?
        .map(|r| (r.change, r.detected_at)))
}

pub async fn clear_schema_change(pool: &Pool, project_id: Uuid) -> Result<()> {
    sqlx::query!("DELETE FROM schema_changes WHERE project_id = $1", project_id).execute(pool).await?;
    Ok(())
}
