//! The POSTGRES (and REDSHIFT, same wire code) connector against the Postgres server of
//! `make test`: each test gets a fresh database with several schemas, composite keys,
//! foreign keys (also across schemas) and a table with a column of every type family.

mod common;

use common::{ServerUrl, assert_query_error_contains, fresh_name, options, require_env};
use quarry_engine::connectors::{ColumnTypeFamily as F, Connector, ConnectorError, DataSourceType, ForeignKey, QueryOptions, connect};
use serde_json::{Value, json};
use sqlx::{Connection, Executor, PgConnection};
use std::time::{Duration, Instant};

const FIXTURE: &str = r#"
CREATE SCHEMA sales;
CREATE SCHEMA hr;
CREATE TYPE sales.status AS ENUM ('new', 'paid');
CREATE DOMAIN sales.amount AS numeric(12, 2);
CREATE TYPE public.pair AS (a integer, b text);

CREATE TABLE sales.customers (id integer PRIMARY KEY, name text NOT NULL, email varchar(200));
CREATE TABLE sales.orders (
    customer_id integer NOT NULL REFERENCES sales.customers (id),
    order_no integer NOT NULL,
    status sales.status,
    total sales.amount,
    PRIMARY KEY (customer_id, order_no)
);
CREATE TABLE sales.order_lines (
    customer_id integer,
    order_no integer,
    line_no integer,
    product text,
    PRIMARY KEY (customer_id, order_no, line_no),
    FOREIGN KEY (customer_id, order_no) REFERENCES sales.orders (customer_id, order_no)
);
CREATE VIEW sales.paid_orders AS SELECT customer_id, order_no, total FROM sales.orders WHERE status = 'paid';
CREATE TABLE hr.employees (id bigint PRIMARY KEY, name text, account_id integer REFERENCES sales.customers (id));

CREATE TABLE public.every_type (
    id integer PRIMARY KEY, b boolean, i2 smallint, i4 integer, i8 bigint, n numeric(20, 6),
    f4 real, f8 double precision, t text, vc varchar(10), ch char(3), ts timestamp(3), tstz timestamptz,
    d date, iv interval, j json, jb jsonb, arr integer[], pr public.pair, o oid, by bytea, u uuid,
    ip inet, tm time, st sales.status, amt sales.amount
);

INSERT INTO sales.customers VALUES (1, 'Ada', 'ada@example.com'), (2, 'Grace', NULL);
INSERT INTO sales.orders VALUES (1, 1, 'paid', 10.50), (1, 2, 'new', 3), (2, 1, 'paid', 99.99);
INSERT INTO public.every_type VALUES (
    1, true, 32767, 2147483647, 9223372036854775807, 12345678901234.123456,
    1.5, 2.25, 'text', 'varchar', 'abc', '2024-01-31 13:45:00.5', '2024-01-31 15:45:00+02',
    '2024-01-31', '1 year 2 mons 3 days 04:05:06.5', '{"a": [1, 2]}', '{"b": true}',
    '{1,2,3}', ROW(1, 'x'), 42, '\x48656c6c6f', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
    '192.168.0.1', '13:45:00', 'new', 19.99
);
INSERT INTO public.every_type (id) VALUES (2);
"#;

/// A fresh database on the test server, dropped by `finish`.
struct Fixture {
    server: ServerUrl,
    name: String,
}

impl Fixture {
    async fn new() -> Self {
        let url = require_env("QUARRY_TEST_SOURCE_POSTGRES_URL");
        let server = ServerUrl::parse(&url);
        let name = fresh_name();
        let mut admin = PgConnection::connect(&url).await.expect("connect to the test Postgres");
        admin.execute(format!("CREATE DATABASE {name}").as_str()).await.unwrap();
        admin.close().await.unwrap();
        let mut conn = PgConnection::connect(&server.url_for("postgres", &name)).await.unwrap();
        conn.execute(sqlx::raw_sql(FIXTURE)).await.expect("fixture");
        conn.close().await.unwrap();
        Self { server, name }
    }

    fn properties(&self) -> Value {
        self.server.properties(&self.name)
    }

    fn connector(&self) -> Box<dyn Connector> {
        connect(DataSourceType::Postgres, &self.properties(), &quarry_engine::SourcePolicy::permissive()).unwrap()
    }

