//! Warehouses that cannot run here, tested on their real wire protocols served over a DuckDB
//! file: TRINO end to end (connected over its client protocol to `FakeTrino`, tables read,
//! deployed, questions answered in the Trino dialect — every statement the coordinator received
//! read again by a SQL parser), ATHENA through the real AWS SDK against `FakeAthena`, and
//! SNOWFLAKE through its SQL API against `FakeSnowflake`. CLICK_HOUSE runs here for real: the
//! shop is loaded into the test services' ClickHouse server and asked through its HTTP interface.

use quarry_test_kit::{
    TestApp,
    asking::{ask, number, rows, settle},
    trino::FakeTrino,
};
use reqwest::Client;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const STATUS: &str = "query($p: ID!) { deployStatus(projectId: $p) { status } }";

/// A DuckDB file with a small shop: customers and their orders.
fn shop(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("shop.duckdb");
    let db = duckdb::Connection::open(&path).unwrap();
    db.execute_batch(
        "CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR, country VARCHAR);
         CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER, amount DECIMAL(10,2), ordered_at TIMESTAMP);
         INSERT INTO customers VALUES (1, 'Ada', 'UK'), (2, 'Grace', 'US'), (3, 'Linus', 'FI'), (4, 'Edsger', 'NL'), (5, 'Barbara', 'US');
         INSERT INTO orders VALUES (10, 1, 12.50, '2025-03-01 10:00:00'), (11, 2, 99.99, '2025-03-02 11:30:00'),
                                   (12, 2, 20.01, '2025-04-05 09:15:00'), (13, 5, 7.50, '2025-04-06 18:45:00.250');",
    )
    .unwrap();
    path
}

async fn deployed(app: &TestApp, client: &Client, project: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let status = app.gql_ok(client, STATUS, json!({"p": project})).await["deployStatus"].clone();
        if status["status"] != "IN_PROGRESS" {
            return status;
        }
        assert!(Instant::now() < deadline, "the deploy did not end: {status}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Saves `source`, chooses the shop's tables with their relationship, deploys, and asks three
/// questions whose answers the shop's data decides: a count, a sum by a related model's column,
/// and a series by month.
async fn deploy_and_ask(app: &TestApp, client: &Client, project: &str, source: Value) {
    let save = "mutation($p: ID!, $d: DataSourceInput!) { saveDataSource(projectId: $p, data: $d) { type } }";
    app.gql_ok(client, save, json!({"p": project, "d": source})).await;
    let tables = app.gql_ok(client, "query($p: ID!) { listDataSourceTables(projectId: $p) { name } }", json!({"p": project})).await;
    let names: Vec<&str> = tables["listDataSourceTables"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"customers") && names.contains(&"orders"), "{tables}");
    app.gql_ok(
        client,
        "mutation($p: ID!, $t: [String!]!) { saveTables(projectId: $p, tables: $t) { id } }",
        json!({"p": project, "t": ["customers", "orders"]}),
    )
    .await;
    let relation = json!([{"fromModel": "orders", "fromColumn": "customer_id", "toModel": "customers", "toColumn": "id", "type": "MANY_TO_ONE"}]);
    app.gql_ok(client, "mutation($p: ID!, $r: [RelationInput!]!) { saveRelations(projectId: $p, relations: $r) { id } }", json!({"p": project, "r": relation}))
        .await;
    assert_eq!(deployed(app, client, project).await["status"], "SYNCRONIZED");
    let answer = |question: &'static str| async move {
        let task = ask(app, client, project, question, None).await;
        let (_, done) = settle(app, client, project, task["id"].as_str().unwrap(), 90).await;
        assert_eq!(done["status"], "FINISHED", "{question}: {done}");
        rows(app, client, project, &task["responseId"]).await
    };
    assert_eq!(number(&answer("How many customers are there?").await[0][0]), 5.0);
    let by_country = answer("total order amount by customer country").await;
    let us = by_country.iter().find(|r| r[0] == "US").unwrap_or_else(|| panic!("{by_country:?}"));
    assert!((number(&us[1]) - 127.5).abs() < 1e-9, "{by_country:?}");
    let monthly = answer("order amount per month").await;
    assert_eq!(monthly.len(), 2, "March and April: {monthly:?}");
}

