//! A stranger with a fresh account and organisation of their own tries to reach the server,
//! its metadata and other tenants through data-source settings and provider URLs.

use quarry_llm::fake::{FakeServer, Reply};
use quarry_test_kit::{TestApp, error_code, shop_database, url_parts};
use reqwest::Client;
use serde_json::{Value, json};
use std::{
    path::{Path, PathBuf},
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
};

const TEST_SOURCE: &str = "mutation($p: ID!, $d: DataSourceInput!) { testDataSourceConnection(projectId: $p, data: $d) }";
const SAVE_SOURCE: &str = "mutation($p: ID!, $d: DataSourceInput!) { saveDataSource(projectId: $p, data: $d) { type } }";
const UPDATE_SOURCE: &str = "mutation($p: ID!, $d: DataSourceInput!) { updateDataSource(projectId: $p, data: $d) { type properties } }";
const SOURCE: &str = "query($p: ID!) { dataSource(projectId: $p) { type properties } }";
const TEST_LLM: &str = "mutation($d: LlmConfigInput!) { testProviderConnectivity(data: $d) }";
const APPLY_LLM: &str = "mutation($d: LlmConfigInput!) { applyOrgLLMConfigs(data: $d) { provider baseUrl } }";
/// What every connection failure before the source has spoken says (engine::network).
const CONNECT_FAILED: &str = quarry_engine::network::CONNECT_FAILED;

/// A signed-in stranger with an organisation and a project of their own.
async fn stranger(app: &TestApp, label: &str) -> (Client, String) {
    let (client, _) = app.signed_in(label).await;
    app.gql_ok(&client, "mutation { createOrg(data: {name: \"Stranger Co\"}) { id } }", json!({})).await;
    let project = app.gql_ok(&client, "mutation { createProject(data: {displayName: \"Probe\"}) { id } }", json!({})).await;
    (client, project["createProject"]["id"].as_str().unwrap().to_owned())
}

/// Tests and saves `properties`; both must fail with `code` and save nothing. Returns the message.
async fn refused(app: &TestApp, client: &Client, project: &str, kind: &str, properties: Value, code: &str) -> String {
    let data = json!({"type": kind, "properties": properties});
    let tested = app.gql(client, TEST_SOURCE, json!({"p": project, "d": data})).await;
    assert_eq!(error_code(&tested), code, "{properties}: {tested}");
    let saved = app.gql(client, SAVE_SOURCE, json!({"p": project, "d": data})).await;
    assert_eq!(error_code(&saved), code, "{properties}: {saved}");
    assert_eq!(tested["errors"][0]["message"], saved["errors"][0]["message"]);
    let source = app.gql_ok(client, SOURCE, json!({"p": project})).await;
    assert!(source["dataSource"].is_null(), "nothing is stored: {source}");
    tested["errors"][0]["message"].as_str().unwrap().to_owned()
}

/// A TCP listener on loopback that counts the connections it gets (and answers none).
async fn counting_listener() -> (u16, Arc<AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let count = Arc::new(AtomicUsize::new(0));
    let seen = count.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            seen.fetch_add(1, Ordering::SeqCst);
            drop(socket);
        }
    });
    (port, count)
}

