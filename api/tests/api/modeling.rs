//! The modeling page's operations and deploy on real sources (Postgres, MariaDB, DuckDB) with
//! a real Temporal server and worker: calculated fields, views, relationships, metadata,
//! previews, the sync status, deploy failures, and a worker killed in the middle of a deploy.

use quarry_test_kit::{TestApp, error_code, eventually, shop_database, shop_execute, url_parts};
use reqwest::Client;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const STATUS: &str = "query($p: ID!) { deployStatus(projectId: $p) { status lastDeploy { status log error } } }";
const MODELS: &str = "query($p: ID!) { models(projectId: $p) { id referenceName displayName description columns { id referenceName displayName type hidden isCalculated expression } } }";

async fn project(app: &TestApp, client: &Client, name: &str) -> String {
    app.gql_ok(client, "mutation($n: String!) { createOrg(data: {name: $n}) { id } }", json!({"n": format!("{name} Co")})).await;
    let created = app.gql_ok(client, "mutation($n: String!) { createProject(data: {displayName: $n}) { id } }", json!({"n": name})).await;
    created["createProject"]["id"].as_str().unwrap().to_owned()
}

/// Connects the source, chooses `tables` and saves `relations` (which starts the first deploy).
async fn set_up(app: &TestApp, client: &Client, project: &str, source: Value, tables: &[&str], relations: Value) {
    app.gql_ok(client, "mutation($p: ID!, $d: DataSourceInput!) { saveDataSource(projectId: $p, data: $d) { type } }", json!({"p": project, "d": source}))
        .await;
    app.gql_ok(client, "mutation($p: ID!, $t: [String!]!) { saveTables(projectId: $p, tables: $t) { id } }", json!({"p": project, "t": tables})).await;
    app.gql_ok(
        client,
        "mutation($p: ID!, $r: [RelationInput!]!) { saveRelations(projectId: $p, relations: $r) { id } }",
        json!({"p": project, "r": relations}),
    )
    .await;
}

