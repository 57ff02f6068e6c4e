//! Thousands of generated SQL texts thrown at the compiler and its guard. Whatever comes out
//! runs on a real DuckDB that holds, beside the model's table, tables no model declares, a
//! file on disk and a catalogue; the property is that the compiler never panics and that no
//! statement it lets through writes, or reads anything but the model's own table.

use duckdb::Connection;
use proptest::{prelude::*, test_runner::Config};
use quarry_engine::{
    compile::{Dialect, compile},
    mdl::{Column, Manifest, Model, ModelSource, Properties, View},
};

const SECRET: &str = "S3CR3T-ROW";

fn manifest() -> Manifest {
    Manifest {
        models: vec![Model {
            name: "orders".into(),
            source: ModelSource::Table { catalog: None, schema: Some("main".into()), table: "raw_orders".into() },
            columns: vec![
                Column::source("id", "INTEGER"),
                Column::source("amount", "INTEGER"),
                Column::source("note", "VARCHAR"),
                Column::calculated("double_amount", "INTEGER", "amount * 2"),
            ],
            primary_key: Some("id".into()),
            properties: Properties::default(),
        }],
        views: vec![View { name: "big_orders".into(), statement: "SELECT * FROM orders WHERE amount > 1".into(), properties: Properties::default() }],
        ..Manifest::default()
    }
}

fn database(dir: &std::path::Path) -> Connection {
    let conn = Connection::open_in_memory().unwrap();
    let file = dir.join("secret.csv");
    std::fs::write(&file, format!("x\n{SECRET}\n")).unwrap();
    conn.execute_batch(&format!(
        "CREATE TABLE raw_orders (id INTEGER, amount INTEGER, note VARCHAR);
         INSERT INTO raw_orders VALUES (1, 1, 'a'), (2, 5, 'b'), (3, 9, NULL);
         CREATE TABLE secret (x VARCHAR); INSERT INTO secret VALUES ('{SECRET}');
         CREATE TABLE orders (x VARCHAR); INSERT INTO orders VALUES ('{SECRET}');
         CREATE SCHEMA other; CREATE TABLE other.raw_orders (x VARCHAR); INSERT INTO other.raw_orders VALUES ('{SECRET}');"
    ))
    .unwrap();
    conn
}

/// Pieces of SQL an attacker or a confused model would put together: model and non-model
/// names, CTEs in every scope, functions allowed and not, file paths, writes, comments.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("SELECT".to_owned()),
        Just("*".to_owned()),
        Just("id, amount".to_owned()),
        Just("FROM".to_owned()),
        Just("orders".to_owned()),
        Just("big_orders".to_owned()),
        Just("secret".to_owned()),
        Just("main.secret".to_owned()),
        Just("other.raw_orders".to_owned()),
        Just("raw_orders".to_owned()),
        Just("\"main\".\"raw_orders\"".to_owned()),
        Just("duckdb_settings()".to_owned()),
        Just("information_schema.tables".to_owned()),
        Just("'secret.csv'".to_owned()),
        Just("read_csv('secret.csv')".to_owned()),
        Just("WITH".to_owned()),
        Just("RECURSIVE".to_owned()),
        Just("secret AS (SELECT 1 AS x)".to_owned()),
        Just("orders AS (SELECT * FROM secret)".to_owned()),
        Just("t AS (SELECT * FROM orders)".to_owned()),
        Just("(SELECT * FROM secret)".to_owned()),
        Just("(WITH secret AS (SELECT 1 AS x) SELECT * FROM secret) s".to_owned()),
        Just("AS".to_owned()),
        Just(",".to_owned()),
        Just("(".to_owned()),
        Just(")".to_owned()),
        Just("WHERE".to_owned()),
        Just("id IN (SELECT x FROM secret)".to_owned()),
        Just("EXISTS (SELECT * FROM orders)".to_owned()),
        Just("UNION ALL".to_owned()),
        Just("JOIN".to_owned()),
        Just("ON true".to_owned()),
        Just("count(*)".to_owned()),
        Just("getenv('HOME')".to_owned()),
        Just("current_setting('x')".to_owned()),
        Just("upper(note)".to_owned()),
        Just(";".to_owned()),
        Just("DROP TABLE raw_orders".to_owned()),
        Just("INSERT INTO raw_orders VALUES (4, 4, 'x')".to_owned()),
        Just("COPY raw_orders TO 'out.csv'".to_owned()),
        Just("ATTACH 'x.db'".to_owned()),
        Just("--".to_owned()),
        Just("/*".to_owned()),
        Just("*/".to_owned()),
        Just("'".to_owned()),
        Just("\"".to_owned()),
        Just("LIMIT 3".to_owned()),
        "[a-z_]{1,8}".prop_map(|s| s),
        "[ -~]{0,12}".prop_map(|s| s),
    ]
}

fn pick(items: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop::sample::select(items).prop_map(str::to_owned)
}

