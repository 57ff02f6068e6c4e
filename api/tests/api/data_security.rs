//! Data security through the API on the MUSIC sample: session properties and their values,
//! row and column policies, applied to questions asked by the member they are for — owners
//! included — and refused with the server's reason when invalid.

use quarry_test_kit::{
    TestApp,
    asking::{ask, music, number, rows, settle},
    error_code,
};
use reqwest::Client;
use serde_json::{Value, json};

const CREATE_PROPERTY: &str =
    "mutation($p: ID!, $d: CreateSessionPropertyInput!) { createSessionProperty(projectId: $p, data: $d) { id name valueType scope } }";
const CREATE_POLICY: &str = "mutation($p: ID!, $d: PolicyInput!) { createPolicy(projectId: $p, data: $d) { id kind name } }";
const SET_VALUE: &str = "mutation($p: ID!, $d: SessionPropertyValueInput!) { setSessionPropertyValue(projectId: $p, data: $d) }";

async fn count(app: &TestApp, client: &Client, project: &str, question: &str) -> f64 {
    let task = ask(app, client, project, question, None).await;
    let (_, done) = settle(app, client, project, task["id"].as_str().unwrap(), 60).await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    number(&rows(app, client, project, &task["responseId"]).await[0][0])
}

async fn run_sql(app: &TestApp, client: &Client, project: &str, sql: &str) -> Value {
    let thread = app.gql_ok(client, "mutation($p: ID!) { createThread(projectId: $p, data: {summary: \"sql\"}) { id } }", json!({"p": project})).await;
    let response = app
        .gql_ok(
            client,
            "mutation($p: ID!, $t: ID!, $d: ThreadResponseInput!) { createThreadResponse(projectId: $p, threadId: $t, data: $d) { id askingTask { id } } }",
            json!({"p": project, "t": thread["createThread"]["id"], "d": {"sql": sql}}),
        )
        .await;
    let task = response["createThreadResponse"]["askingTask"]["id"].as_str().unwrap().to_owned();
    settle(app, client, project, &task, 60).await.1
}

