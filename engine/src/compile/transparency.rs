//! Transparency of the semantic layer on real SQL: with one model per table, a query
//! compiled through the layer must return what the same query returns on the tables
//! directly. Run over the Spider dev set by `cargo run --release -p quarry-engine --example
//! spider_transparency`, and over one of its databases by the engine's tests.

use super::{Dialect, compile};
use crate::mdl::{Column, Manifest, Model, ModelSource, Properties};
use duckdb::{Connection, types::Value};
use serde::Deserialize;
use sqlparser::{
    ast::{Expr, Value as SqlValue, visit_expressions_mut},
    dialect::SQLiteDialect,
    parser::Parser,
};
use std::path::Path;
use std::{collections::HashSet, ops::ControlFlow};

/// One question of a Spider-shaped file (`[{id, db_id, question, gold_sql}]`).
#[derive(Debug, Clone, Deserialize)]
pub struct Question {
    pub id: u64,
    pub db_id: String,
    pub question: String,
    pub gold_sql: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Same rows (as a multiset, or in order when the query orders them).
    Same,
    /// The query fails on the tables directly (the reason) and compiled alike.
    BothFail(String),
    Different(String),
}

/// A database of the benchmark loaded into DuckDB, with its manifest.
pub struct SpiderDatabase {
    conn: Connection,
    pub manifest: Manifest,
}

impl SpiderDatabase {
    /// Loads every `<table>.csv` of `dir` as a table of an in-memory DuckDB database and
    /// makes one model per table.
    pub fn load(dir: &Path) -> Result<Self, String> {
        let conn = Connection::open_in_memory().map_err(|e| e.to_string())?;
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "csv"))
            .collect();
        files.sort();
        let mut manifest = Manifest::default();
        for file in files {
            let table = file.file_stem().and_then(|s| s.to_str()).ok_or("bad file name")?.to_owned();
            let path = file.to_string_lossy().replace('\'', "''");
            conn.execute_batch(&format!("CREATE TABLE \"{table}\" AS SELECT * FROM read_csv('{path}', header = true, sample_size = -1)"))
                .map_err(|e| format!("loading {table}: {e}"))?;
            let mut describe = conn.prepare(&format!("DESCRIBE \"{table}\"")).map_err(|e| e.to_string())?;
            let columns = describe
                .query_map([], |row| Ok(Column::source(&row.get::<_, String>(0)?, &row.get::<_, String>(1)?)))
                .map_err(|e| e.to_string())?
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| e.to_string())?;
            manifest.models.push(Model {
                name: table.clone(),
                source: ModelSource::Table { catalog: None, schema: Some("main".into()), table },
                columns,
                primary_key: None,
                properties: Properties::default(),
            });
        }
        Ok(Self { conn, manifest })
    }

    /// Spider's gold SQL is written for SQLite, where `"text"` is a string when no column
    /// has that name; DuckDB reads it as a column. Rewritten so, the query means on DuckDB
    /// what it meant on SQLite (both sides of the comparison run the rewritten text).
    pub fn from_sqlite(&self, sql: &str) -> String {
        let columns: HashSet<String> = self.manifest.models.iter().flat_map(|m| m.columns.iter().map(|c| c.name.to_lowercase())).collect();
        let Ok(mut statements) = Parser::parse_sql(&SQLiteDialect {}, sql) else { return sql.to_owned() };
        let _ = visit_expressions_mut(&mut statements, |expr| {
            if let Expr::Identifier(ident) = expr
                && ident.quote_style == Some('"')
                && !columns.contains(&ident.value.to_lowercase())
            {
                *expr = Expr::value(SqlValue::SingleQuotedString(ident.value.clone()));
            }
            ControlFlow::<()>::Continue(())
        });
        statements.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
    }

    /// Runs `sql` on the tables directly and compiled through the models.
    pub fn check(&self, sql: &str) -> Outcome {
        let direct = self.rows(sql);
        let compiled = match compile(&self.manifest, sql, Dialect::DuckDb) {
            Ok(compiled) => compiled,
            Err(e) => {
                return match direct {
                    Err(reason) => Outcome::BothFail(reason),
                    Ok(_) => Outcome::Different(format!("compile: {e}")),
                };
            }
        };
        let through = self.rows(&compiled);
        match (direct, through) {
            (Err(reason), Err(_)) => Outcome::BothFail(reason),
            (Ok(_), Err(e)) => Outcome::Different(format!("compiled query fails: {e}")),
            (Err(e), Ok(_)) => Outcome::Different(format!("direct query fails but the compiled one runs: {e}")),
            (Ok(mut a), Ok(mut b)) => {
                if !sql.to_lowercase().contains("order by") {
                    a.sort();
                    b.sort();
                }
                if a == b {
                    Outcome::Same
                } else if a.len() == b.len() && {
                    let (mut x, mut y) = (a.clone(), b.clone());
                    x.sort();
                    y.sort();
                    x == y
                } {
                    Outcome::Different("the same rows in another order (rows that tie in ORDER BY)".into())
                } else {
                    Outcome::Different(format!("{} rows directly, {} compiled, or other values", a.len(), b.len()))
                }
            }
        }
    }

    fn rows(&self, sql: &str) -> Result<Vec<Vec<String>>, String> {
        let mut statement = self.conn.prepare(sql).map_err(|e| first_line(&e.to_string()))?;
        let mut rows = statement.query([]).map_err(|e| first_line(&e.to_string()))?;
        let mut out = Vec::new();
        while let Some(row) = rows.next().map_err(|e| first_line(&e.to_string()))? {
            let count = row.as_ref().column_count();
            out.push((0..count).map(|i| text(row.get::<_, Value>(i).unwrap_or(Value::Null))).collect());
        }
        Ok(out)
    }
}

/// Floating-point sums may differ in their last bits between two plans of the same query.
fn text(value: Value) -> String {
    match value {
        Value::Double(d) => format!("{d:.6e}"),
        Value::Float(f) => format!("{:.6e}", f64::from(f)),
        other => format!("{other:?}"),
    }
}

fn first_line(message: &str) -> String {
    message.lines().next().unwrap_or_default().to_owned()
}
