//! Knowledge: terms taught to the question engine. A word an answer could not place is
//! offered with what it may mean; teaching it (GraphQL or REST) places it in the next question
//! of anyone in the project, without a deploy; the modeling page lists each model's and
//! column's terms with their source; deleting the term brings the refusal back.

use quarry_domain::{org, permissions::OrgRole, permissions::ProjectRole, project, user};
use quarry_test_kit::{
    TestApp,
    asking::{ask, music, settle},
    error_code,
};
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};

/// A word of no model that starts a column's name: refused, with that column offered.
const QUESTION: &str = "What is the average millis per genre?";
const OFFERS: &str = "query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { status teachOffers { phrase candidates { model column label } } } }";
const TEACH: &str = "mutation($p: ID!, $d: TermInput!) { teachTerm(projectId: $p, data: $d) { id phrase model column removed } }";
const REMOVE: &str = "mutation($p: ID!, $d: TermInput!) { removeDerivedTerm(projectId: $p, data: $d) { id phrase removed } }";
const DELETE: &str = "mutation($p: ID!, $id: ID!) { deleteTaughtTerm(projectId: $p, id: $id) }";
const TAUGHT: &str = "query($p: ID!) { taughtTerms(projectId: $p) { id phrase model column removed } }";
const TERMS: &str = "query($p: ID!) { models(projectId: $p) { referenceName terms { text source } columns { referenceName terms { text source } } } }";

/// Asks `question` as `client` and waits for the task to end.
async fn asked(app: &TestApp, client: &Client, project: &str, question: &str) -> Value {
    let task = ask(app, client, project, question, None).await;
    let (_, done) = settle(app, client, project, task["id"].as_str().unwrap(), 60).await;
    app.gql_ok(client, OFFERS, json!({"p": project, "t": done["id"]})).await["askingTask"].clone()
}

/// The terms the modeling page shows for `model.column`, as (text, source).
async fn column_terms(app: &TestApp, client: &Client, project: &str, model: &str, column: &str) -> Vec<(String, String)> {
    let models = app.gql_ok(client, TERMS, json!({"p": project})).await;
    let model = models["models"].as_array().unwrap().iter().find(|m| m["referenceName"] == model).unwrap().clone();
    let column = model["columns"].as_array().unwrap().iter().find(|c| c["referenceName"] == column).unwrap().clone();
    column["terms"].as_array().unwrap().iter().map(|t| (t["text"].as_str().unwrap().to_owned(), t["source"].as_str().unwrap().to_owned())).collect()
}

/// Another person with `role` in the project, signed in.
async fn member(app: &TestApp, project: &str, role: ProjectRole) -> Client {
    let pool = &app.state.pool;
    let project = project::get(pool, project.parse().unwrap()).await.unwrap();
    let (client, email) = app.signed_in("terms-member").await;
    let id = user::find_by_email(pool, &email).await.unwrap().unwrap().id;
    org::add_member(pool, project.org_id, id, OrgRole::Member).await.unwrap();
    project::add_member(&mut pool.acquire().await.unwrap(), &project, &email, role).await.unwrap();
    client
}

#[tokio::test]
async fn a_word_taught_from_an_answer_is_placed_in_the_next_question_of_anyone_in_the_project() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (owner, _) = app.signed_in("terms-owner").await;
    let project = music(&app, &owner, "Music").await;
    let viewer = member(&app, &project, ProjectRole::Viewer).await;

    let refused = asked(&app, &viewer, &project, QUESTION).await;
    assert_eq!(refused["status"], "NO_RESULT", "{refused}");
    let offer = refused["teachOffers"].as_array().unwrap().iter().find(|o| o["phrase"] == "millis").unwrap_or_else(|| panic!("{refused}")).clone();
    let candidate = offer["candidates"][0].clone();
    assert_eq!((candidate["model"].as_str(), candidate["column"].as_str()), (Some("Track"), Some("Milliseconds")), "{offer}");
    assert_eq!(candidate["label"], "milliseconds (track)");

    // A viewer asks, but does not teach.
    let data = json!({"phrase": offer["phrase"], "model": candidate["model"], "column": candidate["column"]});
    assert_eq!(error_code(&app.gql(&viewer, TEACH, json!({"p": project, "d": data})).await), "UNAUTHORIZED_ROLE_ACCESS");
    let taught = app.gql_ok(&owner, TEACH, json!({"p": project, "d": data})).await["teachTerm"].clone();
    assert_eq!(taught["phrase"], "millis");

    // The viewer's next question places it, with no deploy in between.
    let answered = asked(&app, &viewer, &project, QUESTION).await;
    assert_eq!(answered["status"], "FINISHED", "{answered}");
    assert_eq!(answered["teachOffers"], json!([]));
    assert!(column_terms(&app, &viewer, &project, "Track", "Milliseconds").await.contains(&("millis".into(), "TAUGHT".into())));
    let listed = app.gql_ok(&owner, TAUGHT, json!({"p": project})).await;
    assert_eq!(listed["taughtTerms"], json!([taught]));
    assert_eq!(error_code(&app.gql(&viewer, TAUGHT, json!({"p": project})).await), "UNAUTHORIZED_ROLE_ACCESS");

    // A derived term removed, then restored; unknown targets and phrases refused with their codes.
    let derived = json!({"phrase": "milliseconds", "model": "Track", "column": "Milliseconds"});
    let removal = app.gql_ok(&owner, REMOVE, json!({"p": project, "d": derived})).await["removeDerivedTerm"].clone();
    assert_eq!(removal["removed"], true);
    assert!(!column_terms(&app, &owner, &project, "Track", "Milliseconds").await.iter().any(|(text, _)| text == "milliseconds"));
    app.gql_ok(&owner, DELETE, json!({"p": project, "id": removal["id"]})).await;
    assert!(column_terms(&app, &owner, &project, "Track", "Milliseconds").await.contains(&("milliseconds".into(), "NAME".into())));
    let unknown = app.gql(&owner, TEACH, json!({"p": project, "d": {"phrase": "tunes", "model": "Song"}})).await;
    assert_eq!(error_code(&unknown), "NOT_FOUND", "{unknown}");
    let long = app.gql(&owner, TEACH, json!({"p": project, "d": {"phrase": "x".repeat(101), "model": "Track"}})).await;
    assert_eq!(error_code(&long), "INVALID_INPUT", "{long}");
    // A unit of time counts or splits time; taught as a column it would take "per day" away.
    let days = app.gql(&owner, TEACH, json!({"p": project, "d": {"phrase": "Days", "model": "Track", "column": "Milliseconds"}})).await;
    assert_eq!(error_code(&days), "INVALID_INPUT", "{days}");
    assert!(days["errors"][0]["message"].as_str().unwrap().contains("unit of time"), "{days}");

    // Deleting the taught term brings the refusal back.
    app.gql_ok(&owner, DELETE, json!({"p": project, "id": taught["id"]})).await;
    assert_eq!(asked(&app, &viewer, &project, QUESTION).await["status"], "NO_RESULT");
    assert_eq!(app.gql_ok(&owner, TAUGHT, json!({"p": project})).await["taughtTerms"], json!([]));
}