#[tokio::test]
async fn a_row_policy_limits_what_the_asker_sees_and_a_column_policy_keeps_a_column_from_them() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("security").await;
    let project = music(&app, &client, "Secured").await;
    let me: String = app.gql_ok(&client, "{ me { id } }", json!({})).await["me"]["id"].as_str().unwrap().to_owned();
    assert_eq!(count(&app, &client, &project, "How many customers are there?").await, 59.0);

    // A property, then a second one with the same name in another case: refused.
    let property = app.gql_ok(&client, CREATE_PROPERTY, json!({"p": project, "d": {"name": "country", "valueType": "STRING", "scope": "COMBINED"}})).await;
    let property_id = property["createSessionProperty"]["id"].as_str().unwrap().to_owned();
    let again = app.gql(&client, CREATE_PROPERTY, json!({"p": project, "d": {"name": "Country", "valueType": "STRING"}})).await;
    assert_eq!(error_code(&again), "DUPLICATED_SESSION_PROPERTY_NAME", "{again}");
    assert_eq!(again["errors"][0]["message"], "Session property name already exists.");

    // Invalid policies: the server says what is wrong.
    for (condition, says) in [("Country = @region", "no session property \"region\""), ("Colour = @country", "no column \"Colour\"")] {
        let refused =
            app.gql(&client, CREATE_POLICY, json!({"p": project, "d": {"kind": "RLS", "name": "mine", "model": "Customer", "condition": condition}})).await;
        assert_eq!(error_code(&refused), "INVALID_POLICY", "{refused}");
        assert!(refused["errors"][0]["message"].as_str().unwrap().contains(says), "{refused}");
    }

    // The policy applies at once, to the owner too: with no value, no customers.
    app.gql_ok(
        &client,
        CREATE_POLICY,
        json!({"p": project, "d": {"kind": "RLS", "name": "own country", "model": "Customer", "condition": "Country = @country"}}),
    )
    .await;
    assert_eq!(count(&app, &client, &project, "How many customers are there?").await, 0.0);
    // A value of their own: their country's customers, also through another model's rows.
    app.gql_ok(&client, SET_VALUE, json!({"p": project, "d": {"propertyId": property_id, "userId": me, "value": "USA"}})).await;
    assert_eq!(count(&app, &client, &project, "How many customers are there?").await, 13.0);
    let invoices = run_sql(&app, &client, &project, "SELECT COUNT(*) FROM \"Invoice\" i JOIN \"Customer\" c ON c.\"CustomerId\" = i.\"CustomerId\"").await;
    assert_eq!(invoices["status"], "FINISHED", "{invoices}");
    // Seven invoices for each of the 13 customers in the USA, not the 412 of everyone.
    assert_eq!(number(&rows(&app, &client, &project, &invoices["responseId"]).await[0][0]), 91.0);
    // A value of a protected model is found for the member who may see it, and only them.
    assert_eq!(count(&app, &client, &project, "How many customers are in Redmond?").await, 1.0);
    // A company only another country's customers work for is no value for them: refused,
    // and the reply names nothing of it beyond what was asked.
    let hidden = ask(&app, &client, &project, "How many customers work at Embraer?", None).await;
    let (_, refused) = settle(&app, &client, &project, hidden["id"].as_str().unwrap(), 60).await;
    assert_eq!(refused["status"], "NO_RESULT", "{refused}");
    assert!(!refused.to_string().contains("Aeron"), "the stored name is not offered: {refused}");
    // Paris is a billing city of (unprotected) invoices: read there, it finds no customer they may see.
    assert_eq!(count(&app, &client, &project, "How many customers are in Paris?").await, 0.0);
    // An owner sees what a member gets before changing anything: the SQL as compiled for them, and their rows.
    let viewed = app
        .gql_ok(
            &client,
            "query($p: ID!, $u: ID!, $s: String!) { viewAsMember(projectId: $p, userId: $u, sql: $s) { compiledSql columns rows } }",
            json!({"p": project, "u": me, "s": "SELECT COUNT(*) AS n FROM \"Customer\""}),
        )
        .await;
    assert!(viewed["viewAsMember"]["compiledSql"].as_str().unwrap().contains("'USA'"), "{viewed}");
    assert_eq!(number(&viewed["viewAsMember"]["rows"][0][0]), 13.0, "{viewed}");
    // The modeling page's preview shows the owner their own rows too.
    let models = app.gql_ok(&client, "query($p: ID!) { models(projectId: $p) { id referenceName } }", json!({"p": project})).await;
    let customer = models["models"].as_array().unwrap().iter().find(|m| m["referenceName"] == "Customer").unwrap()["id"].clone();
    let preview = app.gql_ok(&client, "query($m: ID!) { previewModelData(modelId: $m, limit: 100) { rows } }", json!({"m": customer})).await;
    assert_eq!(preview["previewModelData"]["rows"].as_array().unwrap().len(), 13, "{preview}");
    // A spreadsheet reads the same rows, as the member opening it may.
    let sheet = app
        .gql_ok(
            &client,
            "query($p: ID!, $d: PreviewSpreadsheetInput!) { previewSpreadsheet(projectId: $p, data: $d) { totalRows } }",
            json!({"p": project, "d": {"sql": "SELECT \"CustomerId\", \"Country\" FROM \"Customer\""}}),
        )
        .await;
    assert_eq!(sheet["previewSpreadsheet"]["totalRows"], 13, "{sheet}");
    // A value of the wrong type is refused before it is kept.
    let wrong = app.gql(&client, SET_VALUE, json!({"p": project, "d": {"propertyId": property_id, "userId": me, "value": 3}})).await;
    assert_eq!(error_code(&wrong), "INVALID_INPUT", "{wrong}");

    // A column policy: e-mail addresses only with clearance 3 or more.
    app.gql_ok(&client, CREATE_PROPERTY, json!({"p": project, "d": {"name": "clearance", "valueType": "NUMERIC"}})).await;
    app.gql_ok(
        &client,
        CREATE_POLICY,
        json!({"p": project, "d": {"kind": "CLS", "name": "e-mail for support", "model": "Customer", "columnName": "Email", "property": "clearance", "operator": "GREATER_THAN_OR_EQUALS", "threshold": 3}}),
    )
    .await;
    let refused = run_sql(&app, &client, &project, "SELECT \"Email\" FROM \"Customer\"").await;
    assert_eq!(refused["status"], "FAILED", "{refused}");
    assert_eq!(refused["error"]["message"], "Restricted by policy", "{refused}");
    let everything = run_sql(&app, &client, &project, "SELECT * FROM \"Customer\"").await;
    assert_eq!(everything["error"]["message"], "Restricted by policy", "{everything}");
    // Other columns stay readable.
    assert_eq!(count(&app, &client, &project, "How many customers are there?").await, 13.0);

    // The changes are in the activity log.
    let log = app.gql_ok(&client, "{ activityLogs(limit: 50) { items { kind targetLabel } } }", json!({})).await;
    let kinds: Vec<&str> = log["activityLogs"]["items"].as_array().unwrap().iter().map(|e| e["kind"].as_str().unwrap()).collect();
    for kind in ["SESSION_PROPERTY_CREATED", "POLICY_CREATED", "SESSION_PROPERTY_VALUE_SET"] {
        assert!(kinds.contains(&kind), "{kind} in {kinds:?}");
    }
}
