//! A project's data source: testing and saving a connection (secrets sealed at rest,
//! never returned), its tables, the models made from chosen tables, recommended
//! relationships, and schema changes since the models were saved.

pub mod evidence;
mod record;
pub mod sample;
pub mod schema_change;
pub mod sync;
pub mod tables;

pub(crate) use record::get as saved;
pub use record::{DataSource, clear_schema_change, save_schema_change, schema_change};
pub use schema_change::SchemaChange;

use crate::{
    access::Acting,
    activity::{self, ActivityKind, NewActivity},
    config::Config,
    db::Pool,
    error::{Error, Result},
    modeling,
    permissions::Operation,
    project,
    project::OnboardingStatus,
    recommend::{self, DeclaredKey, ModelShape, Recommendation},
};
use chrono::{DateTime, Utc};
use quarry_engine::{
    Connector, DataSourceType, SourceTable,
    connectors::{
        ConnectionProperties, DuckDbConnector,
        properties::{merge_secrets, split_secrets},
    },
    secrets,
};
use serde_json::{Map, Value};
use uuid::Uuid;

fn source_type_of(record: &DataSource) -> Result<DataSourceType> {
    record.kind.parse().map_err(|_| Error::internal(format!("stored data source type {} is unknown", record.kind)))
}

impl DataSource {
    pub fn source_type(&self) -> Result<DataSourceType> {
        source_type_of(self)
    }
}

/// The connector for the settings, held to the operator's source policy. A CSV source is
/// always the project's own store: no setting can name another directory.
fn connector_for(config: &Config, project_id: Uuid, source_type: DataSourceType, properties: &Value) -> Result<Box<dyn Connector>> {
    if source_type == DataSourceType::Csv {
        return Ok(Box::new(DuckDbConnector::csv(crate::csv_import::database_path(config, project_id))));
    }
    Ok(quarry_engine::connect(source_type, properties, &config.source_policy())?)
}

/// What is stored of the settings a user sent: a CSV source keeps none (its place is the
/// project's), other types their plain settings.
fn stored_properties(source_type: DataSourceType, plain: Value) -> Value {
    match source_type {
        DataSourceType::Csv => serde_json::json!({}),
        _ => plain,
    }
}

async fn stored(pool: &Pool, project_id: Uuid) -> Result<DataSource> {
    saved(pool, project_id).await?.ok_or_else(|| Error::invalid("This project has no data source yet."))
}

pub(crate) fn stored_secrets(config: &Config, record: &DataSource) -> Result<Map<String, Value>> {
    match &record.secrets {
        Some(sealed) => secrets::open_json(&config.secret_keys(), sealed).map_err(Error::internal),
        None => Ok(Map::new()),
    }
}

/// `properties` completed with the stored secrets it leaves out (so an edit form may leave
/// the password blank), but only while they would go where they went before: same type,
/// host, port and database (or DuckDB path). Otherwise a stored password could be replayed
/// to a server of the editor's choosing, so the secrets must be given again.
async fn with_stored_secrets(pool: &Pool, config: &Config, project_id: Uuid, source_type: DataSourceType, properties: &Value) -> Result<Value> {
    let (plain, given) = split_secrets(properties);
    let Some(record) = saved(pool, project_id).await? else { return Ok(properties.clone()) };
    if record.sample_dataset.is_some() || record.source_type()? != source_type {
        return Ok(properties.clone());
    }
    let stored = stored_secrets(config, &record)?;
    let missing: Vec<&String> = stored.keys().filter(|k| !given.contains_key(*k)).collect();
    if missing.is_empty() {
        return Ok(properties.clone());
    }
    let endpoint = |settings: &Value| ConnectionProperties::parse(source_type, settings).map(|p| p.endpoint());
    // Settings that do not parse reuse nothing (the connector rejects them next).
    let same_place = matches!((endpoint(&record.properties), endpoint(&plain)), (Ok(old), Ok(new)) if old == new);
    if !same_place {
        let names = missing.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(", ");
        return Err(Error::invalid(format!("The connection now points somewhere else (host, port, database or path changed): enter the {names} again.")));
    }
    let mut secrets = stored;
    secrets.extend(given);
    Ok(merge_secrets(&plain, &secrets))
}

