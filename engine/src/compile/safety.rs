//! Generated SQL is untrusted (DESIGN.md principle 6): before anything runs, a statement
//! must be exactly one read-only query. DDL, DML (also inside a WITH), several statements,
//! COPY / ATTACH / PRAGMA / SET, `SELECT … INTO`, row locks, and any function the dialect's
//! allow-list ([`super::functions`]) does not name are refused with a reason.

use super::{CompileError, Dialect, functions};
use sqlparser::{
    ast::{Expr, ObjectName, Query, SetExpr, Statement, TableFactor, Visit, Visitor},
    parser::Parser,
};
use std::ops::ControlFlow;

/// Parses `sql` as exactly one read-only query.
pub fn parse_read_only(sql: &str, dialect: Dialect) -> Result<Query, CompileError> {
    let statements = Parser::parse_sql(dialect.parser().as_ref(), sql).map_err(|e| CompileError::Syntax(e.to_string()))?;
    let statement = match statements.as_slice() {
        [] => return Err(CompileError::Unsafe("the query is empty".into())),
        [one] => one,
        _ => return Err(CompileError::Unsafe("only one statement can run at a time".into())),
    };
    let Statement::Query(query) = statement else {
        return Err(CompileError::Unsafe(format!("only queries can run, not {}", statement_kind(statement))));
    };
    check_query(query, dialect)?;
    Ok((**query).clone())
}

fn check_query(query: &Query, dialect: Dialect) -> Result<(), CompileError> {
    match query.visit(&mut ReadOnly { dialect }) {
        ControlFlow::Break(reason) => Err(CompileError::Unsafe(reason)),
        ControlFlow::Continue(()) => Ok(()),
    }
}

struct ReadOnly {
    dialect: Dialect,
}

impl Visitor for ReadOnly {
    type Break = String;

    fn pre_visit_statement(&mut self, statement: &Statement) -> ControlFlow<String> {
        match statement {
            Statement::Query(_) => ControlFlow::Continue(()),
            other => ControlFlow::Break(format!("only queries can run, not {}", statement_kind(other))),
        }
    }

    fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<String> {
        if !query.locks.is_empty() {
            return ControlFlow::Break("row locks (FOR UPDATE / FOR SHARE) are not allowed".into());
        }
        if let SetExpr::Select(select) = query.body.as_ref()
            && select.into.is_some()
        {
            return ControlFlow::Break("SELECT … INTO creates a table and is not allowed".into());
        }
        if matches!(query.body.as_ref(), SetExpr::Insert(_) | SetExpr::Update(_) | SetExpr::Delete(_) | SetExpr::Merge(_)) {
            return ControlFlow::Break("only queries can run, not data changes".into());
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_table_factor(&mut self, factor: &TableFactor) -> ControlFlow<String> {
        match factor {
            TableFactor::Table { name, args: Some(_), .. } | TableFactor::Function { name, .. } => {
                check_function(name, |n| functions::allowed_in_from(self.dialect, n))
            }
            TableFactor::TableFunction { expr: Expr::Function(function), .. } => {
                check_function(&function.name, |n| functions::allowed_in_from(self.dialect, n))
            }
            _ => ControlFlow::Continue(()),
        }
    }

    fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<String> {
        match expr {
            Expr::Function(function) => check_function(&function.name, |n| functions::allowed(self.dialect, n)),
            _ => ControlFlow::Continue(()),
        }
    }
}

/// Functions are called by their bare name: a schema-qualified one (`pg_catalog.f`) could
/// reach a function the allow-list does not mean.
fn check_function(name: &ObjectName, allowed: impl Fn(&str) -> bool) -> ControlFlow<String> {
    let bare = match name.0.as_slice() {
        [one] => one.as_ident().map(|ident| ident.value.to_lowercase()),
        _ => None,
    };
    match bare {
        Some(bare) if allowed(&bare) => ControlFlow::Continue(()),
        Some(bare) => ControlFlow::Break(format!("the function {bare} is not allowed")),
        None => ControlFlow::Break(format!("the function {name} is not allowed")),
    }
}

/// The statement's leading keywords, for messages ("INSERT", "CREATE TABLE", "COPY").
fn statement_kind(statement: &Statement) -> String {
    let text = statement.to_string();
    let words: Vec<&str> = text.split_whitespace().take_while(|w| w.chars().all(|c| c.is_ascii_alphabetic())).take(2).collect();
    match words.as_slice() {
        [] => "this statement".into(),
        [first] => first.to_uppercase(),
        [first, second] if matches!(first.to_uppercase().as_str(), "CREATE" | "DROP" | "ALTER") => {
            format!("{} {}", first.to_uppercase(), second.to_uppercase())
        }
        [first, ..] => first.to_uppercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(sql: &str) -> String {
        match parse_read_only(sql, Dialect::DuckDb) {
            Err(CompileError::Unsafe(reason)) => reason,
            other => panic!("{sql}: expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn one_read_only_query_passes() {
        for sql in [
            "SELECT 1",
            "SELECT name, count(*) FROM singer GROUP BY name ORDER BY 2 DESC LIMIT 5",
            "WITH t AS (SELECT * FROM orders) SELECT * FROM t UNION ALL SELECT * FROM orders;",
            "SELECT * FROM (SELECT a FROM x) s WHERE a IN (SELECT a FROM y)",
        ] {
            assert!(parse_read_only(sql, Dialect::DuckDb).is_ok(), "{sql}");
        }
    }

    #[test]
    fn everything_else_is_refused_with_a_reason() {
        assert_eq!(refused("DROP TABLE singer"), "only queries can run, not DROP TABLE");
        assert_eq!(refused("INSERT INTO singer VALUES (1)"), "only queries can run, not INSERT");
        assert_eq!(refused("SELECT 1; SELECT 2"), "only one statement can run at a time");
        assert_eq!(refused("  "), "the query is empty");
        assert_eq!(refused("SELECT * FROM read_csv('/etc/passwd')"), "the function read_csv is not allowed");
        assert_eq!(refused("SELECT pg_read_file('/etc/passwd')"), "the function pg_read_file is not allowed");
        assert_eq!(refused("SELECT * INTO copy FROM singer"), "SELECT … INTO creates a table and is not allowed");
        assert!(refused("COPY singer TO '/tmp/x.csv'").starts_with("only queries can run, not COPY"));
        assert!(refused("ATTACH 'other.duckdb' AS other").starts_with("only queries can run"));
        assert_eq!(
            parse_read_only("SELECT * FROM singer FOR UPDATE", Dialect::Postgres).unwrap_err(),
            CompileError::Unsafe("row locks (FOR UPDATE / FOR SHARE) are not allowed".into())
        );
        assert!(refused("SELECT set_config('search_path', 'x', false)").contains("set_config"));
        // Passed the deny-list this replaced.
        for (sql, function) in [
            ("SELECT query_to_xml('select * from pg_authid', true, true, '')", "query_to_xml"),
            ("SELECT table_to_xml('pg_authid', true, true, '')", "table_to_xml"),
            ("SELECT dblink_connect('host=10.0.0.1')", "dblink_connect"),
            ("SELECT lo_get(16384)", "lo_get"),
            ("SELECT pg_catalog.upper('x')", "pg_catalog.upper"),
        ] {
            assert_eq!(parse_read_only(sql, Dialect::Postgres).unwrap_err(), CompileError::Unsafe(format!("the function {function} is not allowed")));
        }
        assert!(parse_read_only("SELECT date_trunc('month', now()), count(*) FROM t", Dialect::Postgres).is_ok());
        assert!(matches!(parse_read_only("SELEC 1", Dialect::DuckDb), Err(CompileError::Syntax(_))));
    }
}
