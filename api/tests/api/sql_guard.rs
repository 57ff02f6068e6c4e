//! The SQL guard attacked through the public API by a stranger with a fresh org of their
//! own, on the MUSIC sample: SQL that reaches past the models through CTE scoping, functions
//! a deny-list let through, an MDL document carrying unsafe SQL, a calculated field with
//! text after its expression, and a chain of views that would blow up if compiled nested.
//! Each is refused with a clear code, and nothing is stored or run.

use quarry_test_kit::{TestApp, asking::music, error_code};
use reqwest::Client;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

async fn thread(app: &TestApp, client: &Client, project: &str) -> String {
    let created = app.gql_ok(client, "mutation($p: ID!) { createThread(projectId: $p, data: {summary: \"probe\"}) { id } }", json!({"p": project})).await;
    created["createThread"]["id"].as_str().unwrap().to_owned()
}

async fn run_sql(app: &TestApp, client: &Client, project: &str, thread: &str, sql: &str) -> Value {
    app.gql(
        client,
        "mutation($p: ID!, $t: ID!, $s: String!) { createThreadResponse(projectId: $p, threadId: $t, data: {sql: $s}) { id } }",
        json!({"p": project, "t": thread, "s": sql}),
    )
    .await
}

async fn response_count(app: &TestApp, client: &Client, project: &str, thread: &str) -> usize {
    let detail =
        app.gql_ok(client, "query($p: ID!, $t: ID!) { thread(projectId: $p, threadId: $t) { responses { id } } }", json!({"p": project, "t": thread})).await;
    detail["thread"]["responses"].as_array().map_or(0, Vec::len)
}

fn message(body: &Value) -> String {
    body["errors"][0]["message"].as_str().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn sql_that_reaches_past_the_models_is_refused_before_it_runs() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("guard").await;
    let project = music(&app, &client, "Guarded").await;
    let thread = thread(&app, &client, &project).await;

    for (sql, says) in [
        // A CTE inside a subquery covers nothing outside it.
        ("SELECT * FROM (WITH \"Artist\" AS (SELECT 1) SELECT * FROM \"Artist\") s, duckdb_tables", "duckdb_tables"),
        ("WITH a AS (SELECT * FROM later), later AS (SELECT 1) SELECT * FROM a", "later"),
        ("SELECT * FROM information_schema.tables", "information_schema.tables"),
        ("SELECT * FROM 'data.csv'", "data.csv"),
        ("SELECT query_to_xml('select 1', true, true, '')", "query_to_xml"),
        ("SELECT table_to_xml('Artist', true, true, '')", "table_to_xml"),
        ("SELECT dblink_connect('host=10.0.0.1')", "dblink_connect"),
        ("SELECT lo_get(16384)", "lo_get"),
        ("SELECT getenv('HOME')", "getenv"),
        ("SELECT * FROM read_text('/etc/passwd')", "read_text"),
    ] {
        let body = run_sql(&app, &client, &project, &thread, sql).await;
        assert_eq!(error_code(&body), "INVALID_INPUT", "{sql}: {body}");
        assert!(message(&body).contains(says), "{sql}: {body}");
    }
    assert_eq!(response_count(&app, &client, &project, &thread).await, 0, "nothing ran, nothing was stored");

    // What the guard allows still runs.
    let body = run_sql(&app, &client, &project, &thread, "WITH a AS (SELECT * FROM \"Artist\") SELECT count(*) FROM a").await;
    assert!(body["errors"].is_null(), "{body}");
}

#[tokio::test]
async fn unsafe_model_definitions_are_refused_before_they_are_stored() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("guard-mdl").await;
    let project = music(&app, &client, "Guarded MDL").await;
    let models_before = app.gql_ok(&client, "query($p: ID!) { models(projectId: $p) { id } }", json!({"p": project})).await;

    // An MDL document whose SQL model reads the server's catalogue.
    let column = json!({"name": "name", "type": "VARCHAR", "kind": {"kind": "source"}});
    let mdl = json!({
        "version": 1,
        "models": [{"name": "settings", "source": {"kind": "sql", "statement": "SELECT * FROM duckdb_settings()"}, "columns": [column]}],
    });
    let body = app.gql(&client, "mutation($p: ID!, $m: String!) { importMdl(projectId: $p, mdl: $m) }", json!({"p": project, "m": mdl.to_string()})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT", "{body}");
    assert!(message(&body).contains("duckdb_settings"), "{body}");
    let mdl = json!({
        "version": 1,
        "models": [{"name": "t", "source": {"kind": "table", "schema": "information_schema", "table": "tables"}, "columns": [column]}],
    });
    let body = app.gql(&client, "mutation($p: ID!, $m: String!) { importMdl(projectId: $p, mdl: $m) }", json!({"p": project, "m": mdl.to_string()})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT", "{body}");
    let models_after = app.gql_ok(&client, "query($p: ID!) { models(projectId: $p) { id } }", json!({"p": project})).await;
    assert_eq!(models_before, models_after, "the project's models are unchanged");

    // A calculated field with text after its expression would be pasted into the SQL.
    let artist = models_after["models"][0]["id"].as_str().unwrap().to_owned();
    let body = app
        .gql(
            &client,
            "mutation($m: ID!, $e: String!) { createCalculatedField(modelId: $m, data: {name: \"x\", expression: $e}) }",
            json!({"m": artist, "e": "1) AS x FROM duckdb_settings() --"}),
        )
        .await;
    assert_eq!(error_code(&body), "INVALID_CALCULATED_FIELD", "{body}");
}

#[tokio::test]
async fn a_chain_of_views_fails_fast_with_a_clear_error() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("guard-views").await;
    let project = music(&app, &client, "Guarded views").await;
    let create = |name: String, sql: String| {
        let (app, client, project) = (&app, &client, project.clone());
        async move {
            app.gql(
                client,
                "mutation($p: ID!, $n: String!, $s: String!) { createView(data: {projectId: $p, name: $n, sql: $s}) { id } }",
                json!({"p": project, "n": name, "s": sql}),
            )
            .await
        }
    };
    assert!(create("v0".into(), "SELECT \"ArtistId\" FROM \"Artist\"".into()).await["errors"].is_null());
    assert!(create("v1".into(), "SELECT \"ArtistId\" FROM v0".into()).await["errors"].is_null());
    let started = Instant::now();
    let mut refused = None;
    // Each view reads its two predecessors: compiled nested, v30 would be ~10⁶ copies of v0.
    for i in 2..30 {
        let body = create(format!("v{i}"), format!("SELECT a.\"ArtistId\" FROM v{} a JOIN v{} b ON a.\"ArtistId\" = b.\"ArtistId\"", i - 1, i - 2)).await;
        if !body["errors"].is_null() {
            refused = Some((i, body));
            break;
        }
    }
    let (at, body) = refused.expect("a chain that deep is refused");
    assert_eq!(error_code(&body), "INVALID_INPUT", "{body}");
    assert!(message(&body).contains("too complex"), "{body}");
    assert!(at > 10, "views well within the limits are allowed (refused at v{at})");
    assert!(started.elapsed() < Duration::from_secs(60), "took {:?}", started.elapsed());
    // The api is still answering.
    app.gql_ok(&client, "query($p: ID!) { models(projectId: $p) { id } }", json!({"p": project})).await;
}