    fn connector_with(&self, changes: Value) -> Box<dyn Connector> {
        let mut props = self.properties();
        for (k, v) in changes.as_object().unwrap() {
            props[k] = v.clone();
        }
        connect(DataSourceType::Postgres, &props, &quarry_engine::SourcePolicy::permissive()).unwrap()
    }

    async fn admin(&self) -> PgConnection {
        PgConnection::connect(&self.server.url_for("postgres", &self.name)).await.unwrap()
    }

    /// How many statements of the connector (`application_name` quarry) run in the database.
    /// (A query shows as its `FETCH` from the cursor.)
    async fn running(&self) -> i64 {
        let mut conn = self.admin().await;
        let n = sqlx::query_scalar(
            "SELECT count(*) FROM pg_stat_activity
             WHERE datname = current_database() AND application_name = 'quarry' AND state = 'active'
               AND pid <> pg_backend_pid()",
        )
        .fetch_one(&mut conn)
        .await
        .unwrap();
        conn.close().await.unwrap();
        n
    }

    async fn finish(self) {
        let mut admin = PgConnection::connect(&require_env("QUARRY_TEST_SOURCE_POSTGRES_URL")).await.unwrap();
        admin.execute(format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name).as_str()).await.unwrap();
        admin.close().await.unwrap();
    }
}

#[tokio::test]
async fn lists_tables_columns_families_and_keys() {
    let fx = Fixture::new().await;
    let tables = fx.connector().tables().await.unwrap();
    let names: Vec<String> = tables.iter().map(|t| format!("{}.{}", t.schema, t.name)).collect();
    assert_eq!(names, ["hr.employees", "public.every_type", "sales.customers", "sales.order_lines", "sales.orders", "sales.paid_orders"]);
    let table = |name: &str| tables.iter().find(|t| t.name == name).unwrap();

    assert_eq!(table("orders").primary_key(), ["customer_id", "order_no"]);
    assert_eq!(table("order_lines").primary_key(), ["customer_id", "order_no", "line_no"]);
    assert_eq!(table("customers").primary_key(), ["id"]);
    assert!(table("paid_orders").primary_key().is_empty());

    let customers = table("customers");
    let name = customers.columns.iter().find(|c| c.name == "name").unwrap();
    assert!(name.not_null && !name.is_primary_key);
    let email = customers.columns.iter().find(|c| c.name == "email").unwrap();
    assert_eq!(email.type_name, "character varying(200)");
    assert!(!email.not_null);

    let every: Vec<(&str, &str, F)> = table("every_type").columns.iter().map(|c| (c.name.as_str(), c.type_name.as_str(), c.family)).collect();
    assert_eq!(
        every,
        [
            ("id", "integer", F::Integer),
            ("b", "boolean", F::Boolean),
            ("i2", "smallint", F::Integer),
            ("i4", "integer", F::Integer),
            ("i8", "bigint", F::Integer),
            ("n", "numeric(20,6)", F::Decimal),
            ("f4", "real", F::Float),
            ("f8", "double precision", F::Float),
            ("t", "text", F::Text),
            ("vc", "character varying(10)", F::Text),
            ("ch", "character(3)", F::Text),
            ("ts", "timestamp(3) without time zone", F::Timestamp),
            ("tstz", "timestamp with time zone", F::Timestamptz),
            ("d", "date", F::Date),
            ("iv", "interval", F::Interval),
            ("j", "json", F::Json),
            ("jb", "jsonb", F::Json),
            ("arr", "integer[]", F::Record),
            ("pr", "pair", F::Record),
            ("o", "oid", F::Oid),
            ("by", "bytea", F::Binary),
            ("u", "uuid", F::Uuid),
            ("ip", "inet", F::Inet),
            ("tm", "time without time zone", F::Text),
            ("st", "sales.status", F::Text),
            ("amt", "sales.amount", F::Decimal),
        ]
    );
    fx.finish().await;
}

#[tokio::test]
async fn foreign_keys_composite_and_across_schemas() {
    let fx = Fixture::new().await;
    let keys = fx.connector().foreign_keys().await.unwrap();
    let key = |schema: &str, table: &str, from: &[&str], to_schema: &str, to_table: &str, to: &[&str]| ForeignKey {
        from_schema: schema.into(),
        from_table: table.into(),
        from_columns: from.iter().map(|s| s.to_string()).collect(),
        to_schema: to_schema.into(),
        to_table: to_table.into(),
        to_columns: to.iter().map(|s| s.to_string()).collect(),
    };
    assert_eq!(
        keys,
        [
            key("hr", "employees", &["account_id"], "sales", "customers", &["id"]),
            key("sales", "order_lines", &["customer_id", "order_no"], "sales", "orders", &["customer_id", "order_no"]),
            key("sales", "orders", &["customer_id"], "sales", "customers", &["id"]),
        ]
    );
    fx.finish().await;
}

