//! The sample datasets built into real DuckDB files and read back through the DUCKDB
//! connector, as a project that picks one sees them.

use quarry_engine::{
    Connector, QueryOptions,
    connectors::DuckDbConnector,
    sample_datasets::{SampleDataset, SampleRelationKind},
};
use serde_json::{Value, json};
use std::{collections::BTreeSet, time::Duration};

async fn rows(source: &DuckDbConnector, sql: &str) -> Vec<Vec<Value>> {
    source.query(sql, QueryOptions::new(100_000, Duration::from_secs(60))).await.unwrap().rows
}

async fn scalar(source: &DuckDbConnector, sql: &str) -> Value {
    rows(source, sql).await[0][0].clone()
}

fn built(dataset: SampleDataset, dir: &tempfile::TempDir, name: &str) -> DuckDbConnector {
    let path = dir.path().join(name);
    let started = std::time::Instant::now();
    dataset.build(&path).unwrap();
    eprintln!("{dataset}: built in {:?}", started.elapsed());
    assert!(!dir.path().join(format!("{name}.partial")).exists());
    DuckDbConnector::duckdb(path)
}

#[tokio::test]
async fn every_dataset_matches_its_declaration_and_is_the_same_every_time() {
    let dir = tempfile::tempdir().unwrap();
    for dataset in SampleDataset::ALL {
        let source = built(dataset, &dir, &format!("{dataset}.duckdb"));
        let tables = source.tables().await.unwrap();
        let found: BTreeSet<&str> = tables.iter().map(|t| t.name.as_str()).collect();
        let declared: BTreeSet<&str> = dataset.tables().iter().map(|t| t.name).collect();
        assert_eq!(found, declared, "{dataset}");
        for table in dataset.tables() {
            let source_table = tables.iter().find(|t| t.name == table.name).unwrap();
            let columns: Vec<&str> = source_table.columns.iter().map(|c| c.name.as_str()).collect();
            let expected: Vec<&str> = table.columns.iter().map(|c| c.name).collect();
            assert_eq!(columns, expected, "{dataset}.{}", table.name);
            assert_eq!(source_table.primary_key(), table.primary_key.to_vec(), "{dataset}.{}", table.name);
            let count = scalar(&source, &format!("SELECT count(*) FROM \"{}\"", table.name)).await;
            assert!(count.as_i64().unwrap() > 0, "{dataset}.{} is empty", table.name);
        }
        // Declared foreign keys are what the connector reports; all relationships hold in the data.
        let keys: BTreeSet<(String, String, String)> =
            source.foreign_keys().await.unwrap().into_iter().map(|k| (k.from_table, k.from_columns.join(","), k.to_table)).collect();
        for rel in dataset.relationships() {
            let declared = dataset
                .tables()
                .iter()
                .find(|t| t.name == rel.from_table)
                .unwrap()
                .foreign_keys
                .iter()
                .any(|fk| fk.column == rel.from_column && fk.table == rel.to_table && fk.declared);
            assert_eq!(keys.contains(&(rel.from_table.into(), rel.from_column.into(), rel.to_table.into())), declared, "{rel:?}");
            let orphans = scalar(
                &source,
                &format!(
                    "SELECT count(*) FROM \"{f}\" c WHERE c.\"{fc}\" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \"{t}\" p WHERE p.\"{tc}\" = c.\"{fc}\")",
                    f = rel.from_table,
                    fc = rel.from_column,
                    t = rel.to_table,
                    tc = rel.to_column
                ),
            )
            .await;
            assert_eq!(orphans, json!(0), "{dataset}: {rel:?}");
        }
        // Built again, the data is identical.
        let again = built(dataset, &dir, &format!("{dataset}-again.duckdb"));
        for table in dataset.tables() {
            let checksum = format!("SELECT sum(hash(t)) :: VARCHAR FROM \"{}\" t", table.name);
            assert_eq!(scalar(&source, &checksum).await, scalar(&again, &checksum).await, "{dataset}.{}", table.name);
        }
    }
}

