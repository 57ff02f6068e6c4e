//! Data sync (STANDARD) end to end with the real sync engine, Temporal and worker: a
//! Postgres source's tables copied into the project's store, questions answered from the
//! store (not the source) once it is there, an incremental sync bringing changes over, stop
//! and resume, and settings the source cannot back refused.

use quarry_test_kit::{
    TestApp,
    asking::{ask, number, rows, settle},
    error_code, shop_database, shop_execute,
};
use reqwest::Client;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const SYNC: &str = "query($p: ID!) { dataSync(projectId: $p) { mode everyMinutes stopped status lastSyncedAt nextSyncAt tables { schema name cursor } } }";
const JOBS: &str = "query($p: ID!) { syncJobs(projectId: $p) { id status rowsSynced error tables { table rows } } }";
const SET: &str = "mutation($p: ID!, $m: SyncMode!, $t: [SyncTableInput!]!, $e: Int!) { setDataSync(projectId: $p, mode: $m, tables: $t, everyMinutes: $e) { status stopped } }";

/// Waits until `count` jobs have ended; the newest.
async fn job_ended(app: &TestApp, client: &Client, project: &str, count: usize) -> Value {
    let deadline = Instant::now() + Duration::from_secs(180);
    loop {
        let jobs = app.gql_ok(client, JOBS, json!({"p": project})).await["syncJobs"].clone();
        let ended = jobs.as_array().unwrap().iter().filter(|j| !matches!(j["status"].as_str(), Some("PENDING" | "RUNNING"))).count();
        if ended >= count {
            return jobs[0].clone();
        }
        assert!(Instant::now() < deadline, "the sync did not end: {jobs}");
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

async fn answer(app: &TestApp, client: &Client, project: &str, question: &str) -> Vec<Value> {
    let task = ask(app, client, project, question, None).await;
    let (_, done) = settle(app, client, project, task["id"].as_str().unwrap(), 90).await;
    assert_eq!(done["status"], "FINISHED", "{question}: {done}");
    rows(app, client, project, &task["responseId"]).await
}

#[tokio::test]
async fn a_postgres_source_is_synced_into_the_store_and_questions_read_the_store() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("sync").await;
    app.gql_ok(&client, "mutation { createOrg(data: {name: \"Sync Co\"}) { id } }", json!({})).await;
    let created = app.gql_ok(&client, "mutation { createProject(data: {displayName: \"Synced\"}) { id } }", json!({})).await;
    let project = created["createProject"]["id"].as_str().unwrap().to_owned();

    // A shop with 20,000 more orders, each with the time it last changed.
    let (db, properties) = shop_database().await;
    shop_execute(
        &db,
        "ALTER TABLE orders ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
         INSERT INTO orders (id, customer_id, amount, ordered_at, updated_at)
             SELECT 100 + g, 1 + g % 2, g % 100, now(), now() - make_interval(secs => g) FROM generate_series(1, 20000) g;",
    )
    .await;
    let save = "mutation($p: ID!, $d: DataSourceInput!) { saveDataSource(projectId: $p, data: $d) { type } }";
    app.gql_ok(&client, save, json!({"p": project, "d": {"type": "POSTGRES", "properties": properties}})).await;
    app.gql_ok(
        &client,
        "mutation($p: ID!, $t: [String!]!) { saveTables(projectId: $p, tables: $t) { id } }",
        json!({"p": project, "t": ["customers", "orders"]}),
    )
    .await;
    let relation = json!([{"fromModel": "orders", "fromColumn": "customer_id", "toModel": "customers", "toColumn": "id", "type": "MANY_TO_ONE"}]);
    app.gql_ok(
        &client,
        "mutation($p: ID!, $r: [RelationInput!]!) { saveRelations(projectId: $p, relations: $r) { id } }",
        json!({"p": project, "r": relation}),
    )
    .await;

    // Settings the source cannot back are refused, naming what is wrong.
    let tables = json!([{"schema": "public", "name": "customers"}, {"schema": "public", "name": "orders", "cursor": "updated_at"}]);
    let refused = app.gql(&client, SET, json!({"p": project, "m": "STANDARD", "t": [{"schema": "public", "name": "orders", "cursor": "nope"}], "e": 60})).await;
    assert_eq!(error_code(&refused), "INVALID_INPUT", "{refused}");
    assert!(refused.to_string().contains("no column \\\"nope\\\""), "{refused}");
    let refused = app.gql(&client, SET, json!({"p": project, "m": "STANDARD", "t": tables, "e": 1})).await;
    assert!(refused.to_string().contains("5 minutes"), "{refused}");
    let refused = app.gql(&client, SET, json!({"p": project, "m": "CDC", "t": tables, "e": 60})).await;
    assert!(refused.to_string().contains("CDC"), "{refused}");

    // The first sync copies every row of both tables.
    app.gql_ok(&client, SET, json!({"p": project, "m": "STANDARD", "t": tables, "e": 60})).await;
    let first = job_ended(&app, &client, &project, 1).await;
    assert_eq!(first["status"], "SUCCEEDED", "{first}");
    assert_eq!(first["rowsSynced"], 20004, "{first}");
    assert_eq!(first["tables"], json!([{"table": "public.customers", "rows": 2}, {"table": "public.orders", "rows": 20002}]));
    let sync = app.gql_ok(&client, SYNC, json!({"p": project})).await["dataSync"].clone();
    assert_eq!((sync["status"].as_str(), sync["stopped"].as_bool()), (Some("SUCCEEDED"), Some(false)), "{sync}");
    assert!(sync["lastSyncedAt"].is_string() && sync["nextSyncAt"].is_string(), "{sync}");
    assert_eq!(number(&answer(&app, &client, &project, "How many orders are there?").await[0][0]), 20002.0);

    // Rows added at the source are not in the answer until a sync brings them.
    shop_execute(&db, "INSERT INTO orders (id, customer_id, amount, ordered_at) SELECT 30000 + g, 2, 5, now() FROM generate_series(1, 5) g; UPDATE orders SET amount = 1000, updated_at = now() + interval '1 second' WHERE id = 10;").await;
    assert_eq!(number(&answer(&app, &client, &project, "How many orders are there?").await[0][0]), 20002.0, "questions read the store");
    app.gql_ok(&client, "mutation($p: ID!) { syncDataNow(projectId: $p) }", json!({"p": project})).await;
    let second = job_ended(&app, &client, &project, 2).await;
    assert_eq!(second["status"], "SUCCEEDED", "{second}");
    let orders_copied = second["tables"].as_array().unwrap().iter().find(|t| t["table"] == "public.orders").unwrap()["rows"].as_i64().unwrap();
    assert!(orders_copied < 100, "only the changed rows are read again: {second}");
    assert_eq!(number(&answer(&app, &client, &project, "How many orders are there?").await[0][0]), 20007.0);
    let by_customer = answer(&app, &client, &project, "total order amount by customer name").await;
    let ada = by_customer.iter().find(|r| r[0] == "Ada").unwrap_or_else(|| panic!("{by_customer:?}"));
    let expected_ada: f64 = 1000.0 + (1..=20000).filter(|g| 1 + g % 2 == 1).map(|g| (g % 100) as f64).sum::<f64>();
    assert!((number(&ada[1]) - expected_ada).abs() < 1e-6, "the changed order counts once, at its new amount: {ada:?} vs {expected_ada}");

    // Stopped: no sync runs (sync now is refused) until resumed.
    let stopped = app.gql_ok(&client, "mutation($p: ID!) { stopDataSync(projectId: $p) { stopped nextSyncAt } }", json!({"p": project})).await;
    assert_eq!(stopped["stopDataSync"], json!({"stopped": true, "nextSyncAt": null}));
    let refused = app.gql(&client, "mutation($p: ID!) { syncDataNow(projectId: $p) }", json!({"p": project})).await;
    assert!(refused.to_string().contains("resume it first"), "{refused}");
    let resumed = app.gql_ok(&client, "mutation($p: ID!) { resumeDataSync(projectId: $p) { stopped } }", json!({"p": project})).await;
    assert_eq!(resumed["resumeDataSync"]["stopped"], false);
    let third = job_ended(&app, &client, &project, 3).await;
    assert_eq!(third["status"], "SUCCEEDED", "{third}");
}

#[tokio::test]
async fn a_million_rows_sync_whole_through_a_worker_killed_midway() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("sync-kill").await;
    app.gql_ok(&client, "mutation { createOrg(data: {name: \"Kill Co\"}) { id } }", json!({})).await;
    let created = app.gql_ok(&client, "mutation { createProject(data: {displayName: \"Big\"}) { id } }", json!({})).await;
    let project = created["createProject"]["id"].as_str().unwrap().to_owned();
    let (db, properties) = shop_database().await;
    shop_execute(
        &db,
        "CREATE TABLE events (id bigint PRIMARY KEY, kind text, amount numeric(12,2), at timestamptz NOT NULL);
         INSERT INTO events SELECT g, 'k' || (g % 17), (g % 1000) / 7.0, timestamp '2025-01-01' + make_interval(secs => g) FROM generate_series(1, 1000000) g;",
    )
    .await;
    let save = "mutation($p: ID!, $d: DataSourceInput!) { saveDataSource(projectId: $p, data: $d) { type } }";
    app.gql_ok(&client, save, json!({"p": project, "d": {"type": "POSTGRES", "properties": properties}})).await;
    let tables = json!([{"schema": "public", "name": "events", "cursor": "at"}]);
    app.gql_ok(&client, SET, json!({"p": project, "m": "STANDARD", "t": tables, "e": 60})).await;

    // Killed while rows are being copied; a fresh worker takes the run up.
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let jobs = app.gql_ok(&client, JOBS, json!({"p": project})).await["syncJobs"].clone();
        if jobs[0]["rowsSynced"].as_i64().unwrap_or(0) > 0 && jobs[0]["status"] == "RUNNING" {
            break;
        }
        assert!(Instant::now() < deadline, "the sync never got going: {jobs}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    app.kill_worker();
    app.start_worker();
    let job = job_ended(&app, &client, &project, 1).await;
    assert_eq!(job["status"], "SUCCEEDED", "{job}");

    // The store holds exactly the source's rows: none lost, none twice.
    let project_id: uuid::Uuid = project.parse().unwrap();
    let store = quarry_domain::datasource::sync::store_path(&app.state.config, project_id);
    let duck = duckdb::Connection::open_with_flags(&store, duckdb::Config::default().access_mode(duckdb::AccessMode::ReadOnly).unwrap()).unwrap();
    let stored: (i64, i64, String, String) = duck
        .query_row("SELECT COUNT(*), COUNT(DISTINCT id), CAST(SUM(amount) AS VARCHAR), CAST(MAX(\"at\") AS VARCHAR) FROM public.events", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })
        .unwrap();
    assert_eq!((stored.0, stored.1), (1_000_000, 1_000_000), "{stored:?}");
    let source_sum = (1..=1_000_000i64).map(|g| (g % 1000) as f64 / 7.0).map(|a| (a * 100.0).round() / 100.0).sum::<f64>();
    assert!((stored.2.parse::<f64>().unwrap() - source_sum).abs() < 0.5, "{stored:?} vs {source_sum}");
    assert!(stored.3.starts_with("2025-01-12 13:46:40"), "the last event is there: {stored:?}");
}
