//! Calculated fields across relationships compiled and run on DuckDB, with the fan-out
//! traps a join would set.

use duckdb::Connection;
use quarry_engine::{
    compile::{CompileError, Dialect, compile},
    mdl::{Column, JoinType, Manifest, Model, ModelSource, Properties, Relationship},
};

fn model(name: &str, columns: Vec<Column>) -> Model {
    Model {
        name: name.into(),
        source: ModelSource::Table { catalog: None, schema: Some("main".into()), table: format!("raw_{name}") },
        columns,
        primary_key: Some("id".into()),
        properties: Properties::default(),
    }
}

fn shop() -> (Connection, Manifest) {
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(
        "CREATE TABLE raw_customers (id INTEGER, name VARCHAR, country VARCHAR);
         INSERT INTO raw_customers VALUES (1, 'Ada', 'UK'), (2, 'Bo', 'US'), (3, 'Cy', 'FR');
         CREATE TABLE raw_orders (id INTEGER, customer_id INTEGER, amount DECIMAL(10,2));
         INSERT INTO raw_orders VALUES (10, 1, 10), (11, 1, 20), (12, 1, 30), (13, 2, 5), (14, 2, 25);",
    )
    .unwrap();
    let manifest = Manifest {
        models: vec![
            model(
                "customers",
                vec![
                    Column::source("id", "INTEGER"),
                    Column::source("name", "VARCHAR"),
                    Column::source("country", "VARCHAR"),
                    Column::relationship("orders", "orders", "orders_customer"),
                    Column::calculated("total_spent", "DECIMAL", "SUM(orders.amount)"),
                    Column::calculated("order_count", "BIGINT", "COUNT(orders.id)"),
                ],
            ),
            model(
                "orders",
                vec![
                    Column::source("id", "INTEGER"),
                    Column::source("customer_id", "INTEGER"),
                    Column::source("amount", "DECIMAL"),
                    Column::relationship("customer", "customers", "orders_customer"),
                    Column::calculated("customer_country", "VARCHAR", "customer.country"),
                    Column::calculated("net", "DECIMAL", "amount * 0.9"),
                ],
            ),
        ],
        relationships: vec![Relationship {
            name: "orders_customer".into(),
            models: ["orders".into(), "customers".into()],
            join_type: JoinType::ManyToOne,
            condition: "orders.customer_id = customers.id".into(),
            properties: Properties::default(),
        }],
        ..Manifest::default()
    };
    (conn, manifest)
}

fn rows(conn: &Connection, manifest: &Manifest, sql: &str) -> Vec<Vec<String>> {
    let compiled = compile(manifest, sql, Dialect::DuckDb).unwrap();
    let mut statement = conn.prepare(&compiled).unwrap_or_else(|e| panic!("{e}\n{compiled}"));
    let mut result = statement.query([]).unwrap();
    let mut out = Vec::new();
    while let Some(row) = result.next().unwrap() {
        let n = row.as_ref().column_count();
        out.push((0..n).map(|i| format!("{:?}", row.get::<_, duckdb::types::Value>(i).unwrap())).collect());
    }
    out
}

fn texts(values: &[&[&str]]) -> Vec<Vec<String>> {
    values.iter().map(|row| row.iter().map(|v| (*v).to_owned()).collect()).collect()
}

#[test]
fn to_many_fields_aggregate_per_row_without_fan_out() {
    let (conn, manifest) = shop();
    let got = rows(&conn, &manifest, "SELECT name, CAST(total_spent AS DOUBLE), order_count FROM customers ORDER BY id");
    assert_eq!(got, texts(&[&["Text(\"Ada\")", "Double(60.0)", "BigInt(3)"], &["Text(\"Bo\")", "Double(30.0)", "BigInt(2)"], &["Text(\"Cy\")", "Null", "BigInt(0)"]]));
    // Two to-many fields in one query still leave one row per customer.
    assert_eq!(rows(&conn, &manifest, "SELECT count(*), CAST(sum(total_spent) AS DOUBLE), sum(order_count) FROM customers"),
        texts(&[&["BigInt(3)", "Double(90.0)", "HugeInt(5)"]]));
    assert_eq!(rows(&conn, &manifest, "SELECT count(*) FROM orders"), texts(&[&["BigInt(5)"]]));
}

#[test]
fn to_one_fields_join_once_and_fields_mix_with_joins_the_query_writes() {
    let (conn, manifest) = shop();
    let got = rows(&conn, &manifest, "SELECT id, customer_country, CAST(net AS DOUBLE) FROM orders WHERE customer_country = 'US' ORDER BY id");
    assert_eq!(got, texts(&[&["Int(13)", "Text(\"US\")", "Double(4.5)"], &["Int(14)", "Text(\"US\")", "Double(22.5)"]]));
    let got = rows(&conn, &manifest, "SELECT c.name, count(*) FROM customers c JOIN orders o ON o.customer_id = c.id WHERE c.total_spent > 50 GROUP BY c.name");
    assert_eq!(got, texts(&[&["Text(\"Ada\")", "BigInt(3)"]]));
}

#[test]
fn fields_that_cannot_compile_say_why() {
    let (_, mut manifest) = shop();
    manifest.models[0].columns.push(Column::calculated("odd", "DECIMAL", "SUM(orders.amount) +"));
    let err = compile(&manifest, "SELECT odd FROM customers", Dialect::DuckDb).unwrap_err();
    assert!(matches!(&err, CompileError::InvalidField(m) if m.contains("SUM(orders.amount) +")), "{err}");
    let (_, mut manifest) = shop();
    manifest.relationships[0].condition = "orders.customer_id > customers.id".into();
    let err = compile(&manifest, "SELECT total_spent FROM customers", Dialect::DuckDb).unwrap_err();
    assert!(matches!(&err, CompileError::InvalidField(m) if m.contains("equalities")), "{err}");
}
