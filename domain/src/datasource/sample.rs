//! Starting a project from a sample dataset: its DuckDB database, models with descriptions,
//! relationships, and onboarding status WITH_SAMPLE_DATASET.
//!
//! Each dataset is built once per server into `<data_dir>/samples/` and opened read-only by
//! every project that uses it; the data source stores only the dataset's name, so no server
//! path reaches the client.

use super::{clear_schema_change, record, tables};
use crate::{
    config::Config,
    db::Pool,
    error::{Error, Result},
    modeling::{self, NewColumn, NewRelation, RelationType},
    project::{self, OnboardingStatus},
};
use quarry_engine::{
    Connector, DataSourceType,
    connectors::DuckDbConnector,
    mdl::{DisplayFormat, FormatStyle},
    sample_datasets::{SampleDataset, SampleRelationKind},
};
use std::path::PathBuf;
use tokio::sync::Mutex;
use uuid::Uuid;

/// Bumped when a dataset's content changes, so servers build the new one.
const CONTENT_VERSION: u32 = 2;

pub fn database_path(config: &Config, dataset: SampleDataset) -> PathBuf {
    config.data_dir.join("samples").join(format!("{}-v{CONTENT_VERSION}.duckdb", dataset.as_str().to_lowercase()))
}

/// The dataset's database, built first when this server has not built it yet.
pub async fn ensure_built(config: &Config, dataset: SampleDataset) -> Result<PathBuf> {
    static BUILDING: Mutex<()> = Mutex::const_new(());
    let path = database_path(config, dataset);
    if path.is_file() {
        return Ok(path);
    }
    let _turn = BUILDING.lock().await;
    if !path.is_file() {
        let target = path.clone();
        tokio::task::spawn_blocking(move || dataset.build(&target)).await.map_err(Error::internal)?.map_err(Error::internal)?;
        tracing::info!(%dataset, path = %path.display(), "built a sample dataset");
    }
    Ok(path)
}

pub fn connector(path: PathBuf) -> Box<dyn Connector> {
    Box::new(DuckDbConnector::immutable(path))
}

/// Replaces the project's data source, models and relationships with the dataset's (on a
/// worker: [`crate::on_worker::start_sample_dataset`] then starts the first deploy).
pub async fn prepare(pool: &Pool, config: &Config, project_id: Uuid, dataset: SampleDataset) -> Result<()> {
    if project::get(pool, project_id).await?.onboarding_status == OnboardingStatus::OnboardingFinished {
        return Err(Error::invalid("This project already has its own data source and models. Reset the project to start over with a sample dataset."));
    }
    let path = ensure_built(config, dataset).await?;
    let source_tables = connector(path).tables().await?;
    let mut models = Vec::new();
    for declared in dataset.tables() {
        let table = source_tables
            .iter()
            .find(|t| t.name == declared.name)
            .ok_or_else(|| Error::internal(format!("the {dataset} sample has no table {}", declared.name)))?;
        let mut model = tables::model_from_table(table, true);
        model.description = Some(declared.description.to_owned());
        for column in &mut model.columns {
            let said = column.source_column.as_deref().and_then(|name| declared.column(name));
            column.description = said.map(|c| c.description.to_owned());
            column.format = said.filter(|c| c.money).map(|_| dollars());
        }
        for field in dataset.calculated_fields().iter().filter(|f| f.table == declared.name) {
            model.columns.push(NewColumn {
                reference_name: modeling::reference_name(None, field.name),
                source_column: None,
                expression: Some(field.expression.to_owned()),
                display_name: field.name.to_owned(),
                type_name: field.sql_type.to_owned(),
                family: tables::family_name(DataSourceType::Duckdb.column_family(field.sql_type)),
                not_null: false,
                is_primary_key: false,
                hidden: false,
                description: Some(field.description.to_owned()),
                format: field.money.then(dollars),
            });
        }
        if model.columns.iter().any(|c| c.format.is_some()) {
            model.currency = Some("USD".to_owned());
        }
        models.push(model);
    }
    let relations: Vec<NewRelation> = dataset
        .relationships()
        .into_iter()
        .map(|r| NewRelation {
            from_model: modeling::reference_name(None, r.from_table),
            from_column: modeling::reference_name(None, r.from_column),
            to_model: modeling::reference_name(None, r.to_table),
            to_column: modeling::reference_name(None, r.to_column),
            relation_type: match r.kind {
                SampleRelationKind::ManyToOne => RelationType::ManyToOne,
                SampleRelationKind::OneToOne => RelationType::OneToOne,
            },
        })
        .collect();
    record::save(pool, project_id, DataSourceType::Duckdb.as_str(), &serde_json::json!({}), None, Some(dataset.as_str())).await?;
    modeling::replace_models(pool, project_id, &models).await?;
    modeling::replace_relationships(pool, project_id, &relations).await?;
    clear_schema_change(pool, project_id).await?;
    project::set_onboarding_status(pool, project_id, OnboardingStatus::WithSampleDataset).await
}

/// How the samples' amounts read: US dollars.
fn dollars() -> DisplayFormat {
    DisplayFormat { style: Some(FormatStyle::Currency), decimals: None, currency: None }
}
