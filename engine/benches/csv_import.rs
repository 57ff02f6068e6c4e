//! CSV import throughput: Quarry's import (dialect sniffing, one-transaction load into the
//! project database) against DuckDB's own `read_csv` of the same file into a fresh table,
//! in the same run. `cargo bench -p quarry-engine --bench csv_import [-- <MB>]`.
//!
//! Prints one line per round and a summary: throughput ratio = baseline time / Quarry
//! time (1.0 = as fast as plain DuckDB; the goal is ≥ 0.8).

use quarry_engine::csv_import;
use std::{
    fmt::Write as _,
    path::Path,
    time::{Duration, Instant},
};

const ROUNDS: usize = 5;

fn main() {
    let megabytes: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(30);
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("orders.csv");
    let rows = write_orders(&file, megabytes * 1024 * 1024);
    let size = std::fs::metadata(&file).unwrap().len() as f64 / (1024.0 * 1024.0);
    println!("csv_import: {rows} rows, {size:.1} MB, {ROUNDS} rounds (alternating, fresh databases)");

    let mut quarry = Vec::new();
    let mut duckdb = Vec::new();
    for round in 0..ROUNDS {
        let baseline = time(|| baseline_import(&dir.path().join(format!("base-{round}.duckdb")), &file, rows));
        let ours = time(|| {
            let imported = csv_import::import(&dir.path().join(format!("quarry-{round}.duckdb")), &file, "orders").expect("import");
            assert_eq!(imported.rows, rows);
        });
        println!("  round {}: duckdb read_csv {:>7.1} ms   quarry import {:>7.1} ms", round + 1, ms(baseline), ms(ours));
        duckdb.push(baseline);
        quarry.push(ours);
    }
    let (base, ours) = (median(&mut duckdb), median(&mut quarry));
    println!(
        "median: duckdb read_csv {:.1} ms ({:.0} MB/s), quarry import {:.1} ms ({:.0} MB/s)",
        ms(base),
        size / base.as_secs_f64(),
        ms(ours),
        size / ours.as_secs_f64()
    );
    println!("throughput ratio (quarry / duckdb read_csv): {:.2}x", base.as_secs_f64() / ours.as_secs_f64());
}

/// What a user of DuckDB would write: `CREATE TABLE … AS SELECT * FROM read_csv(…)` with
/// DuckDB's automatic detection.
fn baseline_import(database: &Path, file: &Path, rows: u64) {
    let conn = duckdb::Connection::open(database).expect("open baseline database");
    let sql = format!("CREATE TABLE orders AS SELECT * FROM read_csv('{}')", file.display());
    conn.execute_batch(&sql).expect("baseline import");
    let count: i64 = conn.query_row("SELECT count(*) FROM orders", [], |r| r.get(0)).unwrap();
    assert_eq!(count as u64, rows);
}

fn write_orders(path: &Path, target_bytes: usize) -> u64 {
    let mut text = String::with_capacity(target_bytes + 4096);
    text.push_str("order_id,customer,city,amount,quantity,ordered_at,status,note\n");
    let statuses = ["delivered", "shipped", "cancelled", "returned"];
    let mut rows = 0u64;
    while text.len() < target_bytes {
        let i = rows;
        writeln!(
            text,
            "{i},customer-{},City {},{}.{:02},{},2024-{:02}-{:02} {:02}:{:02}:00,{},\"order {i}, gift wrapped\"",
            i % 50_000,
            i % 500,
            (i * 37) % 2000,
            i % 100,
            1 + i % 9,
            1 + i % 12,
            1 + i % 28,
            i % 24,
            i % 60,
            statuses[(i % 4) as usize]
        )
        .unwrap();
        rows += 1;
    }
    std::fs::write(path, text).expect("write the CSV");
    rows
}

fn time(work: impl FnOnce()) -> Duration {
    let start = Instant::now();
    work();
    start.elapsed()
}

fn median(samples: &mut [Duration]) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
