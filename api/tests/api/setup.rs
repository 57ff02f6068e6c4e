//! The setup flow on a real Postgres source: connect, choose tables, relationships, schema changes.

use quarry_test_kit::{TestApp, error_code, shop_database, shop_execute};
use serde_json::{Value, json};

const STATUS: &str = "query($id: ID!) { project(where: {id: $id}) { onboardingStatus } }";

#[tokio::test]
async fn connect_choose_tables_relate_and_detect_changes() {
    let app = TestApp::spawn().await.with_worker();
    let (client, _) = app.signed_in("setup").await;
    app.gql_ok(&client, "mutation { createOrg(data: {name: \"Shop Co\"}) { id } }", json!({})).await;
    let project = app.gql_ok(&client, "mutation { createProject(data: {displayName: \"Shop\"}) { id } }", json!({})).await["createProject"]["id"].clone();
    let (db, properties) = shop_database().await;

    // A wrong password is refused with the server's reason, and nothing is saved.
    let mut wrong = properties.clone();
    wrong["password"] = json!("not-the-password");
    let body = app
        .gql(
            &client,
            "mutation($p: ID!, $d: DataSourceInput!) { saveDataSource(projectId: $p, data: $d) { type } }",
            json!({"p": project, "d": {"type": "POSTGRES", "properties": wrong}}),
        )
        .await;
    assert_eq!(error_code(&body), "CONNECTION_REFUSED", "{body}");
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("password"), "{body}");
    let none = app.gql_ok(&client, "query($p: ID!) { dataSource(projectId: $p) { type } }", json!({"p": project})).await;
    assert!(none["dataSource"].is_null());

    let body = app
        .gql(
            &client,
            "mutation($p: ID!, $d: DataSourceInput!) { testDataSourceConnection(projectId: $p, data: $d) }",
            json!({"p": project, "d": {"type": "BIG_QUERY", "properties": {"projectId": "x"}}}),
        )
        .await;
    assert_eq!(error_code(&body), "INVALID_INPUT");
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("not yet supported"));

    let saved = app
        .gql_ok(
            &client,
            "mutation($p: ID!, $d: DataSourceInput!) { saveDataSource(projectId: $p, data: $d) { type properties } }",
            json!({"p": project, "d": {"type": "POSTGRES", "properties": properties}}),
        )
        .await;
    assert_eq!(saved["saveDataSource"]["type"], "POSTGRES");
    assert_eq!(saved["saveDataSource"]["properties"]["database"], db.as_str());
    assert!(saved["saveDataSource"]["properties"].get("password").is_none(), "secrets are never returned");
    let stored: Option<String> = sqlx::query_scalar("SELECT secrets FROM data_sources WHERE project_id = $1::uuid")
        .bind(project.as_str().unwrap())
        .fetch_one(&app.state.pool)
        .await
        .unwrap();
    assert!(!stored.unwrap().contains(properties["password"].as_str().unwrap()), "secrets are sealed at rest");
    let status = app.gql_ok(&client, STATUS, json!({"id": project})).await;
    assert_eq!(status["project"]["onboardingStatus"], "DATASOURCE_SAVED");

    let tables = app
        .gql_ok(&client, "query($p: ID!) { listDataSourceTables(projectId: $p) { name columns { name family isPrimaryKey notNull } } }", json!({"p": project}))
        .await;
    let tables = tables["listDataSourceTables"].as_array().unwrap();
    let names: Vec<&str> = tables.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 4, "{names:?}");
    let orders = tables.iter().find(|t| t["name"] == "orders").unwrap();
    let amount = orders["columns"].as_array().unwrap().iter().find(|c| c["name"] == "amount").unwrap();
    assert_eq!(amount["family"], "DECIMAL");

    let models = app.gql_ok(&client, "mutation($p: ID!, $t: [String!]!) { saveTables(projectId: $p, tables: $t) { referenceName primaryKey columns { referenceName family isPrimaryKey } } }",
        json!({"p": project, "t": ["customers", "orders", "order_items", "products"]})).await;
    assert_eq!(models["saveTables"].as_array().unwrap().len(), 4);
    let body = app.gql(&client, "mutation($p: ID!) { saveTables(projectId: $p, tables: [\"nope\"]) { id } }", json!({"p": project})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT");

    let recs = app
        .gql_ok(
            &client,
            "query($p: ID!) { recommendedRelationships(projectId: $p) { fromModel fromColumn toModel toColumn type reason } }",
            json!({"p": project}),
        )
        .await;
    let recs = recs["recommendedRelationships"].as_array().unwrap();
    let fk = recs.iter().find(|r| r["fromModel"] == "orders" && r["toModel"] == "customers").expect("orders → customers");
    assert_eq!(fk["reason"], "Foreign key");
    assert_eq!(fk["type"], "MANY_TO_ONE");
    assert!(recs.iter().any(|r| r["fromModel"] == "order_items" && r["toModel"] == "products"), "name match: {recs:?}");

    let relations: Vec<Value> = recs
        .iter()
        .map(|r| {
            json!({
                "fromModel": r["fromModel"], "fromColumn": r["fromColumn"], "toModel": r["toModel"], "toColumn": r["toColumn"], "type": r["type"],
            })
        })
        .collect();
    let saved = app
        .gql_ok(
            &client,
            "mutation($p: ID!, $r: [RelationInput!]!) { saveRelations(projectId: $p, relations: $r) { name } }",
            json!({"p": project, "r": relations}),
        )
        .await;
    assert_eq!(saved["saveRelations"].as_array().unwrap().len(), recs.len());
    let status = app.gql_ok(&client, STATUS, json!({"id": project})).await;
    assert_eq!(status["project"]["onboardingStatus"], "ONBOARDING_FINISHED");

    // The source changes: a column appears, a table goes.
    shop_execute(&db, "ALTER TABLE customers ADD COLUMN email text; DROP TABLE order_items").await;
    let change =
        app.gql_ok(&client, "mutation($p: ID!) { triggerDataSourceDetection(projectId: $p) { addedColumns removedTables } }", json!({"p": project})).await;
    assert_eq!(change["triggerDataSourceDetection"]["addedColumns"], json!(["customers.email"]));
    assert_eq!(change["triggerDataSourceDetection"]["removedTables"], json!(["order_items"]));
    app.gql_ok(&client, "mutation($p: ID!) { resolveSchemaChange(projectId: $p) }", json!({"p": project})).await;
    let after = app.gql_ok(&client, "query($p: ID!) { models(projectId: $p) { referenceName columns { referenceName } } relationships(projectId: $p) { fromModel } schemaChange(projectId: $p) { addedColumns } }",
        json!({"p": project})).await;
    let names: Vec<&str> = after["models"].as_array().unwrap().iter().map(|m| m["referenceName"].as_str().unwrap()).collect();
    assert!(!names.contains(&"order_items"));
    let customers = after["models"].as_array().unwrap().iter().find(|m| m["referenceName"] == "customers").unwrap();
    assert!(customers["columns"].as_array().unwrap().iter().any(|c| c["referenceName"] == "email"));
    assert!(after["relationships"].as_array().unwrap().iter().all(|r| r["fromModel"] != "order_items"));
    assert!(after["schemaChange"].is_null());

    // Editing keeps the stored password when none is given.
    let mut edit = properties.clone();
    edit.as_object_mut().unwrap().remove("password");
    app.gql_ok(
        &client,
        "mutation($p: ID!, $d: DataSourceInput!) { updateDataSource(projectId: $p, data: $d) { type } }",
        json!({"p": project, "d": {"type": "POSTGRES", "properties": edit}}),
    )
    .await;
}

