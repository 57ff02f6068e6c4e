//! Every data source type against one table of checks (PRODUCT.md §3 data source types): the
//! four samples loaded into the source, then connect, tables and their type families,
//! preview, every business question the engine answers written in the type's dialect (same
//! rows as DuckDB, read as a reader of the answer reads them), a time limit, a cancel, a wrong
//! secret, a host nobody listens on and a host the network policy refuses.
//!
//! Postgres (and Redshift, which speaks its wire protocol), MySQL (MariaDB) and ClickHouse
//! are the real engines of the test services. Trino, Athena and Snowflake cannot run here:
//! the test kit's servers speak their protocols over DuckDB, so their dialect's SQL runs
//! where DuckDB reads it, after sqlparser's parser for the dialect has read it.

mod common;
mod sample_project;

use std::{any::Any, str::FromStr, time::Duration};

use common::{ServerUrl, fresh_name, require_env};
use quarry_engine::{
    Connector,
    compile::{self, Dialect},
    connectors::{ColumnTypeFamily, ConnectorError, DataSourceType, DuckDbConnector, QueryOptions, SourcePolicy, connect},
    mdl::Manifest,
    network::CONNECT_FAILED,
    question::Understanding,
    sample_datasets::SampleDataset,
};
use quarry_test_kit::clickhouse::{ClickHouse, Table};
use sample_project::{ask_in, product_manifest, value_index};
use serde_json::{Value, json};

#[derive(serde::Deserialize)]
struct Question {
    db_id: String,
    question: String,
}

/// The types under test. CSV is DUCKDB underneath (a project's store) and is not listed.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Target {
    DuckDb,
    Postgres,
    Redshift,
    MySql,
    Trino,
    Athena,
    Snowflake,
    ClickHouse,
}

