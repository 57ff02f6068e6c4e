//! Calculated fields across relationships compiled and run on DuckDB, with the fan-out
//! traps a join would set.

use duckdb::Connection;
use quarry_engine::{
    compile::{CompileError, Dialect, compile},
    mdl::{Column, DatePart, JoinType, Manifest, Metric, Model, ModelSource, Properties, Relationship, TimeGrain},
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
    assert_eq!(
        got,
        texts(&[&["Text(\"Ada\")", "Double(60.0)", "BigInt(3)"], &["Text(\"Bo\")", "Double(30.0)", "BigInt(2)"], &["Text(\"Cy\")", "Null", "BigInt(0)"]])
    );
    // Two to-many fields in one query still leave one row per customer.
    assert_eq!(
        rows(&conn, &manifest, "SELECT count(*), CAST(sum(total_spent) AS DOUBLE), sum(order_count) FROM customers"),
        texts(&[&["BigInt(3)", "Double(90.0)", "HugeInt(5)"]])
    );
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

fn sales() -> (Connection, Manifest) {
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(
        "CREATE TABLE raw_sales (id INTEGER, region VARCHAR, amount INTEGER, sold_at TIMESTAMP);
         INSERT INTO raw_sales VALUES
           (1, 'north', 10, '2024-01-03 10:00'), (2, 'north', 20, '2024-01-20 11:00'), (3, 'south', 5, '2024-02-01 09:00'),
           (4, 'south', 7, '2024-04-11 12:00'), (5, 'north', 1, '2025-01-01 00:30');",
    )
    .unwrap();
    let manifest = Manifest {
        models: vec![model(
            "sales",
            vec![
                Column::source("id", "INTEGER"),
                Column::source("region", "VARCHAR"),
                Column::source("amount", "INTEGER"),
                Column::source("sold_at", "TIMESTAMP"),
            ],
        )],
        metrics: vec![Metric {
            name: "revenue".into(),
            base_object: "sales".into(),
            dimensions: vec![Column::source("region", "VARCHAR")],
            measures: vec![Column::calculated("total", "BIGINT", "SUM(amount)"), Column::calculated("orders", "BIGINT", "COUNT(*)")],
            time_grains: vec![TimeGrain {
                name: "sold".into(),
                ref_column: "sold_at".into(),
                date_parts: vec![DatePart::Year, DatePart::Quarter, DatePart::Month],
            }],
            properties: Properties::default(),
        }],
        ..Manifest::default()
    };
    (conn, manifest)
}

#[test]
fn metrics_group_by_the_dimensions_and_time_grains_a_query_reads() {
    let (conn, manifest) = sales();
    let by_month = rows(&conn, &manifest, "SELECT CAST(sold_month AS DATE), total FROM revenue ORDER BY 1");
    assert_eq!(
        by_month,
        texts(&[&["Date32(19723)", "HugeInt(30)"], &["Date32(19754)", "HugeInt(5)"], &["Date32(19814)", "HugeInt(7)"], &["Date32(20089)", "HugeInt(1)"],])
    );
    // The same metric at another grain regroups instead of splitting by month.
    let by_year = rows(&conn, &manifest, "SELECT year(sold_year), total, orders FROM revenue ORDER BY 1");
    assert_eq!(by_year, texts(&[&["BigInt(2024)", "HugeInt(42)", "BigInt(4)"], &["BigInt(2025)", "HugeInt(1)", "BigInt(1)"]]));
    let by_region_quarter = rows(&conn, &manifest, "SELECT region, quarter(sold_quarter), total FROM revenue WHERE year(sold_quarter) = 2024 ORDER BY 1, 2");
    assert_eq!(
        by_region_quarter,
        texts(&[
            &["Text(\"north\")", "BigInt(1)", "HugeInt(30)"],
            &["Text(\"south\")", "BigInt(1)", "HugeInt(5)"],
            &["Text(\"south\")", "BigInt(2)", "HugeInt(7)"],
        ])
    );
    assert_eq!(rows(&conn, &manifest, "SELECT total FROM revenue"), texts(&[&["HugeInt(43)"]]));
}

#[test]
fn only_the_columns_a_query_reads_are_pulled_from_the_source() {
    let (conn, manifest) = shop();
    let sql = compile(&manifest, "SELECT name FROM customers WHERE id > 1", Dialect::DuckDb).unwrap();
    assert!(sql.contains("\"name\" AS \"name\"") && sql.contains("\"id\" AS \"id\""), "{sql}");
    assert!(!sql.contains("country") && !sql.contains("raw_orders"), "unread columns and fields stay out: {sql}");
    // A field pulls what it is made of, on both sides of its relationship.
    let sql = compile(&manifest, "SELECT name, total_spent FROM customers", Dialect::DuckDb).unwrap();
    assert!(sql.contains("\"amount\" AS \"amount\"") && sql.contains("\"customer_id\" AS \"customer_id\""), "{sql}");
    assert!(!sql.contains("order_count") && !sql.contains("country"), "{sql}");
    let all = compile(&manifest, "SELECT * FROM customers", Dialect::DuckDb).unwrap();
    assert!(all.contains("country") && all.contains("order_count"), "{all}");
    // Fewer columns, same rows.
    assert_eq!(rows(&conn, &manifest, "SELECT count(*) FROM customers"), texts(&[&["BigInt(3)"]]));
    assert_eq!(rows(&conn, &manifest, "SELECT o.id FROM orders o JOIN customers c USING (id) ORDER BY 1"), texts(&[]));
}

#[test]
fn every_dialect_quotes_its_own_way() {
    assert_eq!(Dialect::Postgres.quote("order \"items\""), "\"order \"\"items\"\"\"");
    assert_eq!(Dialect::DuckDb.quote("Album"), "\"Album\"");
    assert_eq!(Dialect::MySql.quote("odd`name"), "`odd``name`");
    let mut manifest = shop().1;
    manifest.models[1].source = ModelSource::Table { catalog: None, schema: Some("Sales Data".into()), table: "Orders 2024".into() };
    let mysql = compile(&manifest, "SELECT amount FROM orders", Dialect::MySql).unwrap();
    assert!(mysql.contains("FROM `Sales Data`.`Orders 2024`") && mysql.starts_with("WITH `orders` AS"), "{mysql}");
    let postgres = compile(&manifest, "SELECT amount FROM orders", Dialect::Postgres).unwrap();
    assert!(postgres.contains("FROM \"Sales Data\".\"Orders 2024\"") && postgres.starts_with("WITH \"orders\" AS"), "{postgres}");
    // Time grains truncate with each dialect's own functions.
    let sales = sales().1;
    let mysql = compile(&sales, "SELECT sold_month, total FROM revenue", Dialect::MySql).unwrap();
    assert!(mysql.contains("MAKEDATE(YEAR(`sold_at`), 1) + INTERVAL (MONTH(`sold_at`) - 1) MONTH AS `sold_month`"), "{mysql}");
    let postgres = compile(&sales, "SELECT sold_month, total FROM revenue", Dialect::Postgres).unwrap();
    assert!(postgres.contains("DATE_TRUNC('month', \"sold_at\") AS \"sold_month\""), "{postgres}");
}

#[test]
fn the_eighteen_functions_work_in_calculated_fields_on_every_dialect() {
    let (conn, mut manifest) = shop();
    let scalar = [
        ("f_abs", "ABS(id - 2)"),
        ("f_cbrt", "CBRT(id * 8)"),
        ("f_ceil", "CEIL(id / 2.0)"),
        ("f_ceiling", "CEILING(id / 2.0)"),
        ("f_exp", "ROUND(EXP(0))"),
        ("f_floor", "FLOOR(id / 2.0)"),
        ("f_length", "LENGTH(name)"),
        ("f_ln", "ROUND(LN(1))"),
        ("f_log10", "LOG10(100)"),
        ("f_reverse", "REVERSE(name)"),
        ("f_round", "ROUND(id / 3.0, 1)"),
        ("f_sign", "SIGN(id - 2)"),
    ];
    let aggregate = [
        ("a_avg", "AVG(orders.amount)"),
        ("a_count", "COUNT(orders.id)"),
        ("a_count_if", "COUNT_IF(orders.amount > 15)"),
        ("a_max", "MAX(orders.amount)"),
        ("a_min", "MIN(orders.amount)"),
        ("a_sum", "SUM(orders.amount)"),
    ];
    for (name, expression) in scalar.iter().chain(&aggregate) {
        manifest.models[0].columns.push(Column::calculated(name, "", expression));
    }
    let names: Vec<String> = scalar.iter().chain(&aggregate).map(|(n, _)| format!("CAST({n} AS VARCHAR)")).collect();
    let got = rows(&conn, &manifest, &format!("SELECT {} FROM customers WHERE id = 1", names.join(", ")));
    let text: Vec<String> = got[0].iter().map(|v| v.trim_start_matches("Text(\"").trim_end_matches("\")").to_owned()).collect();
    assert_eq!(text, ["1", "2.0", "1.0", "1.0", "1.0", "0.0", "3", "0.0", "2.0", "adA", "0.3", "-1", "20.0", "3", "2", "30.00", "10.00", "60.00"]);
    // Outside DuckDB, functions the source lacks are written with ones it has.
    let all = format!("SELECT {} FROM customers", scalar.iter().chain(&aggregate).map(|(n, _)| *n).collect::<Vec<_>>().join(", "));
    let postgres = compile(&manifest, &all, Dialect::Postgres).unwrap();
    assert!(postgres.contains("COUNT(CASE WHEN \"orders\".\"amount\" > 15 THEN 1 END)") && !postgres.contains("COUNT_IF"), "{postgres}");
    let mysql = compile(&manifest, &all, Dialect::MySql).unwrap();
    assert!(mysql.contains("SIGN(`id` * 8) * POW(ABS(`id` * 8), 1.0 / 3)") && mysql.contains("CHAR_LENGTH(`name`)") && !mysql.contains("COUNT_IF"), "{mysql}");
}

#[test]
fn relationship_columns_make_joins_implicit_in_queries() {
    let (conn, manifest) = shop();
    // `customer` is the relationship column of orders: reading through it joins customers.
    let got = rows(&conn, &manifest, "SELECT id, customer.name FROM orders WHERE customer.country = 'US' ORDER BY id");
    assert_eq!(got, texts(&[&["Int(13)", "Text(\"Bo\")"], &["Int(14)", "Text(\"Bo\")"]]));
    let got = rows(&conn, &manifest, "SELECT customer.country, count(*) FROM orders AS o GROUP BY customer.country ORDER BY 1");
    assert_eq!(got, texts(&[&["Text(\"UK\")", "BigInt(3)"], &["Text(\"US\")", "BigInt(2)"]]), "one row per order, none added");
    // A name the query binds itself is left alone, and so is a correlated outer reference.
    let got = rows(&conn, &manifest, "SELECT count(*) FROM orders AS customer WHERE customer.amount > 10");
    assert_eq!(got, texts(&[&["BigInt(3)"]]));
    let got = rows(
        &conn,
        &manifest,
        "SELECT name FROM customers WHERE EXISTS (SELECT 1 FROM orders WHERE orders.customer_id = customers.id AND orders.amount > 20) ORDER BY 1",
    );
    assert_eq!(got, texts(&[&["Text(\"Ada\")"], &["Text(\"Bo\")"]]));
    let sql = compile(&manifest, "SELECT customer.name FROM orders", Dialect::Postgres).unwrap();
    assert!(
        sql.ends_with(
            "SELECT \"customer\".\"customer.name\" FROM orders LEFT JOIN (SELECT \"id\" AS \"customer.__key0\", \"name\" AS \"customer.name\" \
             FROM \"customers\") AS \"customer\" ON \"customer\".\"customer.__key0\" = \"orders\".\"customer_id\""
        ),
        "{sql}"
    );
}
