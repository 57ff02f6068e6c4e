//! Data security in the compiler, run on DuckDB: row policies bound from a viewer's session
//! properties and column policies, however a query reaches a model; and a property test
//! against an oracle that applies the same filter to the raw table.

mod store;

use duckdb::Connection;
use proptest::{prelude::*, test_runner::Config};
use quarry_engine::{
    compile::{
        CompileError, Dialect, compile, compile_as,
        security::{Scalar, Viewer, check_column_policy, check_row_policy},
    },
    mdl::{Column, ColumnPolicy, FilterOperator, JoinType, Manifest, Properties, Relationship, RowPolicy, View},
};

const REGIONS: [&str; 3] = ["East", "West", "North"];

/// Reps and their sales; sales rows by region; a rep's salary and their sales total.
fn store() -> (Connection, Manifest) {
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(
        "CREATE TABLE reps (id INTEGER, name VARCHAR, region VARCHAR, salary INTEGER);
         INSERT INTO reps VALUES (1, 'Ann', 'East', 100), (2, 'Ben', 'West', 200), (3, 'Cat', 'North', 300);
         CREATE TABLE sales (id INTEGER, rep_id INTEGER, region VARCHAR, amount INTEGER);
         INSERT INTO sales SELECT i, 1 + i % 3, CASE i % 3 WHEN 0 THEN 'East' WHEN 1 THEN 'West' ELSE 'North' END, i * 7 % 50 FROM range(1, 61) t(i);",
    )
    .unwrap();
    let manifest = Manifest {
        models: vec![
            store::model(
                "reps",
                vec![
                    Column::source("id", "INTEGER"),
                    Column::source("name", "VARCHAR"),
                    Column::source("region", "VARCHAR"),
                    Column::source("salary", "INTEGER"),
                    Column::calculated("pay_band", "INTEGER", "salary / 100"),
                    Column::relationship("sales", "sales", "sale_rep"),
                    Column::calculated("sold", "BIGINT", "SUM(sales.amount)"),
                ],
            ),
            store::model(
                "sales",
                vec![
                    Column::source("id", "INTEGER"),
                    Column::source("rep_id", "INTEGER"),
                    Column::source("region", "VARCHAR"),
                    Column::source("amount", "INTEGER"),
                    Column::relationship("reps", "reps", "sale_rep"),
                ],
            ),
        ],
        relationships: vec![Relationship {
            name: "sale_rep".into(),
            models: ["sales".into(), "reps".into()],
            join_type: JoinType::ManyToOne,
            condition: "sales.rep_id = reps.id".into(),
            properties: Properties::default(),
        }],
        views: vec![View { name: "big_sales".into(), statement: "SELECT * FROM sales WHERE amount > 20".into(), properties: Properties::default() }],
        row_policies: vec![RowPolicy { name: "own region".into(), model: "sales".into(), condition: "region = @region".into(), admins_exempt: false }],
        column_policies: vec![ColumnPolicy {
            name: "salaries for HR".into(),
            model: "reps".into(),
            column: "salary".into(),
            property: "clearance".into(),
            operator: FilterOperator::GreaterThanOrEquals,
            threshold: serde_json::json!(3),
            admins_exempt: false,
        }],
        ..Manifest::default()
    };
    (conn, manifest)
}

fn run(conn: &Connection, manifest: &Manifest, viewer: &Viewer, sql: &str) -> Result<Vec<Vec<String>>, CompileError> {
    Ok(store::rows(conn, &compile_as(manifest, viewer, sql, Dialect::DuckDb)?))
}

/// The raw table's answer, filtered by hand: what a viewer of `regions` may see.
fn oracle(conn: &Connection, sql_over_visible: &str, regions: &[&str]) -> Vec<Vec<String>> {
    let list = if regions.is_empty() { "NULL".to_owned() } else { regions.iter().map(|r| format!("'{r}'")).collect::<Vec<_>>().join(", ") };
    store::rows(conn, &sql_over_visible.replace("visible", &format!("(SELECT * FROM sales WHERE region IN ({list})) AS visible")))
}

fn count(rows: &[Vec<String>]) -> String {
    rows[0][0].clone()
}

fn region(values: &[&str]) -> Viewer {
    Viewer::nobody().with("region", values.iter().map(|v| Scalar::Text((*v).into())).collect())
}