/// A whole number read at a source: a count comes back as a number, or as text where the
/// driver keeps 64-bit integers exact that way.
pub fn whole_number(value: &Value) -> Option<i64> {
    value.as_i64().or_else(|| value.as_str()?.trim().parse().ok())
}

/// Where the project's questions, previews and dashboards read: the store when the project
/// syncs its data ([`sync`]), else the source itself.
pub async fn connector(pool: &Pool, config: &Config, project_id: Uuid) -> Result<Box<dyn Connector>> {
    match sync::store_connector(pool, config, project_id).await? {
        Some(store) => Ok(store),
        None => source_connector(pool, config, project_id).await,
    }
}

/// The saved data source's connector, with its secrets opened: the source itself, synced or not.
pub async fn source_connector(pool: &Pool, config: &Config, project_id: Uuid) -> Result<Box<dyn Connector>> {
    let record = stored(pool, project_id).await?;
    if let Some(name) = &record.sample_dataset {
        let dataset = name.parse().map_err(Error::internal)?;
        return Ok(sample::connector(sample::ensure_built(config, dataset).await?));
    }
    let properties = merge_secrets(&record.properties, &stored_secrets(config, &record)?);
    connector_for(config, project_id, record.source_type()?, &properties)
}

/// The sample dataset the project was started with, if any.
pub async fn sample_dataset(pool: &Pool, project_id: Uuid) -> Result<Option<quarry_engine::sample_datasets::SampleDataset>> {
    Ok(record::get(pool, project_id).await?.and_then(|r| r.sample_dataset).and_then(|name| name.parse().ok()))
}

/// The type of what the project's questions read (which decides the SQL dialect models
/// compile to): DuckDB's when the project syncs into its store, else the source's.
pub async fn connector_type(pool: &Pool, project_id: Uuid) -> Result<DataSourceType> {
    if sync::find(pool, project_id).await?.is_some() {
        return Ok(DataSourceType::Duckdb);
    }
    stored(pool, project_id).await?.source_type()
}

/// Connects with the settings and runs a trivial statement; CONNECTION_REFUSED carries the
/// source's reason.
pub async fn test(pool: &Pool, config: &Config, project_id: Uuid, source_type: DataSourceType, properties: &Value) -> Result<()> {
    let properties = with_stored_secrets(pool, config, project_id, source_type, properties).await?;
    connector_for(config, project_id, source_type, &properties)?.test().await?;
    Ok(())
}

/// Tests the settings, then stores them with the secrets sealed, as `acting` (checked again
/// here, where the change is made: the call may have waited in a queue). A project that had
/// no connection of its own yet moves on to choosing tables. The connection, the onboarding
/// step and the activity entry (the kind of source, never its settings) commit together.
pub async fn save(pool: &Pool, config: &Config, acting: &Acting, project_id: Uuid, source_type: DataSourceType, properties: &Value) -> Result<DataSource> {
    save_as(pool, config, acting, project_id, source_type, properties, "saved").await
}

async fn save_as(
    pool: &Pool,
    config: &Config,
    acting: &Acting,
    project_id: Uuid,
    source_type: DataSourceType,
    properties: &Value,
    change: &str,
) -> Result<DataSource> {
    acting.may(pool, Operation::ManageDataSource, project_id).await?;
    let properties = with_stored_secrets(pool, config, project_id, source_type, properties).await?;
    connector_for(config, project_id, source_type, &properties)?.test().await?;
    let (plain, secret_values) = split_secrets(&properties);
    let plain = stored_properties(source_type, plain);
    let sealed = (!secret_values.is_empty()).then(|| secrets::seal_json(&config.secret_keys(), &secret_values));
    let mut tx = pool.begin().await?;
    let record = record::save(&mut *tx, project_id, source_type.as_str(), &plain, sealed.as_deref(), None).await?;
    let project = project::get(&mut *tx, project_id).await?;
    if matches!(project.onboarding_status, OnboardingStatus::NotStarted | OnboardingStatus::WithSampleDataset) {
        project::set_onboarding_status(&mut *tx, project_id, OnboardingStatus::DatasourceSaved).await?;
    }
    let kind = source_type.as_str();
    let entry = NewActivity::new(project.org_id, ActivityKind::DataSourceChanged)
        .project(project_id)
        .target("DATA_SOURCE", project_id, kind)
        .detail(serde_json::json!({"change": change, "type": kind}));
    activity::record(&mut *tx, acting.records(entry)).await?;
    tx.commit().await?;
    Ok(record)
}

