//! Generated GraphQL request bodies thrown at the api, signed in and signed out: broken
//! JSON, unknown operations, wrong argument types, deep nesting, many aliases, SQL texts
//! aimed at the guard. The api must never answer 5xx or drop the connection for a
//! client's mistake, and every GraphQL error must carry a code from the catalogue.

use proptest::{prelude::*, strategy::ValueTree, test_runner::TestRunner};
use quarry_test_kit::{TestApp, asking::music};
use reqwest::Client;
use serde_json::{Value, json};

fn pick(items: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop::sample::select(items).prop_map(str::to_owned)
}

fn sql() -> impl Strategy<Value = String> {
    prop_oneof![
        pick(&[
            "SELECT * FROM \"Artist\"",
            "SELECT * FROM secret",
            "DROP TABLE \"Artist\"",
            "SELECT * FROM (WITH x AS (SELECT 1) SELECT * FROM x), x",
            "SELECT query_to_xml('x', true, true, '')",
            "SELECT * FROM read_csv('/etc/passwd')",
            "SELECT 1; SELECT 2",
            "",
            "'",
        ]),
        "[ -~]{0,40}",
    ]
}

/// A GraphQL document: real fields with odd arguments, made-up ones, aliases, nesting.
fn document() -> impl Strategy<Value = String> {
    let field = pick(&[
        "me { id email }",
        "projects { id }",
        "threads(projectId: $p) { id }",
        "models(projectId: $p) { id columns { id } }",
        "askingTask(projectId: $p, taskId: \"nope\") { id }",
        "threadResponse(projectId: $p, responseId: 12) { id }",
        "exportMdl(projectId: $p)",
        "nothingLikeThis",
        "__schema { types { name } }",
        "__typename",
        "deployStatus(projectId: \"00000000-0000-0000-0000-000000000000\") { status }",
    ]);
    let mutation = pick(&[
        "createThread(projectId: $p, data: {summary: $s}) { id }",
        "createView(data: {projectId: $p, name: $s, sql: $s}) { id }",
        "createSqlPair(projectId: $p, data: {question: $s, sql: $s}) { id }",
        "importMdl(projectId: $p, mdl: $s)",
        "updateThread(projectId: $p, threadId: $s, data: {summary: $s}) { id }",
        "deleteProject(projectId: $s)",
    ]);
    prop_oneof![
        prop::collection::vec(field, 1..6).prop_map(|f| format!("query($p: ID!, $s: String) {{ {} }}", f.join(" "))),
        mutation.prop_map(|m| format!("mutation($p: ID!, $s: String!) {{ {m} }}")),
        (1usize..400).prop_map(|n| format!("query {{ {} }}", (0..n).map(|i| format!("a{i}: me {{ id }}")).collect::<Vec<_>>().join(" "))),
        (1usize..200).prop_map(|n| format!("query {{ {}{} }}", "me { currentOrg { ".repeat(n), "} }".repeat(n))),
        "[ -~]{0,80}",
    ]
}

fn body(project: &str) -> impl Strategy<Value = String> {
    let project = project.to_owned();
    prop_oneof![
        4 => (document(), sql()).prop_map(move |(q, s)| json!({"query": q, "variables": {"p": project, "s": s}}).to_string()),
        1 => "[ -~]{0,60}",
        1 => document().prop_map(|q| json!({"query": q, "variables": "not an object"}).to_string()),
        1 => document().prop_map(|q| json!({"query": q, "operationName": 7}).to_string()),
    ]
}

async fn post(app: &TestApp, client: &Client, body: &str) -> (u16, Option<Value>) {
    let res = client
        .post(format!("{}/api/graphql", app.url))
        .header("content-type", "application/json")
        .body(body.to_owned())
        .send()
        .await
        .expect("the api answers every request");
    let status = res.status().as_u16();
    (status, res.json::<Value>().await.ok())
}

#[tokio::test]
async fn generated_requests_never_get_a_server_error() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (signed_in, _) = app.signed_in("fuzz").await;
    let project = music(&app, &signed_in, "Fuzzed").await;
    let signed_out = app.client();
    let strategy = body(&project);
    let mut runner = TestRunner::deterministic();
    for case in 0..1500 {
        let text = strategy.new_tree(&mut runner).unwrap().current();
        let client = if case % 3 == 0 { &signed_out } else { &signed_in };
        let (status, answer) = post(&app, client, &text).await;
        assert!(status < 500, "{status} for {text}");
        if let Some(errors) = answer.as_ref().and_then(|a| a["errors"].as_array()) {
            for error in errors {
                // Parse and validation errors are GraphQL's own; resolver errors carry a code.
                let has_code = error["extensions"]["code"].is_string();
                let is_request_error = error["locations"].is_array() && error["path"].is_null();
                assert!(has_code || is_request_error || status == 400, "{error} for {text}");
                assert!(!error.to_string().contains("panicked"), "{error}");
            }
        }
    }
    // Still healthy, and the sample's models are all still there.
    let models = app.gql_ok(&signed_in, "query($p: ID!) { models(projectId: $p) { id } }", json!({"p": project})).await;
    assert!(models["models"].as_array().unwrap().len() >= 10, "{models}");
}

