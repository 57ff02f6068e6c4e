//! The dialects of sources that cannot run here (Trino and Athena, Snowflake) over the whole
//! business question file: every question the engine answers on a sample, written for them,
//! is SQL their parser reads, quotes only with double quotes, and — run where both can run
//! (DuckDB reads the SQL they are written in) — gives the rows the DuckDB dialect gives. A
//! dialect that drifts from the others shows here on real questions, not on hand-picked ones.

mod sample_project;

use quarry_engine::{
    Connector,
    compile::{self, Dialect},
    connectors::{DuckDbConnector, QueryOptions},
    question::Understanding,
    sample_datasets::SampleDataset,
};
use sample_project::{ask_in, product_manifest, value_index};
use std::str::FromStr;

#[derive(serde::Deserialize)]
struct Question {
    db_id: String,
    question: String,
}

fn sorted(rows: Vec<Vec<serde_json::Value>>) -> Vec<String> {
    let mut rows: Vec<String> = rows.iter().map(|r| serde_json::to_string(r).unwrap()).collect();
    rows.sort();
    rows
}

/// The parser of `dialect`'s SQL, from sqlparser.
fn parser(dialect: Dialect) -> Box<dyn sqlparser::dialect::Dialect> {
    match dialect {
        Dialect::Snowflake => Box::new(sqlparser::dialect::SnowflakeDialect {}),
        _ => Box::new(sqlparser::dialect::GenericDialect {}),
    }
}

#[tokio::test]
async fn every_answered_business_question_runs_the_same_in_the_trino_dialect() {
    same_rows_in(Dialect::Trino).await;
}

#[tokio::test]
async fn every_answered_business_question_runs_the_same_in_the_snowflake_dialect() {
    same_rows_in(Dialect::Snowflake).await;
}

async fn same_rows_in(dialect: Dialect) {
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
            let got = connector.query(&compiled, options()).await.unwrap_or_else(|e| panic!("{}: {e}\n{compiled}", q.question));
            compared += 1;
            if sorted(got.rows) != sorted(expected.rows) {
                differing.push(format!("{}\n  duckdb: {duck}\n  {dialect:?}: {theirs}", q.question));
            }
        }
    }
    assert!(compared >= 100, "{dialect:?}: only {compared} questions compared");
    assert!(differing.is_empty(), "{dialect:?}: {} of {compared} differ:\n{}", differing.len(), differing.join("\n"));
}
