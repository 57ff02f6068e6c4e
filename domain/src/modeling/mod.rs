//! The project's semantic model as stored: models (a source table or a SQL statement) with
//! their columns and calculated fields, relationships, views and metrics. [`edit`] holds
//! the modeling page's operations, [`manifest`] turns the rows into the engine's MDL.

pub mod edit;
pub mod import;
pub mod manifest;
pub mod use_case;

use crate::{
    db::Pool,
    error::{Error, Result},
    services::Services,
};
use chrono::{DateTime, Utc};
use quarry_engine::mdl::DisplayFormat;
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use std::collections::HashMap;
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RelationType {
    ManyToOne,
    OneToMany,
    OneToOne,
}

#[derive(Debug, Clone)]
pub struct Model {
    pub id: Uuid,
    pub project_id: Uuid,
    pub reference_name: String,
    pub source_schema: Option<String>,
    /// Set for a model of a table; `source_sql` for a model of a SQL statement.
    pub source_table: Option<String>,
    pub source_sql: Option<String>,
    pub display_name: String,
    pub description: Option<String>,
    pub primary_key: Option<String>,
    pub created_at: DateTime<Utc>,
    /// The currency of its columns formatted as money without one of their own.
    pub currency: Option<String>,
}

#[derive(Debug, Clone)]
pub struct ModelColumn {
    pub id: Uuid,
    pub model_id: Uuid,
    pub reference_name: String,
    /// Set for a column of the source; `expression` for a calculated field.
    pub source_column: Option<String>,
    pub expression: Option<String>,
    pub display_name: String,
    pub type_name: String,
    pub family: String,
    pub not_null: bool,
    pub is_primary_key: bool,
    pub hidden: bool,
    pub description: Option<String>,
    pub position: i32,
    /// How its values read in answers (`None`: from the values themselves).
    pub format: Option<Json<DisplayFormat>>,
}

impl ModelColumn {
    pub fn is_calculated(&self) -> bool {
        self.expression.is_some()
    }
}

#[derive(Debug, Clone)]
pub struct NewModel {
    pub reference_name: String,
    pub source_schema: Option<String>,
    pub source_table: Option<String>,
    pub source_sql: Option<String>,
    pub display_name: String,
    pub description: Option<String>,
    pub primary_key: Option<String>,
    pub currency: Option<String>,
    pub columns: Vec<NewColumn>,
}

