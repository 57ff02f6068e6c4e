//! The MYSQL connector against the MariaDB server of `make test` (QUARRY_TEST_MYSQL_URL):
//! each test gets fresh databases (the source's and a second one its keys reach into) with
//! composite keys, foreign keys and a table with a column of every type family MySQL has.

mod common;

use common::{ServerUrl, assert_query_error_contains, fresh_name, options, require_env};
use mysql_async::{Conn, prelude::Queryable};
use quarry_engine::connectors::{ColumnTypeFamily as F, Connector, ConnectorError, DataSourceType, QueryOptions, connect};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

fn fixture(other_db: &str) -> String {
    format!(
        r#"
CREATE TABLE `{other_db}`.departments (code CHAR(4) PRIMARY KEY, name VARCHAR(100) NOT NULL);
CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(100) NOT NULL, email VARCHAR(200));
CREATE TABLE orders (
    customer_id INT NOT NULL,
    order_no INT NOT NULL,
    total DECIMAL(12, 2),
    PRIMARY KEY (customer_id, order_no),
    CONSTRAINT orders_customer FOREIGN KEY (customer_id) REFERENCES customers (id)
);
CREATE TABLE order_lines (
    customer_id INT,
    order_no INT,
    line_no INT,
    product VARCHAR(100),
    PRIMARY KEY (customer_id, order_no, line_no),
    CONSTRAINT lines_order FOREIGN KEY (customer_id, order_no) REFERENCES orders (customer_id, order_no)
);
CREATE TABLE staff (
    id BIGINT PRIMARY KEY,
    department CHAR(4),
    CONSTRAINT staff_department FOREIGN KEY (department) REFERENCES `{other_db}`.departments (code)
);
CREATE VIEW big_orders AS SELECT customer_id, order_no, total FROM orders WHERE total > 50;
CREATE TABLE every_type (
    id INT PRIMARY KEY, b TINYINT(1), bt BIT(1), i2 SMALLINT, i4 INT, i8 BIGINT UNSIGNED, y YEAR,
    n DECIMAL(20, 6), f4 FLOAT, f8 DOUBLE, vc VARCHAR(10), t TEXT, e ENUM('new', 'paid'),
    dt DATETIME(3), ts TIMESTAMP NULL, d DATE, tm TIME, j JSON, vb VARBINARY(16), bl BLOB,
    u UUID, ip INET6
);
INSERT INTO customers VALUES (1, 'Ada', 'ada@example.com'), (2, 'Grace', NULL);
INSERT INTO orders VALUES (1, 1, 10.50), (1, 2, 3), (2, 1, 99.99);
INSERT INTO every_type VALUES (
    1, 1, b'1', 32767, 2147483647, 18446744073709551615, 2024,
    12345678901234.123456, 1.5, 2.25, 'varchar', 'text', 'new',
    '2024-01-31 13:45:00.5', '2024-01-31 13:45:00', '2024-01-31', '13:45:00', '{{"a": [1, 2]}}',
    'Hello', 'Hello', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '::1'
);
INSERT INTO every_type (id) VALUES (2);
"#
    )
}

async fn connect_url(url: &str) -> Conn {
    let opts = mysql_async::OptsBuilder::from_opts(mysql_async::Opts::from_url(url).unwrap()).prefer_socket(false);
    Conn::new(opts).await.expect("connect to the test MariaDB")
}

struct Fixture {
    server: ServerUrl,
    name: String,
    other: String,
}

impl Fixture {
    async fn new() -> Self {
        let url = require_env("QUARRY_TEST_MYSQL_URL");
        let server = ServerUrl::parse(&url);
        let name = fresh_name();
        let other = format!("{name}_hr");
        let mut admin = connect_url(&url).await;
        admin.query_drop(format!("CREATE DATABASE `{name}`; CREATE DATABASE `{other}`")).await.unwrap();
        admin.disconnect().await.unwrap();
        let mut conn = connect_url(&server.url_for("mysql", &name)).await;
        conn.query_drop(fixture(&other)).await.expect("fixture");
        conn.disconnect().await.unwrap();
        Self { server, name, other }
    }

    fn connector(&self) -> Box<dyn Connector> {
        connect(DataSourceType::Mysql, &self.server.properties(&self.name), &quarry_engine::SourcePolicy::permissive()).unwrap()
    }

    fn connector_with(&self, changes: Value) -> Box<dyn Connector> {
        let mut props = self.server.properties(&self.name);
        for (k, v) in changes.as_object().unwrap() {
            props[k] = v.clone();
        }
        connect(DataSourceType::Mysql, &props, &quarry_engine::SourcePolicy::permissive()).unwrap()
    }

