//! Bounded API work: expensive fields weigh more in the complexity limit (so aliases cannot
//! batch hundreds of them), while every page's documents still fit; and each caller has a
//! request limit per window.

use quarry_domain::{org, project, user};
use quarry_test_kit::{TestApp, error_code};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use std::{collections::BTreeMap, time::Duration};

/// The operations and fragments the web app sends, as graphql-codegen recorded them.
fn web_documents() -> (Vec<String>, BTreeMap<String, String>) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/src/gql/gql.ts");
    let source = std::fs::read_to_string(path).expect("web/src/gql/gql.ts");
    let block = &source[source.find("type Documents = {").unwrap()..];
    let block = &block[..block.find("\n};").unwrap()];
    let (mut operations, mut fragments) = (Vec::new(), BTreeMap::new());
    for line in block.lines().skip(1) {
        let literal = &line.trim()[..line.trim().rfind("\": typeof").unwrap() + 1];
        let text: String = serde_json::from_str(literal).unwrap();
        let trimmed = text.trim_start();
        if let Some(rest) = trimmed.strip_prefix("fragment ") {
            fragments.insert(rest.split_whitespace().next().unwrap().to_owned(), text.clone());
        } else {
            operations.push(text);
        }
    }
    (operations, fragments)
}

/// The operation with the fragments it spreads, transitively.
fn with_fragments(operation: &str, fragments: &BTreeMap<String, String>) -> String {
    let mut document = operation.to_owned();
    let mut added = Vec::new();
    loop {
        let missing: Vec<&String> = fragments.keys().filter(|name| document.contains(&format!("...{name}")) && !added.contains(*name)).collect();
        if missing.is_empty() {
            return document;
        }
        for name in missing {
            document.push_str(&fragments[name]);
            added.push(name.clone());
        }
    }
}

async fn member_of_a_project(app: &TestApp) -> (Client, String) {
    let (client, email) = app.signed_in("limits").await;
    let pool = &app.state.pool;
    let id = user::find_by_email(pool, &email).await.unwrap().unwrap().id;
    let org = org::create(pool, id, "Limits").await.unwrap();
    let p = project::create(&mut pool.acquire().await.unwrap(), org.id, id, "Limits", None, None).await.unwrap();
    (client, p.id.to_string())
}

#[tokio::test]
async fn aliasing_an_expensive_field_is_refused_before_anything_runs() {
    let app = TestApp::spawn().await.with_worker();
    let (client, project) = member_of_a_project(&app).await;
    let aliases: String = (0..50).map(|i| format!("a{i}: createAskingTask(projectId: $p, data: {{question: \"How many tracks?\"}}) {{ id }} ")).collect();
    let body = app.gql(&client, &format!("mutation($p: ID!) {{ {aliases} }}"), json!({"p": project})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT", "{body}");
    let message = body["errors"][0]["message"].as_str().unwrap();
    assert!(message.contains("asks for too much at once") && message.contains("Split it"), "{message}");
    assert!(body["data"].is_null(), "{body}");
    let threads = app.gql_ok(&client, "query($p: ID!) { threads(projectId: $p) { id } }", json!({"p": project})).await;
    assert_eq!(threads["threads"], json!([]), "nothing was asked");

    // Previews too: a handful fit, dozens do not.
    let previews: String = (0..20).map(|i| format!("p{i}: previewModelData(modelId: $m) {{ rows }} ")).collect();
    let body = app.gql(&client, &format!("query($m: ID!) {{ {previews} }}"), json!({"m": project})).await;
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("too much"), "{body}");
    let few =
        app.gql(&client, "query($m: ID!) { a: previewModelData(modelId: $m) { rows } b: previewModelData(modelId: $m) { rows } }", json!({"m": project})).await;
    assert!(!few["errors"][0]["message"].as_str().unwrap_or_default().contains("too much"), "{few}");
}

#[tokio::test]
async fn every_web_document_fits_the_complexity_and_depth_limits() {
    let app = TestApp::spawn().await.with_worker();
    let (client, _) = app.signed_in("web-documents").await;
    let (operations, fragments) = web_documents();
    assert!(operations.len() >= 40, "found only {} operations", operations.len());
    for operation in &operations {
        // Without variables the request is refused, but only after the limits are checked
        // (async-graphql checks them first), so a document over a limit says so here.
        let body = app.gql(&client, &with_fragments(operation, &fragments), json!({})).await;
        for error in body["errors"].as_array().into_iter().flatten() {
            let message = error["message"].as_str().unwrap_or_default();
            assert!(!message.contains("too much") && !message.contains("nested more than"), "{operation}\n{body}");
        }
    }
}

