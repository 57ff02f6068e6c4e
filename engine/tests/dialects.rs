//! The dialects of other sources over the whole business question file: every question the
//! engine answers on a sample, written for them, is SQL their parser reads, quotes only with
//! double quotes, and gives the rows the DuckDB dialect gives. ClickHouse runs here (the test
//! services' server, the real engine): the samples are loaded into it and each question runs
//! there through the CLICK_HOUSE connector. Trino and Athena, and Snowflake cannot run here:
//! their SQL runs where both can (DuckDB reads the SQL they are written in). A dialect that
//! drifts from the others shows here on real questions, not on hand-picked ones.

mod sample_project;

use quarry_engine::{
    Connector,
    compile::{self, Dialect},
    connectors::{DataSourceType, DuckDbConnector, QueryOptions, SourcePolicy},
    question::Understanding,
    sample_datasets::SampleDataset,
};
use quarry_test_kit::clickhouse::{ClickHouse, Table};
use sample_project::{ask_in, product_manifest, value_index};
use serde_json::{Value, json};
use std::str::FromStr;

#[derive(serde::Deserialize)]
struct Question {
    db_id: String,
    question: String,
}

fn sorted(rows: Vec<Vec<Value>>) -> Vec<String> {
    let mut rows: Vec<String> = rows.iter().map(|r| serde_json::to_string(r).unwrap()).collect();
    rows.sort();
    rows
}

/// A value as a reader of the answer sees it, whichever engine computed it: numbers (and
/// exact decimals' text) to six significant digits, a midnight timestamp as its date, a
/// truth as 1 or 0. Engines differ in these forms (ClickHouse truncates a month to a DATE and
/// compares to UInt8), never in what the answer says.
fn as_read(value: &Value) -> Value {
    let number = |f: f64| if f == 0.0 { json!("0") } else { json!(format!("{:.6e}", f)) };
    match value {
        Value::Bool(b) => json!(if *b { "1" } else { "0" }),
        Value::Number(n) => number(n.as_f64().unwrap_or_default()),
        Value::String(text) => match text.parse::<f64>() {
            Ok(f) => number(f),
            Err(_) => json!(text.strip_suffix("T00:00:00").unwrap_or(text)),
        },
        other => other.clone(),
    }
}

/// Where a dialect's SQL runs in this test.
enum Runner {
    /// DuckDB, which reads the dialect's SQL: rows must be identical.
    SameEngine,
    /// The test services' ClickHouse: rows must read the same ([`as_read`]).
    ClickHouse(ClickHouse),
}

impl Runner {
    /// The connector that runs `dialect`'s SQL on `dataset` (built at `path`).
    async fn connector(&self, dataset: SampleDataset, duck: &DuckDbConnector) -> Box<dyn Connector> {
        let Self::ClickHouse(server) = self else { return Box::new(duck.clone()) };
        let mut tables = Vec::new();
        for table in duck.tables().await.unwrap() {
            let sql = format!("SELECT * FROM \"{}\"", table.name);
            let rows = duck.query(&sql, QueryOptions::new(1_000_000, std::time::Duration::from_secs(60))).await.unwrap().rows;
            tables.push(Table { name: table.name, columns: table.columns.into_iter().map(|c| (c.name, c.type_name)).collect(), rows });
        }
        let database = server.load(&dataset.to_string().to_lowercase(), &tables).await;
        let properties = json!({"host": server.host, "port": server.port, "database": database, "user": server.user, "password": server.password});
        quarry_engine::connectors::connect(DataSourceType::ClickHouse, &properties, &SourcePolicy::permissive()).unwrap()
    }

    fn same(&self, got: &[Vec<Value>], expected: &[Vec<Value>]) -> bool {
        let read = |rows: &[Vec<Value>]| sorted(rows.iter().map(|r| r.iter().map(as_read).collect()).collect());
        match self {
            Self::SameEngine => sorted(got.to_vec()) == sorted(expected.to_vec()),
            Self::ClickHouse(_) => read(got) == read(expected),
        }
    }
}

/// The parser of `dialect`'s SQL, from sqlparser.
fn parser(dialect: Dialect) -> Box<dyn sqlparser::dialect::Dialect> {
    match dialect {
        Dialect::Snowflake => Box::new(sqlparser::dialect::SnowflakeDialect {}),
        Dialect::ClickHouse => Box::new(sqlparser::dialect::ClickHouseDialect {}),
        _ => Box::new(sqlparser::dialect::GenericDialect {}),
    }
}

#[tokio::test]
async fn every_answered_business_question_runs_the_same_in_the_trino_dialect() {
    same_rows_in(Dialect::Trino, Runner::SameEngine).await;
}

#[tokio::test]
async fn every_answered_business_question_runs_the_same_in_the_snowflake_dialect() {
    same_rows_in(Dialect::Snowflake, Runner::SameEngine).await;
}

#[tokio::test]
async fn every_answered_business_question_gives_the_same_answer_on_clickhouse() {
    same_rows_in(Dialect::ClickHouse, Runner::ClickHouse(ClickHouse::from_env())).await;
}

async fn same_rows_in(dialect: Dialect, runner: Runner) {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/bench/business_questions.json")).unwrap();
    let questions: Vec<Question> = serde_json::from_str(&text).unwrap();
    let mut compared = 0;
    let mut differing = Vec::new();
    for dataset in SampleDataset::ALL {
        let asked: Vec<&Question> = questions.iter().filter(|q| SampleDataset::from_str(&q.db_id).ok() == Some(dataset)).collect();
        if asked.is_empty() {
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sample.duckdb");
        dataset.build(&path).unwrap();
        let manifest = product_manifest(dataset);
        let index = value_index(dataset, &manifest);
        let connector = DuckDbConnector::immutable(path);
        let theirs_connector = runner.connector(dataset, &connector).await;
        for q in asked {
            let (Understanding::Sql { sql: duck, .. }, Understanding::Sql { sql: theirs, .. }) =
                (ask_in(&manifest, &index, &q.question, Dialect::DuckDb), ask_in(&manifest, &index, &q.question, dialect))
            else {
                continue;
            };
            let compiled = compile::compile(&manifest, &theirs, dialect).unwrap_or_else(|e| panic!("{}: {e}\n{theirs}", q.question));
            sqlparser::parser::Parser::parse_sql(parser(dialect).as_ref(), &compiled).unwrap_or_else(|e| panic!("{}: {e}\n{compiled}", q.question));
            assert!(!compiled.contains('`') && !compiled.contains("::") && !compiled.to_uppercase().contains(" ILIKE "), "{}: {compiled}", q.question);
            let options = || QueryOptions::new(5000, std::time::Duration::from_secs(60));
            let expected = connector.query(&compile::compile(&manifest, &duck, Dialect::DuckDb).unwrap(), options()).await.unwrap();
            compared += 1;
            let got = match theirs_connector.query(&compiled, options()).await {
                Ok(got) => got,
                Err(e) => {
                    differing.push(format!("{}: fails: {e}\n  {compiled}", q.question));
                    continue;
                }
            };
            if !runner.same(&got.rows, &expected.rows) {
                differing.push(format!("{}\n  duckdb: {duck}\n  {dialect:?}: {theirs}", q.question));
            }
        }
    }
    assert!(compared >= 100, "{dialect:?}: only {compared} questions compared");
    assert!(differing.is_empty(), "{dialect:?}: {} of {compared} differ:\n{}", differing.len(), differing.join("\n"));
}