#[tokio::test]
async fn schemas_setting_limits_what_is_listed() {
    let fx = Fixture::new().await;
    let connector = fx.connector_with(json!({"schemas": ["hr"]}));
    let tables = connector.tables().await.unwrap();
    assert_eq!(tables.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(), ["employees"]);
    let keys = connector.foreign_keys().await.unwrap();
    assert_eq!(keys.len(), 1);
    assert_eq!(keys[0].from_table, "employees");
    fx.finish().await;
}

#[tokio::test]
async fn query_returns_every_family_as_json() {
    let fx = Fixture::new().await;
    let result = fx.connector().query("SELECT * FROM public.every_type ORDER BY id;", QueryOptions::default()).await.unwrap();
    let families: Vec<(&str, F)> = result.columns.iter().map(|c| (c.name.as_str(), c.family)).collect();
    assert_eq!(
        families,
        [
            ("id", F::Integer),
            ("b", F::Boolean),
            ("i2", F::Integer),
            ("i4", F::Integer),
            ("i8", F::Integer),
            ("n", F::Decimal),
            ("f4", F::Float),
            ("f8", F::Float),
            ("t", F::Text),
            ("vc", F::Text),
            ("ch", F::Text),
            ("ts", F::Timestamp),
            ("tstz", F::Timestamptz),
            ("d", F::Date),
            ("iv", F::Interval),
            ("j", F::Json),
            ("jb", F::Json),
            ("arr", F::Record),
            ("pr", F::Record),
            ("o", F::Oid),
            ("by", F::Binary),
            ("u", F::Uuid),
            ("ip", F::Inet),
            ("tm", F::Text),
            ("st", F::Text),
            ("amt", F::Decimal),
        ]
    );
    assert_eq!(
        Value::Array(result.rows[0].clone()),
        json!([
            1, true, 32767, 2147483647, 9223372036854775807i64, "12345678901234.123456",
            1.5, 2.25, "text", "varchar", "abc", "2024-01-31T13:45:00.500", "2024-01-31T13:45:00Z",
            "2024-01-31", "P1Y2M3DT4H5M6.5S", {"a": [1, 2]}, {"b": true},
            "{1,2,3}", "(1,x)", 42, "SGVsbG8=", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
            "192.168.0.1", "13:45:00", "new", "19.99"
        ])
    );
    let mut nulls = vec![json!(2)];
    nulls.resize(result.columns.len(), Value::Null);
    assert_eq!(result.rows[1], nulls);
    assert!(!result.truncated);
    fx.finish().await;
}

#[tokio::test]
async fn row_limit_truncates() {
    let fx = Fixture::new().await;
    let c = fx.connector();
    let sql = "SELECT g AS n FROM generate_series(1, 100) g ORDER BY g DESC";
    let r = c.query(sql, options(10, 30.0)).await.unwrap();
    assert!(r.truncated);
    assert_eq!(r.rows.len(), 10);
    assert_eq!(r.rows[0], [json!(100)]);
    assert_eq!(r.rows[9], [json!(91)]);
    let r = c.query(sql, options(100, 30.0)).await.unwrap();
    assert!(!r.truncated);
    assert_eq!(r.rows.len(), 100);
    let r = c.query("SELECT 1 AS one WHERE false", options(10, 30.0)).await.unwrap();
    assert!(!r.truncated && r.rows.is_empty());
    assert_eq!(r.columns[0].name, "one");
    fx.finish().await;
}

#[tokio::test]
async fn timeout_is_enforced_at_the_source() {
    let fx = Fixture::new().await;
    let started = Instant::now();
    let err = fx.connector().query("SELECT pg_sleep(20)", options(10, 1.0)).await.unwrap_err();
    assert_eq!(err, ConnectorError::Timeout(Duration::from_secs(1)));
    assert!(started.elapsed() < Duration::from_secs(6), "took {:?}", started.elapsed());
    assert_eq!(fx.running().await, 0, "the statement still runs");
    fx.finish().await;
}

