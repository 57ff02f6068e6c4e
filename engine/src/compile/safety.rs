//! Generated SQL is untrusted (DESIGN.md principle 6): before anything runs, a statement
//! must be exactly one read-only query. DDL, DML (also inside a WITH), several statements,
//! COPY / ATTACH / PRAGMA / SET, `SELECT … INTO`, row locks, and functions that read files,
//! reach other servers or change server state are refused with a reason.

use super::{CompileError, Dialect};
use sqlparser::{
    ast::{Expr, ObjectName, Query, SetExpr, Statement, TableFactor, Visit, Visitor},
    parser::Parser,
};
use std::ops::ControlFlow;

/// Functions no question needs and that reach outside the query's tables.
const FORBIDDEN_FUNCTIONS: &[&str] = &[
    // files
    "read_csv", "read_csv_auto", "read_parquet", "parquet_scan", "read_json", "read_json_auto", "read_ndjson",
    "read_text", "read_blob", "csv_scan", "glob", "sniff_csv", "parquet_metadata", "parquet_schema",
    "pg_read_file", "pg_read_binary_file", "pg_ls_dir", "pg_stat_file", "lo_import", "lo_export", "load_file",
    // other databases and servers
    "sqlite_scan", "postgres_scan", "postgres_query", "mysql_scan", "mysql_query", "dblink", "dblink_exec",
    "query", "query_table", "iceberg_scan", "delta_scan",
    // server state and settings
    "set_config", "setval", "nextval", "pg_terminate_backend", "pg_cancel_backend", "pg_reload_conf",
    "pg_rotate_logfile", "pg_advisory_lock", "pg_advisory_xact_lock", "getenv", "current_setting",
];

/// Parses `sql` as exactly one read-only query.
pub fn parse_read_only(sql: &str, dialect: Dialect) -> Result<Query, CompileError> {
    let statements = Parser::parse_sql(dialect.parser().as_ref(), sql)
        .map_err(|e| CompileError::Syntax(e.to_string()))?;
    let statement = match statements.as_slice() {
        [] => return Err(CompileError::Unsafe("the query is empty".into())),
        [one] => one,
        _ => return Err(CompileError::Unsafe("only one statement can run at a time".into())),
    };
    let Statement::Query(query) = statement else {
        return Err(CompileError::Unsafe(format!("only queries can run, not {}", statement_kind(statement))));
    };
    check_query(query)?;
    Ok((**query).clone())
}

fn check_query(query: &Query) -> Result<(), CompileError> {
    match query.visit(&mut ReadOnly) {
        ControlFlow::Break(reason) => Err(CompileError::Unsafe(reason)),
        ControlFlow::Continue(()) => Ok(()),
    }
}

struct ReadOnly;

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
            TableFactor::Table { name, args: Some(_), .. } => forbidden_function(name),
            TableFactor::TableFunction { expr: Expr::Function(function), .. } => forbidden_function(&function.name),
            TableFactor::Function { name, .. } => forbidden_function(name),
            _ => ControlFlow::Continue(()),
        }
    }

    fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<String> {
        match expr {
            Expr::Function(function) => forbidden_function(&function.name),
            _ => ControlFlow::Continue(()),
        }
    }
}

fn forbidden_function(name: &ObjectName) -> ControlFlow<String> {
    let last = name.0.last().and_then(|part| part.as_ident()).map(|ident| ident.value.to_lowercase()).unwrap_or_default();
    if FORBIDDEN_FUNCTIONS.contains(&last.as_str()) {
        ControlFlow::Break(format!("the function {last} is not allowed"))
    } else {
        ControlFlow::Continue(())
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
        assert!(matches!(parse_read_only("SELEC 1", Dialect::DuckDb), Err(CompileError::Syntax(_))));
    }
}
