//! The DUCKDB and CSV connectors on database files made in a temporary directory.

mod common;

use common::{assert_query_error_contains, options};
use quarry_engine::connectors::{ColumnTypeFamily as F, Connector, ConnectorError, DataSourceType, DuckDbConnector, QueryOptions, connect};
use serde_json::{Value, json};
use std::{
    path::Path,
    time::{Duration, Instant},
};

const FIXTURE: &str = r#"
CREATE SCHEMA sales;
CREATE TABLE sales.customers (id INTEGER PRIMARY KEY, name VARCHAR NOT NULL, email VARCHAR);
CREATE TABLE sales.orders (
    customer_id INTEGER NOT NULL REFERENCES sales.customers (id),
    order_no INTEGER NOT NULL,
    total DECIMAL(12, 2),
    PRIMARY KEY (customer_id, order_no)
);
CREATE TABLE sales.order_lines (
    customer_id INTEGER,
    order_no INTEGER,
    line_no INTEGER,
    product VARCHAR,
    PRIMARY KEY (customer_id, order_no, line_no),
    FOREIGN KEY (customer_id, order_no) REFERENCES sales.orders (customer_id, order_no)
);
CREATE VIEW sales.big_orders AS SELECT * FROM sales.orders WHERE total > 50;
CREATE TYPE mood AS ENUM ('happy', 'sad');
CREATE TABLE every_type (
    id INTEGER PRIMARY KEY, b BOOLEAN, i1 TINYINT, i8 BIGINT, h HUGEINT, ub UBIGINT, n DECIMAL(20, 6),
    f4 FLOAT, f8 DOUBLE, t VARCHAR, e mood, ts TIMESTAMP, tstz TIMESTAMPTZ, d DATE, tm TIME,
    iv INTERVAL, j JSON, l INTEGER[], s STRUCT(a INTEGER, b VARCHAR), m MAP(VARCHAR, INTEGER),
    bl BLOB, u UUID
);
INSERT INTO sales.customers VALUES (1, 'Ada', 'ada@example.com'), (2, 'Grace', NULL);
INSERT INTO sales.orders VALUES (1, 1, 10.50), (1, 2, 3), (2, 1, 99.99);
INSERT INTO every_type VALUES (
    1, true, -8, 9223372036854775807, 170141183460469231731687303715884105727, 18446744073709551615,
    12345678901234.123456, 1.5, 2.25, 'text', 'happy', TIMESTAMP '2024-01-31 13:45:00.5',
    TIMESTAMPTZ '2024-01-31 15:45:00+02', DATE '2024-01-31', TIME '13:45:00',
    INTERVAL '1 year 2 months 3 days 04:05:06.5', '{"a": [1, 2]}', [1, 2, 3], {'a': 1, 'b': 'x'},
    MAP {'k': 1}, 'Hello'::BLOB, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'
);
INSERT INTO every_type (id) VALUES (2);
"#;

fn make_database(path: &Path, sql: &str) {
    let conn = duckdb::Connection::open(path).expect("create the DuckDB file");
    conn.execute_batch(sql).expect("fixture");
}

struct Fixture {
    _dir: tempfile::TempDir,
    path: std::path::PathBuf,
}

impl Fixture {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("analytics.duckdb");
        make_database(&path, FIXTURE);
        Self { _dir: dir, path }
    }

    fn connector(&self) -> Box<dyn Connector> {
        connect(DataSourceType::Duckdb, &json!({"path": self.path}), &quarry_engine::SourcePolicy::permissive()).unwrap()
    }
}

#[tokio::test]
async fn lists_tables_columns_families_and_keys() {
    let fx = Fixture::new();
    let tables = fx.connector().tables().await.unwrap();
    let names: Vec<String> = tables.iter().map(|t| format!("{}.{}", t.schema, t.name)).collect();
    assert_eq!(names, ["main.every_type", "sales.big_orders", "sales.customers", "sales.order_lines", "sales.orders"]);
    let table = |name: &str| tables.iter().find(|t| t.name == name).unwrap();
    assert_eq!(table("orders").primary_key(), ["customer_id", "order_no"]);
    assert_eq!(table("order_lines").primary_key(), ["customer_id", "order_no", "line_no"]);
    assert!(table("big_orders").primary_key().is_empty());
    let name = table("customers").columns.iter().find(|c| c.name == "name").unwrap();
    assert!(name.not_null && !name.is_primary_key);
    let every: Vec<(&str, &str, F)> = table("every_type").columns.iter().map(|c| (c.name.as_str(), c.type_name.as_str(), c.family)).collect();
    assert_eq!(
        every,
        [
            ("id", "INTEGER", F::Integer),
            ("b", "BOOLEAN", F::Boolean),
            ("i1", "TINYINT", F::Integer),
            ("i8", "BIGINT", F::Integer),
            ("h", "HUGEINT", F::Integer),
            ("ub", "UBIGINT", F::Integer),
            ("n", "DECIMAL(20,6)", F::Decimal),
            ("f4", "FLOAT", F::Float),
            ("f8", "DOUBLE", F::Float),
            ("t", "VARCHAR", F::Text),
            ("e", "ENUM('happy', 'sad')", F::Text),
            ("ts", "TIMESTAMP", F::Timestamp),
            ("tstz", "TIMESTAMP WITH TIME ZONE", F::Timestamptz),
            ("d", "DATE", F::Date),
            ("tm", "TIME", F::Text),
            ("iv", "INTERVAL", F::Interval),
            ("j", "JSON", F::Json),
            ("l", "INTEGER[]", F::Record),
            ("s", "STRUCT(a INTEGER, b VARCHAR)", F::Record),
            ("m", "MAP(VARCHAR, INTEGER)", F::Record),
            ("bl", "BLOB", F::Binary),
            ("u", "UUID", F::Uuid),
        ]
    );
}