#[tokio::test]
async fn quarrys_own_services_are_never_a_data_source() {
    let app = TestApp::spawn().await.with_worker();
    let (client, project) = stranger(&app, "probe-own").await;
    let own = url_parts(&std::env::var("QUARRY_DATABASE_URL").unwrap());
    let port = |var: &str| url_parts(&std::env::var(var).unwrap().replace("redis://", "postgres://u:p@").replace("http://", "postgres://u:p@")).port;
    let (redis, temporal) = (port("QUARRY_REDIS_URL"), port("QUARRY_TEMPORAL_URL"));

    // The metadata Postgres with its real credentials, by every name that reaches it.
    for host in ["127.0.0.1", "localhost", "0.0.0.0", "::1", "::ffff:127.0.0.1", "127.0.0.2", "2130706433"] {
        let properties = json!({"host": host, "port": own.port, "database": "quarry", "user": own.user, "password": own.password});
        let message = refused(&app, &client, &project, "POSTGRES", properties.clone(), "CONNECTION_REFUSED").await;
        assert_eq!(message, CONNECT_FAILED, "{host}");
        refused(&app, &client, &project, "REDSHIFT", properties, "CONNECTION_REFUSED").await;
    }
    // Redis and Temporal, through either protocol.
    for port in [redis, temporal] {
        for kind in ["POSTGRES", "MYSQL"] {
            let properties = json!({"host": "localhost", "port": port, "database": "x", "user": "x", "password": "x"});
            assert_eq!(refused(&app, &client, &project, kind, properties, "CONNECTION_REFUSED").await, CONNECT_FAILED);
        }
    }
    // The warehouses spoken to over HTTP: a coordinator, a SQL API or an AWS endpoint at
    // Quarry's own services is never dialled either.
    for port in [own.port, redis, temporal] {
        let trino = json!({"host": "localhost", "port": port, "catalog": "c", "schema": "s", "user": "u"});
        assert_eq!(refused(&app, &client, &project, "TRINO", trino, "CONNECTION_REFUSED").await, CONNECT_FAILED);
        let snowflake = json!({"account": "xy", "database": "d", "schema": "s", "token": "t", "host": "127.0.0.1", "port": port});
        assert_eq!(refused(&app, &client, &project, "SNOWFLAKE", snowflake, "CONNECTION_REFUSED").await, CONNECT_FAILED);
        let athena =
            json!({"region": "eu-west-1", "database": "d", "accessKeyId": "a", "secretAccessKey": "s", "endpoint": format!("http://localhost:{port}")});
        assert_eq!(refused(&app, &client, &project, "ATHENA", athena, "CONNECTION_REFUSED").await, CONNECT_FAILED);
        let clickhouse = json!({"host": "localhost", "port": port, "database": "default"});
        assert_eq!(refused(&app, &client, &project, "CLICK_HOUSE", clickhouse, "CONNECTION_REFUSED").await, CONNECT_FAILED);
    }
}