/// Polls the sync status (as the web does) until it is no longer IN_PROGRESS.
async fn settled(app: &TestApp, client: &Client, project: &str, secs: u64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let status = app.gql_ok(client, STATUS, json!({"p": project})).await["deployStatus"].clone();
        if status["status"] != "IN_PROGRESS" {
            return status;
        }
        assert!(Instant::now() < deadline, "deploy did not finish: {status}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

async fn model(app: &TestApp, client: &Client, project: &str, name: &str) -> Value {
    let models = app.gql_ok(client, MODELS, json!({"p": project})).await;
    models["models"].as_array().unwrap().iter().find(|m| m["referenceName"] == name).cloned().unwrap_or_else(|| panic!("no model {name}"))
}

async fn deploy(app: &TestApp, client: &Client, project: &str) -> Value {
    let started = app.gql_ok(client, "mutation($p: ID!) { deploy(projectId: $p) { status error } }", json!({"p": project})).await;
    assert_eq!(started["deploy"]["status"], "IN_PROGRESS", "{started}");
    settled(app, client, project, 60).await
}

#[tokio::test]
async fn model_edits_and_deploys_on_a_postgres_source() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("modeling").await;
    let project = project(&app, &client, "Shop").await;
    let (db, properties) = shop_database().await;
    let relation = json!([{"fromModel": "orders", "fromColumn": "customer_id", "toModel": "customers", "toColumn": "id", "type": "MANY_TO_ONE"}]);
    set_up(&app, &client, &project, json!({"type": "POSTGRES", "properties": properties}), &["customers", "orders"], relation).await;

    // Setup ends with a deploy that checks every model on the source.
    let first = settled(&app, &client, &project, 60).await;
    assert_eq!(first["status"], "SYNCRONIZED", "{first}");
    let log = first["lastDeploy"]["log"].as_str().unwrap();
    assert!(log.contains("✓ model customers") && log.contains("✓ model orders"), "{log}");
    // The deploy indexed the values of category-like text columns for questions to filter on.
    let project_id = uuid::Uuid::parse_str(&project).unwrap();
    let found = quarry_domain::deploy::matching_values(&app.state.pool, project_id, &["uk".into(), "Grace".into(), "nowhere".into()]).await.unwrap();
    let found: Vec<(String, String, String)> = found.into_iter().map(|v| (v.model, v.column, v.value)).collect();
    assert_eq!(found, [("customers".into(), "country".into(), "UK".into()), ("customers".into(), "name".into(), "Grace".into())]);

    // A calculated field across the relationship, typed by the source, without fan-out.
    let customers = model(&app, &client, &project, "customers").await;
    let id = customers["id"].as_str().unwrap();
    app.gql_ok(
        &client,
        "mutation($m: ID!) { createCalculatedField(modelId: $m, data: {name: \"total_spent\", expression: \"SUM(orders.amount)\"}) }",
        json!({"m": id}),
    )
    .await;
    app.gql_ok(
        &client,
        "mutation($m: ID!) { createCalculatedField(modelId: $m, data: {name: \"order_count\", expression: \"COUNT(orders.id)\"}) }",
        json!({"m": id}),
    )
    .await;
    app.gql_ok(
        &client,
        "mutation($m: ID!) { createCalculatedField(modelId: $m, data: {name: \"big_orders\", expression: \"COUNT_IF(orders.amount > 50)\"}) }",
        json!({"m": id}),
    )
    .await;
    let orders = model(&app, &client, &project, "orders").await;
    app.gql_ok(
        &client,
        "mutation($m: ID!) { createCalculatedField(modelId: $m, data: {name: \"customer_country\", expression: \"customers.country\"}) }",
        json!({"m": orders["id"]}),
    )
    .await;
    let fields = model(&app, &client, &project, "customers").await["columns"].clone();
    let total = fields.as_array().unwrap().iter().find(|c| c["referenceName"] == "total_spent").unwrap();
    assert_eq!((total["isCalculated"].as_bool(), total["type"].as_str()), (Some(true), Some("NUMERIC")), "{total}");
    assert_eq!(settled(&app, &client, &project, 5).await["status"], "UNSYNCRONIZED", "an edit asks for a deploy");

    shop_execute(&db, "INSERT INTO customers VALUES (3, 'Linus', 'FI'); INSERT INTO orders VALUES (12, 1, 7.50, now())").await;
    let preview = app.gql_ok(&client, "query($m: ID!) { previewModelData(modelId: $m, limit: 10) { columns { name } rows } }", json!({"m": id})).await;
    let columns: Vec<&str> = preview["previewModelData"]["columns"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(columns, ["id", "name", "country", "total_spent", "order_count", "big_orders"]);
    let mut rows = preview["previewModelData"]["rows"].as_array().unwrap().clone();
    rows.sort_by_key(|r| r[0].as_i64());
    let per_customer: Vec<(i64, Option<f64>, i64, i64)> = rows
        .iter()
        .map(|r| (r[0].as_i64().unwrap(), r[3].as_str().map(|s| s.parse().unwrap()).or(r[3].as_f64()), r[4].as_i64().unwrap(), r[5].as_i64().unwrap()))
        .collect();
    assert_eq!(per_customer, [(1, Some(20.0), 2, 0), (2, Some(99.99), 1, 1), (3, None, 0, 0)]);

    // Fields that cannot work are refused with the reason.
    for (model_id, expression, reason) in [
        (id, "SUM(amount)", "customers has no column \"amount\""),
        (orders["id"].as_str().unwrap(), "SUM(amount)", "aggregate functions need a to-many relationship"),
        (id, "orders.amount", "aggregate it"),
        (id, "SUM(orders.nope)", "orders has no column \"nope\""),
        (id, "SUM(orders.amount", "cannot be parsed"),
    ] {
        let body = app
            .gql(
                &client,
                "mutation($m: ID!, $e: String!) { createCalculatedField(modelId: $m, data: {name: \"bad\", expression: $e}) }",
                json!({"m": model_id, "e": expression}),
            )
            .await;
        assert_eq!(error_code(&body), "INVALID_CALCULATED_FIELD", "{expression}: {body}");
        let message = body["errors"][0]["message"].as_str().unwrap();
        assert!(message.contains(reason) || (reason == "cannot be parsed" && message.contains("Expected")), "{expression}: {message}");
    }

    // A view over the models, its preview and its SQL; views of views expand.
    let view = app.gql_ok(&client, "mutation($p: ID!) { createView(data: {projectId: $p, name: \"Big orders\", sql: \"SELECT id, amount, customer_country FROM orders WHERE amount > 10\"}) { id name } }",
        json!({"p": project})).await["createView"].clone();
    assert_eq!(view["name"], "big_orders");
    let rows = app.gql_ok(&client, "query($v: ID!) { previewViewData(viewId: $v) { rows } }", json!({"v": view["id"]})).await;
    assert_eq!(rows["previewViewData"]["rows"].as_array().unwrap().len(), 2);
    let sql = app.gql_ok(&client, "query($v: ID!) { viewSql(viewId: $v) }", json!({"v": view["id"]})).await;
    assert!(sql["viewSql"].as_str().unwrap().contains("\"public\".\"orders\""), "{sql}");
    let body = app
        .gql(
            &client,
            "mutation($p: ID!) { createView(data: {projectId: $p, name: \"broken\", sql: \"SELECT nope FROM orders\"}) { id } }",
            json!({"p": project}),
        )
        .await;
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("nope"), "{body}");

    // Metadata and a hidden column; a second model of the same table is refused.
    let name_column = fields.as_array().unwrap().iter().find(|c| c["referenceName"] == "name").unwrap()["id"].clone();
    app.gql_ok(&client, "mutation($m: ID!, $c: ID!) { updateModelMetadata(modelId: $m, data: {displayName: \"Clients\", description: \"Who buys\", columns: [{id: $c, hidden: true, description: \"Full name\"}]}) }",
        json!({"m": id, "c": name_column})).await;
    let customers = model(&app, &client, &project, "customers").await;
    assert_eq!((customers["displayName"].as_str(), customers["description"].as_str()), (Some("Clients"), Some("Who buys")));
    assert!(customers["columns"].as_array().unwrap().iter().any(|c| c["referenceName"] == "name" && c["hidden"] == true));
    let body = app.gql(&client, "mutation($p: ID!) { createModel(data: {projectId: $p, sourceTableName: \"customers\"}) }", json!({"p": project})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT", "{body}");
    let products = app.gql_ok(&client, "mutation($p: ID!) { createModel(data: {projectId: $p, sourceTableName: \"products\", fields: [\"product_id\", \"title\"], primaryKey: \"product_id\"}) }",
        json!({"p": project})).await;
    assert!(products["createModel"].is_string());
    let body = app
        .gql(
            &client,
            "mutation($p: ID!) { createModel(data: {projectId: $p, name: \"Big spenders\", sourceSql: \"DELETE FROM customers\"}) }",
            json!({"p": project}),
        )
        .await;
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("not allowed"), "{body}");
    app.gql_ok(&client, "mutation($p: ID!) { createModel(data: {projectId: $p, name: \"Big spenders\", sourceSql: \"SELECT customer_id, sum(amount) AS spent FROM orders GROUP BY customer_id\"}) }",
        json!({"p": project})).await;
    let spenders = model(&app, &client, &project, "Big_spenders").await;
    let names: Vec<&str> = spenders["columns"].as_array().unwrap().iter().map(|c| c["referenceName"].as_str().unwrap()).collect();
    assert_eq!(names, ["customer_id", "spent"]);
    let preview = app.gql_ok(&client, "query($m: ID!) { previewModelData(modelId: $m) { rows } }", json!({"m": spenders["id"]})).await;
    assert_eq!(preview["previewModelData"]["rows"].as_array().unwrap().len(), 2);
    app.gql_ok(&client, "mutation($m: ID!) { deleteModel(modelId: $m) }", json!({"m": spenders["id"]})).await;

    // Deploy: every model and the view check out, and the index holds what questions need.
    let deployed = deploy(&app, &client, &project).await;
    assert_eq!(deployed["status"], "SYNCRONIZED", "{deployed}");
    let log = deployed["lastDeploy"]["log"].as_str().unwrap();
    assert!(log.contains("✓ view big_orders") && log.contains("✓ model products"), "{log}");
    let project_id = uuid::Uuid::parse_str(&project).unwrap();
    let found = quarry_domain::deploy::search(&app.state.pool, project_id, "clients who buys spent", 3).await.unwrap();
    assert_eq!(found.first().map(String::as_str), Some("customers"), "{found:?}");
    let indexed: String = sqlx::query_scalar("SELECT content FROM retrieval_documents WHERE project_id = $1 AND name = 'customers'")
        .bind(project_id)
        .fetch_one(&app.state.pool)
        .await
        .unwrap();
    assert!(indexed.contains("total_spent") && !indexed.contains("Full name"), "hidden columns stay out: {indexed}");

    // The source changes under a model: the deploy fails with the catalogue text and a log
    // naming what broke, and the project stays unsynchronised.
    shop_execute(&db, "ALTER TABLE orders DROP COLUMN amount CASCADE").await;
    let failed = deploy(&app, &client, &project).await;
    assert_eq!((failed["status"].as_str(), failed["lastDeploy"]["status"].as_str()), (Some("UNSYNCRONIZED"), Some("FAILED")), "{failed}");
    let error = failed["lastDeploy"]["error"].as_str().unwrap();
    assert!(error.starts_with("Failed to deploy. Please check the log for more details."), "{error}");
    assert!(error.contains("✗ model orders") && error.contains("amount"), "{error}");

    // Removing the fields and the view that used the column makes it deployable again.
    let total_id = fields.as_array().unwrap().iter().find(|c| c["referenceName"] == "total_spent").unwrap()["id"].clone();
    app.gql_ok(&client, "mutation($c: ID!) { deleteCalculatedField(columnId: $c) }", json!({"c": total_id})).await;
    let big_id = model(&app, &client, &project, "customers").await["columns"].as_array().unwrap().iter().find(|c| c["referenceName"] == "big_orders").unwrap()
        ["id"]
        .clone();
    app.gql_ok(&client, "mutation($c: ID!) { deleteCalculatedField(columnId: $c) }", json!({"c": big_id})).await;
    app.gql_ok(&client, "mutation($v: ID!) { deleteView(viewId: $v) }", json!({"v": view["id"]})).await;
    app.gql_ok(
        &client,
        "mutation($m: ID!) { updateModel(modelId: $m, data: {fields: [\"id\", \"customer_id\", \"ordered_at\"]}) }",
        json!({"m": orders["id"]}),
    )
    .await;
    assert_eq!(deploy(&app, &client, &project).await["status"], "SYNCRONIZED");

    // The manifest exports as versioned MDL.
    let exported = app.gql_ok(&client, "query($p: ID!) { exportMdl(projectId: $p) }", json!({"p": project})).await;
    let manifest = quarry_engine::mdl::Manifest::from_json(exported["exportMdl"].as_str().unwrap()).expect("exported MDL reads back");
    assert_eq!(manifest.models.len(), 3);
    assert!(manifest.model("orders").unwrap().column("customer_country").is_some());

    // ...and imports back, here with a metric added; the metric deploys with the models.
    let mut doc: Value = serde_json::from_str(exported["exportMdl"].as_str().unwrap()).unwrap();
    doc["metrics"] = json!([{"name": "orders_by_month", "baseObject": "orders", "measures": [{"name": "orders", "type": "BIGINT", "kind": {"kind": "calculated", "expression": "COUNT(*)"}}],
        "timeGrains": [{"name": "ordered", "refColumn": "ordered_at", "dateParts": ["MONTH", "YEAR"]}]}]);
    let imported =
        app.gql_ok(&client, "mutation($p: ID!, $m: String!) { importMdl(projectId: $p, mdl: $m) }", json!({"p": project, "m": doc.to_string()})).await;
    assert_eq!(imported["importMdl"], 3);
    let metrics = app.gql_ok(&client, "query($p: ID!) { metrics(projectId: $p) { name baseObject measures timeGrains } }", json!({"p": project})).await;
    assert_eq!(metrics["metrics"], json!([{"name": "orders_by_month", "baseObject": "orders", "measures": ["orders"], "timeGrains": ["ordered"]}]));
    let again = app.gql_ok(&client, "query($p: ID!) { exportMdl(projectId: $p) }", json!({"p": project})).await;
    let again = quarry_engine::mdl::Manifest::from_json(again["exportMdl"].as_str().unwrap()).unwrap();
    assert_eq!(again, quarry_engine::mdl::Manifest::from_json(&doc.to_string()).unwrap(), "export → import → export is stable");
    let deployed = deploy(&app, &client, &project).await;
    assert!(deployed["lastDeploy"]["log"].as_str().unwrap().contains("✓ metric orders_by_month"), "{deployed}");
    let body = app.gql(&client, "mutation($p: ID!) { importMdl(projectId: $p, mdl: \"{\\\"version\\\": 9}\") }", json!({"p": project})).await;
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("MDL version 9 is not supported"), "{body}");
}