async fn me(app: &TestApp, client: &Client) -> (StatusCode, Option<String>, Value) {
    let res = client.post(format!("{}/api/graphql", app.url)).json(&json!({"query": "{ me { id } }"})).send().await.unwrap();
    let status = res.status();
    let retry_after = res.headers().get("retry-after").map(|v| v.to_str().unwrap().to_owned());
    (status, retry_after, res.json().await.unwrap())
}

#[tokio::test]
async fn each_caller_has_a_request_limit_per_window() {
    let app = TestApp::spawn_with(|c| {
        c.rate_limit_requests = 5;
        c.rate_limit_window = Duration::from_secs(2);
    })
    .await;
    let (ada, _) = app.signed_in("ada").await;
    let (bob, _) = app.signed_in("bob").await;
    // A fresh window, so the test does not straddle two.
    tokio::time::sleep(Duration::from_secs(2)).await;
    for _ in 0..5 {
        let (status, _, body) = me(&app, &ada).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, retry_after, body) = me(&app, &ada).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(error_code(&body), "TOO_MANY_REQUESTS", "{body}");
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("at most 5 every 2 seconds"), "{body}");
    assert!(retry_after.is_some_and(|s| s.parse::<u64>().is_ok_and(|s| (1..=2).contains(&s))));

    // Another user is unaffected; signed-out calls count per client address.
    let (status, _, _) = me(&app, &bob).await;
    assert_eq!(status, StatusCode::OK);
    let anonymous = app.client();
    for _ in 0..5 {
        let (status, _, body) = me(&app, &anonymous).await;
        assert_eq!(error_code(&body), "UNAUTHORIZED_ACCESS", "{status} {body}");
    }
    let (status, _, _) = me(&app, &anonymous).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);

    // The window ends and the calls are answered again.
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let (status, _, body) = me(&app, &ada).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn the_work_one_member_can_start_is_bounded_and_past_a_bound_is_refused_with_a_clear_error() {
    let mut app = TestApp::spawn_with(|c| {
        c.limits = quarry_domain::limits::Limits {
            api_keys_per_project: 2,
            dashboards_per_project: 2,
            running_exports_per_org: 1,
            scheduled_dashboards_per_org: 1,
            export_max_rows: 50,
            export_max_bytes: 1 << 30,
        }
    })
    .await;
    app.start_worker();
    let (client, _) = app.signed_in("bounded").await;
    let p = quarry_test_kit::asking::music(&app, &client, "Bounded").await;
    let limit_reached = |body: &Value, says: &str| {
        assert_eq!(error_code(body), "PLAN_LIMIT_REACHED", "{body}");
        let message = body["errors"][0]["message"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{message}");
    };

    // API keys: two active at once; revoking one makes room.
    let create_key = "mutation($p: ID!) { createApiKey(projectId: $p, data: {name: \"k\", scopes: [ASK], organizationWide: false}) { key { id } } }";
    let first = app.gql_ok(&client, create_key, json!({"p": p})).await["createApiKey"]["key"]["id"].clone();
    app.gql_ok(&client, create_key, json!({"p": p})).await;
    limit_reached(&app.gql(&client, create_key, json!({"p": p})).await, "limit of 2. Revoke a key");
    app.gql_ok(&client, "mutation($p: ID!, $k: ID!) { revokeApiKey(projectId: $p, keyId: $k) { id } }", json!({"p": p, "k": first})).await;
    app.gql_ok(&client, create_key, json!({"p": p})).await;

    // Dashboards: two per project.
    let create_board = "mutation($p: ID!, $n: String!) { createDashboard(projectId: $p, data: {name: $n}) { id } }";
    let mut boards = Vec::new();
    for name in ["One", "Two"] {
        boards.push(app.gql_ok(&client, create_board, json!({"p": p, "n": name})).await["createDashboard"]["id"].clone());
    }
    limit_reached(&app.gql(&client, create_board, json!({"p": p, "n": "Three"})).await, "number of dashboards has reached its limit of 2");

    // Scheduled dashboards: one in the org; changing its time is no new schedule, and turning
    // it off makes room for another.
    let schedule = "mutation($p: ID!, $d: ID!, $s: SetDashboardScheduleInput!) { setDashboardSchedule(projectId: $p, dashboardId: $d, data: $s) { id } }";
    let daily = |hour: i32| json!({"frequency": "DAILY", "hour": hour, "minute": 0, "timezone": "UTC"});
    app.gql_ok(&client, schedule, json!({"p": p, "d": boards[0], "s": daily(8)})).await;
    app.gql_ok(&client, schedule, json!({"p": p, "d": boards[0], "s": daily(9)})).await;
    limit_reached(&app.gql(&client, schedule, json!({"p": p, "d": boards[1], "s": daily(8)})).await, "scheduled dashboards has reached its limit of 1");
    app.gql_ok(&client, schedule, json!({"p": p, "d": boards[0], "s": {"frequency": "NEVER"}})).await;
    app.gql_ok(&client, schedule, json!({"p": p, "d": boards[1], "s": daily(8)})).await;

    // An instruction's example questions (each is embedded): at most 20.
    let questions: Vec<String> = (0..21).map(|i| format!("question number {i}")).collect();
    let body = app
        .gql(
            &client,
            "mutation($p: ID!, $d: InstructionInput!) { createInstruction(projectId: $p, data: $d) { id } }",
            json!({"p": p, "d": {"instruction": "Use net revenue.", "isGlobal": false, "questions": questions}}),
        )
        .await;
    assert_eq!(error_code(&body), "INVALID_INPUT", "{body}");
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("at most 20"), "{body}");

    // Exports: one past the row cap stops with the reason and leaves no file; while one runs
    // (no worker to finish it), a second is refused.
    let sheet = app
        .gql_ok(
            &client,
            "mutation($p: ID!) { createSpreadsheet(projectId: $p, data: {name: \"Tracks\", sql: \"SELECT * FROM \\\"Track\\\"\"}) { id } }",
            json!({"p": p}),
        )
        .await["createSpreadsheet"]["id"]
        .clone();
    let export = "mutation($p: ID!, $s: ID!) { exportSpreadsheet(projectId: $p, spreadsheetId: $s) { id } }";
    let poll = "query($p: ID!, $e: ID!) { spreadsheetExport(projectId: $p, exportId: $e) { status error downloadUrl } }";
    let id = app.gql_ok(&client, export, json!({"p": p, "s": sheet})).await["exportSpreadsheet"]["id"].clone();
    let ended = quarry_test_kit::eventually("the export", Duration::from_secs(60), || async {
        let polled = app.gql_ok(&client, poll, json!({"p": p, "e": id})).await["spreadsheetExport"].clone();
        (polled["status"] != "RUNNING").then_some(polled)
    })
    .await;
    assert_eq!(ended["status"], "FAILED", "{ended}");
    assert!(ended["error"].as_str().unwrap().contains("more than 50 rows"), "{ended}");
    assert!(ended["downloadUrl"].is_null());
    app.kill_worker();
    app.gql_ok(&client, export, json!({"p": p, "s": sheet})).await;
    limit_reached(&app.gql(&client, export, json!({"p": p, "s": sheet})).await, "exports running at once has reached its limit of 1");
}

