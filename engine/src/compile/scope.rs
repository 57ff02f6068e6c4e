//! Which relations a query reads from outside itself, with SQL's scoping: a common table
//! expression covers the query that defines it and that query's subqueries, never a name
//! outside it; in a plain `WITH` a CTE sees only the CTEs before it (a later sibling's name
//! still means a base table), in `WITH RECURSIVE` it sees them all. Names are compared as
//! the dialect compares them, so `WITH "Secret" …` does not cover `FROM secret` on Postgres.

use super::{CompileError, Dialect, functions};
use sqlparser::ast::{Expr, Ident, ObjectName, Query, TableFactor, Visit, Visitor};
use std::ops::ControlFlow;

/// An identifier as the dialect resolves it: Postgres folds unquoted names to lower case,
/// DuckDB and Trino ignore case even in quotes, MySQL (on Linux) keeps names as written,
/// Snowflake folds unquoted names to upper case, ClickHouse keeps every name as written.
pub fn normalize(dialect: Dialect, ident: &Ident) -> String {
    match dialect {
        Dialect::Snowflake if ident.quote_style.is_none() => ident.value.to_uppercase(),
        Dialect::Snowflake => ident.value.clone(),
        Dialect::Postgres if ident.quote_style.is_none() => ident.value.to_lowercase(),
        Dialect::Postgres | Dialect::MySql | Dialect::ClickHouse => ident.value.clone(),
        Dialect::DuckDb | Dialect::Trino => ident.value.to_lowercase(),
    }
}

/// A name as the source would read it when written quoted (how the compiler writes sources).
pub fn normalize_quoted(dialect: Dialect, name: &str) -> String {
    match dialect {
        Dialect::DuckDb | Dialect::Trino => name.to_lowercase(),
        Dialect::Postgres | Dialect::MySql | Dialect::Snowflake | Dialect::ClickHouse => name.to_owned(),
    }
}

/// The relations `query` reads that no CTE in scope defines, in order of first use (each
/// once by its normalised parts). Table functions and other row sources in FROM must be
/// allowed ([`functions::allowed_in_from`]); anything else there is refused.
pub fn base_relations(query: &Query, dialect: Dialect) -> Result<Vec<ObjectName>, CompileError> {
    let mut scopes = Scopes { dialect, frames: Vec::new(), found: Vec::new(), seen: Vec::new(), from_table: None };
    match query.visit(&mut scopes) {
        ControlFlow::Break(reason) => Err(CompileError::Unsafe(reason)),
        ControlFlow::Continue(()) => Ok(scopes.found),
    }
}

/// The normalised parts of a relation name, for comparing names.
pub fn parts(dialect: Dialect, name: &ObjectName) -> Vec<String> {
    name.0.iter().map(|part| part.as_ident().map(|ident| normalize(dialect, ident)).unwrap_or_else(|| part.to_string())).collect()
}

struct Frame {
    names: Vec<String>,
    /// The queries defining this frame's CTEs, by address (the visitor hands out references
    /// into one tree, so an address names one CTE body).
    bodies: Vec<*const Query>,
    recursive: bool,
    /// How many of `names` the query being visited sees.
    visible: usize,
}

struct Scopes {
    dialect: Dialect,
    frames: Vec<Frame>,
    found: Vec<ObjectName>,
    seen: Vec<Vec<String>>,
    /// The name of the table factor being visited, so its relation is not counted twice.
    from_table: Option<*const ObjectName>,
}

impl Scopes {
    fn is_cte(&self, name: &ObjectName) -> bool {
        let [part] = name.0.as_slice() else { return false };
        let Some(ident) = part.as_ident() else { return false };
        let normalized = normalize(self.dialect, ident);
        self.frames.iter().rev().any(|frame| frame.names[..frame.visible].contains(&normalized))
    }

    fn read(&mut self, name: &ObjectName) {
        if self.is_cte(name) {
            return;
        }
        let key = parts(self.dialect, name);
        if !self.seen.contains(&key) {
            self.seen.push(key);
            self.found.push(name.clone());
        }
    }
}

fn function_name(name: &ObjectName) -> Result<String, String> {
    match name.0.as_slice() {
        [one] => Ok(one.as_ident().map(|i| i.value.clone()).unwrap_or_else(|| one.to_string())),
        _ => Err(format!("the function {name} is not allowed")),
    }
}

impl Visitor for Scopes {
    type Break = String;

    fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<String> {
        if let Some(frame) = self.frames.last_mut()
            && let Some(index) = frame.bodies.iter().position(|body| std::ptr::eq(*body, query))
        {
            frame.visible = if frame.recursive { frame.names.len() } else { index };
        }
        let (names, bodies, recursive) = match &query.with {
            Some(with) => (
                with.cte_tables.iter().map(|cte| normalize(self.dialect, &cte.alias.name)).collect::<Vec<_>>(),
                with.cte_tables.iter().map(|cte| &*cte.query as *const Query).collect(),
                with.recursive,
            ),
            None => (Vec::new(), Vec::new(), false),
        };
        let visible = names.len();
        self.frames.push(Frame { names, bodies, recursive, visible });
        ControlFlow::Continue(())
    }

