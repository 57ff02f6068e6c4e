//! What makes a manifest consistent: names unique where SQL needs them to be, and every
//! reference (primary key, relationship, metric base, time grain column) pointing at
//! something that exists.

use super::{ColumnKind, Manifest};
use std::collections::HashSet;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MdlError {
    #[error("{0}")]
    Invalid(String),
    #[error("unknown model or view \"{0}\"")]
    UnknownModel(String),
    #[error("model \"{model}\" has no column \"{column}\"")]
    UnknownColumn { model: String, column: String },
}

fn unique<'a>(what: &str, names: impl IntoIterator<Item = &'a str>) -> Result<(), MdlError> {
    let mut seen = HashSet::new();
    for name in names {
        if name.trim().is_empty() {
            return Err(MdlError::Invalid(format!("a {what} has no name")));
        }
        if !seen.insert(name.to_lowercase()) {
            return Err(MdlError::Invalid(format!("two {what}s are named \"{name}\"")));
        }
    }
    Ok(())
}

pub fn validate(manifest: &Manifest) -> Result<(), MdlError> {
    // Models, views and metrics are all queried by name: one namespace.
    unique(
        "model, view or metric",
        manifest
            .models
            .iter()
            .map(|m| m.name.as_str())
            .chain(manifest.views.iter().map(|v| v.name.as_str()))
            .chain(manifest.metrics.iter().map(|m| m.name.as_str())),
    )?;
    unique("relationship", manifest.relationships.iter().map(|r| r.name.as_str()))?;
    for relationship in &manifest.relationships {
        for model in &relationship.models {
            if manifest.model(model).is_none() {
                return Err(MdlError::UnknownModel(model.clone()));
            }
        }
    }
    for model in &manifest.models {
        unique(&format!("column of model \"{}\"", model.name), model.columns.iter().map(|c| c.name.as_str()))?;
        if let Some(key) = &model.primary_key
            && model.column(key).is_none()
        {
            return Err(MdlError::UnknownColumn { model: model.name.clone(), column: key.clone() });
        }
        for column in &model.columns {
            if let ColumnKind::Relationship { relationship } = &column.kind {
                let found = manifest
                    .relationship(relationship)
                    .ok_or_else(|| MdlError::Invalid(format!("column \"{}.{}\" uses unknown relationship \"{relationship}\"", model.name, column.name)))?;
                if !found.models.iter().any(|m| m.eq_ignore_ascii_case(&model.name)) {
                    return Err(MdlError::Invalid(format!("relationship \"{relationship}\" does not involve model \"{}\"", model.name)));
                }
            }
        }
    }
    for metric in &manifest.metrics {
        let base = manifest.model(&metric.base_object).ok_or_else(|| MdlError::UnknownModel(metric.base_object.clone()))?;
        for grain in &metric.time_grains {
            if base.column(&grain.ref_column).is_none() {
                return Err(MdlError::UnknownColumn { model: base.name.clone(), column: grain.ref_column.clone() });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::*;
    use super::*;

    fn shop() -> Manifest {
        Manifest {
            models: vec![
                Model {
                    name: "customers".into(),
                    source: ModelSource::Table { catalog: None, schema: Some("public".into()), table: "customers".into() },
                    columns: vec![
                        Column::source("id", "INTEGER"),
                        Column::source("name", "VARCHAR"),
                        Column::relationship("orders", "orders", "orders_customer"),
                        Column::calculated("total_spent", "DECIMAL", "SUM(orders.amount)"),
                    ],
                    primary_key: Some("id".into()),
                    properties: Properties::default(),
                },
                Model {
                    name: "orders".into(),
                    source: ModelSource::Sql { statement: "SELECT * FROM raw.orders WHERE NOT deleted".into() },
                    columns: vec![Column::source("id", "INTEGER"), Column::source("customer_id", "INTEGER"), Column::source("amount", "DECIMAL")],
                    primary_key: Some("id".into()),
                    properties: Properties::default(),
                },
            ],
            relationships: vec![Relationship {
                name: "orders_customer".into(),
                models: ["orders".into(), "customers".into()],
                join_type: JoinType::ManyToOne,
                condition: "orders.customer_id = customers.id".into(),
                properties: Properties::default(),
            }],
            views: vec![View { name: "big_orders".into(), statement: "SELECT * FROM orders WHERE amount > 100".into(), properties: Properties::default() }],
            metrics: vec![Metric {
                name: "revenue".into(),
                base_object: "orders".into(),
                dimensions: vec![],
                measures: vec![Column::calculated("total", "DECIMAL", "SUM(amount)")],
                time_grains: vec![],
                properties: Properties::default(),
            }],
            ..Manifest::default()
        }
    }

    #[test]
    fn manifests_round_trip_through_json() {
        let manifest = shop();
        let json = manifest.to_json();
        assert!(json.contains("\"joinType\": \"MANY_TO_ONE\""), "{json}");
        assert_eq!(Manifest::from_json(&json).unwrap(), manifest);
    }

    #[test]
    fn broken_references_name_what_is_missing() {
        let mut manifest = shop();
        manifest.models[1].primary_key = Some("uuid".into());
        assert_eq!(validate(&manifest), Err(MdlError::UnknownColumn { model: "orders".into(), column: "uuid".into() }));

        let mut manifest = shop();
        manifest.relationships[0].models[1] = "clients".into();
        assert_eq!(validate(&manifest), Err(MdlError::UnknownModel("clients".into())));

        let mut manifest = shop();
        manifest.views[0].name = "Orders".into();
        assert_eq!(validate(&manifest), Err(MdlError::Invalid("two model, view or metrics are named \"Orders\"".into())));

        let future = shop().to_json().replace("\"version\": 1", "\"version\": 9");
        assert!(matches!(Manifest::from_json(&future), Err(MdlError::Invalid(m)) if m.contains("version 9")));
    }
}