/// A path parameter: a real-looking id, a broken one, a path trick, a long one.
fn path_value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("00000000-0000-0000-0000-000000000000".to_owned()),
        Just("not-a-uuid".to_owned()),
        Just("..%2F..%2Fetc%2Fpasswd".to_owned()),
        "[a-z0-9-]{0,300}",
    ]
}

/// A REST body: broken JSON, the wrong shape, the right fields with wrong types, huge text.
fn rest_body() -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        Just(None),
        "[ -~]{0,60}".prop_map(Some),
        Just(Some("[]".to_owned())),
        Just(Some("null".to_owned())),
        (sql(), "[ -~]{0,20}").prop_map(|(s, q)| Some(json!({"question": q, "sql": s, "threadId": q, "limit": -1, "async": "yes"}).to_string())),
        sql().prop_map(|s| Some(json!({"question": 5, "sql": [s], "projectId": {"x": 1}, "instruction": null, "questions": "one"}).to_string())),
        (1usize..300_000).prop_map(|n| Some(json!({"question": "a".repeat(n), "sql": "SELECT 1"}).to_string())),
    ]
}

#[tokio::test]
async fn generated_rest_requests_to_every_documented_route_never_get_a_server_error() {
    let app = TestApp::spawn().await;
    let (client, _) = app.signed_in("rest-fuzz").await;
    app.gql_ok(&client, "mutation { createOrg(data: {name: \"Rest fuzz Co\"}) { id } }", json!({})).await;
    let project = app.gql_ok(&client, "mutation { createProject(data: {displayName: \"Rest fuzz\"}) { id } }", json!({})).await;
    let p = project["createProject"]["id"].as_str().unwrap().to_owned();
    let scopes = json!(["ASK", "RUN_SQL", "KNOWLEDGE", "MODELS_READ"]);
    let made = app
        .gql_ok(
            &client,
            "mutation($p: ID!, $d: CreateApiKeyInput!) { createApiKey(projectId: $p, data: $d) { secret } }",
            json!({"p": p, "d": {"name": "fuzz", "scopes": scopes, "organizationWide": false}}),
        )
        .await;
    let secret = made["createApiKey"]["secret"].as_str().unwrap().to_owned();
    let http = Client::new();
    let doc: Value = http.get(format!("{}/api/v1/openapi.json", app.url)).send().await.unwrap().json().await.unwrap();
    let routes: Vec<(String, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, item)| item.as_object().unwrap().keys().map(move |method| (path.clone(), method.clone())))
        .collect();
    assert!(routes.len() >= 10, "the document lists the routes: {routes:?}");

    let mut runner = TestRunner::deterministic();
    let (ids, bodies) = (path_value(), rest_body());
    for case in 0..(routes.len() * 24) {
        let (path, method) = &routes[case % routes.len()];
        let mut concrete = path.clone();
        while let (Some(open), Some(close)) = (concrete.find('{'), concrete.find('}')) {
            concrete.replace_range(open..=close, &ids.new_tree(&mut runner).unwrap().current());
        }
        let body = bodies.new_tree(&mut runner).unwrap().current();
        let mut request = http.request(method.to_uppercase().parse().unwrap(), format!("{}{concrete}?projectId={p}", app.url));
        request = match case % 4 {
            0 => request,
            1 => request.bearer_auth("qk_ABCDEFGHJK_not-a-key"),
            _ => request.bearer_auth(&secret),
        };
        if let Some(body) = &body {
            request = request.header("content-type", "application/json").body(body.clone());
        }
        let response = request.send().await.expect("the api answers every request");
        let status = response.status().as_u16();
        let text = response.text().await.unwrap_or_default();
        let shown = body.as_deref().map(|b| &b[..b.len().min(200)]).unwrap_or("");
        assert!(status < 500, "{status} for {method} {concrete} {shown}: {text}");
        if status >= 400 && !text.is_empty() {
            let answer: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("an error is JSON: {method} {concrete}: {text}"));
            let code = answer["error"]["code"].as_str().unwrap_or_default();
            assert!(!code.is_empty() && code.chars().all(|c| c.is_ascii_uppercase() || c == '_'), "a catalogue code for {method} {concrete}: {text}");
            assert!(!text.contains("panicked"), "{text}");
        }
    }
    // The key still works afterwards.
    let models = http.get(format!("{}/api/v1/models", app.url)).bearer_auth(&secret).send().await.unwrap();
    assert!(models.status().as_u16() < 500);
}
