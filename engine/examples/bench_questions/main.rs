//! Runs a question file through the embedded question engine offline, on the sample DuckDB
//! files, for working on the engine in seconds (the measure stays `scripts/bench/ask_quality.mjs`
//! through the public API):
//!
//! `cargo run -p quarry-engine --example bench_questions -- QUESTIONS.json MANIFESTS_DIR SAMPLES_DIR [--only DB] [--ids N,M] [--ask TEXT] [-v]`
//!
//! MANIFESTS_DIR holds `<DB>.json`, a deploy's manifest per sample (`SELECT manifest FROM
//! deploys …`); SAMPLES_DIR the `<db>-v2.duckdb` files a server built. Values are indexed as
//! the deploy does (text columns of at most 1000 distinct values) and matched as asking does.
//! Categories are the quality script's.
//!
//! `… bench_questions -- --spider SPIDER_DIR [--limit N] [-v]` runs Spider's dev.json instead:
//! each database's CSV files imported as the product imports uploads, a model per table and a
//! relationship per foreign key of tables.json, as the quality script sets projects up.

use std::{collections::BTreeMap, path::PathBuf, time::Duration};

use quarry_engine::{
    Connector, DataSourceType, QueryOptions,
    compile::{Dialect, compile},
    connectors::DuckDbConnector,
    mdl::{ColumnKind, Manifest},
    question::{
        Understanding, ValueMatch, ValueSearch, understand, value_key, value_phrases,
        vocabulary::{TaughtTerm, apply, split},
    },
};
use serde_json::Value;

mod gold;
mod rows;

use gold::{from_sqlite, run_gold};
use rows::same_or_tied;

/// Small words that name nothing: a reply that says only these has not named the phrase.
const STOP: &[&str] = &["a", "an", "the", "of", "for", "by", "in", "on", "at", "to", "and", "or", "with", "who", "that", "their", "our"];

/// Whether a refusal names the unplaceable phrase: one of its words, as a whole word.
fn names_phrase(said: &str, phrase: &str) -> bool {
    let reply: Vec<&str> = said.split(|c: char| !c.is_alphanumeric()).collect();
    phrase.split(|c: char| !c.is_alphanumeric()).filter(|w| w.len() >= 2 && !STOP.contains(w)).any(|w| reply.contains(&w))
}

/// A Spider database as a project would have it: its CSV files imported into a DuckDB file,
/// a model per table with its primary key, a MANY_TO_ONE relationship per foreign key.
fn spider_project(dir: &std::path::Path, schema: &Value, file: &std::path::Path) -> anyhow::Result<Manifest> {
    let names = |i: usize| -> Option<(String, String)> {
        let column = schema["column_names_original"].get(i)?;
        let table = schema["table_names_original"].get(column[0].as_u64()? as usize)?.as_str()?.to_lowercase();
        Some((table, column[1].as_str()?.to_owned()))
    };
    let keys: Vec<(String, String, String, String)> = schema["foreign_keys"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|fk| {
            let ((ft, fc), (tt, tc)) = (names(fk[0].as_u64()? as usize)?, names(fk[1].as_u64()? as usize)?);
            Some((ft, fc, tt, tc))
        })
        .collect();
    // Primary keys, as a connected database reports them (single-column ones: a model has one).
    let mut primary: Vec<(String, String)> = schema["primary_keys"].as_array().into_iter().flatten().filter_map(|k| names(k.as_u64()? as usize)).collect();
    let tables: Vec<String> = primary.iter().map(|(t, _)| t.clone()).collect();
    primary.retain(|(t, _)| tables.iter().filter(|x| *x == t).count() == 1);
    csv_project(dir, &keys, &primary, file)
}

