//! Every REST route of the OpenAPI document against the one permission table: without a key,
//! with a key of the project missing the route's scope, with a key holding only that scope,
//! and with keys of another organisation aimed at this project's objects. A route added to
//! the document without a row here fails the test.

use quarry_test_kit::{TestApp, asking};
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};
use std::collections::BTreeSet;

const CREATE_KEY: &str = "mutation($p: ID!, $d: CreateApiKeyInput!) { createApiKey(projectId: $p, data: $d) { secret } }";
const SCOPES: [&str; 4] = ["ASK", "RUN_SQL", "KNOWLEDGE", "MODELS_READ"];

/// The victim project's objects a path or body can name.
struct Objects {
    project: String,
    thread: String,
    task: String,
    pair: String,
    instruction: String,
    term: String,
    model: String,
}

/// (method, documented path): the scope it needs, the concrete path and a valid body.
fn route(method: &str, path: &str, o: &Objects) -> Option<(&'static str, String, Option<Value>)> {
    let ask = || Some(json!({"question": "how many tracks are there", "projectId": o.project}));
    let question_sql = || Some(json!({"question": "how many tracks", "sql": "SELECT 1", "projectId": o.project}));
    let p = &o.project;
    Some(match (method, path) {
        ("post", "/api/v1/ask") => ("ASK", "/api/v1/ask".into(), ask()),
        ("post", "/api/v1/stream/ask") => ("ASK", "/api/v1/stream/ask".into(), ask()),
        ("post", "/api/v1/generate_sql") => ("ASK", "/api/v1/generate_sql".into(), ask()),
        ("post", "/api/v1/generate_summary") => ("ASK", "/api/v1/generate_summary".into(), question_sql()),
        ("post", "/api/v1/generate_chart") => ("ASK", "/api/v1/generate_chart".into(), question_sql()),
        ("get", "/api/v1/asks/{taskId}") => ("ASK", format!("/api/v1/asks/{}", o.task), None),
        ("get", "/api/v1/threads/{threadId}") => ("ASK", format!("/api/v1/threads/{}", o.thread), None),
        ("post", "/api/v1/run_sql") => ("RUN_SQL", "/api/v1/run_sql".into(), Some(json!({"sql": "SELECT 1", "projectId": p}))),
        ("get", "/api/v1/models") => ("MODELS_READ", format!("/api/v1/models?projectId={p}"), None),
        ("get", "/api/v1/knowledge/sql_pairs") => ("KNOWLEDGE", format!("/api/v1/knowledge/sql_pairs?projectId={p}"), None),
        ("post", "/api/v1/knowledge/sql_pairs") => {
            ("KNOWLEDGE", format!("/api/v1/knowledge/sql_pairs?projectId={p}"), Some(json!({"question": "all tracks", "sql": "SELECT 1"})))
        }
        ("put", "/api/v1/knowledge/sql_pairs/{id}") => {
            ("KNOWLEDGE", format!("/api/v1/knowledge/sql_pairs/{}?projectId={p}", o.pair), Some(json!({"question": "changed", "sql": "SELECT 2"})))
        }
        ("delete", "/api/v1/knowledge/sql_pairs/{id}") => ("KNOWLEDGE", format!("/api/v1/knowledge/sql_pairs/{}?projectId={p}", o.pair), None),
        ("get", "/api/v1/knowledge/instructions") => ("KNOWLEDGE", format!("/api/v1/knowledge/instructions?projectId={p}"), None),
        ("post", "/api/v1/knowledge/instructions") => {
            ("KNOWLEDGE", format!("/api/v1/knowledge/instructions?projectId={p}"), Some(json!({"instruction": "Round money to cents.", "isGlobal": true})))
        }
        ("put", "/api/v1/knowledge/instructions/{id}") => {
            ("KNOWLEDGE", format!("/api/v1/knowledge/instructions/{}?projectId={p}", o.instruction), Some(json!({"instruction": "Changed.", "isGlobal": true})))
        }
        ("delete", "/api/v1/knowledge/instructions/{id}") => ("KNOWLEDGE", format!("/api/v1/knowledge/instructions/{}?projectId={p}", o.instruction), None),
        ("get", "/api/v1/knowledge/terms") => ("KNOWLEDGE", format!("/api/v1/knowledge/terms?projectId={p}"), None),
        ("post", "/api/v1/knowledge/terms") => {
            ("KNOWLEDGE", format!("/api/v1/knowledge/terms?projectId={p}"), Some(json!({"phrase": "melody", "model": o.model})))
        }
        ("delete", "/api/v1/knowledge/terms/{id}") => ("KNOWLEDGE", format!("/api/v1/knowledge/terms/{}?projectId={p}", o.term), None),
        _ => return None,
    })
}