/// Changes the saved connection; secrets left out keep their stored values.
pub async fn update(pool: &Pool, config: &Config, acting: &Acting, project_id: Uuid, source_type: DataSourceType, properties: &Value) -> Result<DataSource> {
    acting.may(pool, Operation::ManageDataSource, project_id).await?;
    stored(pool, project_id).await?;
    save_as(pool, config, acting, project_id, source_type, properties, "updated").await
}

/// The source's tables and whether they all sit in one schema.
pub async fn source_tables(pool: &Pool, config: &Config, project_id: Uuid) -> Result<(Vec<SourceTable>, bool)> {
    let tables = source_connector(pool, config, project_id).await?.tables().await?;
    let single = tables::single_schema(&tables);
    Ok((tables, single))
}

/// Makes a model (with its columns) of each chosen table, replacing earlier models.
pub async fn save_tables(pool: &Pool, config: &Config, project_id: Uuid, chosen: &[String]) -> Result<()> {
    let (tables, single) = source_tables(pool, config, project_id).await?;
    let mut models = Vec::new();
    for name in chosen {
        let table =
            tables.iter().find(|t| tables::table_key(t, single) == *name).ok_or_else(|| Error::invalid(format!("The data source has no table \"{name}\".")))?;
        models.push(tables::model_from_table(table, single));
    }
    if models.is_empty() {
        return Err(Error::invalid("Please choose at least one table."));
    }
    modeling::replace_models(pool, project_id, &models).await?;
    clear_schema_change(pool, project_id).await
}