/// Queries of a sensible shape, each part drawn from model and non-model choices.
fn shaped() -> impl Strategy<Value = String> {
    let with = pick(&[
        "",
        "WITH t AS (SELECT * FROM orders) ",
        "WITH secret AS (SELECT 1 AS x) ",
        "WITH orders AS (SELECT * FROM secret) ",
        "WITH RECURSIVE t AS (SELECT * FROM secret) ",
        "WITH t AS (SELECT * FROM secret), secret AS (SELECT 1 AS x) ",
        "WITH t AS (WITH secret AS (SELECT 1 AS x) SELECT * FROM secret) ",
    ]);
    let items = pick(&["*", "id, amount", "count(*)", "upper(note)", "double_amount", "x", "sum(amount)", "getenv('HOME')", "(SELECT max(x) FROM secret)"]);
    let from = pick(&[
        "orders",
        "big_orders",
        "t",
        "secret",
        "main.secret",
        "raw_orders",
        "\"main\".\"raw_orders\"",
        "other.raw_orders",
        "(SELECT * FROM orders) s",
        "(WITH secret AS (SELECT 1 AS x) SELECT * FROM secret) s, secret",
        "orders o JOIN big_orders b ON o.id = b.id",
        "orders, 'secret.csv'",
        "read_csv('secret.csv')",
        "range(3) r",
    ]);
    let tail = pick(&[
        "",
        " WHERE amount > 1",
        " WHERE id IN (SELECT x FROM secret)",
        " WHERE EXISTS (SELECT * FROM t)",
        " LIMIT 2",
        " UNION ALL SELECT * FROM secret",
    ]);
    (with, items, from, tail).prop_map(|(w, i, f, t)| format!("{w}SELECT {i} FROM {f}{t}"))
}

fn statement() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => shaped(),
        // Mostly well-formed shapes, so many texts get past the parser.
        1 => (fragment(), fragment(), fragment()).prop_map(|(a, b, c)| format!("SELECT {a} FROM {b} {c}")),
        1 => (fragment(), fragment()).prop_map(|(cte, rest)| format!("WITH {cte} SELECT * FROM {rest}")),
        1 => (fragment(), fragment()).prop_map(|(a, b)| format!("SELECT * FROM orders WHERE {a} {b}")),
        1 => prop::collection::vec(fragment(), 1..14).prop_map(|parts| parts.join(" ")),
    ]
}

#[test]
fn nothing_the_guard_lets_through_reads_outside_the_models() {
    let dir = tempfile::tempdir().unwrap();
    let conn = database(dir.path());
    let manifest = manifest();
    let passed = std::cell::Cell::new(0usize);
    let mut runner = proptest::test_runner::TestRunner::new(Config { cases: 4000, failure_persistence: None, ..Config::default() });
    runner
        .run(&statement(), |sql| {
            for dialect in [Dialect::DuckDb, Dialect::Postgres, Dialect::MySql] {
                let Ok(compiled) = compile(&manifest, &sql, dialect) else { continue };
                if dialect != Dialect::DuckDb {
                    continue;
                }
                passed.set(passed.get() + 1);
                let before: i64 = conn.query_row("SELECT count(*) FROM raw_orders", [], |r| r.get(0)).unwrap();
                // Run as the connector would: the file's directory is the working directory
                // an attacker hopes for, so relative paths would resolve.
                let outcome = conn.prepare(&compiled).and_then(|mut statement| {
                    let mut rows = statement.query([])?;
                    let mut text = String::new();
                    while let Some(row) = rows.next()? {
                        for i in 0..row.as_ref().column_count() {
                            let value: duckdb::types::Value = row.get(i)?;
                            text.push_str(&format!("{value:?}|"));
                        }
                    }
                    Ok(text)
                });
                if let Ok(text) = outcome {
                    prop_assert!(!text.contains(SECRET), "{sql}\n→ {compiled}\nread {text}");
                }
                let after: i64 = conn.query_row("SELECT count(*) FROM raw_orders", [], |r| r.get(0)).unwrap();
                prop_assert_eq!(before, after, "{} wrote", compiled);
            }
            Ok(())
        })
        .unwrap();
    // The generator must reach the source, or the property says nothing.
    let passed = passed.get();
    assert!(passed > 200, "only {passed} generated statements compiled");
}

#[test]
fn the_attacks_the_property_covers_are_refused_by_name() {
    let manifest = manifest();
    for sql in [
        "SELECT * FROM (WITH secret AS (SELECT 1 AS x) SELECT * FROM secret) s, secret",
        "WITH t AS (SELECT * FROM secret2), secret2 AS (SELECT 1) SELECT * FROM t",
        "SELECT * FROM 'secret.csv'",
        "SELECT * FROM main.secret",
        "SELECT * FROM read_csv('secret.csv')",
        "SELECT getenv('HOME')",
    ] {
        assert!(compile(&manifest, sql, Dialect::DuckDb).is_err(), "{sql}");
    }
    assert!(compile(&manifest, "WITH t AS (SELECT * FROM orders) SELECT count(*) FROM t", Dialect::DuckDb).is_ok());
}
