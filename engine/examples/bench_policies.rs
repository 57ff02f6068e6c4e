//! What row policies cost: a query over a model with two row policies, compiled for a viewer
//! and run on DuckDB, against the same filter written by hand over the table, in one run.
//!
//! `cargo run --release -p quarry-engine --example bench_policies [-- ROWS ROUNDS]`
//! (defaults 5,000,000 rows, 15 rounds). Prints each side's median and the ratio.

use duckdb::Connection;
use quarry_engine::{
    compile::{
        Dialect, compile_as,
        security::{Scalar, Viewer},
    },
    mdl::{Column, Manifest, Model, ModelSource, Properties, RowPolicy},
};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rows: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5_000_000);
    let rounds: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(15);
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(&format!(
        "CREATE TABLE sales AS SELECT i AS id, ['East','West','North','South'][1 + i % 4] AS region, 'c' || (i % 20) AS category, (i * 7919) % 1000 AS amount
         FROM range({rows}) t(i);"
    ))
    .unwrap();
    let manifest = Manifest {
        models: vec![Model {
            name: "sales".into(),
            source: ModelSource::Table { catalog: None, schema: None, table: "sales".into() },
            columns: vec![
                Column::source("id", "BIGINT"),
                Column::source("region", "VARCHAR"),
                Column::source("category", "VARCHAR"),
                Column::source("amount", "BIGINT"),
            ],
            primary_key: Some("id".into()),
            properties: Properties::default(),
        }],
        row_policies: vec![
            RowPolicy { name: "region".into(), model: "sales".into(), condition: "region = @region".into(), admins_exempt: false },
            RowPolicy { name: "categories".into(), model: "sales".into(), condition: "category = @categories".into(), admins_exempt: false },
        ],
        ..Manifest::default()
    };
    let viewer = Viewer::nobody()
        .with("region", vec![Scalar::Text("East".into())])
        .with("categories", ["c0", "c4", "c8"].iter().map(|c| Scalar::Text((*c).into())).collect());
    let query = "SELECT category, SUM(amount) AS total, COUNT(*) AS n FROM sales GROUP BY category ORDER BY category";
    let by_hand = "SELECT category, SUM(amount) AS total, COUNT(*) AS n FROM sales WHERE region = 'East' AND category IN ('c0', 'c4', 'c8') GROUP BY category ORDER BY category";

    let run = |sql: &str| -> (Duration, Vec<(String, i64, i64)>) {
        let started = Instant::now();
        let mut statement = conn.prepare(sql).unwrap();
        let out: Vec<(String, i64, i64)> =
            statement.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?))).unwrap().map(Result::unwrap).collect();
        (started.elapsed(), out)
    };
    let mut compiled_times = Vec::new();
    let mut secured = Vec::new();
    let mut plain = Vec::new();
    for round in 0..rounds + 2 {
        let started = Instant::now();
        let compiled = compile_as(&manifest, &viewer, query, Dialect::DuckDb).unwrap();
        let compile_time = started.elapsed();
        // Alternate which goes first, so neither always runs on a warmer cache.
        let (a, b) = if round % 2 == 0 {
            let a = run(&compiled);
            (a, run(by_hand))
        } else {
            let b = run(by_hand);
            (run(&compiled), b)
        };
        assert_eq!(a.1, b.1, "the policies give the hand-written filter's rows");
        if round >= 2 {
            compiled_times.push(compile_time);
            secured.push(compile_time + a.0);
            plain.push(b.0);
        }
    }
    let median = |v: &mut Vec<Duration>| {
        v.sort();
        v[v.len() / 2]
    };
    let (c, s, p) = (median(&mut compiled_times), median(&mut secured), median(&mut plain));
    println!("rows: {rows}, rounds: {rounds}");
    println!("compile with two row policies: median {:.3} ms", c.as_secs_f64() * 1000.0);
    println!("compiled and run with the policies: median {:.2} ms", s.as_secs_f64() * 1000.0);
    println!("the same filter by hand (baseline): median {:.2} ms", p.as_secs_f64() * 1000.0);
    println!("ratio: {:.3}x (goal <= 1.05x)", s.as_secs_f64() / p.as_secs_f64());
}
