//! The stored semantic model as the engine's MDL manifest: what deploy compiles and checks,
//! what "view SQL" and previews compile against, and what export writes.
//!
//! Each relationship also gives both of its models a relationship column named after the
//! model at the other end (`customers` on orders, `orders` on customers), which calculated
//! fields reach through: `customers.country` on orders, `SUM(orders.amount)` on customers.

use super::{Model, ModelColumn, RelationType, Relationship};
use crate::{db::Pool, error::Result};
use quarry_engine::{
    compile::Dialect,
    connectors::DataSourceType,
    mdl::{self, Column, ColumnKind, DisplayFormat, JoinType, Manifest, ModelSource, Properties},
};
use sha2::{Digest, Sha256};
use uuid::Uuid;

/// The project's manifest, read from its models, relationships, views and metrics.
pub async fn of_project(pool: &Pool, project_id: Uuid) -> Result<Manifest> {
    let models = super::models(pool, project_id).await?;
    let relationships = super::relationships(pool, project_id).await?;
    let views = super::edit::views(pool, project_id).await?;
    let metrics = super::edit::metrics(pool, project_id).await?;
    let manifest = Manifest {
        version: mdl::MDL_VERSION,
        models: models.iter().map(|(m, cols)| model(m, cols, &relationships)).collect(),
        relationships: relationships.iter().map(relationship).collect(),
        views: views
            .into_iter()
            .map(|v| mdl::View {
                name: v.name,
                statement: v.statement,
                properties: Properties { display_name: Some(v.display_name), description: v.description, ..Properties::default() },
            })
            .collect(),
        metrics,
        ..Manifest::default()
    };
    crate::data_security::with_policies(pool, project_id, manifest).await
}

/// A short, stable fingerprint: equal manifests hash equal, any edit changes it. Policies
/// are left out: they apply as saved, without a deploy (`data_security::with_policies`).
pub fn hash(manifest: &Manifest) -> String {
    let deployed = Manifest { row_policies: Vec::new(), column_policies: Vec::new(), ..manifest.clone() };
    let json = serde_json::to_vec(&deployed).expect("an MDL manifest always serialises");
    hex::encode(&Sha256::digest(&json)[..16])
}

/// The compiler's dialect for a source type; sources that speak Postgres or MySQL SQL
/// share those.
pub fn dialect_of(source_type: DataSourceType) -> Dialect {
    Dialect::of(source_type)
}

fn model(m: &Model, cols: &[ModelColumn], relationships: &[Relationship]) -> mdl::Model {
    let source = match (&m.source_table, &m.source_sql) {
        (_, Some(statement)) => ModelSource::Sql { statement: statement.clone() },
        (table, None) => ModelSource::Table { catalog: None, schema: m.source_schema.clone(), table: table.clone().unwrap_or_default() },
    };
    let mut columns: Vec<Column> = cols.iter().map(column).collect();
    for r in relationships {
        for (this, other) in [(&r.from_model, &r.to_model), (&r.to_model, &r.from_model)] {
            let name = relationship_column_name(r, other, &columns);
            if this == &m.reference_name && !columns.iter().any(|c| c.name.eq_ignore_ascii_case(&name)) {
                columns.push(Column::relationship(&name, other, &r.name));
            }
        }
    }
    mdl::Model {
        name: m.reference_name.clone(),
        source,
        columns,
        primary_key: m.primary_key.clone(),
        properties: Properties {
            display_name: Some(m.display_name.clone()),
            description: m.description.clone(),
            format: m.currency.clone().map(|currency| DisplayFormat { currency: Some(currency), ..DisplayFormat::default() }),
            ..Properties::default()
        },
    }
}

/// The other model's name, unless a column of this model already has it.
fn relationship_column_name(r: &Relationship, other: &str, columns: &[Column]) -> String {
    if columns.iter().any(|c| c.name.eq_ignore_ascii_case(other)) { format!("{other}_{}", r.from_column) } else { other.to_owned() }
}

fn column(c: &ModelColumn) -> Column {
    let kind = match &c.expression {
        Some(expression) => ColumnKind::Calculated { expression: expression.clone() },
        None => ColumnKind::Source { source_column: c.source_column.clone().filter(|s| s != &c.reference_name) },
    };
    Column {
        name: c.reference_name.clone(),
        type_name: c.type_name.clone(),
        kind,
        not_null: c.not_null,
        hidden: c.hidden,
        properties: Properties {
            display_name: Some(c.display_name.clone()),
            description: c.description.clone(),
            format: c.format.as_ref().map(|f| f.0.clone()),
            ..Properties::default()
        },
    }
}

fn relationship(r: &Relationship) -> mdl::Relationship {
    mdl::Relationship {
        name: r.name.clone(),
        models: [r.from_model.clone(), r.to_model.clone()],
        join_type: match r.relation_type {
            RelationType::ManyToOne => JoinType::ManyToOne,
            RelationType::OneToMany => JoinType::OneToMany,
            RelationType::OneToOne => JoinType::OneToOne,
        },
        condition: format!("{}.{} = {}.{}", r.from_model, r.from_column, r.to_model, r.to_column),
        properties: Properties::default(),
    }
}
