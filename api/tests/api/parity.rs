//! Transport parity: what REST (with a person's key) and GraphQL (signed in as that person)
//! expose in common gives the same outcome for everyone, because both call the same use case.
//! The thread is an owner's, moved into a folder everyone in the project sees; the viewer made
//! their key while a contributor and was lowered afterwards (a key never outranks its creator).

use quarry_domain::{
    org,
    permissions::{OrgRole, ProjectRole},
    project, user,
};
use quarry_test_kit::{TestApp, asking, error_code};
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};
use uuid::Uuid;

const CREATE_KEY: &str = "mutation($p: ID!, $d: CreateApiKeyInput!) { createApiKey(projectId: $p, data: $d) { secret } }";
const FOLLOW_UP: &str = "mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id } }";
const THREAD: &str = "query($p: ID!, $t: ID!) { thread(projectId: $p, threadId: $t) { id responses { question } } }";
const TASK: &str = "query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { id status } }";

/// An outcome both transports can be compared by: allowed, or refused with a code.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Outcome {
    Allowed,
    Refused(String),
}

fn graphql_outcome(body: &Value) -> Outcome {
    if body.get("errors").is_some_and(|e| e.as_array().is_some_and(|a| !a.is_empty())) { Outcome::Refused(error_code(body)) } else { Outcome::Allowed }
}

fn rest_outcome(status: StatusCode, body: &Value) -> Outcome {
    if status.is_success() { Outcome::Allowed } else { Outcome::Refused(body["error"]["code"].as_str().unwrap_or("?").to_owned()) }
}

