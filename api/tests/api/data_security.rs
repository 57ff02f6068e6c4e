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

const CREATE_KEY: &str = "mutation($p: ID!, $d: CreateApiKeyInput!) { createApiKey(projectId: $p, data: $d) { key { id } secret } }";

/// A REST call with `secret`, and `properties` sent as X-Session-Properties when given.
async fn rest(app: &TestApp, path: &str, secret: &str, body: Value, properties: Option<&str>) -> (u16, Value) {
    let mut request = Client::new().post(format!("{}/api/v1{path}", app.url)).bearer_auth(secret).json(&body);
    if let Some(properties) = properties {
        request = request.header("X-Session-Properties", properties);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

#[tokio::test]
async fn an_api_key_sees_data_as_itself_and_only_an_impersonating_key_says_as_whom() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("key-security").await;
    let project = music(&app, &client, "Keyed").await;
    let me: String = app.gql_ok(&client, "{ me { id } }", json!({})).await["me"]["id"].as_str().unwrap().to_owned();
    let property = app.gql_ok(&client, CREATE_PROPERTY, json!({"p": project, "d": {"name": "country", "valueType": "STRING", "scope": "COMBINED"}})).await;
    let property_id = property["createSessionProperty"]["id"].as_str().unwrap().to_owned();
    app.gql_ok(
        &client,
        CREATE_POLICY,
        json!({"p": project, "d": {"kind": "RLS", "name": "own country", "model": "Customer", "condition": "Country = @country"}}),
    )
    .await;
    // The creator sees the USA; their keys are identities of their own.
    app.gql_ok(&client, SET_VALUE, json!({"p": project, "d": {"propertyId": property_id, "userId": me, "value": "USA"}})).await;
    let key = |scopes: Value, name: &'static str| {
        let (app, client, project) = (&app, &client, &project);
        async move {
            let made = app.gql_ok(client, CREATE_KEY, json!({"p": project, "d": {"name": name, "scopes": scopes}})).await;
            (made["createApiKey"]["key"]["id"].as_str().unwrap().to_owned(), made["createApiKey"]["secret"].as_str().unwrap().to_owned())
        }
    };
    let (plain_id, plain) = key(json!(["ASK", "RUN_SQL"]), "backend").await;
    let (_, impersonating) = key(json!(["ASK", "RUN_SQL", "IMPERSONATE"]), "portal").await;
    let customers = json!({"sql": "SELECT COUNT(*) FROM \"Customer\"", "projectId": project});
    let count_of = |answer: &Value| number(&answer["rows"][0][0]);

    // A key with no value of its own sees none of the creator's customers.
    let (status, answer) = rest(&app, "/run_sql", &plain, customers.clone(), None).await;
    assert_eq!((status, count_of(&answer)), (200, 0.0), "{answer}");
    // An owner gives the key its value: its rows, in SQL and in a question asked through it.
    app.gql_ok(&client, SET_VALUE, json!({"p": project, "d": {"propertyId": property_id, "apiKeyId": plain_id, "value": "Canada"}})).await;
    let (_, answer) = rest(&app, "/run_sql", &plain, customers.clone(), None).await;
    assert_eq!(count_of(&answer), 8.0, "{answer}");
    let (status, answer) = rest(&app, "/ask", &plain, json!({"question": "How many customers are there?", "projectId": project}), None).await;
    assert_eq!((status, answer["status"].as_str()), (200, Some("FINISHED")), "{answer}");
    assert_eq!(count_of(&answer), 8.0, "{answer}");
    // What the key was answered is its own: the owner (other values) is not shown it in the
    // thread, nor another key; the key itself reads it back.
    let thread = answer["threadId"].as_str().unwrap().to_owned();
    let seen = app
        .gql_ok(
            &client,
            "query($p: ID!, $t: ID!) { thread(projectId: $p, threadId: $t) { responses { withheld answer rowCount } } }",
            json!({"p": project, "t": thread}),
        )
        .await;
    let shown = &seen["thread"]["responses"][0];
    assert_eq!((shown["withheld"].clone(), shown["rowCount"].clone()), (json!(true), json!(0)), "{seen}");
    assert!(!shown["answer"].as_str().unwrap().contains('8'), "{seen}");
    let read = |secret: &str, path: String| {
        let (app, secret) = (&app, secret.to_owned());
        async move { Client::new().get(format!("{}/api/v1{path}", app.url)).bearer_auth(secret).send().await.unwrap().json::<Value>().await.unwrap() }
    };
    let own = read(&plain, format!("/threads/{thread}")).await;
    assert_eq!(own["responses"][0]["summary"].as_str().map(|s| s.contains('8')), Some(true), "{own}");
    let other = read(&impersonating, format!("/asks/{}", answer["taskId"].as_str().unwrap())).await;
    assert_eq!((other["withheld"].clone(), other["rows"].clone()), (json!(true), json!([])), "{other}");
    let values = app
        .gql_ok(
            &client,
            "query($p: ID!, $id: ID!) { sessionPropertyValues(projectId: $p, propertyId: $id) { userId apiKeyId value } }",
            json!({"p": project, "id": property_id}),
        )
        .await;
    assert!(values["sessionPropertyValues"].as_array().unwrap().iter().any(|v| v["apiKeyId"] == plain_id.as_str() && v["value"] == "Canada"), "{values}");

    // Sending values needs the impersonation scope; with it, the values sent are what is seen.
    let (status, refused) = rest(&app, "/run_sql", &plain, customers.clone(), Some(r#"{"country": "USA"}"#)).await;
    assert_eq!((status, refused["error"]["code"].as_str()), (403, Some("UNAUTHORIZED_ROLE_ACCESS")), "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().contains("impersonate"), "{refused}");
    let (_, answer) = rest(&app, "/run_sql", &impersonating, customers.clone(), None).await;
    assert_eq!(count_of(&answer), 0.0, "{answer}");
    let (_, answer) = rest(&app, "/run_sql", &impersonating, customers.clone(), Some(r#"{"country": ["USA", "Canada"]}"#)).await;
    assert_eq!(count_of(&answer), 21.0, "{answer}");
    let (status, answer) =
        rest(&app, "/ask", &impersonating, json!({"question": "How many customers are there?", "projectId": project}), Some(r#"{"Country": "Brazil"}"#)).await;
    assert_eq!((status, count_of(&answer)), (200, 5.0), "{answer}");
    // What does not fit is refused, never ignored.
    for (sent, says) in [(r#"{"region": "EU"}"#, "no session property \"region\""), (r#"{"country": 3}"#, "must be a text"), ("[1]", "JSON object")] {
        let (status, refused) = rest(&app, "/run_sql", &impersonating, customers.clone(), Some(sent)).await;
        assert_eq!((status, refused["error"]["code"].as_str()), (400, Some("INVALID_INPUT")), "{sent}: {refused}");
        assert!(refused["error"]["message"].as_str().unwrap().contains(says), "{sent}: {refused}");
    }
}

#[tokio::test]
async fn org_admins_are_held_by_a_policy_unless_it_exempts_them() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("admin-security").await;
    let project = music(&app, &client, "Admins").await;
    app.gql_ok(&client, CREATE_PROPERTY, json!({"p": project, "d": {"name": "country", "valueType": "STRING"}})).await;
    let made = app
        .gql_ok(
            &client,
            CREATE_POLICY,
            json!({"p": project, "d": {"kind": "RLS", "name": "own country", "model": "Customer", "condition": "Country = @country"}}),
        )
        .await;
    assert_eq!(count(&app, &client, &project, "How many customers are there?").await, 0.0);
    let policy = made["createPolicy"]["id"].as_str().unwrap();
    let changed = app
        .gql_ok(
            &client,
            "mutation($p: ID!, $id: ID!, $d: PolicyInput!) { updatePolicy(projectId: $p, policyId: $id, data: $d) { adminsExempt } }",
            json!({"p": project, "id": policy, "d": {"kind": "RLS", "name": "own country", "model": "Customer", "condition": "Country = @country", "adminsExempt": true}}),
        )
        .await;
    assert_eq!(changed["updatePolicy"]["adminsExempt"], true);
    // The org's admin (who signed up) now sees every customer.
    assert_eq!(count(&app, &client, &project, "How many customers are there?").await, 59.0);
}

#[tokio::test]
async fn a_saved_pair_that_reads_a_restricted_column_is_neither_reused_nor_shown_to_the_model() {
    use quarry_llm::fake::{FakeServer, Reply};
    let server = FakeServer::start(0).await.unwrap();
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("pair-security").await;
    let project = music(&app, &client, "Pairs").await;
    let me: String = app.gql_ok(&client, "{ me { id } }", json!({})).await["me"]["id"].as_str().unwrap().to_owned();
    let create = "mutation($p: ID!, $q: String!, $s: String!) { createSqlPair(projectId: $p, data: {question: $q, sql: $s}) { id } }";
    let pair_sql = "SELECT \"FirstName\", \"Email\" FROM \"Customer\" ORDER BY 1";
    app.gql_ok(&client, create, json!({"p": project, "q": "What is the e-mail address of each customer?", "s": pair_sql})).await;
    let property = app.gql_ok(&client, CREATE_PROPERTY, json!({"p": project, "d": {"name": "clearance", "valueType": "NUMERIC"}})).await;
    let property_id = property["createSessionProperty"]["id"].as_str().unwrap().to_owned();
    app.gql_ok(
        &client,
        CREATE_POLICY,
        json!({"p": project, "d": {"kind": "CLS", "name": "e-mail for support", "model": "Customer", "columnName": "Email", "property": "clearance", "operator": "GREATER_THAN_OR_EQUALS", "threshold": 3}}),
    )
    .await;
    let answered_by = |task: Value| {
        let (app, client, project) = (&app, &client, &project);
        async move {
            settle(app, client, project, task["id"].as_str().unwrap(), 120).await;
            let detail = app
                .gql_ok(client, "query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { answeredBy } }", json!({"p": project, "t": task["id"]}))
                .await;
            detail["askingTask"]["answeredBy"].clone()
        }
    };
    let question = "Give me the e-mail address of every customer";
    // Not cleared: the pair is not reused for them.
    assert_ne!(answered_by(ask(&app, &client, &project, question, None).await).await, "SQL_PAIR");

    // Nor shown to the model as an example, while the rest of the schema is.
    server.push(Reply::openai_chat("OK")).await;
    let settings = json!({"provider": "openai", "chatModel": "gpt-4o-mini", "baseUrl": format!("{}/v1", server.url), "apiKey": "sk-k"});
    app.gql_ok(&client, "mutation($d: LlmConfigInput!) { applyOrgLLMConfigs(data: $d) { provider } }", json!({"d": settings})).await;
    for reply in [
        r#"{"intent": "DATA", "reply": ""}"#,
        "1. List the customers' first names.",
        "SELECT \"FirstName\" FROM \"Customer\"",
        "Here are the customers.",
        r#"{"chartType": "TABLE", "title": "Customers"}"#,
    ] {
        server.push(Reply::openai_chat(reply)).await;
    }
    answered_by(ask(&app, &client, &project, question, None).await).await;
    let prompts: Vec<String> = server.requests().await.iter().map(|r| r.json()["messages"].to_string()).collect();
    assert!(prompts.iter().any(|p| p.contains("FirstName")), "the schema is described: {prompts:?}");
    // (Employee.Email is not restricted; the pair's question and SQL are what must not be there.)
    assert!(!prompts.iter().any(|p| p.contains("e-mail address of each") || p.contains("ORDER BY 1")), "{prompts:?}");

    // Cleared, the pair answers them again.
    app.gql_ok(&client, "mutation { removeOrgLlmConfig }", json!({})).await;
    app.gql_ok(&client, SET_VALUE, json!({"p": project, "d": {"propertyId": property_id, "userId": me, "value": 3}})).await;
    assert_eq!(answered_by(ask(&app, &client, &project, question, None).await).await, "SQL_PAIR");
}
