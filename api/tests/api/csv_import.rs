//! CSV upload → `CsvImportWorkflow` on a real Temporal server and worker → the project's
//! CSV source, including refusals, broken files, replacing a table, and a worker killed
//! in the middle of a large import.

use quarry_engine::{Connector, QueryOptions, connectors::DuckDbConnector};
use quarry_test_kit::{TestApp, error_code, eventually};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;

const JOB: &str = "query($id: ID!) { csvImportJob(id: $id) { state progress error tableName rowCount } }";

async fn project(app: &TestApp, client: &Client) -> String {
    app.gql_ok(client, "mutation { createOrg(data: {name: \"Csv Co\"}) { id } }", json!({})).await;
    let created = app.gql_ok(client, "mutation { createProject(data: {displayName: \"Uploads\"}) { id } }", json!({})).await;
    created["createProject"]["id"].as_str().unwrap().to_owned()
}

/// Uploads a file and returns its job id.
async fn upload(app: &TestApp, client: &Client, project: &str, name: &str, bytes: &[u8]) -> String {
    let (status, body) = app.upload_csv(client, project, name, bytes.to_vec()).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    body["jobId"].as_str().unwrap().to_owned()
}

/// Polls the job until it finishes; returns it.
async fn finished(app: &TestApp, client: &Client, job: &str, secs: u64) -> Value {
    let deadline = std::time::Instant::now() + Duration::from_secs(secs);
    loop {
        let job = app.gql_ok(client, JOB, json!({"id": job})).await["csvImportJob"].clone();
        if job["state"] == "SUCCESS" || job["state"] == "ERROR" {
            return job;
        }
        assert!(std::time::Instant::now() < deadline, "import did not finish: {job}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn csv_source(app: &TestApp, project: &str) -> DuckDbConnector {
    let id = uuid::Uuid::parse_str(project).unwrap();
    DuckDbConnector::csv(quarry_domain::csv_import::database_path(&app.state.config, id))
}

async fn scalar(source: &DuckDbConnector, sql: &str) -> Value {
    source.query(sql, QueryOptions::new(10, Duration::from_secs(30))).await.unwrap().rows[0][0].clone()
}

#[tokio::test]
async fn uploaded_files_become_tables_of_the_csv_source() {
    let mut app = TestApp::spawn_with(|config| config.csv_import_max_file_size_mb = 1).await;
    app.start_worker_with(&[("QUARRY_CSV_IMPORT_MAX_FILE_SIZE_MB", "1")]);
    let (client, _) = app.signed_in("csv").await;
    let project = project(&app, &client).await;

    let orders = upload(&app, &client, &project, "Orders.csv", b"id,customer_id,amount\n1,1,10.5\n2,2,20\n3,1,7.25\n").await;
    let customers = upload(&app, &client, &project, "customers.csv", b"id;name;country\n1;Ada;UK\n2;\"Hopper, Grace\";US\n").await;
    let orders = finished(&app, &client, &orders, 60).await;
    assert_eq!(orders["state"], "SUCCESS", "{orders}");
    assert_eq!((orders["tableName"].as_str(), orders["rowCount"].as_i64(), orders["progress"].as_f64()), (Some("orders"), Some(3), Some(1.0)));
    let customers = finished(&app, &client, &customers, 60).await;
    assert_eq!(customers["state"], "SUCCESS", "{customers}");

    // The imported files make the project's CSV source; its tables become models.
    app.gql_ok(&client, "mutation($p: ID!) { saveDataSource(projectId: $p, data: {type: CSV, properties: {}}) { type } }", json!({"p": project})).await;
    let tables = app.gql_ok(&client, "query($p: ID!) { listDataSourceTables(projectId: $p) { name columns { name family } } }", json!({"p": project})).await;
    let names: Vec<&str> = tables["listDataSourceTables"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["customers", "orders"]);
    let models = app
        .gql_ok(&client, "mutation($p: ID!) { saveTables(projectId: $p, tables: [\"orders\", \"customers\"]) { referenceName } }", json!({"p": project}))
        .await;
    assert_eq!(models["saveTables"].as_array().unwrap().len(), 2);
    let source = csv_source(&app, &project);
    assert_eq!(scalar(&source, "SELECT name FROM customers c JOIN orders o ON o.customer_id = c.id WHERE o.id = 2").await, json!("Hopper, Grace"));

    // A broken file names the line and column, and the existing table keeps its rows.
    let broken = upload(&app, &client, &project, "orders.csv", b"id,customer_id,amount\n4,1,1\n5,2,2,3\n").await;
    let broken = finished(&app, &client, &broken, 60).await;
    assert_eq!(broken["state"], "ERROR");
    assert_eq!(broken["error"], "Line 3, column 4: expected 3 columns like the header, found 4.");
    assert_eq!(scalar(&source, "SELECT count(*) FROM orders").await, json!(3));

    // A file with the name of a table replaces it.
    let replaced_id = upload(&app, &client, &project, "orders.csv", b"id,customer_id,amount,paid\n9,2,99.5,true\n").await;
    let replaced = finished(&app, &client, &replaced_id, 60).await;
    assert_eq!((replaced["state"].as_str(), replaced["rowCount"].as_i64()), (Some("SUCCESS"), Some(1)));
    assert_eq!(scalar(&source, "SELECT max(id) FROM orders").await, json!(9));
    let jobs = app.gql_ok(&client, "query($p: ID!) { csvImportJobs(projectId: $p) { state } }", json!({"p": project})).await;
    assert_eq!(jobs["csvImportJobs"].as_array().unwrap().len(), 4);

    // Refusals before anything is imported.
    let big = vec![b'x'; 1024 * 1024 + 10];
    let (status, body) = app.upload_csv(&client, &project, "big.csv", big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert_eq!(body["error"]["message"], "The file is larger than the 1 MB limit for CSV files.");
    let (status, body) = app.upload_csv(&client, &project, "empty.csv", Vec::new()).await;
    assert_eq!((status, body["error"]["message"].as_str()), (StatusCode::BAD_REQUEST, Some("The file is empty.")));
    let (status, body) = app.upload_csv(&client, &project, "sheet.xlsx", b"a,b\n".to_vec()).await;
    assert_eq!((status, body["error"]["code"].as_str()), (StatusCode::BAD_REQUEST, Some("INVALID_INPUT")));
    let uploads = quarry_domain::csv_import::upload_path(&app.state.config, uuid::Uuid::parse_str(&project).unwrap(), uuid::Uuid::nil());
    let left: Vec<_> = std::fs::read_dir(uploads.parent().unwrap()).unwrap().flatten().collect();
    assert!(left.is_empty(), "uploads are removed once imported or refused: {left:?}");

    let no_csrf = client
        .post(format!("{}/api/projects/{project}/csv", app.url))
        .multipart(reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(b"a\n1\n".to_vec()).file_name("a.csv")))
        .send()
        .await
        .unwrap();
    assert_eq!(no_csrf.status(), StatusCode::FORBIDDEN);
    let stranger = app.signed_in("stranger").await.0;
    let (status, body) = app.upload_csv(&stranger, &project, "a.csv", b"a\n1\n".to_vec()).await;
    assert_eq!((status, body["error"]["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("UNAUTHORIZED_ACCESS")), "{body}");
    let body = app.gql(&stranger, JOB, json!({"id": replaced_id})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ACCESS");
}

#[tokio::test]
async fn a_worker_killed_mid_import_loses_nothing() {
    let mut app = TestApp::spawn().await;
    // Each step waits a little first, so the kill lands while the import step is running.
    app.start_worker_with(&[("QUARRY_CHAOS_STEP_DELAY_MS", "1500")]);
    let (client, _) = app.signed_in("csv-kill").await;
    let project = project(&app, &client).await;

    let rows = 400_000u64;
    let mut csv = String::with_capacity(32 * 1024 * 1024);
    csv.push_str("id,customer,city,amount,ordered_at,note\n");
    for i in 0..rows {
        csv.push_str(&format!(
            "{i},customer-{},City {},{}.{:02},2024-{:02}-{:02} 10:{:02}:00,\"order {i}, a fairly long note\"\n",
            i % 5000,
            i % 300,
            i % 1000,
            i % 100,
            1 + i % 12,
            1 + i % 28,
            i % 60
        ));
    }
    assert!(csv.len() > 28 * 1024 * 1024, "about 30 MB: {}", csv.len());
    let job = upload(&app, &client, &project, "big_orders.csv", csv.as_bytes()).await;

    eventually("the import step to start", Duration::from_secs(60), || async {
        let job = app.gql_ok(&client, JOB, json!({"id": job})).await;
        (job["csvImportJob"]["state"] == "IMPORTING").then_some(())
    })
    .await;
    // Past the import step's chaos delay: DuckDB is loading the file.
    tokio::time::sleep(Duration::from_millis(1700)).await;
    app.kill_worker();
    let state = app.gql_ok(&client, JOB, json!({"id": job})).await;
    assert_eq!(state["csvImportJob"]["state"], "IMPORTING", "killed before it finished: {state}");

    app.start_worker();
    let done = finished(&app, &client, &job, 120).await;
    assert_eq!(done["state"], "SUCCESS", "{done}");
    assert_eq!(done["rowCount"].as_u64(), Some(rows));
    let source = csv_source(&app, &project);
    assert_eq!(scalar(&source, "SELECT count(*) FROM big_orders").await, json!(rows));
    assert_eq!(scalar(&source, "SELECT count(DISTINCT id) FROM big_orders").await, json!(rows));
}

/// Uploads a file with the missing-value markers field as sent (before the file).
async fn upload_with_markers(app: &TestApp, client: &Client, project: &str, name: &str, bytes: &[u8], markers: &str) -> (StatusCode, Value) {
    let form = reqwest::multipart::Form::new()
        .text("missingMarkers", markers.to_owned())
        .part("file", reqwest::multipart::Part::bytes(bytes.to_vec()).file_name(name.to_owned()).mime_str("text/csv").unwrap());
    let csrf = app.csrf(client).await;
    let res = client.post(format!("{}/api/projects/{project}/csv", app.url)).header("X-CSRF-Token", csrf).multipart(form).send().await.unwrap();
    let status = res.status();
    (status, serde_json::from_str(&res.text().await.unwrap()).unwrap_or(Value::Null))
}

#[tokio::test]
async fn real_exports_are_read_related_by_their_data_and_retyped() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("csv-real").await;
    let project = project(&app, &client).await;

    let shipments =
        upload(&app, &client, &project, "shipments.csv", b"id;courier;weight;shipped\n1;AX;2,5;25/06/1998\n2;AX;NA;12/06/1998\n3;BZ;;01/07/1998\n").await;
    let (status, body) = upload_with_markers(&app, &client, &project, "couriers.csv", b"courier,name\nAX,Ax Freight\nBZ,N/A\n", "[\"NA\"]").await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let couriers = body["jobId"].as_str().unwrap().to_owned();
    let (status, body) = upload_with_markers(&app, &client, &project, "bad.csv", b"a\n1\n", "NA, N/A").await;
    assert_eq!((status, body["error"]["code"].as_str()), (StatusCode::BAD_REQUEST, Some("INVALID_INPUT")), "{body}");

    let notes_of = |job: &str| {
        let (app, client, job) = (&app, &client, job.to_owned());
        async move {
            finished(app, client, &job, 60).await;
            let job = app.gql_ok(client, "query($id: ID!) { csvImportJob(id: $id) { state notes } }", json!({"id": job})).await;
            assert_eq!(job["csvImportJob"]["state"], "SUCCESS", "{job}");
            job["csvImportJob"]["notes"].as_array().unwrap().iter().map(|n| n.as_str().unwrap().to_owned()).collect::<Vec<_>>()
        }
    };
    assert_eq!(
        notes_of(&shipments).await,
        [
            "Numbers written with a decimal comma (3,50) were read as numbers.",
            "1 empty value read as missing (weight 1)",
            "1 value 'NA' read as missing (weight 1)",
            "\"shipped\" read as dates written day first (\"25/06/1998\" can only be read day first).",
        ]
    );
    // Only NA was chosen for couriers.csv: its N/A stays a name.
    assert!(notes_of(&couriers).await.is_empty());

    app.gql_ok(&client, "mutation($p: ID!) { saveDataSource(projectId: $p, data: {type: CSV, properties: {}}) { type } }", json!({"p": project})).await;
    app.gql_ok(&client, "mutation($p: ID!) { saveTables(projectId: $p, tables: [\"shipments\", \"couriers\"]) { id } }", json!({"p": project})).await;
    let family = |models: &Value, model: &str, column: &str| {
        let model = models["models"].as_array().unwrap().iter().find(|m| m["referenceName"] == model).unwrap();
        model["columns"].as_array().unwrap().iter().find(|c| c["referenceName"] == column).unwrap()["family"].clone()
    };
    const MODELS: &str = "query($p: ID!) { models(projectId: $p) { referenceName columns { referenceName family } } }";
    let models = app.gql_ok(&client, MODELS, json!({"p": project})).await;
    assert_eq!((family(&models, "shipments", "weight"), family(&models, "shipments", "shipped")), (json!("FLOAT"), json!("DATE")));

    let recs = app
        .gql_ok(
            &client,
            "query($p: ID!) { recommendedRelationships(projectId: $p) { fromModel fromColumn toModel toColumn type reason } }",
            json!({"p": project}),
        )
        .await;
    assert_eq!(
        recs["recommendedRelationships"],
        json!([{
            "fromModel": "shipments", "fromColumn": "courier", "toModel": "couriers", "toColumn": "courier", "type": "MANY_TO_ONE",
            "reason": "courier: 100% of 3 values found in couriers.courier, which is unique",
        }])
    );

    const CHANGE: &str = "mutation($p: ID!, $c: String!, $t: ColumnTypeFamily!) { changeCsvColumnType(projectId: $p, table: \"shipments\", column: $c, type: $t) { type family converted failed } }";
    let changed = app.gql_ok(&client, CHANGE, json!({"p": project, "c": "id", "t": "TEXT"})).await;
    assert_eq!(changed["changeCsvColumnType"], json!({"type": "VARCHAR", "family": "TEXT", "converted": 3, "failed": 0}));
    let models = app.gql_ok(&client, MODELS, json!({"p": project})).await;
    assert_eq!(family(&models, "shipments", "id"), json!("TEXT"), "the model follows the column");
    let body = app.gql(&client, CHANGE, json!({"p": project, "c": "courier", "t": "DATE"})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT", "no courier code is a date: {body}");
}
