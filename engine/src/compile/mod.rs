//! SQL written against the semantic model → SQL in the source's dialect. Pure: no I/O.
//!
//! Users, SQL pairs and the question engines write queries over model and view names. The
//! compiler checks the query is one read-only statement ([`safety`]), finds the models and
//! views it reads, and puts in front of it one common table expression per model (its
//! source table or SQL, columns renamed from the source's to the model's, calculated fields
//! computed) and per view (its own statement, compiled the same way). The query itself is
//! kept as written, so its meaning cannot drift: the result is what the same query returns
//! over tables shaped like the models.

mod joins;
mod metric;
mod model;
pub mod safety;
mod usage;

pub use model::check_calculated_field;
pub mod transparency;

use crate::mdl::Manifest;
use sqlparser::{
    ast::{ObjectName, Query, Statement, Visit, Visitor, With},
    dialect::{DuckDbDialect, MySqlDialect, PostgreSqlDialect},
    parser::Parser,
};
use std::{collections::BTreeSet, ops::ControlFlow};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Postgres,
    MySql,
    DuckDb,
}

impl Dialect {
    fn parser(self) -> Box<dyn sqlparser::dialect::Dialect> {
        match self {
            Self::Postgres => Box::new(PostgreSqlDialect {}),
            Self::MySql => Box::new(MySqlDialect {}),
            Self::DuckDb => Box::new(DuckDbDialect {}),
        }
    }

    /// `name` as a quoted identifier of the dialect.
    pub fn quote(self, name: &str) -> String {
        match self {
            Self::MySql => format!("`{}`", name.replace('`', "``")),
            Self::Postgres | Self::DuckDb => format!("\"{}\"", name.replace('"', "\"\"")),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    #[error("the SQL cannot be parsed: {0}")]
    Syntax(String),
    #[error("the SQL is not allowed: {0}")]
    Unsafe(String),
    #[error("unknown model or view \"{0}\"")]
    UnknownModel(String),
    #[error("views refer to each other in a cycle: {0}")]
    ViewCycle(String),
    /// A calculated field or relationship the compiler cannot use; says which and why.
    #[error("invalid calculated field {0}")]
    InvalidField(String),
}

/// Compiles `sql` over the manifest's models and views into `dialect`.
pub fn compile(manifest: &Manifest, sql: &str, dialect: Dialect) -> Result<String, CompileError> {
    let query = safety::parse_read_only(sql, dialect)?;
    Ok(Compiler { manifest, dialect }.query(query, &mut Vec::new())?.to_string())
}

struct Compiler<'m> {
    manifest: &'m Manifest,
    dialect: Dialect,
}

impl Compiler<'_> {
    /// The query with a CTE in front for each model and view it reads. `views` holds the
    /// views being compiled around this query, to stop cycles.
    fn query(&self, mut query: Query, views: &mut Vec<String>) -> Result<Query, CompileError> {
        joins::add_implicit_joins(self.manifest, self.dialect, &mut query)?;
        let names = referenced_relations(&query)?;
        if names.is_empty() {
            return Ok(query);
        }
        let needed = usage::of_query(&query);
        let mut ctes = Vec::new();
        for name in &names {
            if let Some(model) = self.manifest.model(name) {
                ctes.push(format!("{} AS ({})", self.dialect.quote(name), model::model_sql(self.manifest, self.dialect, model, &needed)?));
            } else if let Some(metric) = self.manifest.metric(name) {
                ctes.push(format!("{} AS ({})", self.dialect.quote(name), metric::metric_sql(self.manifest, self.dialect, metric, &needed)?));
            } else if let Some(view) = self.manifest.view(name) {
                if views.iter().any(|v| v.eq_ignore_ascii_case(&view.name)) {
                    views.push(view.name.clone());
                    return Err(CompileError::ViewCycle(views.join(" → ")));
                }
                views.push(view.name.clone());
                let body = safety::parse_read_only(&view.statement, self.dialect)?;
                let compiled = self.query(body, views)?;
                views.pop();
                ctes.push(format!("{} AS ({compiled})", self.dialect.quote(name)));
            } else {
                return Err(CompileError::UnknownModel(name.clone()));
            }
        }
        let mut with = self.parse_with(&ctes)?;
        if let Some(own) = query.with.take() {
            with.recursive |= own.recursive;
            with.cte_tables.extend(own.cte_tables);
        }
        query.with = Some(with);
        Ok(query)
    }

    fn parse_with(&self, ctes: &[String]) -> Result<With, CompileError> {
        let sql = format!("WITH {} SELECT 1", ctes.join(", "));
        let parsed = Parser::parse_sql(self.dialect.parser().as_ref(), &sql).map_err(|e| CompileError::Syntax(e.to_string()))?;
        match parsed.into_iter().next() {
            Some(Statement::Query(query)) => Ok(query.with.expect("the WITH just written")),
            _ => Err(CompileError::Syntax("the model definitions did not parse".into())),
        }
    }
}