#[tokio::test]
async fn foreign_keys_including_composite() {
    let fx = Fixture::new();
    let keys = fx.connector().foreign_keys().await.unwrap();
    let summary: Vec<String> = keys
        .iter()
        .map(|k| format!("{}.{}({}) -> {}.{}({})", k.from_schema, k.from_table, k.from_columns.join(","), k.to_schema, k.to_table, k.to_columns.join(",")))
        .collect();
    assert_eq!(summary, ["sales.order_lines(customer_id,order_no) -> sales.orders(customer_id,order_no)", "sales.orders(customer_id) -> sales.customers(id)",]);
}

#[tokio::test]
async fn query_returns_every_family_as_json() {
    let fx = Fixture::new();
    let result = fx.connector().query("SELECT * FROM every_type ORDER BY id;", QueryOptions::default()).await.unwrap();
    assert_eq!(result.columns.len(), 22);
    assert_eq!(result.columns[12].family, F::Timestamptz);
    assert_eq!(
        Value::Array(result.rows[0].clone()),
        json!([
            1, true, -8, 9223372036854775807i64, "170141183460469231731687303715884105727", 18446744073709551615u64,
            "12345678901234.123456", 1.5, 2.25, "text", "happy", "2024-01-31T13:45:00.500",
            "2024-01-31T13:45:00Z", "2024-01-31", "13:45:00", "P1Y2M3DT4H5M6.5S", {"a": [1, 2]}, [1, 2, 3],
            {"a": 1, "b": "x"}, {"k": 1}, "SGVsbG8=", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"
        ])
    );
    let mut nulls = vec![json!(2)];
    nulls.resize(result.columns.len(), Value::Null);
    assert_eq!(result.rows[1], nulls);
    assert!(!result.truncated);
}

#[tokio::test]
async fn row_limit_truncates_and_keeps_the_order() {
    let fx = Fixture::new();
    let c = fx.connector();
    let sql = "SELECT range AS n FROM range(1, 101) ORDER BY n DESC";
    let r = c.query(sql, options(10, 30.0)).await.unwrap();
    assert!(r.truncated);
    assert_eq!(r.rows.len(), 10);
    assert_eq!((r.rows[0].clone(), r.rows[9].clone()), (vec![json!(100)], vec![json!(91)]));
    let r = c.query(sql, options(100, 30.0)).await.unwrap();
    assert!(!r.truncated);
    assert_eq!(r.rows.len(), 100);
}

const SLOW: &str = "SELECT count(*) FROM range(1000000000) a, range(1000000000) b WHERE a.range + b.range = 7";

#[tokio::test]
async fn timeout_interrupts_the_query() {
    let fx = Fixture::new();
    let started = Instant::now();
    let err = fx.connector().query(SLOW, options(10, 1.0)).await.unwrap_err();
    assert_eq!(err, ConnectorError::Timeout(Duration::from_secs(1)));
    assert!(started.elapsed() < Duration::from_secs(5), "took {:?}", started.elapsed());
}

#[tokio::test]
async fn cancel_interrupts_the_query() {
    let fx = Fixture::new();
    let opts = options(10, 120.0);
    let cancel = opts.cancel.clone();
    let connector = fx.connector();
    let started = Instant::now();
    let query = tokio::spawn(async move { connector.query(SLOW, opts).await });
    tokio::time::sleep(Duration::from_millis(500)).await;
    cancel.cancel();
    assert_eq!(query.await.unwrap().unwrap_err(), ConnectorError::Cancelled);
    assert!(started.elapsed() < Duration::from_secs(5), "took {:?}", started.elapsed());
    // The file is free again for the next query.
    let r = fx.connector().query("SELECT count(*) AS n FROM sales.orders", options(10, 30.0)).await.unwrap();
    assert_eq!(r.rows, [[json!(3)]]);
}