#[tokio::test]
async fn a_burst_of_key_creations_passes_the_bound_exactly_never_beyond() {
    let app = TestApp::spawn_with(|c| c.limits.api_keys_per_project = 5).await;
    let (client, _) = app.signed_in("bounded-burst").await;
    app.gql_ok(&client, "mutation { createOrg(data: {name: \"Burst Co\"}) { id } }", json!({})).await;
    let project = app.gql_ok(&client, "mutation { createProject(data: {displayName: \"Burst\"}) { id } }", json!({})).await;
    let p = project["createProject"]["id"].as_str().unwrap().to_owned();
    let create_key = "mutation($p: ID!) { createApiKey(projectId: $p, data: {name: \"k\", scopes: [ASK], organizationWide: false}) { key { id } } }";
    // 40 at once, from one member: the count under the lock lets exactly five through.
    let answers = futures::future::join_all((0..40).map(|_| app.gql(&client, create_key, json!({"p": p})))).await;
    let made = answers.iter().filter(|a| a.get("errors").is_none()).count();
    let refused = answers.iter().filter(|a| error_code(a) == "PLAN_LIMIT_REACHED").count();
    assert_eq!((made, refused), (5, 35), "{answers:?}");
    let keys = app.gql_ok(&client, "query($p: ID!) { apiKeys(projectId: $p) { id active } }", json!({"p": p})).await;
    assert_eq!(keys["apiKeys"].as_array().unwrap().len(), 5);
}