#[tokio::test]
async fn private_metadata_and_closed_addresses_all_read_the_same() {
    let app = TestApp::spawn().await.with_worker();
    let (client, project) = stranger(&app, "probe-scan").await;
    let closed = {
        // A port that was just free: nothing listens there.
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    for (host, port) in [
        ("10.0.0.1", 5432),      // private, not allowed
        ("192.168.1.10", 3306),  // private, not allowed
        ("169.254.169.254", 80), // cloud metadata
        ("metadata.google.internal", 80),
        ("[fd00:ec2::254]", 80),
        ("100.64.0.1", 5432),  // CGNAT
        ("127.0.0.1", closed), // allowed network, nothing listening
        ("no-such-host.invalid", 5432),
    ] {
        for kind in ["POSTGRES", "MYSQL"] {
            let properties = json!({"host": host, "port": port, "database": "d", "user": "u", "password": "p"});
            let message = refused(&app, &client, &project, kind, properties, "CONNECTION_REFUSED").await;
            assert_eq!(message, CONNECT_FAILED, "{kind} {host}:{port}");
        }
    }

    // A real source in an allowed network still connects, and a wrong password there is
    // the server's own answer (it comes after the handshake).
    let (_, mut properties) = shop_database().await;
    properties["password"] = json!("not-the-password");
    let message = refused(&app, &client, &project, "POSTGRES", properties, "CONNECTION_REFUSED").await;
    assert!(message.contains("password"), "{message}");
}

/// The operator's DuckDB directory overlaps Quarry's data directory here, the worst case.
#[tokio::test]
async fn duckdb_paths_stay_inside_the_operators_directory_and_out_of_quarrys_files() {
    let root = tempfile::tempdir().unwrap();
    let root_path = root.path().canonicalize().unwrap();
    let data_dir = root_path.join("data");
    let app = {
        let (duckdb_dir, data_dir) = (root_path.clone(), data_dir.clone());
        TestApp::spawn_with(move |c| {
            c.duckdb_source_dir = Some(duckdb_dir);
            c.data_dir = data_dir;
        })
        .await
        .with_worker()
    };
    // A victim's project with a CSV store (the sample database stands in for its uploads).
    let (victim, victim_project) = stranger(&app, "victim").await;
    app.gql_ok(&victim, "mutation($p: ID!) { startSampleDataset(projectId: $p, name: MUSIC) }", json!({"p": victim_project})).await;
    let sample = std::fs::read_dir(data_dir.join("samples")).unwrap().next().unwrap().unwrap().path();
    let victim_store = app.state.config.project_dir(victim_project.parse().unwrap()).join("csv.duckdb");
    std::fs::create_dir_all(victim_store.parent().unwrap()).unwrap();
    std::fs::copy(&sample, &victim_store).unwrap();
    // A file the operator did put there.
    let offered = root_path.join("sources").join("music.duckdb");
    std::fs::create_dir_all(offered.parent().unwrap()).unwrap();
    std::fs::copy(&sample, &offered).unwrap();
    std::os::unix::fs::symlink(&victim_store, root_path.join("sources").join("innocent.duckdb")).unwrap();

    let (client, project) = stranger(&app, "probe-files").await;
    let relative_store = victim_store.strip_prefix(&root_path).unwrap().to_owned();
    let attempts: Vec<PathBuf> = vec![
        victim_store.clone(),                            // absolute, into another project
        relative_store.clone(),                          // relative, into Quarry's data dir
        Path::new("sources/innocent.duckdb").to_owned(), // a symlink to it
        Path::new("sources/../").join(&relative_store),  // `..` back into it
        Path::new("sources/../../").join(root_path.file_name().unwrap()).join(&relative_store),
        sample.clone(),                 // the samples
        PathBuf::from("/etc/hostname"), // outside the directory
        PathBuf::from("../../../../../../etc/passwd"),
        PathBuf::from("sources/missing.duckdb"), // inside, not there
    ];
    let mut messages = Vec::new();
    for path in &attempts {
        let message = refused(&app, &client, &project, "DUCKDB", json!({"path": path}), "CONNECTION_REFUSED").await;
        assert!(!message.contains('/') && !message.contains(".duckdb"), "no path in {message:?}");
        messages.push(message);
    }
    messages.dedup();
    assert_eq!(messages.len(), 1, "one message for missing and forbidden: {messages:?}");

    // The file the operator offers works, by relative or absolute path.
    for path in [PathBuf::from("sources/music.duckdb"), offered.clone()] {
        app.gql_ok(&client, TEST_SOURCE, json!({"p": project, "d": {"type": "DUCKDB", "properties": {"path": path}}})).await;
    }

    // Without an operator directory the type is unavailable, whatever the path.
    let closed = TestApp::spawn_with(|c| c.duckdb_source_dir = None).await.with_worker();
    let (client, project) = stranger(&closed, "probe-noduck").await;
    let message = refused(&closed, &client, &project, "DUCKDB", json!({"path": offered}), "INVALID_INPUT").await;
    assert!(message.contains("not enabled"), "{message}");
}

#[tokio::test]
async fn a_csv_source_is_always_the_projects_own_store() {
    let app = TestApp::spawn().await.with_worker();
    let (victim, victim_project) = stranger(&app, "csv-victim").await;
    app.gql_ok(&victim, "mutation($p: ID!) { startSampleDataset(projectId: $p, name: MUSIC) }", json!({"p": victim_project})).await;
    let sample = std::fs::read_dir(app.state.config.data_dir.join("samples")).unwrap().flatten().next().unwrap().path();
    let victim_dir = app.state.config.project_dir(victim_project.parse().unwrap());
    std::fs::create_dir_all(&victim_dir).unwrap();
    std::fs::copy(&sample, victim_dir.join("csv.duckdb")).unwrap();

    let (client, project) = stranger(&app, "csv-probe").await;
    let data = json!({"type": "CSV", "properties": {"dir": victim_dir}});
    app.gql_ok(&client, SAVE_SOURCE, json!({"p": project, "d": data})).await;
    let stored = app.gql_ok(&client, SOURCE, json!({"p": project})).await;
    assert_eq!(stored["dataSource"]["properties"], json!({}), "the given dir is not kept");
    let tables = app.gql_ok(&client, "query($p: ID!) { listDataSourceTables(projectId: $p) { name } }", json!({"p": project})).await;
    assert_eq!(tables["listDataSourceTables"], json!([]), "its own (empty) store, not the victim's");
    app.gql_ok(&client, UPDATE_SOURCE, json!({"p": project, "d": data})).await;
    let tables = app.gql_ok(&client, "query($p: ID!) { listDataSourceTables(projectId: $p) { name } }", json!({"p": project})).await;
    assert_eq!(tables["listDataSourceTables"], json!([]));
}

#[tokio::test]
async fn a_stored_password_is_never_sent_to_a_new_host() {
    let app = TestApp::spawn().await.with_worker();
    let (client, project) = stranger(&app, "replay").await;
    let (db, properties) = shop_database().await;
    app.gql_ok(&client, SAVE_SOURCE, json!({"p": project, "d": {"type": "POSTGRES", "properties": properties}})).await;

    // Same place, password left out: the stored one is used.
    let mut same = properties.clone();
    same.as_object_mut().unwrap().remove("password");
    app.gql_ok(&client, UPDATE_SOURCE, json!({"p": project, "d": {"type": "POSTGRES", "properties": same}})).await;

    // Another host, port or database, password left out: refused before any connection.
    let (port, seen) = counting_listener().await;
    for change in [json!({"port": port}), json!({"host": "localhost", "port": port}), json!({"database": "postgres"})] {
        let mut moved = same.clone();
        for (k, v) in change.as_object().unwrap() {
            moved[k] = v.clone();
        }
        for query in [TEST_SOURCE, UPDATE_SOURCE] {
            let body = app.gql(&client, query, json!({"p": project, "d": {"type": "POSTGRES", "properties": moved}})).await;
            assert_eq!(error_code(&body), "INVALID_INPUT", "{change}: {body}");
            assert!(body["errors"][0]["message"].as_str().unwrap().contains("password"), "{body}");
        }
    }
    assert_eq!(seen.load(Ordering::SeqCst), 0, "nothing connected to the new host");
    let stored = app.gql_ok(&client, SOURCE, json!({"p": project})).await;
    assert_eq!(stored["dataSource"]["properties"]["database"], db.as_str(), "the saved source is unchanged");
}

fn openai(base: &str, key: Option<&str>) -> Value {
    let mut settings = json!({"provider": "openai", "chatModel": "gpt-4o-mini", "baseUrl": base});
    if let Some(key) = key {
        settings["apiKey"] = json!(key);
    }
    settings
}

#[tokio::test]
async fn a_provider_on_loopback_is_refused_unless_the_operator_allows_it() {
    let server = FakeServer::start(0).await.unwrap();
    let strict = TestApp::spawn_with(|c| c.source_networks = Vec::new()).await.with_worker();
    let (client, _) = stranger(&strict, "llm-loopback").await;
    for base in [format!("{}/v1", server.url), server.url.replace("127.0.0.1", "localhost")] {
        let body = strict.gql(&client, TEST_LLM, json!({"d": openai(&base, Some("sk-x"))})).await;
        assert_eq!(error_code(&body), "CONNECTION_REFUSED", "{body}");
        let body = strict.gql(&client, APPLY_LLM, json!({"d": openai(&base, Some("sk-x"))})).await;
        assert_eq!(error_code(&body), "CONNECTION_REFUSED", "{body}");
    }
    for base in ["http://169.254.169.254/v1", "http://metadata.google.internal/v1", "http://[::ffff:10.0.0.1]/v1"] {
        let body = strict.gql(&client, TEST_LLM, json!({"d": openai(base, Some("sk-x"))})).await;
        assert_eq!(error_code(&body), "CONNECTION_REFUSED", "{body}");
    }
    assert!(server.requests().await.is_empty(), "no request reached the loopback server");
    let settings = strict.gql_ok(&client, "{ llmSettings { provider } }", json!({})).await;
    assert!(settings["llmSettings"].is_null(), "nothing saved: {settings}");

    // With loopback allowed, Quarry's own services stay refused.
    let app = TestApp::spawn().await.with_worker();
    let (client, _) = stranger(&app, "llm-own").await;
    for var in ["QUARRY_REDIS_URL", "QUARRY_TEMPORAL_URL", "QUARRY_DATABASE_URL"] {
        let port = url_parts(&std::env::var(var).unwrap().replace("redis://", "postgres://u:p@").replace("http://", "postgres://u:p@")).port;
        let body = app.gql(&client, TEST_LLM, json!({"d": openai(&format!("http://localhost:{port}/v1"), Some("sk-x"))})).await;
        assert_eq!(error_code(&body), "CONNECTION_REFUSED", "{var}: {body}");
    }
}

#[tokio::test]
async fn a_provider_redirect_is_not_followed_and_its_body_not_echoed() {
    let app = TestApp::spawn().await.with_worker();
    let (client, _) = stranger(&app, "llm-redirect").await;
    let target = FakeServer::start(0).await.unwrap();
    let redirector = FakeServer::start(0).await.unwrap();
    let secret_page = "x".repeat(5000);
    redirector.push(Reply::status(302, json!({"page": secret_page})).header("location", &format!("{}/v1/chat/completions", target.url))).await;
    let body = app.gql(&client, TEST_LLM, json!({"d": openai(&format!("{}/v1", redirector.url), Some("sk-x"))})).await;
    assert_ne!(error_code(&body), "<none>", "{body}");
    assert!(target.requests().await.is_empty(), "the redirect was followed");
    let message = body["errors"][0]["message"].as_str().unwrap();
    assert!(!message.contains("xxxxxxxxxx") && message.len() < 600, "the body is not echoed: {message}");

    // A long provider error message is cut short.
    redirector.push(Reply::openai_error(400, &"y".repeat(5000))).await;
    let body = app.gql(&client, TEST_LLM, json!({"d": openai(&format!("{}/v1", redirector.url), Some("sk-x"))})).await;
    assert_eq!(error_code(&body), "CONNECTION_REFUSED", "{body}");
    assert!(body["errors"][0]["message"].as_str().unwrap().len() < 600, "{body}");
}

#[tokio::test]
async fn a_stored_provider_key_is_never_sent_to_a_new_endpoint() {
    let app = TestApp::spawn().await.with_worker();
    let (client, _) = stranger(&app, "llm-replay").await;
    let provider = FakeServer::start(0).await.unwrap();
    let attacker = FakeServer::start(0).await.unwrap();
    provider.push(Reply::openai_chat("OK")).await;
    app.gql_ok(&client, APPLY_LLM, json!({"d": openai(&format!("{}/v1", provider.url), Some("sk-org-key"))})).await;

    // Same endpoint, key left out: the stored key is used.
    provider.push(Reply::openai_chat("OK")).await;
    app.gql_ok(&client, TEST_LLM, json!({"d": openai(&format!("{}/v1", provider.url), None)})).await;
    assert_eq!(provider.requests().await.last().unwrap().header("authorization"), Some("Bearer sk-org-key"));

    // Another endpoint, key left out: refused, and the other server hears nothing.
    for query in [TEST_LLM, APPLY_LLM] {
        let body = app.gql(&client, query, json!({"d": openai(&format!("{}/v1", attacker.url), None)})).await;
        assert_eq!(error_code(&body), "INVALID_INPUT", "{body}");
    }
    assert!(attacker.requests().await.is_empty(), "the stored key was replayed");
}
