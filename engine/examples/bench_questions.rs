//! Runs a question file through the embedded question engine offline, on the sample DuckDB
//! files, for working on the engine in seconds (the measure stays `scripts/bench/ask_quality.mjs`
//! through the public API):
//!
//! `cargo run -p quarry-engine --example bench_questions -- QUESTIONS.json MANIFESTS_DIR SAMPLES_DIR [--only DB] [-v]`
//!
//! MANIFESTS_DIR holds `<DB>.json`, a deploy's manifest per sample (`SELECT manifest FROM
//! deploys …`); SAMPLES_DIR the `<db>-v2.duckdb` files a server built. Values are indexed as
//! the deploy does (text columns of at most 1000 distinct values) and matched as asking does.
//! Categories are the quality script's.

use std::{collections::BTreeMap, path::PathBuf, time::Duration};

use quarry_engine::{
    Connector, DataSourceType, QueryOptions,
    compile::{Dialect, compile},
    connectors::DuckDbConnector,
    mdl::{ColumnKind, Manifest},
    question::{Understanding, ValueMatch, understand, value_key, value_phrases},
};
use serde_json::Value;

fn normal(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Number(n) => format!("{}", (n.as_f64().unwrap_or(0.0) * 1000.0).round() / 1000.0),
        Value::String(s) => match s.trim().parse::<f64>() {
            Ok(n) => format!("{}", (n * 1000.0).round() / 1000.0),
            Err(_) => s.trim().to_owned(),
        },
        other => other.to_string(),
    }
}

fn same(got: &[Vec<Value>], gold: &[Vec<Value>], ordered: bool) -> Option<String> {
    if got.len() != gold.len() {
        return Some(format!("{} rows, expected {}", got.len(), gold.len()));
    }
    let key = |row: &Vec<Value>| {
        let mut cells: Vec<String> = row.iter().map(normal).collect();
        cells.sort();
        cells.join(", ")
    };
    let mut a: Vec<String> = got.iter().map(key).collect();
    let mut b: Vec<String> = gold.iter().map(key).collect();
    if !ordered {
        a.sort();
        b.sort();
    }
    a.iter().zip(&b).position(|(x, y)| x != y).map(|i| format!("row {i}: [{}] vs [{}]", a[i], b[i]))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let positional: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let [file, manifests, samples, ..] = positional.as_slice() else {
        anyhow::bail!("usage: bench_questions QUESTIONS.json MANIFESTS_DIR SAMPLES_DIR [--only DB] [-v]");
    };
    let only = args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1)).cloned();
    let verbose = args.iter().any(|a| a == "-v");
    let questions: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(file)?)?;
    let today = chrono::Utc::now().date_naive();
    let options = QueryOptions::new(100_000, Duration::from_secs(60));
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut total = 0;
    for db in ["MUSIC", "HR", "NBA", "ECOMMERCE"] {
        if only.as_deref().is_some_and(|o| !o.split(',').any(|x| x == db)) {
            continue;
        }
        let manifest: Manifest = serde_json::from_str(&std::fs::read_to_string(PathBuf::from(manifests).join(format!("{db}.json")))?)?;
        let connector = DuckDbConnector::duckdb(PathBuf::from(samples).join(format!("{}-v2.duckdb", db.to_lowercase())));
        // The value index, as a deploy builds it.
        let mut index: Vec<ValueMatch> = Vec::new();
        for model in &manifest.models {
            for column in &model.columns {
                let text = matches!(column.kind, ColumnKind::Source { .. })
                    && DataSourceType::Duckdb.column_family(&column.type_name) == quarry_engine::connectors::ColumnTypeFamily::Text;
                if !text || column.hidden {
                    continue;
                }
                let sql = format!("SELECT \"{c}\" AS value, COUNT(*) FROM \"{m}\" WHERE \"{c}\" IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1001", c = column.name, m = model.name);
                let rows = connector.query(&compile(&manifest, &sql, Dialect::DuckDb)?, options.clone()).await?.rows;
                if rows.len() > 1000 {
                    continue;
                }
                index.extend(rows.iter().filter_map(|r| r[0].as_str()).filter(|v| !v.trim().is_empty() && v.chars().count() <= 100).map(|v| ValueMatch {
                    model: model.name.clone(),
                    column: column.name.clone(),
                    value: v.trim().to_owned(),
                }));
            }
        }
        for q in questions.iter().filter(|q| q["db_id"] == db) {
            total += 1;
            let question = q["question"].as_str().unwrap_or_default();
            let phrases = value_phrases(question);
            let values: Vec<ValueMatch> = index.iter().filter(|v| phrases.contains(&value_key(&v.value))).cloned().collect();
            let understanding = understand(&manifest, Dialect::DuckDb, question, &values, today);
            let (category, detail, sql) = match (&understanding, q["gold_sql"].as_str()) {
                (Understanding::NotUnderstood { understood, .. }, None) => {
                    let phrase = q["unplaceable"].as_str().unwrap_or_default().to_lowercase();
                    let said = understood.join(" ").to_lowercase();
                    let named = phrase.split(|c: char| !c.is_alphanumeric()).filter(|w| w.len() >= 4).any(|w| said.contains(w));
                    if named { ("correct", String::new(), None) } else { ("refused without naming it", said, None) }
                }
                (Understanding::NotUnderstood { understood, .. }, Some(_)) => ("not understood", understood.join("; "), None),
                (Understanding::Sql { sql, .. }, None) => ("confidently wrong", format!("answered, ignoring {}", q["unplaceable"]), Some(sql.clone())),
                (Understanding::Sql { sql, .. }, Some(gold)) => {
                    let gold_rows = connector.query(gold, options.clone()).await.map(|r| r.rows);
                    let got = match compile(&manifest, sql, Dialect::DuckDb) {
                        Ok(compiled) => connector.query(&compiled, options.clone()).await.map(|r| r.rows).map_err(|e| e.to_string()),
                        Err(e) => Err(e.to_string()),
                    };
                    match (got, gold_rows) {
                        (_, Err(e)) => ("gold SQL does not run", e.to_string(), Some(sql.clone())),
                        (Err(e), _) => ("failed", e, Some(sql.clone())),
                        (Ok(got), Ok(gold_rows)) => match same(&got, &gold_rows, gold.to_lowercase().contains("order by")) {
                            None => ("correct", String::new(), Some(sql.clone())),
                            Some(d) => ("confidently wrong", d, Some(sql.clone())),
                        },
                    }
                }
            };
            *counts.entry(category).or_default() += 1;
            let mark = if category == "correct" { "PASS" } else { "FAIL" };
            if verbose || category != "correct" {
                println!("{mark} {} {db}: {question} — {category}{}", q["id"], if detail.is_empty() { String::new() } else { format!(": {detail}") });
                if verbose && let Some(sql) = sql {
                    println!("      {sql}");
                }
            }
        }
    }
    let share = |n: usize| format!("{n} ({:.1}%)", 100.0 * n as f64 / total.max(1) as f64);
    println!("categories: {counts:?}");
    println!(
        "correct {}, not understood {}, confidently wrong {}",
        share(counts.get("correct").copied().unwrap_or(0)),
        share(counts.get("not understood").copied().unwrap_or(0) + counts.get("refused without naming it").copied().unwrap_or(0)),
        share(counts.get("confidently wrong").copied().unwrap_or(0))
    );
    Ok(())
}