/// Relationships worth adding between the project's models: the source's foreign keys
/// first, then the columns whose names point at a column of another model, checked on the
/// source's data ([`recommend`], [`evidence`]).
pub async fn recommended_relationships(pool: &Pool, config: &Config, project_id: Uuid) -> Result<Vec<Recommendation>> {
    let models = modeling::models(pool, project_id).await?;
    let connector = source_connector(pool, config, project_id).await?;
    let foreign_keys = connector.foreign_keys().await?;
    let model_of =
        |schema: &str, table: &str| models.iter().find(|(m, _)| m.source_table.as_deref() == Some(table) && m.source_schema.as_deref().unwrap_or("") == schema);
    let column_name =
        |cols: &[modeling::ModelColumn], source: &str| cols.iter().find(|c| c.source_column.as_deref() == Some(source)).map(|c| c.reference_name.clone());
    let mut keys = Vec::new();
    for fk in &foreign_keys {
        let (Some((from, from_cols)), Some((to, to_cols))) = (model_of(&fk.from_schema, &fk.from_table), model_of(&fk.to_schema, &fk.to_table)) else {
            continue;
        };
        for (fc, tc) in fk.from_columns.iter().zip(&fk.to_columns) {
            if let (Some(from_column), Some(to_column)) = (column_name(from_cols, fc), column_name(to_cols, tc)) {
                keys.push(DeclaredKey { from_model: from.reference_name.clone(), from_column, to_model: to.reference_name.clone(), to_column });
            }
        }
    }
    // Calculated fields are no columns of the source: names cannot point at them.
    let stored = |cols: &[modeling::ModelColumn]| cols.iter().filter(|c| !c.is_calculated()).cloned().collect::<Vec<_>>();
    let shapes: Vec<ModelShape> = models
        .iter()
        .map(|(m, cols)| {
            let cols = stored(cols);
            ModelShape {
                name: m.reference_name.clone(),
                columns: cols.iter().map(|c| c.reference_name.clone()).collect(),
                families: cols.iter().map(|c| c.family.clone()).collect(),
                primary_key: cols.iter().filter(|c| c.is_primary_key).map(|c| c.reference_name.clone()).collect(),
            }
        })
        .collect();
    let mut candidates = recommend::candidates(&shapes, &keys);
    let place = |model: &str, column: &str| {
        let (m, cols) = models.iter().find(|(m, _)| m.reference_name == model)?;
        let column = cols.iter().find(|c| c.reference_name == column)?.source_column.clone()?;
        Some(evidence::Place { schema: m.source_schema.clone(), table: m.source_table.clone()?, column })
    };
    let dialect = modeling::manifest::dialect_of(connector.source_type());
    // Codes whose names say nothing of what they refer to (`dest` → airports.`faa`).
    let texts: Vec<(String, String, evidence::Place)> = shapes
        .iter()
        .flat_map(|m| m.columns.iter().enumerate().filter(|(i, _)| recommend::profiled(m.families.get(*i).map(String::as_str))).map(move |(_, c)| (m, c)))
        .filter_map(|(m, c)| Some((m.name.clone(), c.clone(), place(&m.name, c)?)))
        .collect();
    let read = evidence::profile_all(connector.as_ref(), dialect, &texts.iter().map(|(_, _, p)| p.clone()).collect::<Vec<_>>()).await;
    let profiles: Vec<recommend::Profile> = texts
        .iter()
        .zip(read)
        .filter_map(|((model, column, _), p)| {
            let (values, distinct, longest) = p?;
            Some(recommend::Profile { model: model.clone(), column: column.clone(), values, distinct, longest })
        })
        .collect();
    let by_values = recommend::by_values(&profiles, &candidates, &keys);
    candidates.extend(by_values);
    let pairs: Vec<Option<(evidence::Place, evidence::Place)>> =
        candidates.iter().map(|c| Some((place(&c.from_model, &c.from_column)?, place(&c.to_model, &c.to_column)?))).collect();
    let found = evidence::check_all(connector.as_ref(), dialect, &pairs).await;
    Ok(recommend::recommend_with(&shapes, &keys, candidates.into_iter().zip(found)))
}

/// Compares the source's tables with the saved models and records the difference.
pub async fn detect_changes(pool: &Pool, config: &Config, project_id: Uuid) -> Result<(SchemaChange, DateTime<Utc>)> {
    let (tables, _) = source_tables(pool, config, project_id).await?;
    let change = schema_change::diff(&tables, &modeling::models(pool, project_id).await?);
    let value = serde_json::to_value(&change).map_err(Error::internal)?;
    let detected_at = save_schema_change(pool, project_id, &value).await?;
    Ok((change, detected_at))
}

/// The project's data source, without secrets (ReadDataSource); none until one is saved.
pub async fn get(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Option<DataSource>> {
    acting.may(pool, Operation::ReadDataSource, project_id).await?;
    saved(pool, project_id).await
}

/// The pending schema change, if any (ReadDataSource).
pub async fn pending_change(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Option<(SchemaChange, DateTime<Utc>)>> {
    acting.may(pool, Operation::ReadDataSource, project_id).await?;
    let Some((value, detected_at)) = schema_change(pool, project_id).await? else { return Ok(None) };
    Ok(Some((serde_json::from_value(value).unwrap_or_default(), detected_at)))
}

/// Applies the source's current shape to the models, keeping relationships whose ends remain.
pub async fn resolve_changes(pool: &Pool, config: &Config, project_id: Uuid) -> Result<()> {
    let (tables, single) = source_tables(pool, config, project_id).await?;
    let models = modeling::models(pool, project_id).await?;
    let relations = modeling::relationships(pool, project_id).await?;
    let refreshed = schema_change::refreshed_models(&tables, single, &models);
    modeling::replace_models(pool, project_id, &refreshed).await?;
    modeling::replace_relationships(pool, project_id, &schema_change::surviving_relations(relations, &refreshed)).await?;
    clear_schema_change(pool, project_id).await
}