#[tokio::test]
async fn dry_run_describes_without_running() {
    let fx = Fixture::new();
    let c = fx.connector();
    let started = Instant::now();
    let columns =
        c.dry_run(&format!("SELECT c.id, c.name, o.total, ({SLOW}) AS slow FROM sales.customers c JOIN sales.orders o ON o.customer_id = c.id")).await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    let described: Vec<(&str, &str, F)> = columns.iter().map(|c| (c.name.as_str(), c.type_name.as_str(), c.family)).collect();
    assert_eq!(
        described,
        [("id", "INTEGER", F::Integer), ("name", "VARCHAR", F::Text), ("total", "DECIMAL(12,2)", F::Decimal), ("slow", "BIGINT", F::Integer)]
    );
    assert_query_error_contains(c.dry_run("SELECT * FROM nope").await, "Table with name nope does not exist");
    assert_query_error_contains(c.dry_run("SELECT nope FROM sales.customers").await, "nope");
}

#[tokio::test]
async fn files_are_read_only_and_private() {
    let fx = Fixture::new();
    let c = fx.connector();
    assert!(c.query("CREATE TABLE x (a INTEGER)", options(10, 30.0)).await.is_err());
    assert!(c.query("DELETE FROM sales.order_lines", options(10, 30.0)).await.is_err());
    assert_query_error_contains(c.query("SELECT * FROM read_csv('/etc/hostname')", options(10, 30.0)).await, "disabled");
    // Several readers at once.
    let (first, second) = (fx.connector(), fx.connector());
    let (a, b) = tokio::join!(
        first.query("SELECT count(*) FROM sales.customers", options(10, 30.0)),
        second.query("SELECT count(*) FROM sales.orders", options(10, 30.0)),
    );
    assert_eq!((a.unwrap().rows, b.unwrap().rows), (vec![vec![json!(2)]], vec![vec![json!(3)]]));
}

#[tokio::test]
async fn a_missing_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nothing-here.duckdb");
    let err = connect(DataSourceType::Duckdb, &json!({"path": path}), &quarry_engine::SourcePolicy::permissive()).unwrap_err();
    // The same words as for a file outside the allowed directory, and no server path.
    assert_eq!(err, ConnectorError::ConnectionRefused(quarry_engine::connectors::DUCKDB_FILE_UNAVAILABLE.into()));
    assert!(!path.exists(), "a read-only open must not create the file");
}

#[tokio::test]
async fn csv_source_reads_the_projects_database() {
    let dir = tempfile::tempdir().unwrap();
    let c = quarry_engine::connectors::DuckDbConnector::csv(dir.path().join("csv.duckdb"));
    assert_eq!(c.source_type(), DataSourceType::Csv);
    // Before the first import: an empty source.
    c.test().await.unwrap();
    assert!(c.tables().await.unwrap().is_empty());
    assert!(c.foreign_keys().await.unwrap().is_empty());
    assert!(!dir.path().join("csv.duckdb").exists());
    assert_query_error_contains(c.query("SELECT * FROM read_csv('/etc/hostname')", options(10, 30.0)).await, "disabled");

    make_database(
        &dir.path().join("csv.duckdb"),
        "CREATE TABLE sales (region VARCHAR, amount DECIMAL(10,2), day DATE);
         INSERT INTO sales VALUES ('north', 10.5, DATE '2024-01-01'), ('south', 7, DATE '2024-01-02');",
    );
    let tables = c.tables().await.unwrap();
    assert_eq!(tables.len(), 1);
    assert_eq!((tables[0].schema.as_str(), tables[0].name.as_str()), ("main", "sales"));
    let r = c.query("SELECT region, amount, day FROM sales ORDER BY region", options(10, 30.0)).await.unwrap();
    assert_eq!(r.rows, [[json!("north"), json!("10.50"), json!("2024-01-01")], [json!("south"), json!("7.00"), json!("2024-01-02")]]);
}

#[tokio::test]
async fn an_immutable_file_is_opened_once_and_every_query_shares_it() {
    let fx = Fixture::new();
    let count = "SELECT COUNT(*) AS n FROM sales.customers";
    let shared = DuckDbConnector::immutable(fx.path.clone());
    let first = shared.query(count, QueryOptions::default()).await.unwrap();
    // Queries at once each get their own connection to the one open database.
    let together: Vec<_> = (0..8)
        .map(|_| {
            let shared = shared.clone();
            tokio::spawn(async move { shared.query(count, QueryOptions::default()).await.map(|r| r.rows) })
        })
        .collect();
    for query in together {
        assert_eq!(query.await.unwrap().unwrap(), first.rows);
    }

    // Moved away, the file's database is still open for it; a plain DUCKDB source opens the
    // file for each query and no longer finds it.
    std::fs::rename(&fx.path, fx.path.with_extension("moved")).unwrap();
    std::fs::write(&fx.path, b"").unwrap();
    assert_eq!(shared.query(count, QueryOptions::default()).await.unwrap().rows, first.rows);
    assert!(DuckDbConnector::duckdb(fx.path.clone()).query(count, QueryOptions::default()).await.is_err());
}
