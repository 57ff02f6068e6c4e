//! The semantic layer is transparent on real SQL: Spider dev gold queries of two databases,
//! compiled through one model per table, return what they return on the tables directly.
//! (The whole dev set: `cargo run --release -p quarry-engine --example spider_transparency`.)

use quarry_engine::compile::transparency::{Outcome, Question, SpiderDatabase};
use std::path::PathBuf;

fn spider_dir() -> PathBuf {
    let dir = std::env::var_os("QUARRY_SPIDER_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/benchmarks/spider-dev"));
    assert!(dir.join("dev.json").is_file(), "the Spider dev set is not at {} (set QUARRY_SPIDER_DIR)", dir.display());
    dir
}

#[test]
fn gold_queries_give_the_same_rows_through_the_models() {
    let dir = spider_dir();
    let questions: Vec<Question> = serde_json::from_str(&std::fs::read_to_string(dir.join("dev.json")).unwrap()).unwrap();
    for db in ["concert_singer", "car_1"] {
        let database = SpiderDatabase::load(&dir.join("databases").join(db)).unwrap();
        let (mut same, mut total) = (0, 0);
        for q in questions.iter().filter(|q| q.db_id == db) {
            let sql = database.from_sqlite(&q.gold_sql);
            total += 1;
            match database.check(&sql) {
                Outcome::Same => same += 1,
                // SQLite-only SQL (bare columns beside GROUP BY) fails alike both ways.
                Outcome::BothFail(_) => {}
                Outcome::Different(reason) => panic!("{db} #{} {:?}: {reason}\n{sql}", q.id, q.question),
            }
        }
        assert!(total >= 45 && same * 10 >= total * 7, "{db}: {same} of {total} queries ran and matched");
    }
}