#[tokio::test]
async fn a_sample_dataset_becomes_the_projects_models() {
    let app = TestApp::spawn().await.with_worker();
    let (client, _) = app.signed_in("sample").await;
    app.gql_ok(&client, "mutation { createOrg(data: {name: \"Sample Co\"}) { id } }", json!({})).await;
    let project = app.gql_ok(&client, "mutation { createProject(data: {displayName: \"Music\"}) { id } }", json!({})).await["createProject"]["id"].clone();

    let samples = app.gql_ok(&client, "{ sampleDatasets { name displayName description questions } }", json!({})).await;
    let samples = samples["sampleDatasets"].as_array().unwrap();
    let names: Vec<&str> = samples.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["ECOMMERCE", "HR", "MUSIC", "NBA"]);
    assert!(samples.iter().all(|s| s["questions"].as_array().unwrap().len() == 3));

    app.gql_ok(&client, "mutation($p: ID!) { startSampleDataset(projectId: $p, name: MUSIC) }", json!({"p": project})).await;
    let status = app.gql_ok(&client, STATUS, json!({"id": project})).await;
    assert_eq!(status["project"]["onboardingStatus"], "WITH_SAMPLE_DATASET");
    let source = app.gql_ok(&client, "query($p: ID!) { dataSource(projectId: $p) { type sampleDataset properties } }", json!({"p": project})).await;
    assert_eq!(source["dataSource"], json!({"type": "DUCKDB", "sampleDataset": "MUSIC", "properties": {}}), "no server path is shown");

    let saved = app.gql_ok(&client, "query($p: ID!) { models(projectId: $p) { referenceName description primaryKey columns { referenceName description } } relationships(projectId: $p) { fromModel fromColumn toModel toColumn type } }",
        json!({"p": project})).await;
    let models = saved["models"].as_array().unwrap();
    assert_eq!(models.len(), 11);
    let track = models.iter().find(|m| m["referenceName"] == "Track").expect("original names");
    assert_eq!(track["primaryKey"], "TrackId");
    assert!(track["description"].as_str().unwrap().contains("Songs"));
    assert!(models.iter().flat_map(|m| m["columns"].as_array().unwrap()).all(|c| c["description"].as_str().is_some_and(|d| !d.is_empty())));
    let relationships = saved["relationships"].as_array().unwrap();
    assert!(
        relationships.contains(&json!({"fromModel": "InvoiceLine", "fromColumn": "TrackId", "toModel": "Track", "toColumn": "TrackId", "type": "MANY_TO_ONE"}))
    );
    assert_eq!(relationships.len(), 11);

    // The sample's tables read like any source's; another sample replaces it.
    let tables = app.gql_ok(&client, "query($p: ID!) { listDataSourceTables(projectId: $p) { name } }", json!({"p": project})).await;
    assert_eq!(tables["listDataSourceTables"].as_array().unwrap().len(), 11);
    app.gql_ok(&client, "mutation($p: ID!) { startSampleDataset(projectId: $p, name: NBA) }", json!({"p": project})).await;
    let nba = app.gql_ok(&client, "query($p: ID!) { models(projectId: $p) { referenceName } }", json!({"p": project})).await;
    let names: Vec<&str> = nba["models"].as_array().unwrap().iter().map(|m| m["referenceName"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 5, "{names:?}");
    assert!(names.contains(&"player_box_scores"));

    // A project that finished onboarding on its own source is not overwritten.
    sqlx::query("UPDATE projects SET onboarding_status = 'ONBOARDING_FINISHED' WHERE id = $1::uuid")
        .bind(project.as_str().unwrap())
        .execute(&app.state.pool)
        .await
        .unwrap();
    let body = app.gql(&client, "mutation($p: ID!) { startSampleDataset(projectId: $p, name: HR) }", json!({"p": project})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT");
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("Reset the project"));
}