#[tokio::test]
async fn cancel_stops_the_query_at_the_source() {
    let fx = Fixture::new().await;
    let opts = options(10, 120.0);
    let cancel = opts.cancel.clone();
    let connector = fx.connector();
    let started = Instant::now();
    let query = tokio::spawn(async move { connector.query("SELECT pg_sleep(60)", opts).await });
    // Wait until the server runs it, then cancel.
    let deadline = Instant::now() + Duration::from_secs(10);
    while fx.running().await == 0 {
        assert!(Instant::now() < deadline, "the query never started");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    cancel.cancel();
    let err = query.await.unwrap().unwrap_err();
    assert_eq!(err, ConnectorError::Cancelled);
    assert!(started.elapsed() < Duration::from_secs(10), "took {:?}", started.elapsed());
    assert_eq!(fx.running().await, 0, "the statement still runs");
    fx.finish().await;
}

#[tokio::test]
async fn bad_password_is_refused_with_the_server_reason() {
    let fx = Fixture::new().await;
    let err = fx.connector_with(json!({"password": "not-the-password"})).test().await.unwrap_err();
    match &err {
        ConnectorError::ConnectionRefused(reason) => {
            assert!(reason.contains("password authentication failed for user \"quarry\""), "{reason}")
        }
        other => panic!("expected ConnectionRefused, got {other:?}"),
    }
    assert!(!format!("{err} {err:?}").contains("not-the-password"));
    let err = fx.connector_with(json!({"database": "no_such_database"})).tables().await.unwrap_err();
    assert_eq!(err, ConnectorError::ConnectionRefused("database \"no_such_database\" does not exist".into()));
    let err = fx.connector_with(json!({"port": 1})).test().await.unwrap_err();
    assert!(err == ConnectorError::ConnectionRefused(quarry_engine::network::CONNECT_FAILED.into()), "{err:?}");
    assert!(fx.connector().test().await.is_ok());
    fx.finish().await;
}

#[tokio::test]
async fn dry_run_describes_without_running() {
    let fx = Fixture::new().await;
    let c = fx.connector();
    let started = Instant::now();
    let columns =
        c.dry_run("SELECT c.id, c.name, o.total, pg_sleep(30) AS nap FROM sales.customers c JOIN sales.orders o ON o.customer_id = c.id").await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(10));
    let described: Vec<(&str, F)> = columns.iter().map(|c| (c.name.as_str(), c.family)).collect();
    assert_eq!(described, [("id", F::Integer), ("name", F::Text), ("total", F::Decimal), ("nap", F::Unknown)]);
    assert_eq!(columns[0].type_name, "INT4");
    assert_query_error_contains(c.dry_run("SELECT nope FROM sales.customers").await, "column \"nope\" does not exist");
    assert_query_error_contains(c.dry_run("SELEC 1").await, "syntax error at or near \"SELEC\"");
    fx.finish().await;
}

#[tokio::test]
async fn only_read_only_selects_run() {
    let fx = Fixture::new().await;
    let c = fx.connector();
    let opts = || options(10, 30.0);
    assert!(c.query("DELETE FROM sales.order_lines", opts()).await.is_err());
    assert_query_error_contains(c.query("SELECT 1; DROP TABLE sales.order_lines", opts()).await, "cannot insert multiple commands into a prepared statement");
    assert!(c.query("WITH gone AS (DELETE FROM sales.customers RETURNING *) SELECT * FROM gone", opts()).await.is_err());
    let r = c.query("SELECT count(*) AS n FROM sales.customers", opts()).await.unwrap();
    assert_eq!(r.rows, [[json!(2)]]);
    assert_eq!(r.columns[0].family, F::Integer);
    fx.finish().await;
}

#[tokio::test]
async fn redshift_uses_the_same_wire_code() {
    let fx = Fixture::new().await;
    let c = connect(DataSourceType::Redshift, &fx.properties(), &quarry_engine::SourcePolicy::permissive()).unwrap();
    assert_eq!(c.source_type(), DataSourceType::Redshift);
    c.test().await.unwrap();
    let tables = c.tables().await.unwrap();
    assert_eq!(tables.len(), 6);
    let r = c.query("SELECT name FROM sales.customers ORDER BY id", options(1, 30.0)).await.unwrap();
    assert_eq!(r.rows, [[json!("Ada")]]);
    assert!(r.truncated);
    fx.finish().await;
}