async fn rest(app: &TestApp, method: Method, path: &str, secret: &str, body: Option<Value>) -> (StatusCode, Value) {
    let mut request = Client::new().request(method, format!("{}/api/v1{path}", app.url)).bearer_auth(secret);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let text = response.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

async fn key(app: &TestApp, client: &Client, project: &str, scopes: Value) -> String {
    let made = app
        .gql_ok(
            client,
            "mutation($p: ID!, $d: CreateApiKeyInput!) { createApiKey(projectId: $p, data: $d) { secret } }",
            json!({"p": project, "d": {"name": "terms", "scopes": scopes}}),
        )
        .await;
    made["createApiKey"]["secret"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn terms_are_offered_taught_listed_and_deleted_over_rest() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (owner, _) = app.signed_in("terms-rest").await;
    let project = music(&app, &owner, "Music").await;
    let secret = key(&app, &owner, &project, json!(["ASK", "KNOWLEDGE"])).await;
    let ask_only = key(&app, &owner, &project, json!(["ASK"])).await;

    let (status, refused) = rest(&app, Method::POST, "/ask", &secret, Some(json!({"question": QUESTION}))).await;
    assert_eq!((status, refused["status"].as_str()), (StatusCode::OK, Some("NO_RESULT")), "{refused}");
    let offer = refused["teachOffers"].as_array().unwrap().iter().find(|o| o["phrase"] == "millis").unwrap_or_else(|| panic!("{refused}")).clone();
    let candidate = &offer["candidates"][0];

    let term = json!({"phrase": offer["phrase"], "model": candidate["model"], "column": candidate["column"]});
    let (status, body) = rest(&app, Method::POST, "/knowledge/terms", &ask_only, Some(term.clone())).await;
    assert_eq!((status, body["error"]["code"].as_str()), (StatusCode::FORBIDDEN, Some("UNAUTHORIZED_ROLE_ACCESS")), "{body}");
    let (status, taught) = rest(&app, Method::POST, "/knowledge/terms", &secret, Some(term)).await;
    assert_eq!(status, StatusCode::CREATED, "{taught}");
    assert_eq!((taught["phrase"].as_str(), taught["column"].as_str(), taught["removed"].as_bool()), (Some("millis"), Some("Milliseconds"), Some(false)));

    let (status, answered) = rest(&app, Method::POST, "/ask", &secret, Some(json!({"question": QUESTION}))).await;
    assert_eq!((status, answered["status"].as_str()), (StatusCode::OK, Some("FINISHED")), "{answered}");
    let (status, listed) = rest(&app, Method::GET, "/knowledge/terms", &secret, None).await;
    assert_eq!((status, listed.as_array().map(Vec::len)), (StatusCode::OK, Some(1)), "{listed}");

    // `removed` removes a derived term instead; a model that is not deployed is not found.
    let (status, removal) =
        rest(&app, Method::POST, "/knowledge/terms", &secret, Some(json!({"phrase": "composer", "model": "Track", "column": "Composer", "removed": true})))
            .await;
    assert_eq!((status, removal["removed"].as_bool()), (StatusCode::CREATED, Some(true)), "{removal}");
    let (status, body) = rest(&app, Method::POST, "/knowledge/terms", &secret, Some(json!({"phrase": "tunes", "model": "Song"}))).await;
    assert_eq!((status, body["error"]["code"].as_str()), (StatusCode::NOT_FOUND, Some("NOT_FOUND")), "{body}");

    for id in [&taught["id"], &removal["id"]] {
        let (status, body) = rest(&app, Method::DELETE, &format!("/knowledge/terms/{}", id.as_str().unwrap()), &secret, None).await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    }
    let (_, refused_again) = rest(&app, Method::POST, "/ask", &secret, Some(json!({"question": QUESTION}))).await;
    assert_eq!(refused_again["status"], "NO_RESULT", "{refused_again}");

    // The reference documents the operations and the offers.
    let (_, document) = rest(&app, Method::GET, "/openapi.json", &secret, None).await;
    assert!(document["paths"]["/api/v1/knowledge/terms"]["post"].is_object(), "the reference has POST /knowledge/terms");
    assert!(document["components"]["schemas"]["AskResult"]["properties"]["teachOffers"].is_object());
}