/// CSV files imported as the product imports uploads, a model per file, a MANY_TO_ONE
/// relationship per `(from table, column, to table, column)`.
fn csv_project(
    dir: &std::path::Path,
    keys: &[(String, String, String, String)],
    primary: &[(String, String)],
    file: &std::path::Path,
) -> anyhow::Result<Manifest> {
    use quarry_engine::{
        csv_import,
        mdl::{Column, JoinType, Model, ModelSource, Properties, Relationship},
    };
    let mut models: Vec<Model> = Vec::new();
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(dir)?.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|e| e == "csv")).collect();
    files.sort();
    for csv in files {
        let table = csv_import::table_name_for(&csv.file_name().unwrap_or_default().to_string_lossy());
        csv_import::import(file, &csv, &table)?;
        let conn = duckdb::Connection::open(file)?;
        let mut stmt = conn.prepare(&format!(
            "SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = '{table}' ORDER BY ordinal_position"
        ))?;
        let columns: Vec<Column> = stmt
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?)))?
            .filter_map(Result::ok)
            .map(|(name, ty, nullable)| Column {
                not_null: nullable == "NO",
                properties: Properties { display_name: Some(name.clone()), description: None, ..Properties::default() },
                ..Column::source(&name, &ty)
            })
            .collect();
        let primary_key =
            primary.iter().find(|(t, _)| *t == table).and_then(|(_, c)| columns.iter().find(|x| x.name.eq_ignore_ascii_case(c)).map(|x| x.name.clone()));
        models.push(Model {
            name: table.clone(),
            source: ModelSource::Table { catalog: None, schema: None, table: table.clone() },
            columns,
            primary_key,
            properties: Properties { display_name: Some(table), description: None, ..Properties::default() },
        });
    }
    let mut relationships: Vec<Relationship> = Vec::new();
    for (ft, fc, tt, tc) in keys.iter().cloned() {
        let column_of = |t: &str, c: &str| {
            models.iter().find(|m| m.name == t).and_then(|m| m.columns.iter().find(|x| x.name.eq_ignore_ascii_case(c))).map(|x| x.name.clone())
        };
        let (Some(fc), Some(tc)) = (column_of(&ft, &fc), column_of(&tt, &tc)) else { continue };
        let name = format!("{ft}_{fc}_{tt}_{tc}");
        if relationships.iter().any(|r| r.name == name) || ft == tt {
            continue;
        }
        relationships.push(Relationship {
            name: name.clone(),
            models: [ft.clone(), tt.clone()],
            join_type: JoinType::ManyToOne,
            condition: format!("{ft}.{fc} = {tt}.{tc}"),
            properties: Properties::default(),
        });
        for (this, other) in [(&ft, &tt), (&tt, &ft)] {
            if let Some(m) = models.iter_mut().find(|m| &m.name == this) {
                let column = if m.columns.iter().any(|c| c.name.eq_ignore_ascii_case(other)) { format!("{other}_{fc}") } else { other.clone() };
                if !m.columns.iter().any(|c| c.name.eq_ignore_ascii_case(&column)) {
                    m.columns.push(Column::relationship(&column, other, &name));
                }
            }
        }
    }
    Ok(Manifest { models, relationships, ..Manifest::default() })
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(at) = args.iter().position(|a| a == "--heldout") {
        return heldout(&args[at + 1..]).await;
    }
    if let Some(at) = args.iter().position(|a| a == "--spider") {
        return spider(&args, PathBuf::from(args.get(at + 1).cloned().unwrap_or_default())).await;
    }
    let positional: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let [file, manifests, samples, ..] = positional.as_slice() else {
        anyhow::bail!("usage: bench_questions QUESTIONS.json MANIFESTS_DIR SAMPLES_DIR [--only DB] [--ids N,M] [--ask TEXT] [-v]");
    };
    let only = args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1)).cloned();
    let verbose = args.iter().any(|a| a == "-v");
    let ids: Option<Vec<u64>> =
        args.iter().position(|a| a == "--ids").and_then(|i| args.get(i + 1)).map(|list| list.split(',').filter_map(|n| n.parse().ok()).collect());
    let mut questions: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(file)?)?;
    // `--ask "question" --only DB`: one question of one's own, shown with its SQL.
    if let Some(asked) = args.iter().position(|a| a == "--ask").and_then(|i| args.get(i + 1)) {
        questions = vec![serde_json::json!({"id": 0, "db_id": only.clone().unwrap_or_default(), "question": asked, "gold_sql": "SELECT 1"})];
    }
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
        let index = value_index(&manifest, &connector).await?;
        for q in questions.iter().filter(|q| q["db_id"] == db && ids.as_ref().is_none_or(|ids| q["id"].as_u64().is_some_and(|id| ids.contains(&id)))) {
            total += 1;
            let question = q["question"].as_str().unwrap_or_default();
            let phrases = value_phrases(question);
            let search = ValueSearch::new(&phrases);
            let values: Vec<ValueMatch> = index.iter().filter(|v| search.matches(&value_key(&v.value))).cloned().collect();
            let (category, detail, sql) = judge(&manifest, &connector, &values, q, today, &options).await;
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
    report(&counts, total);
    Ok(())
}

