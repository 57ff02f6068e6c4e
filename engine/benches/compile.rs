//! The semantic layer's cost, measured in one run:
//! - compile time of a query over a 50-model manifest (goal: p50 under 1 ms);
//! - compile + execute through the models vs the same query on the tables, on DuckDB
//!   (goal: at most 1.10×).
//!
//!     cargo bench -p quarry-engine --bench compile

use duckdb::Connection;
use quarry_engine::{
    compile::{Dialect, compile, guard},
    mdl::{Column, ColumnKind, JoinType, Manifest, Model, ModelSource, Properties, Relationship},
};
use std::time::{Duration, Instant};

fn source(name: &str, source_column: &str, type_name: &str) -> Column {
    Column { kind: ColumnKind::Source { source_column: Some(source_column.to_owned()) }, ..Column::source(name, type_name) }
}

fn model(name: &str, table: &str, columns: Vec<Column>) -> Model {
    Model {
        name: name.into(),
        source: ModelSource::Table { catalog: None, schema: Some("main".into()), table: table.into() },
        columns,
        primary_key: Some("id".into()),
        properties: Properties::default(),
    }
}

/// 50 models of 12 columns, each related to the next, plus the two the queries use.
fn manifest() -> Manifest {
    let mut manifest = Manifest::default();
    for i in 0..48 {
        let mut columns: Vec<Column> = (0..10).map(|c| source(&format!("c{c}"), &format!("col_{c}"), "INTEGER")).collect();
        columns.push(source("id", "id", "INTEGER"));
        columns.push(Column::calculated("c_sum", "INTEGER", "c0 + c1"));
        manifest.models.push(model(&format!("m{i}"), &format!("t{i}"), columns));
        if i > 0 {
            manifest.relationships.push(Relationship {
                name: format!("m{i}_m{}", i - 1),
                models: [format!("m{i}"), format!("m{}", i - 1)],
                join_type: JoinType::ManyToOne,
                condition: format!("m{i}.c0 = m{}.id", i - 1),
                properties: Properties::default(),
            });
        }
    }
    manifest.models.push(model(
        "customers",
        "raw_customers",
        vec![source("id", "cust_id", "INTEGER"), source("country", "cust_country", "VARCHAR"), source("segment", "cust_segment", "VARCHAR")],
    ));
    manifest.models.push(model(
        "orders",
        "raw_orders",
        vec![
            source("id", "order_id", "INTEGER"),
            source("customer_id", "cust_id", "INTEGER"),
            source("amount", "order_amount", "DOUBLE"),
            source("ordered_on", "order_date", "DATE"),
        ],
    ));
    manifest
}

const QUERY: &str = "SELECT c.country, date_trunc('month', o.ordered_on) AS month, count(*) AS orders, sum(o.amount) AS revenue
    FROM orders o JOIN customers c ON c.id = o.customer_id
    WHERE o.amount > 10 GROUP BY 1, 2 ORDER BY revenue DESC LIMIT 20";
const DIRECT: &str = "SELECT c.cust_country AS country, date_trunc('month', o.order_date) AS month, count(*) AS orders, sum(o.order_amount) AS revenue
    FROM raw_orders o JOIN raw_customers c ON c.cust_id = o.cust_id
    WHERE o.order_amount > 10 GROUP BY 1, 2 ORDER BY revenue DESC LIMIT 20";

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() - 1) as f64 * p).round() as usize]
}

fn run(conn: &Connection, sql: &str) -> usize {
    let mut statement = conn.prepare(sql).expect("prepare");
    let mut rows = statement.query([]).expect("query");
    let mut n = 0;
    while rows.next().expect("row").is_some() {
        n += 1;
    }
    n
}

fn main() {
    let manifest = manifest();
    let wide_query = "SELECT a.c3, count(*) FROM m10 a JOIN m9 b ON a.c0 = b.id JOIN m8 c ON b.c0 = c.id WHERE a.c_sum > 3 GROUP BY 1";
    for _ in 0..200 {
        compile(&manifest, wide_query, Dialect::DuckDb).unwrap();
    }
    let mut samples: Vec<Duration> = (0..5000)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(compile(&manifest, wide_query, Dialect::DuckDb).unwrap());
            start.elapsed()
        })
        .collect();
    let (p50, p99) = (percentile(&mut samples, 0.5), percentile(&mut samples, 0.99));
    println!(
        "compile, 50-model manifest, 3 models in the query: p50 {:.3} ms, p99 {:.3} ms (goal p50 < 1 ms)",
        p50.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3
    );
    // The last look at the compiled text (part of every compile above), on its own.
    let compiled = compile(&manifest, wide_query, Dialect::DuckDb).unwrap();
    let mut guard: Vec<Duration> = (0..5000)
        .map(|_| {
            let start = Instant::now();
            guard::check_outgoing(&manifest, std::hint::black_box(&compiled), Dialect::DuckDb).unwrap();
            start.elapsed()
        })
        .collect();
    let guard_p50 = percentile(&mut guard, 0.5);
    println!(
        "of which the guard's re-check of the compiled SQL: p50 {:.3} ms ({:.0}% of compile)",
        guard_p50.as_secs_f64() * 1e3,
        100.0 * guard_p50.as_secs_f64() / p50.as_secs_f64()
    );

    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(
        "CREATE TABLE raw_customers AS SELECT i AS cust_id, ['UK','US','FR','DE','BR','JP'][1 + i % 6] AS cust_country,
             ['Consumer','Corporate'][1 + i % 2] AS cust_segment FROM range(20000) t(i);
         CREATE TABLE raw_orders AS SELECT i AS order_id, (i * 7919) % 20000 AS cust_id, ((i * 31) % 1000) / 3.0 AS order_amount,
             DATE '2023-01-01' + CAST(i % 1000 AS INTEGER) AS order_date FROM range(2000000) t(i);",
    )
    .unwrap();
    let (mut direct, mut through) = (Vec::new(), Vec::new());
    for round in 0..12 {
        let start = Instant::now();
        let a = run(&conn, DIRECT);
        let d = start.elapsed();
        let start = Instant::now();
        let compiled = compile(&manifest, QUERY, Dialect::DuckDb).unwrap();
        let b = run(&conn, &compiled);
        let t = start.elapsed();
        assert_eq!(a, b);
        if round >= 2 {
            direct.push(d);
            through.push(t);
        }
    }
    let (d, t) = (percentile(&mut direct, 0.5), percentile(&mut through, 0.5));
    println!(
        "2M orders × 20k customers, join + group by: direct {:.1} ms, compile + execute {:.1} ms (medians of 10)",
        d.as_secs_f64() * 1e3,
        t.as_secs_f64() * 1e3
    );
    println!("ratio (through the semantic layer / direct): {:.3}x (goal ≤ 1.10x)", t.as_secs_f64() / d.as_secs_f64());
}
