//! What differs between a source's tables now and the project's saved models, and the
//! models that follow the source again.

use super::tables::{is_model_of, model_from_table};
use crate::modeling::{Model, ModelColumn, NewModel, NewRelation, Relationship};
use quarry_engine::SourceTable;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SchemaChange {
    pub added_tables: Vec<String>,
    pub removed_tables: Vec<String>,
    /// `table.column`
    pub added_columns: Vec<String>,
    pub removed_columns: Vec<String>,
    /// `table.column: old type → new type`
    pub changed_columns: Vec<String>,
}

pub fn diff(tables: &[SourceTable], models: &[(Model, Vec<ModelColumn>)]) -> SchemaChange {
    let mut change = SchemaChange::default();
    for (m, cols) in models {
        let Some(t) = tables.iter().find(|t| is_model_of(m, t)) else {
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
        for sc in t.columns.iter().filter(|sc| !cols.iter().any(|c| c.source_column == sc.name)) {
            change.added_columns.push(format!("{}.{}", m.source_table, sc.name));
        }
    }
    for t in tables.iter().filter(|t| !models.iter().any(|(m, _)| is_model_of(m, t))) {
        change.added_tables.push(t.name.clone());
    }
    change
}

/// The models again, following their tables' current columns; names, display names and
/// descriptions the user gave are kept. Models of removed tables are left out, and new
/// tables are not added (they are chosen on the models page).
pub fn refreshed_models(tables: &[SourceTable], single_schema: bool, models: &[(Model, Vec<ModelColumn>)]) -> Vec<NewModel> {
    models
        .iter()
        .filter_map(|(m, cols)| {
            let t = tables.iter().find(|t| is_model_of(m, t))?;
            let mut fresh = model_from_table(t, single_schema);
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
        .collect()
}

/// The relationships whose both ends still exist among `models`.
pub fn surviving_relations(relations: Vec<Relationship>, models: &[NewModel]) -> Vec<NewRelation> {
    let has = |model: &str, column: &str| {
        models.iter().any(|m| m.reference_name == model && m.columns.iter().any(|c| c.reference_name == column))
    };
    relations
        .into_iter()
        .filter(|r| has(&r.from_model, &r.from_column) && has(&r.to_model, &r.to_column))
        .map(|r| NewRelation {
            from_model: r.from_model,
            from_column: r.from_column,
            to_model: r.to_model,
            to_column: r.to_column,
            relation_type: r.relation_type,
        })
        .collect()
}
