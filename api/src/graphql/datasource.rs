//! A project's data source over GraphQL; the work is done by `quarry_domain::datasource`.

use super::{
    context::{self, parse_id},
    modeling::{ModelGql, models_of},
};
use crate::error::ApiResult;
use async_graphql::{Context, Enum, ID, InputObject, Json, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::{
    datasource::{self, SchemaChange, tables},
    modeling::RelationType,
    on_worker,
};
use quarry_engine::{ColumnTypeFamily, DataSourceType, sample_datasets::SampleDataset};
use serde_json::Value;

#[derive(Enum, Copy, Clone, Eq, PartialEq)]
#[graphql(name = "SampleDatasetName")]
pub enum SampleDatasetNameGql {
    Ecommerce,
    Hr,
    Music,
    Nba,
}

impl SampleDatasetNameGql {
    pub fn dataset(self) -> SampleDataset {
        match self {
            Self::Ecommerce => SampleDataset::Ecommerce,
            Self::Hr => SampleDataset::Hr,
            Self::Music => SampleDataset::Music,
            Self::Nba => SampleDataset::Nba,
        }
    }

    pub fn of(dataset: SampleDataset) -> Self {
        match dataset {
            SampleDataset::Ecommerce => Self::Ecommerce,
            SampleDataset::Hr => Self::Hr,
            SampleDataset::Music => Self::Music,
            SampleDataset::Nba => Self::Nba,
        }
    }
}

#[derive(SimpleObject)]
#[graphql(name = "DataSource")]
struct DataSourceGql {
    r#type: DataSourceType,
    /// Connection settings without secrets.
    properties: Json<Value>,
    sample_dataset: Option<SampleDatasetNameGql>,
}

impl DataSourceGql {
    fn from_record(record: datasource::DataSource) -> ApiResult<Self> {
        Ok(Self {
            r#type: record.source_type()?,
            sample_dataset: record.sample_dataset.and_then(|n| n.parse().ok()).map(SampleDatasetNameGql::of),
            properties: Json(record.properties),
        })
    }
}

#[derive(SimpleObject)]
#[graphql(name = "SourceColumn")]
struct SourceColumnGql {
    name: String,
    r#type: String,
    family: ColumnTypeFamily,
    not_null: bool,
    is_primary_key: bool,
}

#[derive(SimpleObject)]
#[graphql(name = "SourceTable")]
struct SourceTableGql {
    /// The name SaveTables takes: `schema.table`, or `table` when the source has one schema.
    name: String,
    schema: Option<String>,
    display_name: String,
    columns: Vec<SourceColumnGql>,
}

#[derive(SimpleObject)]
#[graphql(name = "RecommendedRelationship")]
pub(crate) struct RecommendedRelationshipGql {
    from_model: String,
    from_column: String,
    to_model: String,
    to_column: String,
    r#type: RelationType,
    reason: String,
}

impl From<quarry_domain::recommend::Recommendation> for RecommendedRelationshipGql {
    fn from(r: quarry_domain::recommend::Recommendation) -> Self {
        Self { from_model: r.from_model, from_column: r.from_column, to_model: r.to_model, to_column: r.to_column, r#type: r.relation_type, reason: r.reason }
    }
}

#[derive(SimpleObject)]
#[graphql(name = "SchemaChange")]
struct SchemaChangeGql {
    added_tables: Vec<String>,
    removed_tables: Vec<String>,
    /// `table.column`
    added_columns: Vec<String>,
    removed_columns: Vec<String>,
    /// `table.column: old type → new type`
    changed_columns: Vec<String>,
    detected_at: Option<DateTime<Utc>>,
}

impl SchemaChangeGql {
    fn new((change, detected_at): (SchemaChange, DateTime<Utc>)) -> Self {
        Self {
            added_tables: change.added_tables,
            removed_tables: change.removed_tables,
            added_columns: change.added_columns,
            removed_columns: change.removed_columns,
            changed_columns: change.changed_columns,
            detected_at: Some(detected_at),
        }
    }
}

#[derive(InputObject)]
struct DataSourceInput {
    r#type: DataSourceType,
    /// Connection settings; secrets (password, keys) when set or changed, else the stored ones are used.
    properties: Json<Value>,
}

#[derive(Default)]
pub struct DataSourceQuery;

#[Object]
impl DataSourceQuery {
    /// The project's data source (null when none is saved), without secrets.
    async fn data_source(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Option<DataSourceGql>> {
        let id = parse_id(&project_id)?;
        datasource::get(&context::state(ctx).pool, &context::acting(ctx)?, id).await?.map(DataSourceGql::from_record).transpose()
    }

    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]

    async fn list_data_source_tables(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<SourceTableGql>> {
        let id = parse_id(&project_id)?;
        let state = context::state(ctx);
        let (source_tables, single) = on_worker::source_tables(&state.services, &context::acting(ctx)?, id).await?;
        Ok(source_tables
            .iter()
            .map(|t| SourceTableGql {
                name: tables::table_key(t, single),
                schema: (!t.schema.is_empty()).then(|| t.schema.clone()),
                display_name: t.name.clone(),
                columns: t
                    .columns
                    .iter()
                    .map(|c| SourceColumnGql {
                        name: c.name.clone(),
                        r#type: c.type_name.clone(),
                        family: c.family,
                        not_null: c.not_null,
                        is_primary_key: c.is_primary_key,
                    })
                    .collect(),
            })
            .collect())
    }

    /// Relationships worth adding: foreign keys first, then columns named after another
    /// model's primary key.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn recommended_relationships(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<RecommendedRelationshipGql>> {
        let id = parse_id(&project_id)?;
        let state = context::state(ctx);
        let recommendations = on_worker::recommended_relationships(&state.services, &context::acting(ctx)?, id).await?;
        Ok(recommendations.into_iter().map(Into::into).collect())
    }

    /// The last detected schema change (null when none is pending).
    async fn schema_change(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Option<SchemaChangeGql>> {
        let id = parse_id(&project_id)?;
        Ok(datasource::pending_change(&context::state(ctx).pool, &context::acting(ctx)?, id).await?.map(SchemaChangeGql::new))
    }
}

#[derive(Default)]
pub struct DataSourceMutation;

#[Object]
impl DataSourceMutation {
    /// Connects with the settings (a left-out secret means the stored one) and runs a
    /// trivial statement; CONNECTION_REFUSED carries the source's reason.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn test_data_source_connection(&self, ctx: &Context<'_>, project_id: ID, data: DataSourceInput) -> ApiResult<bool> {
        let id = parse_id(&project_id)?;
        let state = context::state(ctx);
        on_worker::test_data_source(&state.services, &context::acting(ctx)?, id, data.r#type, &data.properties.0).await?;
        Ok(true)
    }

    /// Tests and saves the project's data source; onboarding moves on to choosing tables.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn save_data_source(&self, ctx: &Context<'_>, project_id: ID, data: DataSourceInput) -> ApiResult<DataSourceGql> {
        let id = parse_id(&project_id)?;
        let state = context::state(ctx);
        let saved = on_worker::save_data_source(&state.services, &context::acting(ctx)?, id, data.r#type, &data.properties.0, false).await?;
        DataSourceGql::from_record(saved)
    }

    /// Changes the saved connection; secrets left out keep their stored values.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn update_data_source(&self, ctx: &Context<'_>, project_id: ID, data: DataSourceInput) -> ApiResult<DataSourceGql> {
        let id = parse_id(&project_id)?;
        let state = context::state(ctx);
        let saved = on_worker::save_data_source(&state.services, &context::acting(ctx)?, id, data.r#type, &data.properties.0, true).await?;
        DataSourceGql::from_record(saved)
    }

    /// Creates a model (with its columns) for each chosen table, replacing earlier ones.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn save_tables(&self, ctx: &Context<'_>, project_id: ID, tables: Vec<String>) -> ApiResult<Vec<ModelGql>> {
        let id = parse_id(&project_id)?;
        let state = context::state(ctx);
        on_worker::save_tables(&state.services, &context::acting(ctx)?, id, &tables).await?;
        models_of(ctx, id).await
    }

    /// Compares the source's tables with the saved models and records the difference.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn trigger_data_source_detection(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<SchemaChangeGql> {
        let id = parse_id(&project_id)?;
        let state = context::state(ctx);
        Ok(SchemaChangeGql::new(on_worker::detect_schema_change(&state.services, &context::acting(ctx)?, id).await?))
    }

    /// Applies the detected change: models follow their tables' current columns; models of
    /// removed tables go. New tables are chosen on the models page.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn resolve_schema_change(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<bool> {
        let id = parse_id(&project_id)?;
        let state = context::state(ctx);
        on_worker::resolve_schema_change(&state.services, &context::acting(ctx)?, id).await?;
        Ok(true)
    }
}