/// What became of one question of a file: its category, why, and the SQL the engine wrote.
async fn judge(
    manifest: &Manifest,
    connector: &DuckDbConnector,
    values: &[ValueMatch],
    q: &Value,
    today: chrono::NaiveDate,
    options: &QueryOptions,
) -> (&'static str, String, Option<String>) {
    let question = q["question"].as_str().unwrap_or_default();
    let understanding = understand(manifest, Dialect::DuckDb, question, values, today);
    match (&understanding, q["gold_sql"].as_str()) {
        (Understanding::NotUnderstood { understood, .. }, None) => {
            let phrase = q["unplaceable"].as_str().unwrap_or_default().to_lowercase();
            let said = understood.join(" ").to_lowercase();
            let named = names_phrase(&said, &phrase);
            if named { ("correct", String::new(), None) } else { ("refused without naming it", said, None) }
        }
        (Understanding::NotUnderstood { understood, .. }, Some(_)) => ("not understood", understood.join("; "), None),
        (Understanding::Sql { sql, .. }, None) => ("confidently wrong", format!("answered, ignoring {}", q["unplaceable"]), Some(sql.clone())),
        (Understanding::Sql { sql, .. }, Some(gold)) => {
            let gold_rows = match compile(manifest, gold, Dialect::DuckDb) {
                Ok(c) => connector.query(&c, options.clone()).await.map(|r| r.rows).map_err(|e| e.to_string()),
                Err(_) => connector.query(gold, options.clone()).await.map(|r| r.rows).map_err(|e| e.to_string()),
            };
            let got = match compile(manifest, sql, Dialect::DuckDb) {
                Ok(compiled) => connector.query(&compiled, options.clone()).await.map(|r| r.rows).map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            match (got, gold_rows) {
                (_, Err(e)) => ("gold SQL does not run", e, Some(sql.clone())),
                (Err(e), _) => ("failed", e, Some(sql.clone())),
                (Ok(got), Ok(gold_rows)) => match same_or_tied(&got, &gold_rows, gold, sql) {
                    None => ("correct", String::new(), Some(sql.clone())),
                    Some(d) => ("confidently wrong", d, Some(sql.clone())),
                },
            }
        }
    }
}

/// `--heldout CSV_DIR QUESTIONS.json RELATIONSHIPS.json [--ids N,M] [-v]`: a held-out set
/// (scripts/bench/heldout): the CSV files imported, the relationships of the file, every
/// indexed value given to the engine (it picks what the question says).
async fn heldout(args: &[String]) -> anyhow::Result<()> {
    let positional: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let positional: Vec<&String> =
        positional.into_iter().filter(|a| args.iter().position(|x| x == "--ask").is_none_or(|i| args.get(i + 1) != Some(*a))).collect();
    let [csvs, questions, relations, ..] = positional.as_slice() else {
        anyhow::bail!("usage: bench_questions --heldout CSV_DIR QUESTIONS.json RELATIONSHIPS.json [--ids N,M] [-v]");
    };
    let verbose = args.iter().any(|a| a == "-v");
    let ids: Option<Vec<u64>> =
        args.iter().position(|a| a == "--ids").and_then(|i| args.get(i + 1)).map(|list| list.split(',').filter_map(|n| n.parse().ok()).collect());
    let mut questions: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(questions)?)?;
    // `--ask "question"`: one question of one's own over the set's data, shown with its SQL.
    if let Some(asked) = args.iter().position(|a| a == "--ask").and_then(|i| args.get(i + 1)) {
        questions = vec![serde_json::json!({"id": 0, "question": asked, "gold_sql": "SELECT 1"})];
    }
    let relations: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(relations)?)?;
    let keys: Vec<(String, String, String, String)> = relations
        .iter()
        .map(|r| {
            let f = |k: &str| r[k].as_str().unwrap_or_default().to_owned();
            (f("fromModel"), f("fromColumn"), f("toModel"), f("toColumn"))
        })
        .collect();
    let work = tempfile::tempdir()?;
    let file = work.path().join("heldout.duckdb");
    let manifest = csv_project(std::path::Path::new(csvs.as_str()), &keys, &[], &file)?;
    let connector = DuckDbConnector::duckdb(file.clone());
    let index = value_index(&manifest, &connector).await?;
    let today = chrono::Utc::now().date_naive();
    let options = QueryOptions::new(100_000, Duration::from_secs(60));
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut total = 0;
    // `--teach`: a refused question is taught one click per phrase, as a user who knows the
    // data would click — the offered candidate whose column the gold SQL reads — and asked again.
    let teach = args.iter().any(|a| a == "--teach");
    // `--dump-unplaced FILE`: each refused question's unplaced phrases, the columns its gold SQL
    // reads and every readable column, one JSON line each (to calibrate a similarity placement).
    let mut dump = match args.iter().position(|a| a == "--dump-unplaced").and_then(|i| args.get(i + 1)) {
        Some(path) => Some(std::fs::File::create(path)?),
        None => None,
    };
    for q in questions.iter().filter(|q| ids.as_ref().is_none_or(|ids| q["id"].as_u64().is_some_and(|id| ids.contains(&id)))) {
        total += 1;
        let (mut category, mut detail, mut sql) = judge(&manifest, &connector, &index, q, today, &options).await;
        if let Some(file) = dump.as_mut()
            && category == "not understood"
            && let Understanding::NotUnderstood { teach: offers, .. } =
                understand(&manifest, Dialect::DuckDb, q["question"].as_str().unwrap_or_default(), &index, today)
        {
            use std::io::Write;
            let gold = q["gold_sql"].as_str().unwrap_or_default();
            let reads = |col: &str| gold.split(|c: char| !c.is_alphanumeric() && c != '_').any(|w| w.eq_ignore_ascii_case(col));
            let columns: Vec<Value> = manifest
                .models
                .iter()
                .flat_map(|m| m.columns.iter().filter(|c| !c.hidden && matches!(c.kind, ColumnKind::Source { .. })).map(move |c| (m, c)))
                .map(|(m, c)| {
                    // As a person says it: "dep delay of flights".
                    let label = format!("{} of {}", split(&c.name).join(" "), split(&m.name).join(" "));
                    serde_json::json!({"model": m.name, "column": c.name, "label": label, "gold": reads(&c.name)})
                })
                .collect();
            for offer in &offers {
                writeln!(file, "{}", serde_json::json!({"question": q["question"], "phrase": offer.phrase, "columns": columns}))?;
            }
        }
        if teach
            && category == "not understood"
            && let Understanding::NotUnderstood { teach: offers, .. } =
                understand(&manifest, Dialect::DuckDb, q["question"].as_str().unwrap_or_default(), &index, today)
        {
            let gold = q["gold_sql"].as_str().unwrap_or_default();
            let clicks: Vec<TaughtTerm> = offers
                .iter()
                .filter_map(|o| {
                    // The column as a whole identifier of the gold SQL ("H", not the h of "Hall").
                    let reads = |col: &str| gold.split(|c: char| !c.is_alphanumeric() && c != '_').any(|w| w == col);
                    let pick = o.candidates.iter().find(|c| c.column.as_deref().is_some_and(reads))?;
                    Some(TaughtTerm { phrase: o.phrase.clone(), model: pick.model.clone(), column: pick.column.clone(), removed: false })
                })
                .collect();
            if !clicks.is_empty() {
                let mut taught = manifest.clone();
                apply(&mut taught, &clicks);
                (category, detail, sql) = judge(&taught, &connector, &index, q, today, &options).await;
                detail = format!(
                    "after teaching {}: {detail}",
                    clicks.iter().map(|c| format!("{} = {}", c.phrase, c.column.as_deref().unwrap_or(&c.model))).collect::<Vec<_>>().join(", ")
                );
            }
        }
        *counts.entry(category).or_default() += 1;
        if verbose || category != "correct" {
            let mark = if category == "correct" { "PASS" } else { "FAIL" };
            println!(
                "{mark} {}: {} — {category}{}",
                q["id"],
                q["question"].as_str().unwrap_or_default(),
                if detail.is_empty() { String::new() } else { format!(": {detail}") }
            );
            if verbose && let Some(sql) = sql {
                println!("      {sql}\n      gold: {}", q["gold_sql"].as_str().unwrap_or_default());
            }
        }
    }
    report(&counts, total);
    // `--time`: how long the engine takes to read each question (the median of 20 runs per
    // question), over the set: its p50 and p95.
    if args.iter().any(|a| a == "--time") {
        let mut each: Vec<f64> = questions
            .iter()
            .map(|q| {
                let question = q["question"].as_str().unwrap_or_default();
                let mut runs: Vec<f64> = (0..20)
                    .map(|_| {
                        let started = std::time::Instant::now();
                        std::hint::black_box(understand(&manifest, Dialect::DuckDb, question, &index, today));
                        started.elapsed().as_secs_f64() * 1000.0
                    })
                    .collect();
                runs.sort_by(f64::total_cmp);
                runs[10]
            })
            .collect();
        each.sort_by(f64::total_cmp);
        let at = |p: f64| each[((each.len() as f64 - 1.0) * p) as usize];
        println!("engine time per question: p50 {:.2} ms, p95 {:.2} ms ({} values indexed)", at(0.5), at(0.95), index.len());
    }
    Ok(())
}