async fn rest(app: &TestApp, method: Method, path: &str, secret: &str, body: Option<Value>) -> (StatusCode, Value) {
    let mut request = Client::new().request(method, format!("{}/api/v1{path}", app.url)).bearer_auth(secret);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

struct Person {
    label: &'static str,
    client: Client,
    secret: String,
}

#[tokio::test]
async fn rest_and_graphql_agree_on_threads_tasks_models_and_knowledge_for_every_role() {
    let app = TestApp::spawn().await.with_worker();
    let pool = app.state.pool.clone();
    let (owner, owner_email) = app.signed_in("parity-owner").await;
    let p = asking::music(&app, &owner, "Parity").await;
    let project_id: Uuid = p.parse().unwrap();
    let org_id = project::get(&pool, project_id).await.unwrap().org_id;

    // The owner's thread, in a folder everyone in the project sees.
    let asked = asking::ask(&app, &owner, &p, "how many tracks are there", None).await;
    let (thread, task) = (asked["threadId"].as_str().unwrap().to_owned(), asked["id"].as_str().unwrap().to_owned());
    asking::settle(&app, &owner, &p, &task, 120).await;
    let folder = app.gql_ok(&owner, "mutation($p: ID!) { createFolder(projectId: $p, data: {name: \"Team\"}) { id } }", json!({"p": p})).await;
    let folder = folder["createFolder"]["id"].as_str().unwrap().to_owned();
    app.gql_ok(
        &owner,
        "mutation($p: ID!, $f: ID!) { updateFolder(projectId: $p, folderId: $f, data: {access: ANYONE_IN_PROJECT}) { access } }",
        json!({"p": p, "f": folder}),
    )
    .await;
    app.gql_ok(
        &owner,
        "mutation($p: ID!, $i: ID!, $f: ID) { switchFolder(projectId: $p, kind: THREAD, itemId: $i, folderId: $f) }",
        json!({"p": p, "i": thread, "f": folder}),
    )
    .await;

    // People: each makes a key while allowed to, then gets their role.
    let key = |client: Client, label: &'static str| {
        let app = &app;
        let p = p.clone();
        async move {
            let made = app
                .gql_ok(&client, CREATE_KEY, json!({"p": p, "d": {"name": label, "scopes": ["ASK", "KNOWLEDGE", "MODELS_READ"], "organizationWide": false}}))
                .await;
            Person { label, client, secret: made["createApiKey"]["secret"].as_str().unwrap().to_owned() }
        }
    };
    let mut people = vec![key(owner.clone(), "owner").await];
    for (label, role) in [("contributor", ProjectRole::Contributor), ("viewer", ProjectRole::Viewer)] {
        let (email, password) = app.user(&format!("parity-{label}")).await;
        let id = user::find_by_email(&pool, &email).await.unwrap().unwrap().id;
        org::add_member(&pool, org_id, id, OrgRole::Member).await.unwrap();
        let project = project::get(&pool, project_id).await.unwrap();
        project::add_member(&mut pool.acquire().await.unwrap(), &project, &email, ProjectRole::Contributor).await.unwrap();
        user::set_current(&pool, id, Some(org_id), Some(project_id)).await.unwrap();
        let person = key(app.signed_in_as(&email, &password).await, label).await;
        project::update_member_role(&mut pool.acquire().await.unwrap(), project_id, id, role).await.unwrap();
        people.push(person);
    }
    assert!(!owner_email.is_empty());

    // (who, follow-up, read the thread, poll the owner's task): what each may do.
    let expected = [
        ("owner", Outcome::Allowed, Outcome::Allowed, Outcome::Allowed),
        ("contributor", Outcome::Allowed, Outcome::Allowed, Outcome::Allowed),
        ("viewer", Outcome::Refused("UNAUTHORIZED_ROLE_ACCESS".into()), Outcome::Allowed, Outcome::Allowed),
    ];
    for person in &people {
        let (_, follow, read, poll) = expected.iter().find(|e| e.0 == person.label).unwrap().clone();
        let question = format!("only rock, asked by the {}", person.label);

        let over_graphql = graphql_outcome(&app.gql(&person.client, FOLLOW_UP, json!({"p": p, "d": {"question": question, "threadId": thread}})).await);
        let (status, body) = rest(&app, Method::POST, "/ask", &person.secret, Some(json!({"question": question, "threadId": thread, "async": true}))).await;
        let over_rest = rest_outcome(status, &body);
        assert_eq!((&over_graphql, &over_rest), (&follow, &follow), "{}: a follow-up in the shared thread ({body})", person.label);

        let over_graphql = graphql_outcome(&app.gql(&person.client, THREAD, json!({"p": p, "t": thread})).await);
        let (status, body) = rest(&app, Method::GET, &format!("/threads/{thread}"), &person.secret, None).await;
        assert_eq!((&over_graphql, &rest_outcome(status, &body)), (&read, &read), "{}: reading the thread ({body})", person.label);

        let over_graphql = graphql_outcome(&app.gql(&person.client, TASK, json!({"p": p, "t": task})).await);
        let (status, body) = rest(&app, Method::GET, &format!("/asks/{task}"), &person.secret, None).await;
        assert_eq!((&over_graphql, &rest_outcome(status, &body)), (&poll, &poll), "{}: polling the owner's task ({body})", person.label);
    }

    // The models, and the project's knowledge (read, and a SQL pair written), on both transports.
    let knowledge_expected = [
        ("owner", Outcome::Allowed, Outcome::Allowed),
        ("contributor", Outcome::Allowed, Outcome::Allowed),
        ("viewer", Outcome::Refused("UNAUTHORIZED_ROLE_ACCESS".into()), Outcome::Refused("UNAUTHORIZED_ROLE_ACCESS".into())),
    ];
    for person in &people {
        let over_graphql = graphql_outcome(&app.gql(&person.client, "query($p: ID!) { models(projectId: $p) { id } }", json!({"p": p})).await);
        let (status, body) = rest(&app, Method::GET, "/models", &person.secret, None).await;
        assert_eq!((&over_graphql, &rest_outcome(status, &body)), (&Outcome::Allowed, &Outcome::Allowed), "{}: the models ({body})", person.label);

        let (_, read, write) = knowledge_expected.iter().find(|e| e.0 == person.label).unwrap().clone();
        let over_graphql = graphql_outcome(&app.gql(&person.client, "query($p: ID!) { sqlPairs(projectId: $p) { id } }", json!({"p": p})).await);
        let (status, body) = rest(&app, Method::GET, "/knowledge/sql_pairs", &person.secret, None).await;
        assert_eq!((&over_graphql, &rest_outcome(status, &body)), (&read, &read), "{}: reading SQL pairs ({body})", person.label);

        let pair =
            |by: &str| json!({"question": format!("How many genres, asked by the {} over {by}?", person.label), "sql": "SELECT COUNT(*) FROM \"Genre\""});
        let over_graphql = graphql_outcome(
            &app.gql(
                &person.client,
                "mutation($p: ID!, $d: CreateSqlPairInput!) { createSqlPair(projectId: $p, data: $d) { id } }",
                json!({"p": p, "d": pair("GraphQL")}),
            )
            .await,
        );
        let (status, body) = rest(&app, Method::POST, "/knowledge/sql_pairs", &person.secret, Some(pair("REST"))).await;
        assert_eq!((&over_graphql, &rest_outcome(status, &body)), (&write, &write), "{}: writing a SQL pair ({body})", person.label);
    }
    let pairs = app.gql_ok(&owner, "query($p: ID!) { sqlPairs(projectId: $p) { question } }", json!({"p": p})).await;
    let pairs = pairs["sqlPairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 4, "two per allowed person: {pairs:?}");
    assert!(!pairs.iter().any(|q| q["question"].as_str().unwrap().contains("viewer")), "{pairs:?}");

    // Nothing the viewer was refused was written: the thread holds the owner's question and the
    // two allowed follow-ups of each transport.
    let detail = app.gql_ok(&owner, THREAD, json!({"p": p, "t": thread})).await;
    let questions: Vec<&str> = detail["thread"]["responses"].as_array().unwrap().iter().map(|r| r["question"].as_str().unwrap()).collect();
    assert_eq!(questions.len(), 5, "{questions:?}");
    assert!(!questions.iter().any(|q| q.contains("viewer")), "{questions:?}");
}