#[tokio::test]
async fn deploys_on_mariadb_and_a_duckdb_sample_and_honours_the_model_limit() {
    let mut app = TestApp::spawn_with(|config| config.model_limit = Some(2)).await;
    app.start_worker();
    let (client, _) = app.signed_in("deploys").await;

    // MariaDB: a database of its own with two related tables.
    let url = std::env::var("QUARRY_TEST_MYSQL_URL").expect("QUARRY_TEST_MYSQL_URL (make test sets it)");
    let server = url_parts(&url.replace("mysql://", "postgres://"));
    let name = format!("modeling_{}", &uuid::Uuid::new_v4().simple().to_string()[..10]);
    {
        use mysql_async::prelude::Queryable;
        let opts = mysql_async::OptsBuilder::from_opts(mysql_async::Opts::from_url(&url).unwrap()).prefer_socket(false);
        let mut admin = mysql_async::Conn::new(opts).await.unwrap();
        admin.query_drop(format!("CREATE DATABASE `{name}`")).await.unwrap();
        admin
            .query_drop(format!(
                "CREATE TABLE `{name}`.teams (id INT PRIMARY KEY, city VARCHAR(40));
             CREATE TABLE `{name}`.players (id INT PRIMARY KEY, team_id INT, points INT);
             CREATE TABLE `{name}`.arenas (id INT PRIMARY KEY);
             INSERT INTO `{name}`.teams VALUES (1, 'Boston'), (2, 'Denver');
             INSERT INTO `{name}`.players VALUES (1, 1, 30), (2, 1, 12), (3, 2, 25);"
            ))
            .await
            .unwrap();
        admin.disconnect().await.unwrap();
    }
    let project = project(&app, &client, "League").await;
    let properties = json!({"host": server.host, "port": server.port, "database": name, "user": server.user, "password": server.password, "ssl": false});
    let relation = json!([{"fromModel": "players", "fromColumn": "team_id", "toModel": "teams", "toColumn": "id", "type": "MANY_TO_ONE"}]);
    set_up(&app, &client, &project, json!({"type": "MYSQL", "properties": properties}), &["players", "teams"], relation).await;
    assert_eq!(settled(&app, &client, &project, 60).await["status"], "SYNCRONIZED");
    let teams = model(&app, &client, &project, "teams").await;
    app.gql_ok(
        &client,
        "mutation($m: ID!) { createCalculatedField(modelId: $m, data: {name: \"points\", expression: \"SUM(players.points)\"}) }",
        json!({"m": teams["id"]}),
    )
    .await;
    // Functions MariaDB lacks are written with ones it has.
    app.gql_ok(
        &client,
        "mutation($m: ID!) { createCalculatedField(modelId: $m, data: {name: \"stars\", expression: \"COUNT_IF(players.points > 20)\"}) }",
        json!({"m": teams["id"]}),
    )
    .await;
    app.gql_ok(
        &client,
        "mutation($m: ID!) { createCalculatedField(modelId: $m, data: {name: \"city_letters\", expression: \"LENGTH(city) + CBRT(8)\"}) }",
        json!({"m": teams["id"]}),
    )
    .await;
    let preview = app.gql_ok(&client, "query($m: ID!) { previewModelData(modelId: $m) { rows } }", json!({"m": teams["id"]})).await;
    let rows = preview["previewModelData"]["rows"].as_array().unwrap();
    let boston = rows.iter().find(|r| r[1] == "Boston").unwrap_or_else(|| panic!("{rows:?}"));
    let number = |v: &Value| v.as_f64().or_else(|| v.as_str().and_then(|s| s.parse().ok())).unwrap();
    assert_eq!((number(&boston[2]), number(&boston[3]), number(&boston[4]).round()), (42.0, 1.0, 8.0), "{boston:?}");
    let sql = app.gql_ok(&client, "query($m: ID!) { modelSql(modelId: $m) }", json!({"m": teams["id"]})).await;
    assert!(sql["modelSql"].as_str().unwrap().contains("`teams`"), "MySQL quoting: {sql}");
    let deployed = deploy(&app, &client, &project).await;
    assert_eq!(deployed["status"], "SYNCRONIZED", "{deployed}");

    // The third model goes over the configured limit.
    let body = app.gql(&client, "mutation($p: ID!) { createModel(data: {projectId: $p, sourceTableName: \"arenas\"}) }", json!({"p": project})).await;
    assert_eq!(error_code(&body), "MODEL_LIMIT_REACHED", "{body}");
    assert_eq!(body["errors"][0]["message"], "The current model limit has been reached and the operation cannot be performed.");

    // DuckDB: a sample dataset deploys as soon as it is chosen.
    let sample = project_in_same_org(&app, &client, "Music").await;
    app.gql_ok(&client, "mutation($p: ID!) { startSampleDataset(projectId: $p, name: MUSIC) }", json!({"p": sample})).await;
    let status = settled(&app, &client, &sample, 60).await;
    assert_eq!(status["status"], "SYNCRONIZED", "{status}");
    assert_eq!(status["lastDeploy"]["log"].as_str().unwrap().matches("✓ model").count(), 11);
    let sample_id = uuid::Uuid::parse_str(&sample).unwrap();
    let jazz = quarry_domain::deploy::matching_values(&app.state.pool, sample_id, &["jazz".into()]).await.unwrap();
    assert!(jazz.iter().any(|v| v.model == "Genre" && v.column == "Name" && v.value == "Jazz"), "{jazz:?}");
}

