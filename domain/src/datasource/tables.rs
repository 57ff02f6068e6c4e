//! Source tables as the setup flow names them, and the models made from them.

use crate::modeling::{self, NewColumn, NewModel};
use quarry_engine::{ColumnTypeFamily, SourceTable};

/// Whether every table lives in one schema (then tables go by their bare names).
pub fn single_schema(tables: &[SourceTable]) -> bool {
    tables.windows(2).all(|w| w[0].schema == w[1].schema)
}

/// The name a source table goes by in the setup flow: `schema.table`, or `table` when the
/// source has one schema.
pub fn table_key(table: &SourceTable, single_schema: bool) -> String {
    if single_schema || table.schema.is_empty() { table.name.clone() } else { format!("{}.{}", table.schema, table.name) }
}

/// Whether a saved model stands for this source table.
pub fn is_model_of(model: &modeling::Model, table: &SourceTable) -> bool {
    model.source_table.as_deref() == Some(table.name.as_str()) && model.source_schema.as_deref().unwrap_or("") == table.schema
}

pub fn family_name(family: ColumnTypeFamily) -> String {
    serde_json::to_value(family).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_else(|| "UNKNOWN".into())
}

/// A stored family name back as the enum (UNKNOWN for anything unexpected).
pub fn family_of(name: &str) -> ColumnTypeFamily {
    serde_json::from_value(serde_json::Value::String(name.to_owned())).unwrap_or(ColumnTypeFamily::Unknown)
}

pub fn model_from_table(table: &SourceTable, single_schema: bool) -> NewModel {
    let schema = (!single_schema && !table.schema.is_empty()).then_some(table.schema.as_str());
    let pk = table.primary_key();
    NewModel {
        reference_name: modeling::reference_name(schema, &table.name),
        source_schema: (!table.schema.is_empty()).then(|| table.schema.clone()),
        source_table: Some(table.name.clone()),
        source_sql: None,
        display_name: table.name.clone(),
        description: None,
        primary_key: (pk.len() == 1).then(|| pk[0].to_owned()),
        currency: None,
        columns: table
            .columns
            .iter()
            .map(|c| NewColumn {
                reference_name: modeling::reference_name(None, &c.name),
                source_column: Some(c.name.clone()),
                expression: None,
                display_name: c.name.clone(),
                type_name: c.type_name.clone(),
                family: family_name(c.family),
                not_null: c.not_null,
                is_primary_key: c.is_primary_key,
                hidden: false,
                description: None,
                format: None,
            })
            .collect(),
    }
}