#[tokio::test]
async fn a_connection_test_with_no_worker_to_run_it_says_so_in_time() {
    // The api reaches no source itself: with no worker on the sql pool, the call ends at
    // its bound with a message the user can act on, and nothing is saved.
    let app = TestApp::spawn_with(|c| c.worker_call_timeout = std::time::Duration::from_secs(2)).await;
    let (client, _) = app.signed_in("no-worker").await;
    app.gql_ok(&client, "mutation { createOrg(data: {name: \"Idle Co\"}) { id } }", json!({})).await;
    let project = app.gql_ok(&client, "mutation { createProject(data: {displayName: \"Idle\"}) { id } }", json!({})).await["createProject"]["id"].clone();
    let (_, properties) = shop_database().await;
    let started = std::time::Instant::now();
    let body = app
        .gql(
            &client,
            "mutation($p: ID!, $d: DataSourceInput!) { saveDataSource(projectId: $p, data: $d) { type } }",
            json!({"p": project, "d": {"type": "POSTGRES", "properties": properties}}),
        )
        .await;
    assert_eq!(error_code(&body), "INTERNAL_SERVER_ERROR", "{body}");
    let message = body["errors"][0]["message"].as_str().unwrap();
    assert!(message.contains("within 2 seconds") && message.contains("try again"), "{message}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10), "answered at its bound, took {:?}", started.elapsed());
    let source = app.gql_ok(&client, "query($p: ID!) { dataSource(projectId: $p) { type } }", json!({"p": project})).await;
    assert!(source["dataSource"].is_null(), "nothing saved: {source}");
}