/// A project of a new org of the signed-in account: its id.
async fn project(app: &TestApp, client: &Client, org: &str) -> String {
    app.gql_ok(client, "mutation($n: String!) { createOrg(data: {name: $n}) { id } }", json!({"n": org})).await;
    let created = app.gql_ok(client, "mutation { createProject(data: {displayName: \"Warehouse\"}) { id } }", json!({})).await;
    created["createProject"]["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_trino_source_is_read_deployed_and_asked_in_its_own_dialect() {
    let dir = tempfile::tempdir().unwrap();
    let trino = FakeTrino::start(shop(dir.path())).await;
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("trino").await;
    let project = project(&app, &client, "Trino Co").await;
    let save = "mutation($p: ID!, $d: DataSourceInput!) { saveDataSource(projectId: $p, data: $d) { type } }";
    let properties = json!({"host": "127.0.0.1", "port": trino.port, "catalog": "memory", "schema": "main", "user": "analyst"});

    // A password is never sent in the clear; a schema that does not exist is said at once.
    let mut with_password = properties.clone();
    with_password["password"] = json!("secret");
    let refused = app.gql(&client, save, json!({"p": project, "d": {"type": "TRINO", "properties": with_password}})).await;
    assert!(refused.to_string().contains("only over SSL"), "{refused}");
    let mut wrong_schema = properties.clone();
    wrong_schema["schema"] = json!("nowhere");
    let refused = app.gql(&client, save, json!({"p": project, "d": {"type": "TRINO", "properties": wrong_schema}})).await;
    assert!(refused.to_string().contains("has no schema nowhere"), "{refused}");

    deploy_and_ask(&app, &client, &project, json!({"type": "TRINO", "properties": properties})).await;

    // Who asked and where: the user, catalog and schema of the source, in UTC, with the
    // server's own time limit; and each statement is SQL a parser reads.
    let seen = trino.seen();
    let (_, headers) = seen.statements.last().unwrap();
    assert_eq!(headers.get("x-trino-user").map(String::as_str), Some("analyst"));
    assert_eq!(headers.get("x-trino-catalog").map(String::as_str), Some("memory"));
    assert_eq!(headers.get("x-trino-schema").map(String::as_str), Some("main"));
    assert_eq!(headers.get("x-trino-time-zone").map(String::as_str), Some("UTC"));
    assert!(headers.get("x-trino-session").is_some_and(|s| s.starts_with("query_max_execution_time=")), "{headers:?}");
    let dialect = sqlparser::dialect::GenericDialect {};
    for (sql, _) in &seen.statements {
        sqlparser::parser::Parser::parse_sql(&dialect, sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
        assert!(!sql.contains('`'), "Trino quotes with double quotes: {sql}");
    }
    assert!(seen.statements.iter().any(|(sql, _)| sql.contains("DATE_TRUNC('month'")), "{:?}", seen.statements.iter().map(|s| &s.0).collect::<Vec<_>>());
}

#[tokio::test]
async fn the_trino_client_pages_stops_what_it_does_not_read_and_says_what_failed() {
    use quarry_engine::{ConnectorError, DataSourceType, QueryOptions, SourcePolicy, connect};
    let dir = tempfile::tempdir().unwrap();
    let trino = FakeTrino::start(shop(dir.path())).await;
    let settings = json!({"host": "127.0.0.1", "port": trino.port, "catalog": "memory", "schema": "main", "user": "analyst"});
    let connector = connect(DataSourceType::Trino, &settings, &SourcePolicy::permissive()).unwrap();
    connector.test().await.unwrap();

    // Tables in order, with their columns typed by family.
    let tables = connector.tables().await.unwrap();
    let orders = tables.iter().find(|t| t.name == "orders").unwrap();
    let families: Vec<String> = orders.columns.iter().map(|c| format!("{}:{}", c.name, c.family.as_str())).collect();
    assert_eq!(families, ["id:INTEGER", "customer_id:INTEGER", "amount:DECIMAL", "ordered_at:TIMESTAMP"]);

    // Every page is read: five customers come two by two.
    let all = connector.query("SELECT id, name FROM customers ORDER BY id", QueryOptions::new(100, Duration::from_secs(30))).await.unwrap();
    assert_eq!((all.rows.len(), all.truncated), (5, false));
    // Values as every source gives them: exact decimals, timestamps with a T and milliseconds.
    let order = connector.query("SELECT amount, ordered_at FROM orders WHERE id = 13", QueryOptions::new(10, Duration::from_secs(30))).await.unwrap();
    assert_eq!(order.rows[0], vec![json!("7.50"), json!("2025-04-06T18:45:00.250")]);

    // A limit reads one row more, then cancels the query at the coordinator.
    let cancelled_before = trino.seen().cancelled.len();
    let two = connector.query("SELECT id FROM customers ORDER BY id", QueryOptions::new(2, Duration::from_secs(30))).await.unwrap();
    assert_eq!((two.rows.len(), two.truncated), (2, true));
    assert_eq!(trino.seen().cancelled.len(), cancelled_before + 1, "the rest is not produced for nobody");

    // The coordinator's reason, as it said it.
    match connector.query("SELECT nope FROM customers", QueryOptions::new(10, Duration::from_secs(30))).await {
        Err(ConnectorError::Query(message)) => assert!(message.contains("nope"), "{message}"),
        other => panic!("{other:?}"),
    }

    // Past the time limit the query is cancelled at the coordinator.
    trino.slow_down(Duration::from_millis(800));
    let cancelled_before = trino.seen().cancelled.len();
    let slow = connector.query("SELECT id FROM customers", QueryOptions::new(100, Duration::from_millis(500))).await;
    assert!(matches!(slow, Err(ConnectorError::Timeout(_))), "{slow:?}");
    assert_eq!(trino.seen().cancelled.len(), cancelled_before + 1);

    // A host the network policy closes is never dialled.
    let closed = connect(DataSourceType::Trino, &settings, &SourcePolicy::default()).unwrap();
    assert!(matches!(closed.test().await, Err(ConnectorError::ConnectionRefused(_))));
}

#[tokio::test]
async fn an_athena_source_is_asked_through_the_aws_sdk_and_stopped_when_late() {
    use quarry_engine::{ConnectorError, DataSourceType, QueryOptions, SourcePolicy, connect};
    use quarry_test_kit::athena::{ACCESS_KEY_ID, FakeAthena};
    let dir = tempfile::tempdir().unwrap();
    let athena = FakeAthena::start(shop(dir.path())).await;
    let settings = json!({
        "region": "eu-west-1", "database": "main", "s3StagingDir": "s3://results/quarry/", "workgroup": "analysts",
        "accessKeyId": ACCESS_KEY_ID, "secretAccessKey": "not-a-real-secret", "endpoint": athena.url,
    });
    let connector = connect(DataSourceType::Athena, &settings, &SourcePolicy::permissive()).unwrap();
    connector.test().await.unwrap();

    // Tables from the Glue catalog, typed from their Hive names.
    let tables = connector.tables().await.unwrap();
    let orders = tables.iter().find(|t| t.name == "orders").unwrap();
    let families: Vec<String> = orders.columns.iter().map(|c| format!("{}:{}", c.name, c.family.as_str())).collect();
    assert_eq!(families, ["id:INTEGER", "customer_id:INTEGER", "amount:DECIMAL", "ordered_at:TIMESTAMP"]);

    // Polled until it ends, read page by page past the header row, values typed.
    let all = connector.query("SELECT id, name FROM customers ORDER BY id", QueryOptions::new(100, Duration::from_secs(30))).await.unwrap();
    assert_eq!(all.rows.len(), 5);
    assert_eq!(all.rows[0], vec![json!(1), json!("Ada")]);
    let order = connector.query("SELECT amount, ordered_at FROM orders WHERE id = 13", QueryOptions::new(10, Duration::from_secs(30))).await.unwrap();
    assert_eq!(order.rows[0], vec![json!("7.50"), json!("2025-04-06T18:45:00.250")]);
    let started = athena.seen().started.last().cloned().unwrap();
    assert_eq!(started["WorkGroup"], "analysts");
    assert_eq!(started["QueryExecutionContext"]["Database"], "main");
    assert_eq!(started["ResultConfiguration"]["OutputLocation"], "s3://results/quarry/");

    // The engine's reason, as it said it.
    match connector.query("SELECT nope FROM customers", QueryOptions::new(10, Duration::from_secs(30))).await {
        Err(ConnectorError::Query(message)) => assert!(message.contains("nope"), "{message}"),
        other => panic!("{other:?}"),
    }

    // Past the time limit the query is stopped at the service.
    athena.slow_down(1000);
    let slow = connector.query("SELECT id FROM customers", QueryOptions::new(100, Duration::from_millis(700))).await;
    assert!(matches!(slow, Err(ConnectorError::Timeout(_))), "{slow:?}");
    assert_eq!(athena.seen().stopped.len(), 1);

    // A wrong key is refused as the service says; an endpoint the network policy closes is never dialled.
    let mut wrong = settings.clone();
    wrong["accessKeyId"] = json!("AKIAOTHER");
    let refused = connect(DataSourceType::Athena, &wrong, &SourcePolicy::permissive()).unwrap().test().await;
    assert!(matches!(refused, Err(ConnectorError::ConnectionRefused(_))), "{refused:?}");
    let closed = connect(DataSourceType::Athena, &settings, &SourcePolicy::default()).unwrap().test().await;
    assert!(matches!(closed, Err(ConnectorError::ConnectionRefused(_))), "{closed:?}");
}

#[tokio::test]
async fn a_snowflake_source_is_deployed_and_asked_in_its_own_dialect() {
    use quarry_test_kit::snowflake::{FakeSnowflake, TOKEN};
    let dir = tempfile::tempdir().unwrap();
    let snowflake = FakeSnowflake::start(shop(dir.path())).await;
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("snowflake").await;
    let project = project(&app, &client, "Snowflake Co").await;
    let properties = json!({"account": "xy12345", "warehouse": "ANALYTICS", "database": "SHOP", "schema": "main", "token": TOKEN, "host": "127.0.0.1", "port": snowflake.port});
    deploy_and_ask(&app, &client, &project, json!({"type": "SNOWFLAKE", "properties": properties})).await;
    let dialect = sqlparser::dialect::SnowflakeDialect {};
    for sent in snowflake.seen().statements {
        let sql = sent["statement"].as_str().unwrap();
        sqlparser::parser::Parser::parse_sql(&dialect, sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
        assert_eq!(sent["warehouse"], "ANALYTICS", "{sent}");
    }
}

#[tokio::test]
async fn a_snowflake_source_is_read_through_its_sql_api_partition_by_partition() {
    use quarry_engine::{ConnectorError, DataSourceType, QueryOptions, SourcePolicy, connect};
    use quarry_test_kit::snowflake::{FakeSnowflake, TOKEN};
    let dir = tempfile::tempdir().unwrap();
    let snowflake = FakeSnowflake::start(shop(dir.path())).await;
    let settings = json!({
        "account": "xy12345.eu-west-1", "warehouse": "ANALYTICS", "database": "SHOP", "schema": "main", "role": "REPORTER",
        "token": TOKEN, "host": "127.0.0.1", "port": snowflake.port,
    });
    let connector = connect(DataSourceType::Snowflake, &settings, &SourcePolicy::permissive()).unwrap();
    connector.test().await.unwrap();
    let sent = snowflake.seen().statements.last().cloned().unwrap();
    assert_eq!((sent["warehouse"].as_str(), sent["database"].as_str(), sent["role"].as_str()), (Some("ANALYTICS"), Some("SHOP"), Some("REPORTER")));
    assert_eq!(sent["parameters"]["TIMEZONE"], "UTC");

    // Tables with their columns, a NUMBER of scale 0 an integer.
    let tables = connector.tables().await.unwrap();
    let orders = tables.iter().find(|t| t.name == "orders").unwrap();
    let families: Vec<String> = orders.columns.iter().map(|c| format!("{}:{}", c.name, c.family.as_str())).collect();
    assert_eq!(families, ["id:INTEGER", "customer_id:INTEGER", "amount:DECIMAL", "ordered_at:TIMESTAMP"]);

    // Every partition is read (two rows each); values leave the API's form.
    let all = connector.query("SELECT id, name FROM customers ORDER BY id", QueryOptions::new(100, Duration::from_secs(30))).await.unwrap();
    assert_eq!(all.rows.len(), 5);
    assert_eq!(all.rows[4], vec![json!(5), json!("Barbara")]);
    let order = connector
        .query("SELECT amount, ordered_at, CAST(ordered_at AS DATE) AS day FROM orders WHERE id = 13", QueryOptions::new(10, Duration::from_secs(30)))
        .await
        .unwrap();
    assert_eq!(order.rows[0], vec![json!("7.50"), json!("2025-04-06T18:45:00.250"), json!("2025-04-06")]);
    // A limit stops reading partitions; a slow statement is polled by its handle.
    let two = connector.query("SELECT id FROM customers ORDER BY id", QueryOptions::new(2, Duration::from_secs(30))).await.unwrap();
    assert_eq!((two.rows.len(), two.truncated), (2, true));
    snowflake.slow_down(2);
    let polled = connector.query("SELECT COUNT(*) FROM orders", QueryOptions::new(10, Duration::from_secs(30))).await.unwrap();
    assert_eq!(polled.rows[0][0], json!(4));

    // Snowflake's reason as it said it; past the limit the statement is cancelled there.
    match connector.query("SELECT nope FROM customers", QueryOptions::new(10, Duration::from_secs(30))).await {
        Err(ConnectorError::Query(message)) => assert!(message.contains("SQL compilation error") && message.contains("nope"), "{message}"),
        other => panic!("{other:?}"),
    }
    snowflake.slow_down(1000);
    let late = connector.query("SELECT id FROM customers", QueryOptions::new(10, Duration::from_millis(600))).await;
    assert!(matches!(late, Err(ConnectorError::Timeout(_))), "{late:?}");
    assert_eq!(snowflake.seen().cancelled.len(), 1);
    snowflake.slow_down(0);

    // A wrong token is refused as Snowflake says; a closed network is never dialled.
    let mut wrong = settings.clone();
    wrong["token"] = json!("pat-other");
    let refused = connect(DataSourceType::Snowflake, &wrong, &SourcePolicy::permissive()).unwrap().test().await;
    assert!(matches!(&refused, Err(ConnectorError::ConnectionRefused(m)) if m.contains("Invalid OAuth access token")), "{refused:?}");
    let closed = connect(DataSourceType::Snowflake, &settings, &SourcePolicy::default()).unwrap().test().await;
    assert!(matches!(closed, Err(ConnectorError::ConnectionRefused(_))), "{closed:?}");
}

/// The shop loaded into the test services' ClickHouse server: the server and the database.
async fn clickhouse_shop(dir: &std::path::Path) -> (quarry_test_kit::clickhouse::ClickHouse, String) {
    use quarry_engine::{Connector, QueryOptions, connectors::DuckDbConnector};
    use quarry_test_kit::clickhouse::{ClickHouse, Table};
    let duck = DuckDbConnector::immutable(shop(dir));
    let mut tables = Vec::new();
    for table in duck.tables().await.unwrap() {
        let rows = duck.query(&format!("SELECT * FROM \"{}\"", table.name), QueryOptions::new(100, Duration::from_secs(30))).await.unwrap().rows;
        tables.push(Table { name: table.name, columns: table.columns.into_iter().map(|c| (c.name, c.type_name)).collect(), rows });
    }
    let server = ClickHouse::from_env();
    let database = server.load("shop", &tables).await;
    (server, database)
}

#[tokio::test]
async fn a_clickhouse_source_is_deployed_and_asked_in_its_own_dialect() {
    let dir = tempfile::tempdir().unwrap();
    let (server, database) = clickhouse_shop(dir.path()).await;
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("clickhouse").await;
    let project = project(&app, &client, "ClickHouse Co").await;
    let properties = json!({"host": server.host, "port": server.port, "database": database, "user": server.user, "password": server.password});
    // A database that does not exist is said at once.
    let save = "mutation($p: ID!, $d: DataSourceInput!) { saveDataSource(projectId: $p, data: $d) { type } }";
    let mut elsewhere = properties.clone();
    elsewhere["database"] = json!("nowhere");
    let refused = app.gql(&client, save, json!({"p": project, "d": {"type": "CLICK_HOUSE", "properties": elsewhere}})).await;
    assert!(refused.to_string().contains("Database nowhere does not exist"), "{refused}");
    deploy_and_ask(&app, &client, &project, json!({"type": "CLICK_HOUSE", "properties": properties})).await;
}

#[tokio::test]
async fn the_clickhouse_client_streams_stops_what_it_does_not_read_and_says_what_failed() {
    use quarry_engine::{ConnectorError, DataSourceType, QueryOptions, SourcePolicy, connect};
    let dir = tempfile::tempdir().unwrap();
    let (server, database) = clickhouse_shop(dir.path()).await;
    let settings = json!({"host": server.host, "port": server.port, "database": database, "user": server.user, "password": server.password});
    let connector = connect(DataSourceType::ClickHouse, &settings, &SourcePolicy::permissive()).unwrap();
    connector.test().await.unwrap();

    // Tables in order, with their columns typed by family through ClickHouse's wrappers.
    let tables = connector.tables().await.unwrap();
    let orders = tables.iter().find(|t| t.name == "orders").unwrap();
    let families: Vec<String> = orders.columns.iter().map(|c| format!("{}:{}", c.name, c.family.as_str())).collect();
    assert_eq!(families, ["id:INTEGER", "customer_id:INTEGER", "amount:DECIMAL", "ordered_at:TIMESTAMP"]);
    assert_eq!(orders.columns[2].type_name, "Nullable(Decimal(10, 2))");

    // Values as every source gives them: exact decimals, timestamps with a T and milliseconds,
    // 64-bit counts as numbers, an outer join's missing side as NULL.
    let options = || QueryOptions::new(100, Duration::from_secs(30));
    let order = connector.query("SELECT amount, ordered_at, count() OVER () AS n FROM orders WHERE id = 13", options()).await.unwrap();
    assert_eq!(order.rows[0], vec![json!("7.50"), json!("2025-04-06T18:45:00.250"), json!(1)]);
    let joined =
        connector.query("SELECT c.name, o.amount FROM customers c LEFT JOIN orders o ON o.customer_id = c.id WHERE c.id = 3", options()).await.unwrap();
    assert_eq!(joined.rows, vec![vec![json!("Linus"), Value::Null]]);

    // A limit reads one row more, then the query is killed at the server by its id.
    let killed_before = server.killed().await.len();
    let two = connector.query("SELECT id FROM customers ORDER BY id", QueryOptions::new(2, Duration::from_secs(30))).await.unwrap();
    assert_eq!((two.rows.len(), two.truncated), (2, true));
    assert_eq!(server.killed().await.len(), killed_before + 1, "the rest is not produced for nobody");

    // The server's reason, as it said it, without its code and version.
    match connector.query("SELECT nope FROM customers", options()).await {
        Err(ConnectorError::Query(message)) => assert!(message.contains("nope") && !message.contains("(version"), "{message}"),
        other => panic!("{other:?}"),
    }
    // Statements run read-only.
    let write = connector.query("CREATE TABLE evil (x Int8) ENGINE = Memory", options()).await;
    assert!(matches!(&write, Err(ConnectorError::Query(m)) if m.contains("readonly")), "{write:?}");

    // Past our limit the query is killed at the server.
    let killed_before = server.killed().await.len();
    let slow = connector.query("SELECT sleepEachRow(0.3) FROM numbers(10)", QueryOptions::new(100, Duration::from_millis(500))).await;
    assert!(matches!(slow, Err(ConnectorError::Timeout(_))), "{slow:?}");
    assert_eq!(server.killed().await.len(), killed_before + 1);

    // A wrong password is refused as the server says; a closed network is never dialled.
    let mut wrong = settings.clone();
    wrong["password"] = json!("not-it");
    let refused = connect(DataSourceType::ClickHouse, &wrong, &SourcePolicy::permissive()).unwrap().test().await;
    assert!(matches!(&refused, Err(ConnectorError::ConnectionRefused(m)) if m.contains("Authentication failed")), "{refused:?}");
    let closed = connect(DataSourceType::ClickHouse, &settings, &SourcePolicy::default()).unwrap().test().await;
    assert!(matches!(closed, Err(ConnectorError::ConnectionRefused(_))), "{closed:?}");
}