fn report(counts: &BTreeMap<&str, usize>, total: usize) {
    let share = |n: usize| format!("{n} ({:.1}%)", 100.0 * n as f64 / total.max(1) as f64);
    println!("categories: {counts:?}");
    println!(
        "correct {}, not understood {}, confidently wrong {}",
        share(counts.get("correct").copied().unwrap_or(0)),
        share(counts.get("not understood").copied().unwrap_or(0) + counts.get("refused without naming it").copied().unwrap_or(0)),
        share(counts.get("confidently wrong").copied().unwrap_or(0))
    );
    println!("accuracy: {}/{total}", counts.get("correct").copied().unwrap_or(0));
}

/// The value index of a project's text columns, as a deploy builds it.
async fn value_index(manifest: &Manifest, connector: &dyn Connector) -> anyhow::Result<Vec<ValueMatch>> {
    let options = QueryOptions::new(100_000, Duration::from_secs(60));
    let mut index: Vec<ValueMatch> = Vec::new();
    for model in &manifest.models {
        for column in &model.columns {
            let text = matches!(column.kind, ColumnKind::Source { .. })
                && DataSourceType::Duckdb.column_family(&column.type_name) == quarry_engine::connectors::ColumnTypeFamily::Text;
            if !text || column.hidden {
                continue;
            }
            let most = quarry_engine::question::values_indexed(manifest, model, column);
            let sql = format!(
                "SELECT \"{c}\" AS value, COUNT(*) FROM \"{m}\" WHERE \"{c}\" IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT {}",
                most + 1,
                c = column.name,
                m = model.name
            );
            let Ok(compiled) = compile(manifest, &sql, Dialect::DuckDb) else { continue };
            let Ok(result) = connector.query(&compiled, options.clone()).await else { continue };
            if result.rows.len() > most {
                continue;
            }
            index.extend(result.rows.iter().filter_map(|r| r[0].as_str()).filter(|v| !v.trim().is_empty() && v.chars().count() <= 100).map(|v| ValueMatch {
                model: model.name.clone(),
                column: column.name.clone(),
                value: v.trim().to_owned(),
                column_values: result.rows.len(),
            }));
        }
    }
    Ok(index)
}