    fn post_visit_query(&mut self, query: &Query) -> ControlFlow<String> {
        self.frames.pop();
        if let Some(frame) = self.frames.last_mut()
            && frame.bodies.iter().any(|body| std::ptr::eq(*body, query))
        {
            frame.visible = frame.names.len();
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_table_factor(&mut self, factor: &TableFactor) -> ControlFlow<String> {
        let refuse = |what: &str| ControlFlow::Break(format!("{what} cannot be read in a query"));
        match factor {
            TableFactor::Table { name, args: None, .. } => {
                self.from_table = Some(name as *const ObjectName);
                self.read(name);
            }
            TableFactor::Table { name, args: Some(_), .. } | TableFactor::Function { name, .. } => {
                self.from_table = Some(name as *const ObjectName);
                let function = match function_name(name) {
                    Ok(function) => function,
                    Err(reason) => return ControlFlow::Break(reason),
                };
                if !functions::allowed_in_from(self.dialect, &function) {
                    return ControlFlow::Break(format!("the function {} is not allowed", function.to_lowercase()));
                }
            }
            TableFactor::TableFunction { expr, .. } => {
                let Expr::Function(function) = expr else { return refuse("this table expression") };
                match function_name(&function.name) {
                    Ok(name) if functions::allowed_in_from(self.dialect, &name) => {}
                    Ok(name) => return ControlFlow::Break(format!("the function {} is not allowed", name.to_lowercase())),
                    Err(reason) => return ControlFlow::Break(reason),
                }
            }
            TableFactor::Derived { .. } | TableFactor::NestedJoin { .. } | TableFactor::UNNEST { .. } => {}
            TableFactor::Pivot { .. } | TableFactor::Unpivot { .. } => {}
            TableFactor::JsonTable { .. } | TableFactor::OpenJsonTable { .. } => return refuse("JSON_TABLE"),
            TableFactor::XmlTable { .. } => return refuse("XMLTABLE"),
            _ => return refuse("this kind of table"),
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_relation(&mut self, relation: &ObjectName) -> ControlFlow<String> {
        // Relations outside a FROM table (none in a plain query) count as reads too.
        if self.from_table.take() != Some(relation as *const ObjectName) {
            self.read(relation);
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlparser::{ast::Statement, parser::Parser};

    fn reads(sql: &str, dialect: Dialect) -> Vec<String> {
        let statement = Parser::parse_sql(dialect.parser().as_ref(), sql).unwrap().remove(0);
        let Statement::Query(query) = statement else { panic!("not a query") };
        base_relations(&query, dialect).unwrap().iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_cte_covers_only_its_own_query() {
        let d = Dialect::Postgres;
        assert_eq!(reads("WITH t AS (SELECT * FROM orders) SELECT * FROM t", d), ["orders"]);
        // Defined inside a subquery: the outer `secret` is a base table.
        assert_eq!(reads("SELECT * FROM (WITH secret AS (SELECT 1) SELECT * FROM secret) s, secret", d), ["secret"]);
        assert_eq!(reads("SELECT (WITH x AS (SELECT 1) SELECT * FROM x), (SELECT * FROM x)", d), ["x"]);
        // A later sibling does not cover an earlier body unless the WITH is recursive.
        assert_eq!(reads("WITH a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a", d), ["b"]);
        assert!(reads("WITH RECURSIVE a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a", d).is_empty());
        assert_eq!(reads("WITH a AS (SELECT * FROM a) SELECT * FROM a", d), ["a"]);
        assert_eq!(reads("SELECT * FROM x WHERE id IN (SELECT id FROM crm.y)", d), ["x", "crm.y"]);
    }

    #[test]
    fn names_compare_as_the_dialect_compares_them() {
        assert_eq!(reads("WITH \"Secret\" AS (SELECT 1) SELECT * FROM secret", Dialect::Postgres), ["secret"]);
        assert!(reads("WITH \"Secret\" AS (SELECT 1) SELECT * FROM secret", Dialect::DuckDb).is_empty());
        assert_eq!(reads("WITH Secret AS (SELECT 1) SELECT * FROM secret", Dialect::MySql), ["secret"]);
        assert!(reads("WITH Secret AS (SELECT 1) SELECT * FROM Secret", Dialect::MySql).is_empty());
    }

    #[test]
    fn table_functions_must_be_allowed() {
        let statement = Parser::parse_sql(Dialect::DuckDb.parser().as_ref(), "SELECT * FROM read_csv('/etc/passwd')").unwrap().remove(0);
        let Statement::Query(query) = statement else { panic!() };
        assert_eq!(base_relations(&query, Dialect::DuckDb), Err(CompileError::Unsafe("the function read_csv is not allowed".into())));
        assert!(reads("SELECT * FROM range(10) r", Dialect::DuckDb).is_empty());
    }
}
