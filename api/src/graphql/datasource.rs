//! A project's data source: test, save and update a connection (secrets sealed at rest,
//! never returned), list its tables, turn chosen tables into models, recommend
//! relationships, and detect schema changes since the models were saved.

use super::{
    context::{self, parse_id},
    modeling::{ModelGql, models_of},
};
use crate::{error::ApiResult, state::AppState};
use async_graphql::{Context, Enum, ID, InputObject, Json, Object, SimpleObject};
use quarry_domain::{
    Error, ErrorCode, datasource,
    modeling::{self, NewColumn, NewModel, RelationType},
    permissions::Operation,
    project::{self, OnboardingStatus},
    recommend,
};
use quarry_engine::{
    ColumnTypeFamily, Connector, ConnectorError, DataSourceType, SourceTable,
    connectors::properties::{merge_secrets, split_secrets},
    secrets,
};
use serde_json::Value;
use uuid::Uuid;

#[derive(Enum, Copy, Clone, Eq, PartialEq, serde::Deserialize)]
#[graphql(name = "SampleDatasetName")]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SampleDatasetNameGql {
    Ecommerce,
    Hr,
    Music,
    Nba,
}

/// Connector failures as catalogue errors; the source's own reason is kept.
pub fn connector_error(err: ConnectorError) -> Error {
    match err {
        ConnectorError::ConnectionRefused(reason) => Error::new(ErrorCode::ConnectionRefused, reason),
        ConnectorError::NotSupported(message) | ConnectorError::InvalidProperties(message) => Error::invalid(message),
        other => Error::invalid(other.to_string()),
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

fn source_type_of(kind: &str) -> ApiResult<DataSourceType> {
    kind.parse::<DataSourceType>().map_err(|_| Error::internal(format!("stored data source type {kind} is unknown")).into())
}

impl DataSourceGql {
    fn from_record(record: datasource::DataSource) -> ApiResult<Self> {
        Ok(Self {
            r#type: source_type_of(&record.kind)?,
            properties: Json(record.properties),
            sample_dataset: record.sample_dataset.and_then(|n| serde_json::from_value(Value::String(n)).ok()),
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
struct RecommendedRelationshipGql {
    from_model: String,
    from_column: String,
    to_model: String,
    to_column: String,
    r#type: RelationType,
    reason: String,
}

#[derive(SimpleObject, Default)]
#[graphql(name = "SchemaChange")]
struct SchemaChangeGql {
    added_tables: Vec<String>,
    removed_tables: Vec<String>,
    added_columns: Vec<String>,
    removed_columns: Vec<String>,
    changed_columns: Vec<String>,
    detected_at: Option<chrono::DateTime<chrono::Utc>>,
}

#[derive(InputObject)]
struct DataSourceInput {
    r#type: DataSourceType,
    /// Connection settings; secrets (password, keys) included when set or changed.
    properties: Json<Value>,
}

/// The name a source table goes by in the setup flow.
fn table_key(table: &SourceTable, single_schema: bool) -> String {
    if single_schema || table.schema.is_empty() { table.name.clone() } else { format!("{}.{}", table.schema, table.name) }
}

fn single_schema(tables: &[SourceTable]) -> bool {
    tables.windows(2).all(|w| w[0].schema == w[1].schema)
}

/// The settings a connector needs: CSV sources live in the project's own directory.
fn effective_properties(state: &AppState, project_id: Uuid, source_type: DataSourceType, properties: &Value) -> Value {
    if source_type == DataSourceType::Csv {
        let dir = state.config.data_dir.join("projects").join(project_id.to_string());
        return serde_json::json!({ "dir": dir });
    }
    properties.clone()
}

fn connector(state: &AppState, project_id: Uuid, source_type: DataSourceType, properties: &Value) -> ApiResult<Box<dyn Connector>> {
    let properties = effective_properties(state, project_id, source_type, properties);
    Ok(quarry_engine::connect(source_type, &properties).map_err(connector_error)?)
}

/// The saved data source's connector, with its secrets opened.
pub async fn project_connector(state: &AppState, project_id: Uuid) -> ApiResult<Box<dyn Connector>> {
    let record = datasource::get(&state.pool, project_id)
        .await?
        .ok_or_else(|| Error::invalid("This project has no data source yet."))?;
    let source_type = source_type_of(&record.kind)?;
    let secrets = match &record.secrets {
        Some(sealed) => secrets::open_json(&state.config.secret_key, sealed).map_err(Error::internal)?,
        None => Default::default(),
    };
    connector(state, project_id, source_type, &merge_secrets(&record.properties, &secrets))
}

async fn test_connection(state: &AppState, project_id: Uuid, source_type: DataSourceType, properties: &Value) -> ApiResult<()> {
    let connector = connector(state, project_id, source_type, properties)?;
    connector.test().await.map_err(connector_error)?;
    Ok(())
}

/// Seals the secrets and stores the settings; the connection is tested first.
async fn store(state: &AppState, project_id: Uuid, source_type: DataSourceType, properties: &Value, sample: Option<&str>) -> ApiResult<datasource::DataSource> {
    test_connection(state, project_id, source_type, properties).await?;
    let (plain, secret_values) = split_secrets(properties);
    let sealed = (!secret_values.is_empty()).then(|| secrets::seal_json(&state.config.secret_key, &secret_values));
    Ok(datasource::save(&state.pool, project_id, source_type.as_str(), &plain, sealed.as_deref(), sample).await?)
}

#[derive(Default)]
pub struct DataSourceQuery;

#[Object]
impl DataSourceQuery {
    /// The project's data source (null when none is saved), without secrets.
    async fn data_source(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Option<DataSourceGql>> {
        let id = parse_id(&project_id)?;
        context::in_project(ctx, Operation::ReadDataSource, id).await?;
        datasource::get(&context::state(ctx).pool, id).await?.map(DataSourceGql::from_record).transpose()
    }

    async fn list_data_source_tables(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<SourceTableGql>> {
        let id = parse_id(&project_id)?;
        context::in_project(ctx, Operation::ReadDataSource, id).await?;
        let tables = project_connector(context::state(ctx), id).await?.tables().await.map_err(connector_error)?;
        let single = single_schema(&tables);
        Ok(tables
            .iter()
            .map(|t| SourceTableGql {
                name: table_key(t, single),
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

    /// Relationships worth adding between the project's models: foreign keys first, then
    /// columns named after another model's primary key.
    async fn recommended_relationships(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<RecommendedRelationshipGql>> {
        let id = parse_id(&project_id)?;
        context::in_project(ctx, Operation::ReadModels, id).await?;
        let state = context::state(ctx);
        let models = modeling::models(&state.pool, id).await?;
        let foreign_keys = project_connector(state, id).await?.foreign_keys().await.map_err(connector_error)?;
        let model_of = |schema: &str, table: &str| {
            models
                .iter()
                .find(|(m, _)| m.source_table == table && m.source_schema.as_deref().unwrap_or("") == schema)
                .map(|(m, cols)| (m.reference_name.clone(), cols))
        };
        let mut keys = Vec::new();
        for fk in &foreign_keys {
            let (Some((from, from_cols)), Some((to, to_cols))) = (model_of(&fk.from_schema, &fk.from_table), model_of(&fk.to_schema, &fk.to_table)) else {
                continue;
            };
            for (fc, tc) in fk.from_columns.iter().zip(&fk.to_columns) {
                let name_of = |cols: &Vec<modeling::ModelColumn>, source: &str| {
                    cols.iter().find(|c| c.source_column == *source).map(|c| c.reference_name.clone())
                };
                if let (Some(from_column), Some(to_column)) = (name_of(from_cols, fc), name_of(to_cols, tc)) {
                    keys.push(recommend::DeclaredKey { from_model: from.clone(), from_column, to_model: to.clone(), to_column });
                }
            }
        }
        let shapes: Vec<recommend::ModelShape> = models
            .iter()
            .map(|(m, cols)| recommend::ModelShape {
                name: m.reference_name.clone(),
                columns: cols.iter().map(|c| c.reference_name.clone()).collect(),
                primary_key: cols.iter().filter(|c| c.is_primary_key).map(|c| c.reference_name.clone()).collect(),
            })
            .collect();
        Ok(recommend::recommend(&shapes, &keys)
            .into_iter()
            .map(|r| RecommendedRelationshipGql {
                from_model: r.from_model,
                from_column: r.from_column,
                to_model: r.to_model,
                to_column: r.to_column,
                r#type: r.relation_type,
                reason: r.reason,
            })
            .collect())
    }

    /// The last detected schema change (null when none is pending).
    async fn schema_change(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Option<SchemaChangeGql>> {
        let id = parse_id(&project_id)?;
        context::in_project(ctx, Operation::ReadDataSource, id).await?;
        let Some((change, detected_at)) = datasource::schema_change(&context::state(ctx).pool, id).await? else {
            return Ok(None);
        };
        Ok(Some(schema_change_gql(&change, Some(detected_at))))
    }
}

fn schema_change_gql(change: &Value, detected_at: Option<chrono::DateTime<chrono::Utc>>) -> SchemaChangeGql {
    let list = |key: &str| -> Vec<String> {
        change[key].as_array().map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect()).unwrap_or_default()
    };
    SchemaChangeGql {
        added_tables: list("addedTables"),
        removed_tables: list("removedTables"),
        added_columns: list("addedColumns"),
        removed_columns: list("removedColumns"),
        changed_columns: list("changedColumns"),
        detected_at,
    }
}

/// Models for the chosen source tables, keeping descriptions the caller already has.
fn new_models(tables: &[SourceTable], chosen: &[String]) -> ApiResult<Vec<NewModel>> {
    let single = single_schema(tables);
    let mut models = Vec::new();
    for name in chosen {
        let table = tables
            .iter()
            .find(|t| table_key(t, single) == *name)
            .ok_or_else(|| Error::invalid(format!("The data source has no table \"{name}\".")))?;
        models.push(model_from_table(table, single));
    }
    if models.is_empty() {
        return Err(Error::invalid("Please choose at least one table.").into());
    }
    Ok(models)
}

pub fn model_from_table(table: &SourceTable, single_schema: bool) -> NewModel {
    let schema = (!single_schema && !table.schema.is_empty()).then_some(table.schema.as_str());
    let pk: Vec<&str> = table.primary_key();
    NewModel {
        reference_name: modeling::reference_name(schema, &table.name),
        source_schema: (!table.schema.is_empty()).then(|| table.schema.clone()),
        source_table: table.name.clone(),
        display_name: table.name.clone(),
        description: None,
        primary_key: (pk.len() == 1).then(|| pk[0].to_owned()),
        columns: table
            .columns
            .iter()
            .map(|c| NewColumn {
                reference_name: modeling::reference_name(None, &c.name),
                source_column: c.name.clone(),
                display_name: c.name.clone(),
                type_name: c.type_name.clone(),
                family: family_name(c.family),
                not_null: c.not_null,
                is_primary_key: c.is_primary_key,
                description: None,
            })
            .collect(),
    }
}

/// The stored family name back as the GraphQL enum (UNKNOWN for anything unexpected).
pub fn family_of(name: &str) -> ColumnTypeFamily {
    serde_json::from_value::<quarry_engine::ColumnTypeFamily>(Value::String(name.to_owned()))
        .unwrap_or(ColumnTypeFamily::Unknown)
}

pub fn family_name(family: quarry_engine::ColumnTypeFamily) -> String {
    serde_json::to_value(family).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_else(|| "UNKNOWN".into())
}

/// What differs between the source's tables now and the saved models.
fn diff(tables: &[SourceTable], models: &[(modeling::Model, Vec<modeling::ModelColumn>)]) -> Value {
    let mut change = SchemaChangeGql::default();
    for (m, cols) in models {
        let Some(t) = tables.iter().find(|t| t.name == m.source_table && m.source_schema.as_deref().unwrap_or("") == t.schema) else {
            change.removed_tables.push(m.source_table.clone());
            continue;
        };
        for c in cols {
            match t.columns.iter().find(|sc| sc.name == c.source_column) {
                None => change.removed_columns.push(format!("{}.{}", m.source_table, c.source_column)),
                Some(sc) if sc.type_name != c.type_name => change
                    .changed_columns
                    .push(format!("{}.{}: {} → {}", m.source_table, c.source_column, c.type_name, sc.type_name)),
                Some(_) => {}
            }
        }
        for sc in &t.columns {
            if !cols.iter().any(|c| c.source_column == sc.name) {
                change.added_columns.push(format!("{}.{}", m.source_table, sc.name));
            }
        }
    }
    for t in tables {
        if !models.iter().any(|(m, _)| m.source_table == t.name && m.source_schema.as_deref().unwrap_or("") == t.schema) {
            change.added_tables.push(t.name.clone());
        }
    }
    serde_json::json!({
        "addedTables": change.added_tables, "removedTables": change.removed_tables,
        "addedColumns": change.added_columns, "removedColumns": change.removed_columns,
        "changedColumns": change.changed_columns,
    })
}

#[derive(Default)]
pub struct DataSourceMutation;

#[Object]
impl DataSourceMutation {
    /// Connects with the given settings and runs a trivial statement; CONNECTION_REFUSED
    /// carries the source's reason.
    async fn test_data_source_connection(&self, ctx: &Context<'_>, project_id: ID, data: DataSourceInput) -> ApiResult<bool> {
        let id = parse_id(&project_id)?;
        context::in_project(ctx, Operation::ManageDataSource, id).await?;
        test_connection(context::state(ctx), id, data.r#type, &data.properties.0).await?;
        Ok(true)
    }

    /// Tests and saves the project's data source; onboarding moves on to choosing tables.
    async fn save_data_source(&self, ctx: &Context<'_>, project_id: ID, data: DataSourceInput) -> ApiResult<DataSourceGql> {
        let id = parse_id(&project_id)?;
        context::in_project(ctx, Operation::ManageDataSource, id).await?;
        let state = context::state(ctx);
        let record = store(state, id, data.r#type, &data.properties.0, None).await?;
        let status = project::get(&state.pool, id).await?.onboarding_status;
        if matches!(status, OnboardingStatus::NotStarted | OnboardingStatus::WithSampleDataset) {
            project::set_onboarding_status(&state.pool, id, OnboardingStatus::DatasourceSaved).await?;
        }
        DataSourceGql::from_record(record)
    }

    /// Changes the saved connection; secrets left out keep their stored values.
    async fn update_data_source(&self, ctx: &Context<'_>, project_id: ID, data: DataSourceInput) -> ApiResult<DataSourceGql> {
        let id = parse_id(&project_id)?;
        context::in_project(ctx, Operation::ManageDataSource, id).await?;
        let state = context::state(ctx);
        let existing = datasource::get(&state.pool, id).await?.ok_or_else(|| Error::invalid("This project has no data source yet."))?;
        let stored = match &existing.secrets {
            Some(sealed) => secrets::open_json(&state.config.secret_key, sealed).map_err(Error::internal)?,
            None => Default::default(),
        };
        let (_, given) = split_secrets(&data.properties.0);
        let mut merged = merge_secrets(&data.properties.0, &stored);
        // Secrets given now win over stored ones.
        if let Value::Object(map) = &mut merged {
            for (k, v) in given {
                map.insert(k, v);
            }
        }
        let record = store(state, id, data.r#type, &merged, existing.sample_dataset.as_deref()).await?;
        DataSourceGql::from_record(record)
    }

    /// Creates a model (with its columns) for each chosen table, replacing earlier ones.
    async fn save_tables(&self, ctx: &Context<'_>, project_id: ID, tables: Vec<String>) -> ApiResult<Vec<ModelGql>> {
        let id = parse_id(&project_id)?;
        context::in_project(ctx, Operation::SaveModels, id).await?;
        let state = context::state(ctx);
        let source_tables = project_connector(state, id).await?.tables().await.map_err(connector_error)?;
        let models = new_models(&source_tables, &tables)?;
        modeling::replace_models(&state.pool, id, &models).await?;
        datasource::clear_schema_change(&state.pool, id).await?;
        models_of(ctx, id).await
    }

    /// Compares the source's tables with the saved models and records the difference.
    async fn trigger_data_source_detection(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<SchemaChangeGql> {
        let id = parse_id(&project_id)?;
        context::in_project(ctx, Operation::ManageDataSource, id).await?;
        let state = context::state(ctx);
        let tables = project_connector(state, id).await?.tables().await.map_err(connector_error)?;
        let models = modeling::models(&state.pool, id).await?;
        let change = diff(&tables, &models);
        let detected_at = datasource::save_schema_change(&state.pool, id, &change).await?;
        Ok(schema_change_gql(&change, Some(detected_at)))
    }

    /// Applies the detected change: models follow their tables' current columns; models of
    /// removed tables go. New tables are not added (choose them on the models page).
    async fn resolve_schema_change(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<bool> {
        let id = parse_id(&project_id)?;
        context::in_project(ctx, Operation::SaveModels, id).await?;
        let state = context::state(ctx);
        let tables = project_connector(state, id).await?.tables().await.map_err(connector_error)?;
        let single = single_schema(&tables);
        let models = modeling::models(&state.pool, id).await?;
        let relations = modeling::relationships(&state.pool, id).await?;
        let kept: Vec<NewModel> = models
            .iter()
            .filter_map(|(m, cols)| {
                let t = tables.iter().find(|t| t.name == m.source_table && m.source_schema.as_deref().unwrap_or("") == t.schema)?;
                let mut fresh = model_from_table(t, single);
                fresh.reference_name = m.reference_name.clone();
                fresh.display_name = m.display_name.clone();
                fresh.description = m.description.clone();
                for c in &mut fresh.columns {
                    if let Some(old) = cols.iter().find(|o| o.source_column == c.source_column) {
                        c.reference_name = old.reference_name.clone();
                        c.display_name = old.display_name.clone();
                        c.description = old.description.clone();
                    }
                }
                Some(fresh)
            })
            .collect();
        modeling::replace_models(&state.pool, id, &kept).await?;
        // Relationships whose ends still exist come back.
        let still: Vec<modeling::NewRelation> = relations
            .into_iter()
            .filter(|r| {
                let has = |model: &str, column: &str| {
                    kept.iter().any(|m| m.reference_name == model && m.columns.iter().any(|c| c.reference_name == column))
                };
                has(&r.from_model, &r.from_column) && has(&r.to_model, &r.to_column)
            })
            .map(|r| modeling::NewRelation {
                from_model: r.from_model,
                from_column: r.from_column,
                to_model: r.to_model,
                to_column: r.to_column,
                relation_type: r.relation_type,
            })
            .collect();
        modeling::replace_relationships(&state.pool, id, &still).await?;
        datasource::clear_schema_change(&state.pool, id).await?;
        Ok(true)
    }
}