    /// Statements running in the source database, other than our own.
    async fn running(&self) -> i64 {
        let mut conn = connect_url(&self.server.url_for("mysql", &self.name)).await;
        let n: Option<i64> = conn
            .query_first(
                "SELECT COUNT(*) FROM information_schema.PROCESSLIST
                 WHERE DB = DATABASE() AND COMMAND = 'Query' AND ID <> CONNECTION_ID()",
            )
            .await
            .unwrap();
        conn.disconnect().await.unwrap();
        n.unwrap_or_default()
    }

    /// Waits up to 3 s for the source database to be idle.
    async fn idle(&self) -> bool {
        for _ in 0..30 {
            if self.running().await == 0 {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        false
    }

    async fn finish(self) {
        let mut admin = connect_url(&require_env("QUARRY_TEST_MYSQL_URL")).await;
        for db in [&self.name, &self.other] {
            admin.query_drop(format!("DROP DATABASE IF EXISTS `{db}`")).await.unwrap();
        }
        admin.disconnect().await.unwrap();
    }
}

#[tokio::test]
async fn lists_tables_columns_families_and_keys() {
    let fx = Fixture::new().await;
    let tables = fx.connector().tables().await.unwrap();
    let names: Vec<&str> = tables.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["big_orders", "customers", "every_type", "order_lines", "orders", "staff"]);
    assert!(tables.iter().all(|t| t.schema == fx.name));
    let table = |name: &str| tables.iter().find(|t| t.name == name).unwrap();
    assert_eq!(table("orders").primary_key(), ["customer_id", "order_no"]);
    assert_eq!(table("order_lines").primary_key(), ["customer_id", "order_no", "line_no"]);
    assert!(table("big_orders").primary_key().is_empty());
    let name = table("customers").columns.iter().find(|c| c.name == "name").unwrap();
    assert!(name.not_null && !name.is_primary_key);
    assert_eq!(name.type_name, "varchar(100)");

    let every: Vec<(&str, F)> = table("every_type").columns.iter().map(|c| (c.name.as_str(), c.family)).collect();
    assert_eq!(
        every,
        [
            ("id", F::Integer),
            ("b", F::Boolean),
            ("bt", F::Boolean),
            ("i2", F::Integer),
            ("i4", F::Integer),
            ("i8", F::Integer),
            ("y", F::Integer),
            ("n", F::Decimal),
            ("f4", F::Float),
            ("f8", F::Float),
            ("vc", F::Text),
            ("t", F::Text),
            ("e", F::Text),
            ("dt", F::Timestamp),
            ("ts", F::Timestamptz),
            ("d", F::Date),
            ("tm", F::Text),
            ("j", F::Json),
            ("vb", F::Binary),
            ("bl", F::Binary),
            ("u", F::Uuid),
            ("ip", F::Inet),
        ]
    );
    let j = table("every_type").columns.iter().find(|c| c.name == "j").unwrap();
    assert_eq!(j.type_name, "json");
    fx.finish().await;
}

#[tokio::test]
async fn foreign_keys_composite_and_across_databases() {
    let fx = Fixture::new().await;
    let keys = fx.connector().foreign_keys().await.unwrap();
    let summary: Vec<String> = keys
        .iter()
        .map(|k| format!("{}.{}({}) -> {}.{}({})", k.from_schema, k.from_table, k.from_columns.join(","), k.to_schema, k.to_table, k.to_columns.join(",")))
        .collect();
    let (db, hr) = (&fx.name, &fx.other);
    assert_eq!(
        summary,
        [
            format!("{db}.order_lines(customer_id,order_no) -> {db}.orders(customer_id,order_no)"),
            format!("{db}.orders(customer_id) -> {db}.customers(id)"),
            format!("{db}.staff(department) -> {hr}.departments(code)"),
        ]
    );
    fx.finish().await;
}

#[tokio::test]
async fn query_returns_values_as_json() {
    let fx = Fixture::new().await;
    let result = fx.connector().query("SELECT * FROM every_type ORDER BY id;", QueryOptions::default()).await.unwrap();
    let families: Vec<(&str, &str, F)> = result.columns.iter().map(|c| (c.name.as_str(), c.type_name.as_str(), c.family)).collect();
    // MariaDB sends JSON, UUID and INET6 as strings; their types come from the catalog.
    assert_eq!(
        families,
        [
            ("id", "INT", F::Integer),
            ("b", "TINYINT(1)", F::Boolean),
            ("bt", "BIT(1)", F::Boolean),
            ("i2", "SMALLINT", F::Integer),
            ("i4", "INT", F::Integer),
            ("i8", "BIGINT UNSIGNED", F::Integer),
            ("y", "YEAR", F::Integer),
            ("n", "DECIMAL", F::Decimal),
            ("f4", "FLOAT", F::Float),
            ("f8", "DOUBLE", F::Float),
            ("vc", "VARCHAR", F::Text),
            ("t", "TEXT", F::Text),
            ("e", "ENUM", F::Text),
            ("dt", "DATETIME", F::Timestamp),
            ("ts", "TIMESTAMP", F::Timestamptz),
            ("d", "DATE", F::Date),
            ("tm", "TIME", F::Text),
            ("j", "json", F::Json),
            ("vb", "VARBINARY", F::Binary),
            ("bl", "BLOB", F::Binary),
            ("u", "uuid", F::Uuid),
            ("ip", "inet6", F::Inet),
        ]
    );
    assert_eq!(
        Value::Array(result.rows[0].clone()),
        json!([
            1, true, true, 32767, 2147483647, 18446744073709551615u64, 2024,
            "12345678901234.123456", 1.5, 2.25, "varchar", "text", "new",
            "2024-01-31T13:45:00.500", "2024-01-31T13:45:00Z", "2024-01-31", "13:45:00", {"a": [1, 2]},
            "SGVsbG8=", "SGVsbG8=", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "::1"
        ])
    );
    // Text in a binary collation is text, not bytes.
    let r = fx
        .connector()
        .query("SELECT CAST('Ada' AS CHAR CHARACTER SET utf8mb4) COLLATE utf8mb4_bin AS name, UNHEX('00FF') AS raw", options(10, 30.0))
        .await
        .unwrap();
    assert_eq!((r.columns[0].family, r.columns[1].family), (F::Text, F::Binary));
    assert_eq!(r.rows, [[json!("Ada"), json!("AP8=")]]);
    let mut nulls = vec![json!(2)];
    nulls.resize(result.columns.len(), Value::Null);
    assert_eq!(result.rows[1], nulls);
    fx.finish().await;
}

#[tokio::test]
async fn row_limit_truncates() {
    let fx = Fixture::new().await;
    let c = fx.connector();
    let sql = "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 100) SELECT n FROM s ORDER BY n DESC";
    let r = c.query(sql, options(10, 30.0)).await.unwrap();
    assert!(r.truncated);
    assert_eq!(r.rows.len(), 10);
    assert_eq!((r.rows[0].clone(), r.rows[9].clone()), (vec![json!(100)], vec![json!(91)]));
    let r = c.query(sql, options(100, 30.0)).await.unwrap();
    assert!(!r.truncated);
    assert_eq!(r.rows.len(), 100);
    // A LIMIT of its own overrides sql_select_limit: the connector stops reading instead.
    let r = c.query(&format!("{sql} LIMIT 50"), options(5, 30.0)).await.unwrap();
    assert!(r.truncated);
    assert_eq!(r.rows.len(), 5);
    assert!(fx.idle().await);
    // The session limit does not leak into subqueries.
    let r = c.query("SELECT COUNT(*) AS n FROM (SELECT * FROM orders) o", options(1, 30.0)).await.unwrap();
    assert_eq!(r.rows, [[json!(3)]]);
    assert!(!r.truncated);
    fx.finish().await;
}

#[tokio::test]
async fn timeout_is_enforced_at_the_source() {
    let fx = Fixture::new().await;
    let started = Instant::now();
    let err = fx.connector().query("SELECT SLEEP(20) AS nap", options(10, 1.0)).await.unwrap_err();
    assert_eq!(err, ConnectorError::Timeout(Duration::from_secs(1)));
    assert!(started.elapsed() < Duration::from_secs(6), "took {:?}", started.elapsed());
    assert!(fx.idle().await, "the statement still runs");
    fx.finish().await;
}

#[tokio::test]
async fn cancel_stops_the_query_at_the_source() {
    let fx = Fixture::new().await;
    let opts = options(10, 120.0);
    let cancel = opts.cancel.clone();
    let connector = fx.connector();
    let started = Instant::now();
    let query = tokio::spawn(async move { connector.query("SELECT SLEEP(60) AS nap FROM customers", opts).await });
    let deadline = Instant::now() + Duration::from_secs(10);
    while fx.running().await == 0 {
        assert!(Instant::now() < deadline, "the query never started");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    cancel.cancel();
    assert_eq!(query.await.unwrap().unwrap_err(), ConnectorError::Cancelled);
    assert!(started.elapsed() < Duration::from_secs(10), "took {:?}", started.elapsed());
    assert!(fx.idle().await, "the statement still runs");
    fx.finish().await;
}

#[tokio::test]
async fn bad_password_is_refused_with_the_server_reason() {
    let fx = Fixture::new().await;
    let err = fx.connector_with(json!({"password": "not-the-password"})).test().await.unwrap_err();
    match &err {
        ConnectorError::ConnectionRefused(reason) => {
            assert!(reason.contains("Access denied for user 'quarry'"), "{reason}")
        }
        other => panic!("expected ConnectionRefused, got {other:?}"),
    }
    assert!(!format!("{err} {err:?}").contains("not-the-password"));
    let err = fx.connector_with(json!({"database": "no_such_database"})).tables().await.unwrap_err();
    assert_eq!(err, ConnectorError::ConnectionRefused("Unknown database 'no_such_database'".into()));
    let err = fx.connector_with(json!({"port": 1})).test().await.unwrap_err();
    assert!(err == ConnectorError::ConnectionRefused(quarry_engine::network::CONNECT_FAILED.into()), "{err:?}");
    fx.connector().test().await.unwrap();
    fx.finish().await;
}

#[tokio::test]
async fn dry_run_describes_without_running() {
    let fx = Fixture::new().await;
    let c = fx.connector();
    let started = Instant::now();
    let columns = c.dry_run("SELECT c.id, c.name, o.total, SLEEP(30) AS nap FROM customers c JOIN orders o ON o.customer_id = c.id").await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(10));
    let described: Vec<(&str, F)> = columns.iter().map(|c| (c.name.as_str(), c.family)).collect();
    assert_eq!(described, [("id", F::Integer), ("name", F::Text), ("total", F::Decimal), ("nap", F::Integer)]);
    assert_query_error_contains(c.dry_run("SELECT nope FROM customers").await, "Unknown column 'nope'");
    assert_query_error_contains(c.dry_run("SELECT * FROM no_such_table").await, "no_such_table' doesn't exist");
    fx.finish().await;
}

#[tokio::test]
async fn only_read_only_selects_run() {
    let fx = Fixture::new().await;
    let c = fx.connector();
    assert_query_error_contains(c.query("DELETE FROM customers", options(10, 30.0)).await, "READ ONLY");
    assert!(c.query("SELECT 1; DROP TABLE order_lines", options(10, 30.0)).await.is_err());
    let r = c.query("SELECT COUNT(*) AS n FROM customers", options(10, 30.0)).await.unwrap();
    assert_eq!(r.rows, [[json!(2)]]);
    let tables = c.tables().await.unwrap();
    assert!(tables.iter().any(|t| t.name == "order_lines"));
    fx.finish().await;
}

/// The compiler renders a string literal by doubling its quotes and leaving a backslash as
/// it is, so `'a\\'` (the value `a\`) goes out as `'a\'`. With MySQL's backslash escapes on,
/// that literal would run on to the next quote and the text after it would be SQL:
/// here a `UNION SELECT LOAD_FILE(…)`. The session's NO_BACKSLASH_ESCAPES keeps each literal
/// what the checked statement says it is.
#[tokio::test]
async fn a_backslash_never_ends_a_string_literal() {
    let fx = Fixture::new().await;
    let c = fx.connector();
    let checked = quarry_engine::compile::safety::parse_read_only(
        r"SELECT 'a\\', ' UNION SELECT LOAD_FILE(0x2f6574632f706173737764) -- '",
        quarry_engine::compile::Dialect::MySql,
    )
    .unwrap()
    .to_string();
    let result = c.query(&checked, options(10, 30.0)).await.unwrap();
    assert_eq!(result.rows, vec![vec![json!("a\\"), json!(" UNION SELECT LOAD_FILE(0x2f6574632f706173737764) -- ")]], "{checked}");

    // The same text sent as it is: two literals, never a second SELECT.
    let raw = r"SELECT 'a\', ' UNION SELECT LOAD_FILE(0x2f6574632f706173737764) -- '";
    let result = c.query(raw, options(10, 30.0)).await.unwrap();
    assert_eq!(result.columns.len(), 2);
    assert_eq!(result.rows.len(), 1);
    assert_eq!(result.rows[0][0], json!("a\\"));

    // And a payload written for backslash escapes is one literal or a syntax error.
    let payload = r"SELECT 'a\' UNION SELECT LOAD_FILE(''/etc/passwd'') -- '";
    match c.query(payload, options(10, 30.0)).await {
        Ok(result) => {
            let text = serde_json::to_string(&result.rows).unwrap();
            assert!(!text.contains("root:"), "{text}");
            assert_eq!(result.rows.len(), 1, "{text}");
        }
        Err(err) => assert!(matches!(err, ConnectorError::Query(_)), "{err:?}"),
    }
    fx.finish().await;
}