#[test]
fn a_viewer_sees_the_rows_of_their_property_values_and_nobody_sees_none() {
    let (conn, m) = store();
    let total = |viewer: &Viewer| count(&run(&conn, &m, viewer, "SELECT COUNT(*) FROM sales").unwrap());
    assert_eq!(total(&region(&["East"])), "BigInt(20)");
    // COMBINED: a set of values is any of them.
    assert_eq!(total(&region(&["East", "West"])), "BigInt(40)");
    // No value, or a value of another type than the column's: no rows, never all of them.
    assert_eq!(total(&Viewer::nobody()), "BigInt(0)");
    assert_eq!(total(&Viewer::nobody().with("region", vec![Scalar::Number(1.0)])), "BigInt(0)");
    // The value is a literal, not SQL.
    assert_eq!(total(&region(&["East' OR '1'='1"])), "BigInt(0)");
    // compile() is a viewer with no values.
    let compiled = compile(&m, "SELECT COUNT(*) FROM sales", Dialect::DuckDb).unwrap();
    assert!(compiled.contains("1 = 0"), "{compiled}");
}

#[test]
fn every_way_of_reaching_a_model_passes_its_row_policy() {
    let (conn, m) = store();
    let east = region(&["East"]);
    let east_total = oracle(&conn, "SELECT SUM(amount) FROM visible", &["East"]);
    for sql in [
        "SELECT SUM(amount) FROM sales",
        "SELECT SUM(s.amount) FROM sales AS s",
        "WITH x AS (SELECT * FROM sales) SELECT SUM(amount) FROM x",
        "SELECT SUM(amount) FROM (SELECT amount FROM sales UNION ALL SELECT 0) AS u",
        "SELECT SUM(amount) FROM sales WHERE EXISTS (SELECT 1 FROM sales AS t WHERE t.id = sales.id)",
        "SELECT SUM(amount) FROM (SELECT amount, ROW_NUMBER() OVER (ORDER BY id) AS n FROM sales) AS w",
        // Through a relationship's calculated field on another model.
        "SELECT SUM(sold) FROM reps",
    ] {
        assert_eq!(run(&conn, &m, &east, sql).unwrap(), east_total, "{sql}");
    }
    // Through a view.
    assert_eq!(run(&conn, &m, &east, "SELECT COUNT(*) FROM big_sales").unwrap(), oracle(&conn, "SELECT COUNT(*) FROM visible WHERE amount > 20", &["East"]));
}

#[test]
fn a_restricted_column_cannot_be_read_by_any_path_and_is_not_named() {
    let (conn, m) = store();
    let cleared = Viewer::nobody().with("clearance", vec![Scalar::Number(3.0)]);
    let not_cleared = Viewer::nobody().with("clearance", vec![Scalar::Number(2.0)]);
    for sql in ["SELECT salary FROM reps", "SELECT * FROM reps", "SELECT SUM(pay_band) FROM reps", "SELECT name FROM reps WHERE salary > 150"] {
        for viewer in [&not_cleared, &Viewer::nobody()] {
            let error = run(&conn, &m, viewer, sql).unwrap_err();
            assert!(matches!(error, CompileError::Restricted), "{sql}: {error}");
            assert_eq!(error.to_string(), "Restricted by policy");
        }
        assert!(run(&conn, &m, &cleared, sql).is_ok(), "{sql}");
    }
    // Nor is it described to them: the column and the field made of it are left out.
    let described = |viewer: &Viewer| -> Vec<String> {
        quarry_engine::compile::security::described(&m, viewer).model("reps").unwrap().columns.iter().map(|c| c.name.clone()).collect()
    };
    assert!(!described(&not_cleared).iter().any(|c| c == "salary" || c == "pay_band"), "{:?}", described(&not_cleared));
    assert!(described(&cleared).iter().any(|c| c == "salary") && described(&not_cleared).iter().any(|c| c == "name"));
    // What is not restricted stays readable.
    assert_eq!(run(&conn, &m, &not_cleared, "SELECT COUNT(*), MIN(name) FROM reps").unwrap()[0][0], "BigInt(3)");
}