/// A sample loaded into a target: how a project reaches it, and what keeps it there.
struct Loaded {
    source_type: DataSourceType,
    properties: Value,
    /// The property that proves who connects (None: the type sends none, or has no network).
    secret: Option<(&'static str, Value)>,
    /// The properties that point at another port (None: the type has no host).
    elsewhere: Option<Value>,
    /// The fake server or the directory the source lives in.
    keep: Box<dyn Any + Send>,
}

/// A [`Loaded`] but for its type: properties, secret, elsewhere, keep.
type Reach = (Value, Option<(&'static str, Value)>, Option<Value>, Box<dyn Any + Send>);

/// A DuckDB type as the column type of another engine that holds its values.
fn column_type(target: Target, duckdb_type: &str) -> String {
    let upper = duckdb_type.trim().to_ascii_uppercase();
    let head = upper.split('(').next().unwrap_or_default().trim();
    match (target, head) {
        (Target::Postgres | Target::Redshift, "VARCHAR") => "TEXT".into(),
        (Target::Postgres | Target::Redshift, "DOUBLE") => "DOUBLE PRECISION".into(),
        (Target::Postgres | Target::Redshift, "TINYINT") => "SMALLINT".into(),
        (Target::MySql, "VARCHAR") => "TEXT".into(),
        (Target::MySql, "TIMESTAMP" | "TIMESTAMP WITH TIME ZONE" | "TIMESTAMPTZ") => "DATETIME(6)".into(),
        _ => upper,
    }
}

/// A value as an SQL literal of `target` (MariaDB reads backslashes in strings as escapes).
fn literal(target: Target, value: &Value) -> String {
    match value {
        Value::Null => "NULL".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(text) => {
            let mut text = text.replace('\'', "''");
            if target == Target::MySql {
                text = text.replace('\\', "\\\\");
                // A timestamp read from DuckDB, as DATETIME takes it.
                if text.len() >= 19 && text.as_bytes()[10] == b'T' && text.as_bytes()[..4].iter().all(u8::is_ascii_digit) {
                    text = text.replacen('T', " ", 1).trim_end_matches('Z').trim_end_matches("+00:00").to_owned();
                }
            }
            format!("'{text}'")
        }
        other => format!("'{}'", other.to_string().replace('\'', "''")),
    }
}

/// The sample's tables with every row, read from its DuckDB file.
async fn tables_of(duck: &DuckDbConnector) -> Vec<Table> {
    let mut tables = Vec::new();
    for table in duck.tables().await.unwrap() {
        let sql = format!("SELECT * FROM \"{}\"", table.name);
        let rows = duck.query(&sql, QueryOptions::new(1_000_000, Duration::from_secs(60))).await.unwrap().rows;
        tables.push(Table { name: table.name, columns: table.columns.into_iter().map(|c| (c.name, c.type_name)).collect(), rows });
    }
    tables
}

/// CREATE TABLE (with the sample's primary key and an index on each of its keys into other
/// tables, as a source's tables have) and INSERT statements that load `tables` into `target`.
fn statements(target: Target, dataset: SampleDataset, tables: &[Table]) -> Vec<String> {
    let quote = |name: &str| if target == Target::MySql { format!("`{name}`") } else { format!("\"{name}\"") };
    let mut out = Vec::new();
    for table in tables {
        let sample = dataset.tables().iter().find(|t| t.name == table.name).unwrap();
        let keys: Vec<&str> = sample.primary_key.iter().chain(sample.foreign_keys.iter().map(|k| &k.column)).copied().collect();
        let columns: Vec<String> = table
            .columns
            .iter()
            .map(|(name, type_name)| {
                // MySQL keys only text of a bounded length.
                let written = match column_type(target, type_name).as_str() {
                    "TEXT" if target == Target::MySql && keys.contains(&name.as_str()) => "VARCHAR(255)".to_owned(),
                    other => other.to_owned(),
                };
                format!("{} {written}", quote(name))
            })
            .chain(
                (!sample.primary_key.is_empty())
                    .then(|| format!("PRIMARY KEY ({})", sample.primary_key.iter().map(|c| quote(c)).collect::<Vec<_>>().join(", "))),
            )
            .collect();
        out.push(format!("CREATE TABLE {} ({})", quote(&table.name), columns.join(", ")));
        for key in sample.foreign_keys {
            out.push(format!("CREATE INDEX {} ON {} ({})", quote(&format!("{}_{}", table.name, key.column)), quote(&table.name), quote(key.column)));
        }
        for chunk in table.rows.chunks(500) {
            let rows: Vec<String> = chunk.iter().map(|row| format!("({})", row.iter().map(|v| literal(target, v)).collect::<Vec<_>>().join(", "))).collect();
            out.push(format!("INSERT INTO {} VALUES {}", quote(&table.name), rows.join(", ")));
        }
    }
    out
}

/// A port nobody listens on.
fn closed_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn with(properties: &Value, changes: Value) -> Value {
    let mut changed = properties.clone();
    for (key, value) in changes.as_object().unwrap() {
        changed[key] = value.clone();
    }
    changed
}

impl Target {
    /// The samples loaded into it. The engines that run here for real get all four; DuckDB,
    /// Redshift (Postgres underneath, in Postgres's dialect) and the test servers over DuckDB
    /// get MUSIC, enough for their dialect's parser and answers.
    fn datasets(self) -> &'static [SampleDataset] {
        match self {
            Self::Postgres | Self::MySql | Self::ClickHouse => &SampleDataset::ALL,
            _ => &[SampleDataset::Music],
        }
    }

    fn source_type(self) -> DataSourceType {
        match self {
            Self::DuckDb => DataSourceType::Duckdb,
            Self::Postgres => DataSourceType::Postgres,
            Self::Redshift => DataSourceType::Redshift,
            Self::MySql => DataSourceType::Mysql,
            Self::Trino => DataSourceType::Trino,
            Self::Athena => DataSourceType::Athena,
            Self::Snowflake => DataSourceType::Snowflake,
            Self::ClickHouse => DataSourceType::ClickHouse,
        }
    }

    /// Loads `dataset` (built at `path`) into the target.
    async fn load(self, dataset: SampleDataset, path: &std::path::Path, dir: tempfile::TempDir) -> Loaded {
        let duck = DuckDbConnector::immutable(path.to_path_buf());
        let server = |name: &str| {
            let server = ServerUrl::parse(&require_env(name));
            let elsewhere = json!({"port": closed_port()});
            (server, elsewhere)
        };
        let (properties, secret, elsewhere, keep): Reach = match self {
            Self::DuckDb => (json!({"path": path}), None, None, Box::new(dir)),
            Self::Postgres | Self::Redshift => {
                use sqlx::{Connection, Executor, PgConnection};
                let (server, elsewhere) = server("QUARRY_TEST_SOURCE_POSTGRES_URL");
                let name = fresh_name();
                let mut admin = PgConnection::connect(&require_env("QUARRY_TEST_SOURCE_POSTGRES_URL")).await.unwrap();
                admin.execute(format!("CREATE DATABASE {name}").as_str()).await.unwrap();
                let mut db = PgConnection::connect(&server.url_for("postgres", &name)).await.unwrap();
                for statement in statements(self, dataset, &tables_of(&duck).await) {
                    db.execute(statement.as_str()).await.unwrap_or_else(|e| panic!("{e}: {}", &statement[..statement.len().min(300)]));
                }
                (server.properties(&name), Some(("password", json!("wrong"))), Some(elsewhere), Box::new(dir))
            }
            Self::MySql => {
                use mysql_async::prelude::Queryable;
                let (server, elsewhere) = server("QUARRY_TEST_MYSQL_URL");
                let name = fresh_name();
                let mut admin = mysql_async::Conn::from_url(require_env("QUARRY_TEST_MYSQL_URL")).await.unwrap();
                admin.query_drop(format!("CREATE DATABASE `{name}` CHARACTER SET utf8mb4")).await.unwrap();
                admin.query_drop(format!("USE `{name}`")).await.unwrap();
                for statement in statements(self, dataset, &tables_of(&duck).await) {
                    admin.query_drop(&statement).await.unwrap_or_else(|e| panic!("{e}: {}", &statement[..statement.len().min(300)]));
                }
                admin.disconnect().await.unwrap();
                (server.properties(&name), Some(("password", json!("wrong"))), Some(elsewhere), Box::new(dir))
            }
            Self::Trino => {
                let trino = quarry_test_kit::trino::FakeTrino::start(path.to_path_buf()).await;
                let properties = json!({"host": "127.0.0.1", "port": trino.port, "catalog": "memory", "schema": "main", "user": "analyst"});
                // No secret: a password is sent over SSL only, and the test server has none.
                (properties, None, Some(json!({"port": closed_port()})), Box::new((trino, dir)))
            }
            Self::Athena => {
                use quarry_test_kit::athena::{ACCESS_KEY_ID, FakeAthena};
                let athena = FakeAthena::start(path.to_path_buf()).await;
                let properties = json!({
                    "region": "eu-west-1", "database": "main", "s3StagingDir": "s3://results/quarry/", "workgroup": "analysts",
                    "accessKeyId": ACCESS_KEY_ID, "secretAccessKey": "not-a-real-secret", "endpoint": athena.url,
                });
                let elsewhere = json!({"endpoint": format!("http://127.0.0.1:{}", closed_port())});
                (properties, Some(("accessKeyId", json!("AKIAWRONG"))), Some(elsewhere), Box::new((athena, dir)))
            }
            Self::Snowflake => {
                use quarry_test_kit::snowflake::{FakeSnowflake, TOKEN};
                let snowflake = FakeSnowflake::start(path.to_path_buf()).await;
                let properties = json!({"account": "xy12345", "warehouse": "ANALYTICS", "database": "SAMPLE", "schema": "main", "token": TOKEN, "host": "127.0.0.1", "port": snowflake.port});
                (properties, Some(("token", json!("pat-wrong"))), Some(json!({"port": closed_port()})), Box::new((snowflake, dir)))
            }
            Self::ClickHouse => {
                let server = ClickHouse::from_env();
                let database = server.load(&dataset.to_string().to_lowercase(), &tables_of(&duck).await).await;
                let properties = json!({"host": server.host, "port": server.port, "database": database, "user": server.user, "password": server.password});
                (properties, Some(("password", json!("wrong"))), Some(json!({"port": closed_port()})), Box::new((server, dir)))
            }
        };
        Loaded { source_type: self.source_type(), properties, secret, elsewhere, keep }
    }

    /// Makes the next statement run long, and gives one: the engine's own wait where it has
    /// one, else the test server is told to keep it running.
    fn slow(self, loaded: &Loaded) -> String {
        match self {
            Self::DuckDb => "SELECT count(*) FROM range(1000000) a, range(1000000) b".into(),
            Self::Postgres | Self::Redshift => "SELECT pg_sleep(30)".into(),
            Self::MySql => "SELECT SLEEP(30)".into(),
            Self::ClickHouse => "SELECT sleepEachRow(0.5) FROM numbers(6) SETTINGS max_block_size = 1".into(),
            Self::Trino => {
                let (trino, _) = loaded.keep.downcast_ref::<(quarry_test_kit::trino::FakeTrino, tempfile::TempDir)>().unwrap();
                trino.slow_down(Duration::from_secs(30));
                "SELECT 1".into()
            }
            Self::Athena => {
                let (athena, _) = loaded.keep.downcast_ref::<(quarry_test_kit::athena::FakeAthena, tempfile::TempDir)>().unwrap();
                athena.slow_down(100_000);
                "SELECT 1".into()
            }
            Self::Snowflake => {
                let (snowflake, _) = loaded.keep.downcast_ref::<(quarry_test_kit::snowflake::FakeSnowflake, tempfile::TempDir)>().unwrap();
                snowflake.slow_down(100_000);
                "SELECT 1".into()
            }
        }
    }

    /// A family as this type can hold it: MySQL has no time zone in a column's type.
    fn family_as_read(self, family: ColumnTypeFamily) -> ColumnTypeFamily {
        match (self, family) {
            (Self::MySql, ColumnTypeFamily::Timestamptz) => ColumnTypeFamily::Timestamp,
            _ => family,
        }
    }
}

/// A value as a reader of the answer sees it, whichever engine computed it: numbers (and
/// exact decimals' text) to six significant digits, a midnight timestamp as its date, a
/// truth as 1 or 0. Engines differ in these forms (ClickHouse truncates a month to a DATE,
/// MySQL compares to 0/1), never in what the answer says.
fn as_read(value: &Value) -> Value {
    let number = |f: f64| if f == 0.0 { json!("0") } else { json!(format!("{:.6e}", f)) };
    match value {
        Value::Bool(b) => json!(if *b { "1" } else { "0" }),
        Value::Number(n) => number(n.as_f64().unwrap_or_default()),
        Value::String(text) => match text.parse::<f64>() {
            Ok(f) => number(f),
            Err(_) => {
                let text = text.replacen(' ', "T", usize::from(text.len() >= 19 && text.as_bytes().get(10) == Some(&b' ')));
                let text = text.strip_suffix("+00:00").or_else(|| text.strip_suffix('Z')).unwrap_or(&text).to_owned();
                let text = text.strip_suffix(".000000").or_else(|| text.strip_suffix(".000")).unwrap_or(&text).to_owned();
                json!(text.strip_suffix("T00:00:00").unwrap_or(&text))
            }
        },
        other => other.clone(),
    }
}

/// The rows as read ([`as_read`]), in a fixed order. Even on the same engine the last digits
/// of a float sum depend on the order threads added it up in.
fn sorted(rows: &[Vec<Value>]) -> Vec<String> {
    let mut rows: Vec<String> = rows.iter().map(|r| json!(r.iter().map(as_read).collect::<Vec<_>>()).to_string()).collect();
    rows.sort();
    rows
}

/// The parser of `dialect`'s SQL, from sqlparser.
fn parser(dialect: Dialect) -> Box<dyn sqlparser::dialect::Dialect> {
    match dialect {
        Dialect::Snowflake => Box::new(sqlparser::dialect::SnowflakeDialect {}),
        Dialect::ClickHouse => Box::new(sqlparser::dialect::ClickHouseDialect {}),
        Dialect::Postgres => Box::new(sqlparser::dialect::PostgreSqlDialect {}),
        Dialect::MySql => Box::new(sqlparser::dialect::MySqlDialect {}),
        Dialect::DuckDb => Box::new(sqlparser::dialect::DuckDbDialect {}),
        Dialect::Trino => Box::new(sqlparser::dialect::GenericDialect {}),
    }
}

fn options(timeout: Duration) -> QueryOptions {
    QueryOptions::new(5000, timeout)
}

/// What went wrong for one target, gathered so that one run shows every difference.
#[derive(Default)]
struct Findings(Vec<String>);

impl Findings {
    fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if !ok {
            self.0.push(what());
        }
    }
}

/// Compiles `sql` for `dialect`, checks its parser reads it, and runs it on `connector`.
async fn run(connector: &dyn Connector, manifest: &Manifest, sql: &str, dialect: Dialect) -> Result<Vec<Vec<Value>>, String> {
    let compiled = compile::compile(manifest, sql, dialect).map_err(|e| format!("does not compile: {e}\n  {sql}"))?;
    sqlparser::parser::Parser::parse_sql(parser(dialect).as_ref(), &compiled).map_err(|e| format!("{dialect:?}'s parser: {e}\n  {compiled}"))?;
    // The test servers of the warehouses run DuckDB, which would take DuckDB's own syntax.
    if matches!(dialect, Dialect::Trino | Dialect::Snowflake | Dialect::ClickHouse)
        && (compiled.contains('`') || compiled.contains("::") || compiled.to_uppercase().contains(" ILIKE "))
    {
        return Err(format!("DuckDB's own syntax in {dialect:?}'s SQL:\n  {compiled}"));
    }
    connector.query(&compiled, options(Duration::from_secs(60))).await.map(|r| r.rows).map_err(|e| format!("fails: {e}\n  {compiled}"))
}

async fn conforms(target: Target) {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/bench/business_questions.json")).unwrap();
    let questions: Vec<Question> = serde_json::from_str(&text).unwrap();
    let dialect = Dialect::of(target.source_type());
    let mut findings = Findings::default();
    let mut compared = 0;
    let mut last = None;
    for &dataset in target.datasets() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sample.duckdb");
        dataset.build(&path).unwrap();
        let duck = DuckDbConnector::immutable(path.clone());
        let loaded = target.load(dataset, &path, dir).await;
        let connector = connect(loaded.source_type, &loaded.properties, &SourcePolicy::permissive()).unwrap();

        // Connect, list the tables with their columns in DuckDB's families.
        if let Err(e) = connector.test().await {
            panic!("{target:?} {dataset}: the connection test fails: {e}");
        }
        let theirs = connector.tables().await.unwrap();
        for table in duck.tables().await.unwrap() {
            let Some(listed) = theirs.iter().find(|t| t.name.eq_ignore_ascii_case(&table.name)) else {
                findings.0.push(format!("{dataset}: {} is not listed", table.name));
                continue;
            };
            let families = |t: &quarry_engine::SourceTable| -> Vec<String> {
                t.columns.iter().map(|c| format!("{}:{}", c.name.to_lowercase(), target.family_as_read(c.family).as_str())).collect()
            };
            findings
                .check(families(listed) == families(&table), || format!("{dataset}.{}: {:?} listed as {:?}", table.name, families(&table), families(listed)));
        }

        let manifest = product_manifest(dataset);
        // Preview: a few rows of every model, as many columns as DuckDB's.
        for model in &manifest.models {
            let sql = |dialect: Dialect| format!("SELECT * FROM {} LIMIT 5", dialect.quote(&model.name));
            let expected = run(&duck, &manifest, &sql(Dialect::DuckDb), Dialect::DuckDb).await.unwrap();
            match run(connector.as_ref(), &manifest, &sql(dialect), dialect).await {
                Ok(rows) => findings.check(rows.len() == expected.len() && rows.first().map(Vec::len) == expected.first().map(Vec::len), || {
                    format!("{dataset}: preview of {}: {} rows of {:?} columns, DuckDB {}", model.name, rows.len(), rows.first().map(Vec::len), expected.len())
                }),
                Err(e) => findings.0.push(format!("{dataset}: preview of {}: {e}", model.name)),
            }
        }

        // Every business question the engine answers on the sample: the same rows.
        let index = value_index(dataset, &manifest);
        for q in questions.iter().filter(|q| SampleDataset::from_str(&q.db_id).ok() == Some(dataset)) {
            let (Understanding::Sql { sql: duck_sql, .. }, Understanding::Sql { sql: their_sql, .. }) =
                (ask_in(&manifest, &index, &q.question, Dialect::DuckDb), ask_in(&manifest, &index, &q.question, dialect))
            else {
                continue;
            };
            compared += 1;
            let expected = run(&duck, &manifest, &duck_sql, Dialect::DuckDb).await.unwrap();
            match run(connector.as_ref(), &manifest, &their_sql, dialect).await {
                Ok(rows) => findings.check(sorted(&rows) == sorted(&expected), || {
                    format!(
                        "{dataset}: {}\n  duckdb: {duck_sql}\n  {:?}\n  {target:?}: {their_sql}\n  {:?}",
                        q.question,
                        &expected[..expected.len().min(3)],
                        &rows[..rows.len().min(3)]
                    )
                }),
                Err(e) => findings.0.push(format!("{dataset}: {}: {e}", q.question)),
            }
        }
        last = Some(loaded);
    }
    assert!(compared >= 25 * target.datasets().len(), "{target:?}: only {compared} questions compared");