#[derive(Debug, Clone)]
pub struct NewColumn {
    pub reference_name: String,
    pub source_column: Option<String>,
    pub expression: Option<String>,
    pub display_name: String,
    pub type_name: String,
    pub family: String,
    pub not_null: bool,
    pub is_primary_key: bool,
    pub hidden: bool,
    pub description: Option<String>,
    pub format: Option<DisplayFormat>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relationship {
    pub id: Uuid,
    pub name: String,
    pub from_model: String,
    pub from_column: String,
    pub to_model: String,
    pub to_column: String,
    pub relation_type: RelationType,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NewRelation {
    pub from_model: String,
    pub from_column: String,
    pub to_model: String,
    pub to_column: String,
    pub relation_type: RelationType,
}

/// A name usable in SQL written against the model: letters, digits and underscores.
pub fn reference_name(schema: Option<&str>, table: &str) -> String {
    let base = match schema {
        Some(s) if !s.is_empty() && s != "public" && s != "main" => format!("{s}_{table}"),
        _ => table.to_owned(),
    };
    let cleaned: String = base.chars().map(|c| if c.is_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if cleaned.chars().next().is_some_and(|c| c.is_ascii_digit()) { format!("_{cleaned}") } else { cleaned }
}

/// Replaces the project's models with `models` (the tables chosen at setup). Relationships
/// of models that go away go with them.
pub async fn replace_models(pool: &Pool, project_id: Uuid, models: &[NewModel]) -> Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query!("DELETE FROM models WHERE project_id = $1", project_id).execute(&mut *tx).await?;
    for m in models {
        insert_model(&mut tx, project_id, m).await?;
    }
    tx.commit().await?;
    Ok(())
}

pub(crate) async fn insert_model(tx: &mut sqlx::PgConnection, project_id: Uuid, m: &NewModel) -> Result<Uuid> {
    let model_id = Uuid::new_v4();
    sqlx::query!(
        "INSERT INTO models (id, project_id, reference_name, source_schema, source_table, source_sql, display_name, description, primary_key, currency)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        model_id,
        project_id,
        &m.reference_name,
        m.source_schema.as_deref(),
        m.source_table.as_deref(),
        m.source_sql.as_deref(),
        &m.display_name,
        m.description.as_deref(),
        m.primary_key.as_deref(),
        m.currency.as_deref(),
    )
    .execute(&mut *tx)
    .await
    .map_err(|e| Error::unique_violation(e, "models_project_reference_key", || format!("A model named \"{}\" already exists.", m.reference_name)))?;
    for (position, c) in m.columns.iter().enumerate() {
        insert_column(&mut *tx, model_id, c, position as i32).await?;
    }
    Ok(model_id)
}

pub(crate) async fn insert_column(tx: &mut sqlx::PgConnection, model_id: Uuid, c: &NewColumn, position: i32) -> Result<Uuid> {
    let id = Uuid::new_v4();
    sqlx::query!(
        "INSERT INTO model_columns (id, model_id, reference_name, source_column, expression, display_name, type, family,
             not_null, is_primary_key, hidden, description, position, format)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
        id,
        model_id,
        &c.reference_name,
        c.source_column.as_deref(),
        c.expression.as_deref(),
        &c.display_name,
        &c.type_name,
        &c.family,
        c.not_null,
        c.is_primary_key,
        c.hidden,
        c.description.as_deref(),
        position,
        c.format.clone().map(Json) as Option<Json<DisplayFormat>>,
    )
    .execute(&mut *tx)
    .await
    .map_err(|e| Error::unique_violation(e, "model_columns_model_reference_key", || format!("A column named \"{}\" already exists.", c.reference_name)))?;
    Ok(id)
}

/// The project's models with their columns, in name order.
pub async fn models(pool: &Pool, project_id: Uuid) -> Result<Vec<(Model, Vec<ModelColumn>)>> {
    let models = sqlx::query_as!(Model, "SELECT * FROM models WHERE project_id = $1 ORDER BY reference_name", project_id,).fetch_all(pool).await?;
    let columns = sqlx::query_as!(
        ModelColumn,
        r#"SELECT c.id, c.model_id, c.reference_name, c.source_column, c.expression, c.display_name, c.type AS type_name, c.family,
                c.not_null, c.is_primary_key, c.hidden, c.description, c.position, c.format AS "format: Json<DisplayFormat>"
         FROM model_columns c JOIN models m ON m.id = c.model_id WHERE m.project_id = $1 ORDER BY c.position"#,
        project_id,
    )
    .fetch_all(pool)
    .await?;
    let mut by_model: HashMap<Uuid, Vec<ModelColumn>> = HashMap::new();
    for c in columns {
        by_model.entry(c.model_id).or_default().push(c);
    }
    Ok(models
        .into_iter()
        .map(|m| {
            let cols = by_model.remove(&m.id).unwrap_or_default();
            (m, cols)
        })
        .collect())
}

/// Replaces the project's relationships, checking each end names an existing model column.
pub async fn replace_relationships(pool: &Pool, project_id: Uuid, relations: &[NewRelation]) -> Result<Vec<Relationship>> {
    let models = models(pool, project_id).await?;
    let mut tx = pool.begin().await?;
    sqlx::query!("DELETE FROM relationships WHERE project_id = $1", project_id).execute(&mut *tx).await?;
    let mut seen = std::collections::HashSet::new();
    for r in relations {
        let from = model_with_column(&models, &r.from_model, &r.from_column)?;
        let to = model_with_column(&models, &r.to_model, &r.to_column)?;
        if seen.insert(relationship_name(r)) {
            insert_relationship(&mut tx, project_id, from, to, r).await?;
        }
    }
    tx.commit().await?;
    relationships(pool, project_id).await
}

fn relationship_name(r: &NewRelation) -> String {
    format!("{}_{}_{}_{}", r.from_model, r.from_column, r.to_model, r.to_column)
}

/// The id of the model named `model`, checking it has `column`.
pub(crate) fn model_with_column(models: &[(Model, Vec<ModelColumn>)], model: &str, column: &str) -> Result<Uuid> {
    let (m, cols) = models.iter().find(|(m, _)| m.reference_name == model).ok_or_else(|| Error::invalid(format!("Unknown model \"{model}\".")))?;
    if !cols.iter().any(|c| c.reference_name == column && c.source_column.is_some()) {
        return Err(Error::invalid(format!("Model \"{model}\" has no column \"{column}\".")));
    }
    Ok(m.id)
}

pub(crate) async fn insert_relationship(tx: &mut sqlx::PgConnection, project_id: Uuid, from: Uuid, to: Uuid, r: &NewRelation) -> Result<()> {
    sqlx::query!(
        "INSERT INTO relationships (id, project_id, name, from_model_id, from_column, to_model_id, to_column, type)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        Uuid::new_v4(),
        project_id,
        relationship_name(r),
        from,
        &r.from_column,
        to,
        &r.to_column,
        r.relation_type as _,
    )
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Saves the relationships chosen at setup (replacing earlier ones); that finishes
/// onboarding for a project on its own data source. Setup ends with the first deploy
/// ([`crate::deploy::after_setup`]).
pub(crate) async fn save_relations(services: &Services, project_id: Uuid, relations: &[NewRelation]) -> Result<Vec<Relationship>> {
    let pool = &services.pool;
    let saved = replace_relationships(pool, project_id, relations).await?;
    let status = crate::project::get(pool, project_id).await?.onboarding_status;
    if status != crate::project::OnboardingStatus::WithSampleDataset {
        crate::project::set_onboarding_status(pool, project_id, crate::project::OnboardingStatus::OnboardingFinished).await?;
    }
    crate::deploy::after_setup(services, project_id).await;
    Ok(saved)
}

pub(crate) async fn relationships(pool: &Pool, project_id: Uuid) -> Result<Vec<Relationship>> {
    Ok(sqlx::query_as!(
        Relationship,
        r#"SELECT r.id, r.name, fm.reference_name AS from_model, r.from_column, tm.reference_name AS to_model, r.to_column,
                  r.type AS "relation_type: RelationType"
           FROM relationships r JOIN models fm ON fm.id = r.from_model_id JOIN models tm ON tm.id = r.to_model_id
           WHERE r.project_id = $1 ORDER BY r.name"#,
        project_id,
    )
    .fetch_all(pool)
    .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_names_are_sql_friendly() {
        assert_eq!(reference_name(Some("public"), "orders"), "orders");
        assert_eq!(reference_name(Some("sales"), "order items"), "sales_order_items");
        assert_eq!(reference_name(None, "2024-data"), "_2024_data");
        assert_eq!(reference_name(Some("main"), "Album"), "Album");
    }
}
