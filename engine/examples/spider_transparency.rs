//! Transparency of the semantic layer on the Spider dev set: every gold query, compiled
//! through one model per table and run on DuckDB, against the same query run on the tables.
//!
//!     cargo run --release -p quarry-engine --example spider_transparency [-- <spider-dev dir>]
//!
//! The directory defaults to `../shared/benchmarks/spider-dev` beside the project. Prints a
//! line per failure, a count per database and ends with `transparency: N/M`. Gold SQL is
//! SQLite's: double-quoted strings are rewritten as strings first. A gold query that still
//! fails on DuckDB itself (SQLite-only syntax, such as bare columns beside GROUP BY) counts
//! as transparent when the compiled one fails alike; how many do is printed
//! (`SPIDER_SHOW_DUCKDB_ERRORS=1` lists them).

use quarry_engine::compile::transparency::{Outcome, Question, SpiderDatabase};
use std::{collections::BTreeMap, path::PathBuf};

fn main() {
    let dir =
        std::env::args().nth(1).map(PathBuf::from).unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/benchmarks/spider-dev"));
    let questions: Vec<Question> =
        serde_json::from_str(&std::fs::read_to_string(dir.join("dev.json")).unwrap_or_else(|e| panic!("{}: {e}", dir.join("dev.json").display())))
            .expect("dev.json is [{id, db_id, question, gold_sql}]");
    let mut by_db: BTreeMap<&str, Vec<&Question>> = BTreeMap::new();
    for q in &questions {
        by_db.entry(q.db_id.as_str()).or_default().push(q);
    }
    let (mut same, mut both_fail, mut failures) = (0usize, 0usize, Vec::new());
    for (db, questions) in &by_db {
        let database = match SpiderDatabase::load(&dir.join("databases").join(db)) {
            Ok(database) => database,
            Err(e) => {
                for q in questions {
                    failures.push(format!("{} {db}: database not loaded: {e}", q.id));
                }
                continue;
            }
        };
        let mut ok = 0;
        for q in questions {
            match database.check(&database.from_sqlite(&q.gold_sql)) {
                Outcome::Same => ok += 1,
                Outcome::BothFail(reason) => {
                    ok += 1;
                    both_fail += 1;
                    if std::env::var_os("SPIDER_SHOW_DUCKDB_ERRORS").is_some() {
                        println!("  duckdb refuses {}: {reason}", q.id);
                    }
                }
                Outcome::Different(reason) => failures.push(format!("{} {db}: {reason}\n    {}", q.id, q.gold_sql)),
            }
        }
        same += ok;
        println!("{db}: {ok}/{}", questions.len());
    }
    for failure in &failures {
        println!("FAIL {failure}");
    }
    println!("gold queries that fail on DuckDB itself (and compiled alike): {both_fail}");
    println!("transparency: {same}/{}", questions.len());
}