    // The last sample's source: a cancel, a time limit, a wrong secret, a closed port and a
    // refused host.
    let loaded = last.unwrap();
    let connector = connect(loaded.source_type, &loaded.properties, &SourcePolicy::permissive()).unwrap();
    // Cancelled first: the test services' ClickHouse runs one statement at a time and
    // cannot interrupt one, so a timed-out statement would hold it until its own limit.
    let cancelled_options = options(Duration::from_secs(4));
    let cancel = cancelled_options.cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        cancel.cancel();
    });
    let started = std::time::Instant::now();
    let cancelled = connector.query(&target.slow(&loaded), cancelled_options).await;
    // Within the grace a stopped statement gets to wind down (the test servers of Trino and
    // ClickHouse finish what they run; real ones stop at once).
    findings.check(matches!(cancelled, Err(ConnectorError::Cancelled)) && started.elapsed() < Duration::from_secs(8), || {
        format!("a cancelled statement: {cancelled:?} after {:?}", started.elapsed())
    });
    let started = std::time::Instant::now();
    let timed_out = connector.query(&target.slow(&loaded), options(Duration::from_secs(1))).await;
    findings.check(matches!(timed_out, Err(ConnectorError::Timeout(_))) && started.elapsed() < Duration::from_secs(10), || {
        format!("a statement past its time limit: {timed_out:?} after {:?}", started.elapsed())
    });
    if let Some((key, wrong)) = &loaded.secret {
        let refused = connect(loaded.source_type, &with(&loaded.properties, json!({ *key: wrong })), &SourcePolicy::permissive()).unwrap().test().await;
        findings.check(matches!(refused, Err(ConnectorError::ConnectionRefused(_))), || format!("a wrong {key}: {refused:?}"));
    }
    if let Some(elsewhere) = &loaded.elsewhere {
        let unreachable = connect(loaded.source_type, &with(&loaded.properties, elsewhere.clone()), &SourcePolicy::permissive()).unwrap().test().await;
        findings.check(matches!(unreachable, Err(ConnectorError::ConnectionRefused(_))), || format!("a closed port: {unreachable:?}"));
    }
    // The policy of a deployment that opened no private network: loopback is refused, with
    // the message that does not tell a closed port from a refused address.
    let closed = SourcePolicy { duckdb_dir: Some(std::env::temp_dir().join("quarry-conformance-elsewhere")), ..SourcePolicy::default() };
    let refused = match connect(loaded.source_type, &loaded.properties, &closed) {
        Ok(connector) => connector.test().await,
        Err(e) => Err(e),
    };
    let expected_refusal = |e: &ConnectorError| match target {
        Target::DuckDb => !matches!(e, ConnectorError::Query(_)),
        _ => matches!(e, ConnectorError::ConnectionRefused(m) if m == CONNECT_FAILED),
    };
    findings.check(refused.as_ref().is_err_and(expected_refusal), || format!("a host the policy refuses: {refused:?}"));

    assert!(findings.0.is_empty(), "{target:?}: {} differences ({compared} questions compared):\n{}", findings.0.len(), findings.0.join("\n"));
}

/// One test per type, each running the whole table of checks.
macro_rules! conformance {
    ($($name:ident => $target:expr),* $(,)?) => {
        $(
            #[tokio::test]
            async fn $name() {
                conforms($target).await;
            }
        )*
    };
}

conformance! {
    duckdb_conforms => Target::DuckDb,
    postgres_conforms => Target::Postgres,
    redshift_conforms => Target::Redshift,
    mysql_conforms => Target::MySql,
    trino_conforms => Target::Trino,
    athena_conforms => Target::Athena,
    snowflake_conforms => Target::Snowflake,
    clickhouse_conforms => Target::ClickHouse,
}