/// The value given after `name`, if any.
fn flag<'a>(args: &'a [String], name: &str) -> Option<&'a String> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1))
}

async fn spider(args: &[String], dir: PathBuf) -> anyhow::Result<()> {
    let verbose = args.iter().any(|a| a == "-v");
    let limit = args.iter().position(|a| a == "--limit").and_then(|i| args.get(i + 1)).and_then(|n| n.parse().ok()).unwrap_or(usize::MAX);
    let mut questions: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(dir.join("dev.json"))?)?;
    // `--ask "question" --db DB`: one question of one's own on a Spider database.
    if let (Some(asked), Some(db)) = (flag(args, "--ask"), flag(args, "--db")) {
        questions = vec![serde_json::json!({"db_id": db, "question": asked, "gold_sql": "SELECT 1"})];
    }
    let schemas: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(dir.join("tables.json"))?)?;
    let today = chrono::Utc::now().date_naive();
    let options = QueryOptions::new(100_000, Duration::from_secs(60));
    let work = tempfile::tempdir()?;
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut projects: BTreeMap<String, Option<(Manifest, DuckDbConnector, Vec<ValueMatch>)>> = BTreeMap::new();
    let mut total = 0;
    let matching = args.iter().position(|a| a == "--match").and_then(|i| args.get(i + 1)).map(|m| m.to_lowercase());
    for q in questions.iter().take(limit) {
        let db = q["db_id"].as_str().unwrap_or_default().to_owned();
        if matching.as_ref().is_some_and(|m| !q["question"].as_str().unwrap_or_default().to_lowercase().contains(m)) {
            continue;
        }
        if !projects.contains_key(&db) {
            let file = work.path().join(format!("{db}.duckdb"));
            let schema = schemas.iter().find(|s| s["db_id"] == db.as_str()).cloned().unwrap_or(Value::Null);
            let project = match spider_project(&dir.join("databases").join(&db), &schema, &file) {
                Ok(manifest) => {
                    let connector = DuckDbConnector::duckdb(file.clone());
                    let values = value_index(&manifest, &connector).await.unwrap_or_default();
                    Some((manifest, connector, values))
                }
                Err(error) => {
                    eprintln!("{db}: not loaded: {error}");
                    None
                }
            };
            projects.insert(db.clone(), project);
        }
        total += 1;
        let Some((manifest, connector, index)) = projects.get(&db).and_then(Option::as_ref) else {
            *counts.entry("database not loaded").or_default() += 1;
            continue;
        };
        let question = q["question"].as_str().unwrap_or_default();
        let gold = from_sqlite(q["gold_sql"].as_str().unwrap_or_default());
        let phrases = value_phrases(question);
        let search = ValueSearch::new(&phrases);
        let values: Vec<ValueMatch> = index.iter().filter(|v| search.matches(&value_key(&v.value))).cloned().collect();
        let (category, detail, sql) = match understand(manifest, Dialect::DuckDb, question, &values, today) {
            Understanding::NotUnderstood { understood, .. } => ("not understood", understood.join("; "), None),
            Understanding::Sql { sql, .. } => {
                let gold_rows = run_gold(manifest, connector, &gold, &options).await;
                let got = match compile(manifest, &sql, Dialect::DuckDb) {
                    Ok(compiled) => connector.query(&compiled, options.clone()).await.map(|r| r.rows).map_err(|e| e.to_string()),
                    Err(e) => Err(e.to_string()),
                };
                match (got, gold_rows) {
                    (_, Err(e)) => ("gold SQL does not run", e, Some(sql)),
                    (Err(e), _) => ("failed", e, Some(sql)),
                    (Ok(got), Ok(gold_rows)) => match same_or_tied(&got, &gold_rows, &gold, &sql) {
                        None => ("correct", String::new(), Some(sql)),
                        Some(d) => ("confidently wrong", d, Some(sql)),
                    },
                }
            }
        };
        *counts.entry(category).or_default() += 1;
        if verbose || category == "confidently wrong" {
            println!(
                "{} {db}: {question} — {category}{}",
                if category == "correct" { "PASS" } else { "FAIL" },
                if detail.is_empty() { String::new() } else { format!(": {detail}") }
            );
            if let Some(sql) = sql.filter(|_| verbose || category == "confidently wrong") {
                println!("      {sql}\n      gold: {gold}");
            }
        }
    }
    report(&counts, total);
    Ok(())
}