async fn project_in_same_org(app: &TestApp, client: &Client, name: &str) -> String {
    let created = app.gql_ok(client, "mutation($n: String!) { createProject(data: {displayName: $n}) { id } }", json!({"n": name})).await;
    created["createProject"]["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_deploy_survives_its_worker_being_killed() {
    let mut app = TestApp::spawn().await;
    // Each step waits 3 s first, so the worker can be killed while the deploy runs.
    app.start_worker_with(&[("QUARRY_CHAOS_STEP_DELAY_MS", "3000")]);
    let (client, _) = app.signed_in("deploy-kill").await;
    let project = project(&app, &client, "Durable").await;
    let (_, properties) = shop_database().await;
    set_up(&app, &client, &project, json!({"type": "POSTGRES", "properties": properties}), &["customers", "orders"], json!([])).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let running = app.gql_ok(&client, STATUS, json!({"p": project})).await;
    assert_eq!(running["deployStatus"]["status"], "IN_PROGRESS", "{running}");
    app.kill_worker();
    app.start_worker();
    let done = settled(&app, &client, &project, 90).await;
    assert_eq!(done["status"], "SYNCRONIZED", "{done}");
    assert_eq!(done["lastDeploy"]["status"], "SUCCESS");

    // Resetting the project removes its deploys and retrieval index with the models.
    app.gql_ok(&client, "mutation($id: ID!) { resetProject(where: {id: $id}) { state } }", json!({"id": project})).await;
    let project_id = uuid::Uuid::parse_str(&project).unwrap();
    let pool = app.state.pool.clone();
    eventually("the reset to remove deploys and the index", Duration::from_secs(90), || {
        let pool = pool.clone();
        async move {
            let left: i64 = sqlx::query_scalar(
                "SELECT (SELECT count(*) FROM deploys WHERE project_id = $1) + (SELECT count(*) FROM retrieval_documents WHERE project_id = $1)
                      + (SELECT count(*) FROM models WHERE project_id = $1)",
            )
            .bind(project_id)
            .fetch_one(&pool)
            .await
            .unwrap();
            (left == 0).then_some(())
        }
    })
    .await;
}
