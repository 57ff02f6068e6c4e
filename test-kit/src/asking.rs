//! Asking helpers: a deployed MUSIC project, asking, and polling a task as the web does.

use crate::TestApp;
use reqwest::Client;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

pub const TASK: &str = "query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { id threadId responseId status statusCode question understood suggestions error { code message shortMessage } } }";
pub const RESPONSE: &str = "query($p: ID!, $r: ID!) { threadResponse(projectId: $p, responseId: $r) {
    id question sql answer answerStatus chartStatus chartError rowCount truncated
    chart { chartType x y color } columns { name family } askingTask { id status } } }";
pub const STATUS: &str = "query($p: ID!) { deployStatus(projectId: $p) { status } }";

/// A project on the MUSIC sample, deployed.
pub async fn music(app: &TestApp, client: &Client, name: &str) -> String {
    app.gql_ok(client, "mutation($n: String!) { createOrg(data: {name: $n}) { id } }", json!({"n": format!("{name} Co")})).await;
    let created = app.gql_ok(client, "mutation($n: String!) { createProject(data: {displayName: $n}) { id } }", json!({"n": name})).await;
    let project = created["createProject"]["id"].as_str().unwrap().to_owned();
    app.gql_ok(client, "mutation($p: ID!) { startSampleDataset(projectId: $p, name: MUSIC) }", json!({"p": project})).await;
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let status = app.gql_ok(client, STATUS, json!({"p": project})).await;
        if status["deployStatus"]["status"] == "SYNCRONIZED" {
            return project;
        }
        assert!(Instant::now() < deadline, "the sample did not deploy: {status}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Polls a task (as the web does) until it ends; returns the states seen and the last poll.
pub async fn settle(app: &TestApp, client: &Client, project: &str, task: &str, secs: u64) -> (Vec<String>, Value) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut seen: Vec<String> = Vec::new();
    loop {
        let polled = app.gql_ok(client, TASK, json!({"p": project, "t": task})).await["askingTask"].clone();
        let status = polled["status"].as_str().unwrap().to_owned();
        if seen.last() != Some(&status) {
            seen.push(status.clone());
        }
        if ["FINISHED", "FAILED", "STOPPED", "NO_RESULT", "DEPLOY_FAILED"].contains(&status.as_str()) {
            return (seen, polled);
        }
        assert!(Instant::now() < deadline, "task did not end: {polled}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub async fn ask(app: &TestApp, client: &Client, project: &str, question: &str, thread: Option<&str>) -> Value {
    let body = app
        .gql_ok(
            client,
            "mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id threadId responseId status } }",
            json!({"p": project, "d": {"question": question, "threadId": thread}}),
        )
        .await;
    body["createAskingTask"].clone()
}

pub async fn response(app: &TestApp, client: &Client, project: &str, id: &Value) -> Value {
    app.gql_ok(client, RESPONSE, json!({"p": project, "r": id})).await["threadResponse"].clone()
}

pub fn number(v: &Value) -> f64 {
    v.as_f64().or_else(|| v.as_str().and_then(|s| s.parse().ok())).unwrap_or_else(|| panic!("not a number: {v}"))
}

pub async fn rows(app: &TestApp, client: &Client, project: &str, id: &Value) -> Vec<Value> {
    let page = app
        .gql_ok(
            client,
            "query($p: ID!, $r: ID!) { previewResponseData(projectId: $p, responseId: $r, limit: 500) { rows total } }",
            json!({"p": project, "r": id}),
        )
        .await;
    page["previewResponseData"]["rows"].as_array().unwrap().clone()
}