#[tokio::test]
async fn music_is_chinook_with_its_original_names() {
    let dir = tempfile::tempdir().unwrap();
    let music = built(SampleDataset::Music, &dir, "music.duckdb");
    for (table, count) in [("Track", 3503), ("InvoiceLine", 2240), ("Invoice", 412), ("Customer", 59), ("PlaylistTrack", 8715), ("Artist", 275)] {
        assert_eq!(scalar(&music, &format!("SELECT count(*) FROM \"{table}\"")).await, json!(count), "{table}");
    }
    let top = rows(
        &music,
        "SELECT g.\"Name\", sum(il.\"UnitPrice\" * il.\"Quantity\") AS sales FROM \"InvoiceLine\" il
        JOIN \"Track\" t ON t.\"TrackId\" = il.\"TrackId\" JOIN \"Genre\" g ON g.\"GenreId\" = t.\"GenreId\"
        GROUP BY 1 ORDER BY 2 DESC LIMIT 2",
    )
    .await;
    assert_eq!(top[0][0], json!("Rock"));
    assert_eq!(top[0][1], json!("826.65"));
    let playlist_key = SampleDataset::Music.tables().iter().find(|t| t.name == "PlaylistTrack").unwrap().primary_key;
    assert_eq!(playlist_key, ["PlaylistId", "TrackId"]);
    let reports_to = SampleDataset::Music.relationships().into_iter().find(|r| r.from_column == "ReportsTo").unwrap();
    assert_eq!((reports_to.to_table, reports_to.kind), ("Employee", SampleRelationKind::ManyToOne));
    assert_eq!(scalar(&music, "SELECT \"BillingPostalCode\" FROM \"Invoice\" WHERE \"InvoiceId\" = 2").await, json!("0171"));
}

#[tokio::test]
async fn generated_data_is_consistent() {
    let dir = tempfile::tempdir().unwrap();
    let nba = built(SampleDataset::Nba, &dir, "nba.duckdb");
    let per_team = rows(
        &nba,
        "SELECT season, team_id, count(*) FROM (
        SELECT season, home_team_id AS team_id FROM games UNION ALL SELECT season, away_team_id FROM games)
        GROUP BY ALL HAVING count(*) <> 82",
    )
    .await;
    assert!(per_team.is_empty(), "every team plays 82 games a season: {per_team:?}");
    let mismatched = scalar(
        &nba,
        "SELECT count(*) FROM team_box_scores t JOIN games g USING (game_id) WHERE t.points <>
        CASE WHEN t.is_home THEN g.home_points ELSE g.away_points END
        OR t.points <> (SELECT sum(points) FROM player_box_scores p WHERE p.game_id = t.game_id AND p.team_id = t.team_id)
        OR t.points <> 2 * t.field_goals_made + t.three_pointers_made + t.free_throws_made",
    )
    .await;
    assert_eq!(mismatched, json!(0));
    assert_eq!(scalar(&nba, "SELECT count(*) FROM games WHERE home_points = away_points").await, json!(0));

    let shop = built(SampleDataset::Ecommerce, &dir, "shop.duckdb");
    let off = scalar(
        &shop,
        "SELECT count(*) FROM orders o WHERE abs(o.total_amount - o.shipping_fee -
        (SELECT sum(round(unit_price * quantity * (1 - discount), 2)) FROM order_items i WHERE i.order_id = o.order_id)) > 0.05",
    )
    .await;
    assert_eq!(off, json!(0), "order totals are their items plus shipping");
    let years = rows(&shop, "SELECT DISTINCT year(ordered_at) FROM orders ORDER BY 1").await;
    assert_eq!(years, vec![vec![json!(2023)], vec![json!(2024)], vec![json!(2025)]]);

    let hr = built(SampleDataset::Hr, &dir, "hr.duckdb");
    let current = scalar(
        &hr,
        "SELECT count(*) FROM employees e WHERE termination_date IS NULL AND
        (SELECT count(*) FROM salaries s WHERE s.employee_id = e.employee_id AND s.to_date IS NULL) <> 1",
    )
    .await;
    assert_eq!(current, json!(0), "each current employee has one current salary");
    let managers = scalar(&hr, "SELECT count(DISTINCT department_id) FROM dept_manager").await;
    assert_eq!(managers, json!(9));
}
