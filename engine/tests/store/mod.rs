//! A small store for the compiler's and question engine's tests: models over tables of the
//! same name in an in-memory DuckDB, and the rows a compiled query reads there, as text.

#![allow(dead_code)]

use duckdb::Connection;
use quarry_engine::mdl::{Column, Model, ModelSource, Properties};

/// A model over the table `name`, keyed by `id`.
pub fn model(name: &str, columns: Vec<Column>) -> Model {
    Model {
        name: name.into(),
        source: ModelSource::Table { catalog: None, schema: None, table: name.into() },
        columns,
        primary_key: Some("id".into()),
        properties: Properties::default(),
    }
}

/// The rows `sql` reads, each cell as DuckDB's value debug text (`Int(3)`, `Text("Ada")`).
pub fn rows(conn: &Connection, sql: &str) -> Vec<Vec<String>> {
    let mut statement = conn.prepare(sql).unwrap_or_else(|e| panic!("{e}\n{sql}"));
    let mut result = statement.query([]).unwrap();
    let mut out = Vec::new();
    while let Some(row) = result.next().unwrap() {
        let n = row.as_ref().column_count();
        out.push((0..n).map(|i| format!("{:?}", row.get::<_, duckdb::types::Value>(i).unwrap())).collect());
    }
    out
}
