//! What differs between a source's tables now and the project's saved models, and the
//! models that follow the source again.

use super::tables::{is_model_of, model_from_table};
use crate::modeling::{Model, ModelColumn, NewColumn, NewModel, NewRelation, Relationship};
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
    // Models of SQL statements and calculated fields do not follow a table.
    for (m, cols) in models {
        let Some(table) = &m.source_table else { continue };
        let Some(t) = tables.iter().find(|t| is_model_of(m, t)) else {
            change.removed_tables.push(table.clone());
            continue;
        };
        let sources = || cols.iter().filter_map(|c| c.source_column.as_deref().map(|s| (c, s)));
        for (c, source) in sources() {
            match t.columns.iter().find(|sc| sc.name == source) {
                None => change.removed_columns.push(format!("{table}.{source}")),
                Some(sc) if sc.type_name != c.type_name => change.changed_columns.push(format!("{table}.{source}: {} → {}", c.type_name, sc.type_name)),
                Some(_) => {}
            }
        }
        for sc in t.columns.iter().filter(|sc| !sources().any(|(_, s)| s == sc.name)) {
            change.added_columns.push(format!("{table}.{}", sc.name));
        }
    }
    for t in tables.iter().filter(|t| !models.iter().any(|(m, _)| is_model_of(m, t))) {
        change.added_tables.push(t.name.clone());
    }
    change
}

/// The models again, following their tables' current columns; names, display names,
/// descriptions, hidden flags and calculated fields the user gave are kept, and models of
/// SQL statements stay as they are. Models of removed tables are left out, and new tables
/// are not added (they are chosen on the models page).
pub fn refreshed_models(tables: &[SourceTable], single_schema: bool, models: &[(Model, Vec<ModelColumn>)]) -> Vec<NewModel> {
    models
        .iter()
        .filter_map(|(m, cols)| {
            if m.source_sql.is_some() {
                return Some(stored_model(m, cols));
            }
            let t = tables.iter().find(|t| is_model_of(m, t))?;
            let mut fresh = model_from_table(t, single_schema);
            fresh.reference_name = m.reference_name.clone();
            fresh.display_name = m.display_name.clone();
            fresh.description = m.description.clone();
            for c in &mut fresh.columns {
                if let Some(old) = cols.iter().find(|o| o.source_column.is_some() && o.source_column == c.source_column) {
                    c.reference_name = old.reference_name.clone();
                    c.display_name = old.display_name.clone();
                    c.description = old.description.clone();
                    c.hidden = old.hidden;
                }
            }
            fresh.columns.extend(cols.iter().filter(|c| c.is_calculated()).map(stored_column));
            Some(fresh)
        })
        .collect()
}

/// A stored model as it would be created again.
pub fn stored_model(m: &Model, cols: &[ModelColumn]) -> NewModel {
    NewModel {
        reference_name: m.reference_name.clone(),
        source_schema: m.source_schema.clone(),
        source_table: m.source_table.clone(),
        source_sql: m.source_sql.clone(),
        display_name: m.display_name.clone(),
        description: m.description.clone(),
        primary_key: m.primary_key.clone(),
        currency: m.currency.clone(),
        columns: cols.iter().map(stored_column).collect(),
    }
}

fn stored_column(c: &ModelColumn) -> NewColumn {
    NewColumn {
        reference_name: c.reference_name.clone(),
        source_column: c.source_column.clone(),
        expression: c.expression.clone(),
        display_name: c.display_name.clone(),
        type_name: c.type_name.clone(),
        family: c.family.clone(),
        not_null: c.not_null,
        is_primary_key: c.is_primary_key,
        hidden: c.hidden,
        description: c.description.clone(),
        format: c.format.as_ref().map(|f| f.0.clone()),
    }
}

/// The relationships whose both ends still exist among `models`.
pub fn surviving_relations(relations: Vec<Relationship>, models: &[NewModel]) -> Vec<NewRelation> {
    let has = |model: &str, column: &str| models.iter().any(|m| m.reference_name == model && m.columns.iter().any(|c| c.reference_name == column));
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