#[test]
fn admins_are_subject_to_policies_unless_a_policy_exempts_them() {
    let (conn, mut m) = store();
    let total = |m: &Manifest, viewer: &Viewer| count(&run(&conn, m, viewer, "SELECT COUNT(*) FROM sales").unwrap());
    let admin = Viewer::nobody().as_administrator();
    assert_eq!(total(&m, &admin), "BigInt(0)");
    assert!(run(&conn, &m, &admin, "SELECT salary FROM reps").is_err());
    assert!(quarry_engine::compile::security::described(&m, &admin).model("reps").unwrap().column("salary").is_none());
    m.row_policies[0].admins_exempt = true;
    m.column_policies[0].admins_exempt = true;
    assert_eq!(total(&m, &admin), oracle(&conn, "SELECT COUNT(*) FROM sales", &[])[0][0]);
    assert!(run(&conn, &m, &admin, "SELECT salary FROM reps").is_ok());
    assert!(quarry_engine::compile::security::described(&m, &admin).model("reps").unwrap().column("salary").is_some());
    // Everyone else is still held by them, and an admin's cached answers are not theirs.
    assert_eq!(total(&m, &Viewer::nobody()), "BigInt(0)");
    assert!(run(&conn, &m, &Viewer::nobody(), "SELECT salary FROM reps").is_err());
    assert_ne!(admin.fingerprint(), Viewer::nobody().fingerprint());
}

#[test]
fn invalid_policies_are_refused_with_what_is_wrong() {
    let (_, m) = store();
    let props = [("region".to_owned(), Scalar::Text("East".into()))];
    let check = |condition: &str| {
        check_row_policy(&m, Dialect::DuckDb, &RowPolicy { name: "p".into(), model: "sales".into(), condition: condition.into(), admins_exempt: false }, &props)
    };
    assert!(check("region = @region AND amount > 0").is_ok());
    for (condition, says) in [
        ("region = @territory", "no session property \"territory\""),
        ("colour = @region", "no column \"colour\""),
        ("region IN (SELECT region FROM reps)", "subquery"),
        ("region = @", "must be followed"),
        ("region = 'East", "not closed"),
    ] {
        let error = check(condition).unwrap_err().to_string();
        assert!(error.contains(says), "{condition}: {error}");
    }
    let column = |column: &str, threshold: serde_json::Value| {
        check_column_policy(
            &m,
            &ColumnPolicy {
                name: "c".into(),
                model: "reps".into(),
                column: column.into(),
                property: "clearance".into(),
                operator: FilterOperator::Equals,
                threshold,
                admins_exempt: false,
            },
        )
    };
    assert!(column("salary", serde_json::json!(3)).is_ok());
    assert!(column("bonus", serde_json::json!(3)).unwrap_err().to_string().contains("no column"));
    assert!(column("salary", serde_json::json!([1])).is_err());
}

/// Queries over sales from a small grammar: a part of the table, read one of several ways.
fn query() -> impl Strategy<Value = (String, String)> {
    let filter = prop_oneof![Just(String::new()), (0..50i32).prop_map(|n| format!(" WHERE amount > {n}")), Just(" WHERE rep_id = 2".to_owned())];
    let shape = prop_oneof![
        Just(("SELECT COUNT(*), SUM(amount) FROM {t}{f}", "SELECT COUNT(*), SUM(amount) FROM visible{f}")),
        Just((
            "SELECT region, COUNT(*) FROM {t}{f} GROUP BY region ORDER BY region",
            "SELECT region, COUNT(*) FROM visible{f} GROUP BY region ORDER BY region"
        )),
        Just(("SELECT MAX(amount) FROM (SELECT * FROM {t}{f}) AS q", "SELECT MAX(amount) FROM (SELECT * FROM visible{f}) AS q")),
        Just(("WITH c AS (SELECT * FROM {t}{f}) SELECT COUNT(*) FROM c", "WITH c AS (SELECT * FROM visible{f}) SELECT COUNT(*) FROM c")),
        Just((
            "SELECT COUNT(*) FROM (SELECT id FROM {t}{f} UNION SELECT id FROM {t}) AS u",
            "SELECT COUNT(*) FROM (SELECT id FROM visible{f} UNION SELECT id FROM visible) AS u"
        )),
        Just((
            "SELECT id, SUM(amount) OVER (ORDER BY id) FROM {t}{f} ORDER BY id DESC LIMIT 3",
            "SELECT id, SUM(amount) OVER (ORDER BY id) FROM visible{f} ORDER BY id DESC LIMIT 3"
        )),
    ];
    (shape, filter).prop_map(|((ours, theirs), f)| (ours.replace("{t}", "sales").replace("{f}", &f), theirs.replace("{f}", &f)))
}

proptest! {
    #![proptest_config(Config { cases: 48, ..Config::default() })]

    #[test]
    fn what_a_viewer_gets_is_what_the_oracle_allows(regions in proptest::sample::subsequence(REGIONS.to_vec(), 0..=3), (ours, theirs) in query()) {
        let (conn, m) = store();
        let got = run(&conn, &m, &region(&regions), &ours).unwrap();
        prop_assert_eq!(got, oracle(&conn, &theirs, &regions), "{}", ours);
    }
}