async fn call(app: &TestApp, method: &str, path: &str, key: Option<&str>, body: Option<&Value>) -> (StatusCode, Value) {
    let mut request = Client::new().request(method.to_uppercase().parse::<Method>().unwrap(), format!("{}{path}", app.url));
    if let Some(key) = key {
        request = request.bearer_auth(key);
    }
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let text = response.text().await.unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn key(app: &TestApp, client: &Client, project: &str, scopes: &[&str], organization_wide: bool) -> String {
    let made = app
        .gql_ok(client, CREATE_KEY, json!({"p": project, "d": {"name": format!("{scopes:?}"), "scopes": scopes, "organizationWide": organization_wide}}))
        .await;
    made["createApiKey"]["secret"].as_str().unwrap().to_owned()
}

fn id_of(body: &Value) -> String {
    body["id"].as_str().unwrap_or_else(|| panic!("an id in {body}")).to_owned()
}

#[tokio::test]
async fn every_rest_route_asks_the_permission_table() {
    let app = TestApp::spawn().await.with_worker();
    let (owner, _) = app.signed_in("rest-walk-owner").await;
    let project = asking::music(&app, &owner, "Rest walk").await;
    let asked = asking::ask(&app, &owner, &project, "how many tracks are there", None).await;
    let (thread, task) = (asked["threadId"].as_str().unwrap().to_owned(), asked["id"].as_str().unwrap().to_owned());
    asking::settle(&app, &owner, &project, &task, 120).await;

    // The owner's objects, made with a key holding every scope.
    let full = key(&app, &owner, &project, &SCOPES, false).await;
    let p = &project;
    let (_, models) = call(&app, "get", &format!("/api/v1/models?projectId={p}"), Some(&full), None).await;
    let model = models["manifest"]["models"][0]["name"].as_str().unwrap_or_else(|| panic!("models: {models}")).to_owned();
    let made = |path: String, body: Value| {
        let (app, full) = (&app, &full);
        async move {
            let (status, answer) = call(app, "post", &path, Some(full), Some(&body)).await;
            assert!(status.is_success(), "{path}: {status} {answer}");
            id_of(&answer)
        }
    };
    let pair = made(format!("/api/v1/knowledge/sql_pairs?projectId={p}"), json!({"question": "every track", "sql": "SELECT 1"})).await;
    let instruction = made(format!("/api/v1/knowledge/instructions?projectId={p}"), json!({"instruction": "Prices are in dollars.", "isGlobal": true})).await;
    let term = made(format!("/api/v1/knowledge/terms?projectId={p}"), json!({"phrase": "tune", "model": model})).await;
    let o = Objects { project: project.clone(), thread, task, pair, instruction, term, model };

    // Every documented route has a row.
    let doc: Value = Client::new().get(format!("{}/api/v1/openapi.json", app.url)).send().await.unwrap().json().await.unwrap();
    let documented: BTreeSet<(String, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, item)| item.as_object().unwrap().keys().map(move |method| (method.clone(), path.clone())))
        .collect();
    let unlisted: Vec<_> = documented.iter().filter(|(m, p)| route(m, p, &o).is_none()).collect();
    assert!(unlisted.is_empty(), "routes without a permission row: {unlisted:?}");
    assert!(documented.len() >= 20, "{documented:?}");

    // Keys missing one scope, keys holding only it.
    let mut without = std::collections::HashMap::new();
    let mut only = std::collections::HashMap::new();
    for scope in SCOPES {
        let rest: Vec<&str> = SCOPES.into_iter().filter(|s| *s != scope).collect();
        without.insert(scope, key(&app, &owner, &project, &rest, false).await);
        only.insert(scope, key(&app, &owner, &project, &[scope], false).await);
    }

    // Someone else's org, with a project key and an org-wide key holding every scope.
    let (stranger, _) = app.signed_in("rest-walk-stranger").await;
    app.gql_ok(&stranger, "mutation { createOrg(data: {name: \"Elsewhere Co\"}) { id } }", json!({})).await;
    let theirs = app.gql_ok(&stranger, "mutation { createProject(data: {displayName: \"Theirs\"}) { id } }", json!({})).await;
    let theirs = theirs["createProject"]["id"].as_str().unwrap().to_owned();
    let strangers = [key(&app, &stranger, &theirs, &SCOPES, false).await, key(&app, &stranger, &theirs, &SCOPES, true).await];

    let mut wrong = Vec::new();
    for (method, documented_path) in &documented {
        let (scope, path, body) = route(method, documented_path, &o).unwrap();
        let route = format!("{} {documented_path}", method.to_uppercase());

        let (status, answer) = call(&app, method, &path, None, body.as_ref()).await;
        if status != StatusCode::UNAUTHORIZED {
            wrong.push(format!("{route} without a key: {status} {answer}"));
        }
        let (status, answer) = call(&app, method, &path, Some(&without[scope]), body.as_ref()).await;
        let message = answer["error"]["message"].as_str().unwrap_or_default();
        if status != StatusCode::FORBIDDEN || answer["error"]["code"] != "UNAUTHORIZED_ROLE_ACCESS" || !message.contains("scope") {
            wrong.push(format!("{route} without {scope}: {status} {answer}"));
        }
        for secret in &strangers {
            let (status, answer) = call(&app, method, &path, Some(secret), body.as_ref()).await;
            if status.is_success() || status.is_server_error() || !matches!(status.as_u16(), 403 | 404) {
                wrong.push(format!("{route} from another org: {status} {answer}"));
            }
        }
    }
    // Nothing of the owner's was changed or removed by the refused calls.
    let (_, pairs) = call(&app, "get", &format!("/api/v1/knowledge/sql_pairs?projectId={p}"), Some(&full), None).await;
    assert_eq!(pairs.to_string().matches(&o.pair).count(), 1, "{pairs}");
    assert!(pairs.to_string().contains("every track") && !pairs.to_string().contains("changed"), "{pairs}");
    let (_, instructions) = call(&app, "get", &format!("/api/v1/knowledge/instructions?projectId={p}"), Some(&full), None).await;
    assert!(instructions.to_string().contains(&o.instruction) && instructions.to_string().contains("Prices are in dollars."), "{instructions}");
    let (_, terms) = call(&app, "get", &format!("/api/v1/knowledge/terms?projectId={p}"), Some(&full), None).await;
    assert!(terms.to_string().contains(&o.term), "{terms}");

    // A key holding only the route's scope passes the permission check (deletes last).
    let mut order: Vec<_> = documented.iter().collect();
    order.sort_by_key(|(method, _)| method == "delete");
    for (method, documented_path) in order {
        let (scope, path, body) = route(method, documented_path, &o).unwrap();
        let (status, answer) = call(&app, method, &path, Some(&only[scope]), body.as_ref()).await;
        if !status.is_success() {
            wrong.push(format!("{} {documented_path} with only {scope}: {status} {answer}", method.to_uppercase()));
        }
    }
    assert!(wrong.is_empty(), "{} outcomes differ from the permission table:\n{}", wrong.len(), wrong.join("\n"));
}
