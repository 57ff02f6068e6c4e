//! A project started from a sample dataset, as the engine's tests see it: the sample's models
//! and relationships, its value index, and questions asked of it.

#![allow(dead_code)]

use duckdb::Connection;
use quarry_engine::{
    compile::Dialect,
    mdl::{Column, JoinType, Manifest, Model, ModelSource, Properties, Relationship},
    question::{Understanding, ValueMatch, ValueSearch, understand, value_key, value_phrases},
    sample_datasets::{SampleDataset, SampleRelationKind},
};

/// The sample's models as a project starting from it has them: a model per table, a
/// relationship per foreign key, a relationship column on both ends.
pub fn manifest(dataset: SampleDataset) -> Manifest {
    let mut models: Vec<Model> = dataset
        .tables()
        .iter()
        .map(|t| Model {
            name: t.name.into(),
            source: ModelSource::Table { catalog: None, schema: None, table: t.name.into() },
            columns: t
                .columns
                .iter()
                .map(|c| Column {
                    not_null: c.sql_type.contains("NOT NULL"),
                    properties: Properties { display_name: None, description: Some(c.description.into()), ..Properties::default() },
                    ..Column::source(c.name, c.sql_type.trim_end_matches(" NOT NULL"))
                })
                .collect(),
            primary_key: (t.primary_key.len() == 1).then(|| t.primary_key[0].to_owned()),
            properties: Properties { display_name: None, description: Some(t.description.into()), ..Properties::default() },
        })
        .collect();
    let mut relationships = Vec::new();
    for r in dataset.relationships() {
        let name = format!("{}_{}_{}_{}", r.from_table, r.from_column, r.to_table, r.to_column);
        relationships.push(Relationship {
            name: name.clone(),
            models: [r.from_table.into(), r.to_table.into()],
            join_type: match r.kind {
                SampleRelationKind::ManyToOne => JoinType::ManyToOne,
                SampleRelationKind::OneToOne => JoinType::OneToOne,
            },
            condition: format!("{}.{} = {}.{}", r.from_table, r.from_column, r.to_table, r.to_column),
            properties: Properties::default(),
        });
        for (this, other) in [(r.from_table, r.to_table), (r.to_table, r.from_table)] {
            let model = models.iter_mut().find(|m| m.name == this).unwrap();
            let column = if model.columns.iter().any(|c| c.name == other) { format!("{other}_{}", r.from_column) } else { other.to_owned() };
            if !model.columns.iter().any(|c| c.name == column) {
                model.columns.push(Column::relationship(&column, other, &name));
            }
        }
    }
    Manifest { models, relationships, ..Manifest::default() }
}

/// The sample's models as the product creates them: with its calculated fields, and its
/// amounts formatted as US dollars.
pub fn product_manifest(dataset: SampleDataset) -> Manifest {
    use quarry_engine::mdl::{DisplayFormat, FormatStyle};
    let dollars = || Some(DisplayFormat { style: Some(FormatStyle::Currency), decimals: None, currency: None });
    let mut manifest = manifest(dataset);
    for model in &mut manifest.models {
        let table = dataset.tables().iter().find(|t| t.name == model.name).unwrap();
        for column in &mut model.columns {
            if table.column(&column.name).is_some_and(|c| c.money) {
                column.properties.format = dollars();
            }
        }
        for field in dataset.calculated_fields().iter().filter(|f| f.table == model.name) {
            let mut column = Column::calculated(field.name, field.sql_type, field.expression);
            column.properties.description = Some(field.description.into());
            column.properties.format = if field.money { dollars() } else { None };
            model.columns.push(column);
        }
        if model.columns.iter().any(|c| c.properties.format.is_some()) {
            model.properties.format = Some(DisplayFormat { currency: Some("USD".into()), ..DisplayFormat::default() });
        }
    }
    manifest
}

/// The text values a deploy indexes (see `quarry_engine::question::values_indexed`), each with
/// how many its column has.
pub fn value_index(dataset: SampleDataset, manifest: &Manifest) -> Vec<ValueMatch> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sample.duckdb");
    dataset.build(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    let mut index = Vec::new();
    for model in &manifest.models {
        for column in model.columns.iter().filter(|c| c.type_name == "VARCHAR") {
            let most = quarry_engine::question::values_indexed(manifest, model, column);
            let sql = format!(
                "SELECT DISTINCT CAST(\"{}\" AS VARCHAR) FROM \"{}\" WHERE \"{}\" IS NOT NULL LIMIT {}",
                column.name,
                model.name,
                column.name,
                most + 1
            );
            let values: Vec<String> = conn.prepare(&sql).unwrap().query_map([], |r| r.get(0)).unwrap().filter_map(Result::ok).collect();
            if values.len() <= most {
                let column_values = values.len();
                index.extend(values.into_iter().map(|value| ValueMatch { model: model.name.clone(), column: column.name.clone(), value, column_values }));
            }
        }
    }
    index
}

pub fn ask(manifest: &Manifest, index: &[ValueMatch], question: &str) -> Understanding {
    ask_in(manifest, index, question, Dialect::DuckDb)
}

/// [`ask`], the SQL written for a source of `dialect`.
#[allow(dead_code)]
pub fn ask_in(manifest: &Manifest, index: &[ValueMatch], question: &str, dialect: Dialect) -> Understanding {
    let phrases = value_phrases(question);
    let search = ValueSearch::new(&phrases);
    let values: Vec<ValueMatch> = index.iter().filter(|v| search.matches(&value_key(&v.value))).cloned().collect();
    understand(manifest, dialect, question, &values, chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap())
}