/// The relations a query reads by name, without the CTEs it defines itself, in order of
/// first use (case-insensitively unique).
fn referenced_relations(query: &Query) -> Result<Vec<String>, CompileError> {
    #[derive(Default)]
    struct Relations {
        ctes: BTreeSet<String>,
        names: Vec<String>,
        qualified: Option<String>,
    }
    impl Visitor for Relations {
        type Break = ();
        fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<()> {
            if let Some(with) = &query.with {
                self.ctes.extend(with.cte_tables.iter().map(|cte| cte.alias.name.value.to_lowercase()));
            }
            ControlFlow::Continue(())
        }
        fn pre_visit_relation(&mut self, relation: &ObjectName) -> ControlFlow<()> {
            let parts: Vec<String> = relation.0.iter().filter_map(|p| p.as_ident()).map(|i| i.value.clone()).collect();
            match parts.as_slice() {
                [name] => {
                    if !self.names.iter().any(|n| n.eq_ignore_ascii_case(name)) {
                        self.names.push(name.clone());
                    }
                }
                _ => self.qualified = Some(relation.to_string()),
            }
            ControlFlow::Continue(())
        }
    }
    let mut relations = Relations::default();
    let _ = query.visit(&mut relations);
    if let Some(name) = relations.qualified {
        // Models are read by their own names; a schema-qualified name would reach past them.
        return Err(CompileError::UnknownModel(name));
    }
    Ok(relations.names.into_iter().filter(|n| !relations.ctes.contains(&n.to_lowercase())).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mdl::{Column, ColumnKind, Model, ModelSource, Properties, View};

    fn manifest() -> Manifest {
        Manifest {
            models: vec![Model {
                name: "customers".into(),
                source: ModelSource::Table { catalog: None, schema: Some("crm".into()), table: "tbl_customer".into() },
                columns: vec![
                    Column { kind: ColumnKind::Source { source_column: Some("cust_id".into()) }, ..Column::source("id", "INTEGER") },
                    Column::source("name", "VARCHAR"),
                    Column::calculated("name_length", "INTEGER", "LENGTH(name)"),
                ],
                primary_key: Some("id".into()),
                properties: Properties::default(),
            }],
            views: vec![
                View { name: "long_names".into(), statement: "SELECT * FROM customers WHERE name_length > 5".into(), properties: Properties::default() },
                View { name: "long_count".into(), statement: "SELECT count(*) AS n FROM long_names".into(), properties: Properties::default() },
            ],
            ..Manifest::default()
        }
    }

    #[test]
    fn models_become_ctes_in_front_of_the_query() {
        let sql = compile(&manifest(), "SELECT name_length FROM Customers WHERE id = 1", Dialect::Postgres).unwrap();
        assert_eq!(
            sql,
            "WITH \"Customers\" AS (SELECT *, (LENGTH(name)) AS \"name_length\" FROM (SELECT \"cust_id\" AS \"id\", \"name\" AS \"name\" \
             FROM \"crm\".\"tbl_customer\") AS \"customers\") SELECT name_length FROM Customers WHERE id = 1"
        );
        let mysql = compile(&manifest(), "SELECT name, name_length FROM customers", Dialect::MySql).unwrap();
        assert!(mysql.starts_with("WITH `customers` AS (SELECT *, (CHAR_LENGTH(name)) AS `name_length` FROM (SELECT `name` AS `name` FROM `crm`.`tbl_customer`)"), "{mysql}");
    }

    #[test]
    fn views_of_views_expand_and_own_ctes_stay() {
        let sql = compile(&manifest(), "WITH x AS (SELECT n FROM long_count) SELECT * FROM x", Dialect::DuckDb).unwrap();
        assert!(sql.starts_with("WITH \"long_count\" AS (WITH \"long_names\" AS (WITH \"customers\" AS"), "{sql}");
        assert!(sql.ends_with("x AS (SELECT n FROM long_count) SELECT * FROM x"), "{sql}");
    }

    #[test]
    fn unknown_names_cycles_and_unsafe_sql_are_refused() {
        assert_eq!(compile(&manifest(), "SELECT * FROM orders", Dialect::DuckDb), Err(CompileError::UnknownModel("orders".into())));
        assert_eq!(
            compile(&manifest(), "SELECT * FROM crm.tbl_customer", Dialect::DuckDb),
            Err(CompileError::UnknownModel("crm.tbl_customer".into()))
        );
        let mut looping = manifest();
        looping.views[0].statement = "SELECT * FROM long_count".into();
        assert_eq!(
            compile(&looping, "SELECT * FROM long_names", Dialect::DuckDb),
            Err(CompileError::ViewCycle("long_names → long_count → long_names".into()))
        );
        assert!(matches!(compile(&manifest(), "DELETE FROM customers", Dialect::DuckDb), Err(CompileError::Unsafe(_))));
        assert_eq!(compile(&manifest(), "SELECT 1 + 1", Dialect::DuckDb).unwrap(), "SELECT 1 + 1");
    }
}
