//! The written answer of each answer shape — one value, a comparison, a ranking, a time
//! series, a list of records — on every sample, as a user sees it: the question read by the
//! embedded engine, run on the sample's DuckDB file, its columns described by the semantic
//! layer and written up. The expected answers (`answer_shapes.txt`, reviewed by reading) are
//! kept as a snapshot; `QUARRY_BLESS=1` writes what the engine says now, for review in the
//! diff. Whatever the snapshot holds, no answer may show an ISO timestamp, a column's raw
//! name or more decimals than its format.

mod sample_project;

use quarry_engine::{
    Connector,
    answer::{describe, measure_of},
    compile::{self, Dialect},
    connectors::{DuckDbConnector, QueryOptions},
    question::Understanding,
    sample_datasets::SampleDataset,
};
use sample_project::{ask, product_manifest, value_index};
use std::fmt::Write;

/// (sample, shape, question).
const QUESTIONS: &[(SampleDataset, &str, &str)] = &[
    (SampleDataset::Ecommerce, "one value", "total revenue in 2024"),
    (SampleDataset::Ecommerce, "comparison", "average order value by channel"),
    (SampleDataset::Ecommerce, "ranking", "top 5 products by revenue"),
    (SampleDataset::Ecommerce, "time series", "revenue by month in 2024"),
    (SampleDataset::Ecommerce, "records", "orders over 500 dollars in 2025"),
    (SampleDataset::Hr, "one value", "how many employees are there"),
    (SampleDataset::Hr, "comparison", "average salary by department"),
    (SampleDataset::Hr, "ranking", "top 3 titles by number of employees"),
    (SampleDataset::Hr, "time series", "employees hired per year"),
    (SampleDataset::Music, "one value", "how many tracks are there"),
    (SampleDataset::Music, "comparison", "total sales by media type"),
    (SampleDataset::Music, "ranking", "top 5 genres by number of tracks"),
    (SampleDataset::Music, "time series", "total sales by year"),
    (SampleDataset::Music, "records", "invoices over 20 dollars"),
    (SampleDataset::Nba, "one value", "how many games were played"),
    (SampleDataset::Nba, "ranking", "top 5 teams by number of wins"),
    (SampleDataset::Nba, "time series", "games per season"),
];

const SNAPSHOT: &str = "tests/answer_shapes.txt";

#[tokio::test]
async fn every_answer_shape_reads_as_an_analyst_would_write_it() {
    let mut written = String::new();
    let mut broken = Vec::new();
    for dataset in SampleDataset::ALL {
        let questions: Vec<_> = QUESTIONS.iter().filter(|(d, _, _)| *d == dataset).collect();
        if questions.is_empty() {
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sample.duckdb");
        dataset.build(&path).unwrap();
        let manifest = product_manifest(dataset);
        let index = value_index(dataset, &manifest);
        let connector = DuckDbConnector::immutable(path);
        for (_, shape, question) in questions {
            let answer = match ask(&manifest, &index, question) {
                Understanding::Sql { sql, understood, .. } => {
                    let compiled = compile::compile(&manifest, &sql, Dialect::DuckDb).unwrap_or_else(|e| panic!("{question}: {e}"));
                    let mut result = connector.query(&compiled, QueryOptions::default()).await.unwrap_or_else(|e| panic!("{question}: {e}"));
                    compile::describe(&manifest, &sql, Dialect::DuckDb, &mut result.columns);
                    let answer = describe("EN", measure_of(&understood).as_deref(), &result.columns, &result.rows, result.truncated);
                    if std::env::var_os("QUARRY_SHOW_SQL").is_some() {
                        eprintln!("{question}\n  {sql}");
                    }
                    broken.extend(problems(&manifest, &answer).into_iter().map(|p| format!("{question}: {p} in {answer:?}")));
                    answer
                }
                Understanding::NotUnderstood { understood, .. } => format!("(not answered: {})", understood.join("; ")),
            };
            writeln!(written, "{} | {shape} | {question}\n  {answer}", dataset.as_str()).unwrap();
        }
    }
    assert!(broken.is_empty(), "answers that do not read well:\n{}", broken.join("\n"));
    if std::env::var_os("QUARRY_BLESS").is_some() {
        std::fs::write(SNAPSHOT, &written).unwrap();
    }
    let expected = std::fs::read_to_string(SNAPSHOT).unwrap_or_default();
    assert_eq!(written, expected, "the written answers changed: review them, then run with QUARRY_BLESS=1 to keep them");
}

/// What no answer may contain: an ISO timestamp, a raw column name (one with an underscore or
/// run-together capitals), more than two decimals.
fn problems(manifest: &quarry_engine::mdl::Manifest, answer: &str) -> Vec<String> {
    let mut found = Vec::new();
    let words: Vec<&str> = answer.split(|c: char| c.is_whitespace() || ",.:;()".contains(c)).filter(|w| !w.is_empty()).collect();
    if words.iter().any(|w| w.len() >= 16 && w.as_bytes()[4] == b'-' && w.contains('T') && w.contains(':')) {
        found.push("an ISO timestamp".to_owned());
    }
    for column in manifest.models.iter().flat_map(|m| &m.columns) {
        let raw = column.name.contains('_') || column.name.chars().skip(1).any(char::is_uppercase);
        if raw && words.contains(&column.name.as_str()) {
            found.push(format!("the raw column name {}", column.name));
        }
    }
    for word in answer.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == ',')) {
        if let Some((_, decimals)) = word.trim_end_matches('.').rsplit_once('.')
            && decimals.len() > 2
            && decimals.chars().all(|c| c.is_ascii_digit())
        {
            found.push(format!("the number {word}"));
        }
    }
    found
}
