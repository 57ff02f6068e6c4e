//! Asking with a language model: the real OpenAI client against a local server speaking its
//! protocol, scripted reply by reply, with a real Temporal server and worker. Settings, the
//! reasoning steps, corrections, refusals, retries, timeouts, falling back to the embedded
//! engine, SQL pairs and instructions, and a worker killed in the middle of a call.

use quarry_llm::fake::{FakeServer, Reply};
use quarry_test_kit::{
    TestApp,
    asking::{ask, music, number, response, rows, settle},
    error_code, eventually,
};
use reqwest::Client;
use serde_json::{Value, json};
use std::time::Duration;

const APPLY: &str = "mutation($d: LlmConfigInput!) { applyOrgLLMConfigs(data: $d) { provider chatModel baseUrl hasKey } }";
const TEST: &str = "mutation($d: LlmConfigInput!) { testProviderConnectivity(data: $d) }";
const DETAIL: &str = "query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) {
    status error { code message } reasoning answeredBy intent correctionRounds reading { kind label text } } }";

fn openai(server: &FakeServer, key: &str) -> Value {
    json!({"provider": "openai", "chatModel": "gpt-4o-mini", "baseUrl": format!("{}/v1", server.url), "apiKey": key})
}

async fn detail(app: &TestApp, client: &Client, project: &str, task: &Value) -> Value {
    app.gql_ok(client, DETAIL, json!({"p": project, "t": task["id"]})).await["askingTask"].clone()
}

/// Asks and waits for the task to end; returns the task and its poll.
async fn asked(app: &TestApp, client: &Client, project: &str, question: &str) -> (Value, Value) {
    let task = ask(app, client, project, question, None).await;
    settle(app, client, project, task["id"].as_str().unwrap(), 120).await;
    let done = detail(app, client, project, &task).await;
    (task, done)
}

async fn script(server: &FakeServer, replies: Vec<Reply>) {
    for reply in replies {
        server.push(reply).await;
    }
}

fn data() -> Reply {
    Reply::openai_chat(r#"{"intent": "DATA", "reply": ""}"#)
}

/// (activity, task queue) of each step the task's workflow scheduled, from Temporal's history.
async fn steps_of(app: &TestApp, project: &str, task: &Value) -> Vec<(String, String)> {
    let temporal = app.state.temporal().await.unwrap();
    let (project, task) = (project.parse().unwrap(), task["id"].as_str().unwrap().parse().unwrap());
    temporal.ask_steps(project, task).await.unwrap()
}

#[tokio::test]
async fn the_query_runs_on_the_sql_pool_and_the_models_write_up_on_the_llm_pool() {
    let server = FakeServer::start(0).await.unwrap();
    let app = TestApp::spawn().await.with_worker();
    let (client, _) = app.signed_in("pools").await;
    let project = music(&app, &client, "Music pools").await;
    let queues = app.state.temporal().await.unwrap().queues().clone();

    // The embedded engine with nothing to rank: one step on a task queue, the reading and
    // the query at once on the sql pool.
    let (task, done) = asked(&app, &client, &project, "how many tracks by genre").await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    let steps = steps_of(&app, &project, &task).await;
    assert_eq!(steps, [("ReadAndAnswer".to_owned(), queues.sql.clone())], "{steps:?}");

    // With a saved SQL pair, ranking it (an embedding) is the llm pool's: reading the question
    // there (knowledge and understanding at once), answering on the sql pool.
    let create = "mutation($p: ID!) { createSqlPair(projectId: $p, data: {question: \"What is the total of all invoices?\", sql: \"SELECT SUM(\\\"Total\\\") AS revenue FROM \\\"Invoice\\\"\"}) { id } }";
    app.gql_ok(&client, create, json!({"p": project})).await;
    let (task, done) = asked(&app, &client, &project, "how many tracks by genre").await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert_eq!(done["answeredBy"], "ENGINE", "{done}");
    let steps = steps_of(&app, &project, &task).await;
    assert_eq!(steps, [("ReadQuestion".to_owned(), queues.llm.clone()), ("AnswerQuestion".to_owned(), queues.sql.clone())], "{steps:?}");

    // With the organisation's model: the query on the sql pool, the written answer on llm.
    server.push(Reply::openai_chat("OK")).await;
    app.gql_ok(&client, APPLY, json!({"d": openai(&server, "sk-good")})).await;
    script(
        &server,
        vec![
            data(),
            Reply::openai_chat("1. Count the rows of Track."),
            Reply::openai_chat("SELECT COUNT(*) AS tracks FROM \"Track\""),
            Reply::openai_chat("The store sells 3503 tracks."),
            Reply::openai_chat(r#"{"chartType": "NUMBER", "title": "Tracks", "x": null, "y": "tracks", "color": null}"#),
        ],
    )
    .await;
    let (task, done) = asked(&app, &client, &project, "How many songs do we sell?").await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert_eq!(response(&app, &client, &project, &task["responseId"]).await["answer"], "The store sells 3503 tracks.");
    let steps = steps_of(&app, &project, &task).await;
    let query = steps.iter().position(|s| *s == ("RunQuery".to_owned(), queues.sql.clone()));
    let write_up = steps.iter().position(|s| *s == ("WriteAnswer".to_owned(), queues.llm.clone()));
    assert!(matches!((query, write_up), (Some(q), Some(w)) if q < w), "the query, then the write-up: {steps:?}");
    assert!(!steps.iter().any(|(step, _)| step == "AnswerQuestion"), "{steps:?}");
}

#[tokio::test]
async fn the_language_model_plans_writes_corrects_and_answers() {
    let server = FakeServer::start(0).await.unwrap();
    let mut app = TestApp::spawn_with(|c| c.llm_timeout = Duration::from_millis(1500)).await;
    app.start_worker_with(&[("QUARRY_LLM_TIMEOUT_MS", "1500")]);
    let (client, _) = app.signed_in("llm").await;
    let project = music(&app, &client, "Music LLM").await;

    // Settings: a refused key says why; a working one is tested, saved, and never returned.
    server.push(Reply::openai_error(401, "Incorrect API key provided: sk-wrong.")).await;
    let refused = app.gql(&client, TEST, json!({"d": openai(&server, "sk-wrong")})).await;
    assert_eq!(error_code(&refused), "CONNECTION_REFUSED", "{refused}");
    assert!(refused["errors"][0]["message"].as_str().unwrap().contains("Incorrect API key provided"), "{refused}");
    let missing = app.gql(&client, TEST, json!({"d": {"provider": "azure", "chatModel": "gpt4o", "apiKey": "k"}})).await;
    assert_eq!(error_code(&missing), "INVALID_INPUT", "{missing}");
    server.push(Reply::openai_chat("OK")).await;
    let applied = app.gql_ok(&client, APPLY, json!({"d": openai(&server, "sk-good")})).await;
    assert_eq!(applied["applyOrgLLMConfigs"]["provider"], "openai");
    assert_eq!(applied["applyOrgLLMConfigs"]["hasKey"], true);
    let read = app.gql_ok(&client, "{ llmSettings { provider chatModel hasKey } }", json!({})).await;
    assert_eq!(read["llmSettings"]["chatModel"], "gpt-4o-mini");
    assert!(!read.to_string().contains("sk-good"), "the key is never returned");

    // Intent, plan, SQL, answer, chart: each step a call, the plan shown to the user.
    script(
        &server,
        vec![
            data(),
            Reply::openai_chat("1. Count the rows of Track."),
            Reply::openai_chat("```sql\nSELECT COUNT(*) AS tracks FROM \"Track\"\n```"),
            Reply::openai_chat("The store sells 3503 tracks."),
            Reply::openai_chat(r#"{"chartType": "NUMBER", "title": "Tracks", "x": null, "y": "tracks", "color": null}"#),
        ],
    )
    .await;
    let (task, done) = asked(&app, &client, &project, "How many songs do we sell?").await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert_eq!(done["answeredBy"], "LLM");
    assert_eq!(done["intent"], "DATA");
    assert_eq!(done["reasoning"], "1. Count the rows of Track.");
    // The model's SQL is read as chips too; none of them stands for words of the question.
    assert_eq!(done["reading"], json!([{"kind": "MEASURE", "label": "tracks", "text": null}]));
    let answered = response(&app, &client, &project, &task["responseId"]).await;
    assert_eq!(answered["answer"], "The store sells 3503 tracks.");
    assert_eq!(answered["chart"]["chartType"], "NUMBER");
    assert_eq!(number(&rows(&app, &client, &project, &task["responseId"]).await[0][0]), 3503.0);
    let requests = server.requests().await;
    let sql_request = requests.iter().rev().nth(2).unwrap().json();
    let prompt = sql_request["messages"][0]["content"].as_str().unwrap();
    assert!(prompt.contains("Track") && prompt.contains("Milliseconds"), "the schema is in the prompt");
    assert_eq!(requests.last().unwrap().header("authorization"), Some("Bearer sk-good"));

    // An invalid SQL is fixed on the second round, fed with the error.
    script(
        &server,
        vec![
            data(),
            Reply::openai_chat("1. Count albums."),
            Reply::openai_chat("SELECT COUNT(*) FROM \"Albums\""),
            Reply::openai_chat("SELECT COUNT(*) AS albums FROM \"Album\""),
            Reply::openai_chat("There are 347 albums."),
            Reply::openai_chat("not json"),
        ],
    )
    .await;
    let (task, done) = asked(&app, &client, &project, "How many albums are there?").await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert_eq!(done["correctionRounds"], 1);
    assert_eq!(number(&rows(&app, &client, &project, &task["responseId"]).await[0][0]), 347.0);
    let correction = server.requests().await.iter().rev().nth(2).unwrap().json();
    let fed = correction["messages"].as_array().unwrap().last().unwrap()["content"].as_str().unwrap().to_owned();
    assert!(fed.contains("Albums"), "the error names what was wrong: {fed}");
    assert_eq!(
        response(&app, &client, &project, &task["responseId"]).await["chart"]["chartType"],
        "NUMBER",
        "an unreadable chart reply falls back to the engine's choice"
    );

    // Three bad rounds: FAILED with the last error.
    script(
        &server,
        vec![
            data(),
            Reply::openai_chat("1. Guess."),
            Reply::openai_chat("SELECT nope1 FROM \"Track\""),
            Reply::openai_chat("SELECT nope2 FROM \"Track\""),
            Reply::openai_chat("SELECT nope3 FROM \"Track\""),
        ],
    )
    .await;
    let (task, done) = asked(&app, &client, &project, "What is the average song length?").await;
    assert_eq!(done["status"], "FAILED", "{done}");
    assert!(done["error"]["message"].as_str().unwrap().contains("nope3"), "{done}");
    assert!(response(&app, &client, &project, &task["responseId"]).await["sql"].is_null());

    // A general question gets a helpful reply and no SQL.
    server.push(Reply::openai_chat(r#"{"intent": "GENERAL", "reply": "I answer questions about the music store's sales."}"#)).await;
    let (task, done) = asked(&app, &client, &project, "What can you do?").await;
    assert_eq!(done["status"], "NO_RESULT", "{done}");
    assert_eq!(done["error"]["message"], "I answer questions about the music store's sales.");
    assert!(response(&app, &client, &project, &task["responseId"]).await["sql"].is_null());

    // 429 then success, and a reply slower than the timeout: both retried by the activity.
    script(
        &server,
        vec![
            Reply::openai_error(429, "Rate limit reached"),
            Reply::openai_chat(r#"{"intent": "DATA"}"#).delayed(Duration::from_secs(3)),
            data(),
            Reply::openai_chat("1. Count customers."),
            Reply::openai_chat("SELECT COUNT(*) AS customers FROM \"Customer\""),
            Reply::openai_chat("There are 59 customers."),
            Reply::openai_chat(r#"{"chartType": "NUMBER", "title": "Customers", "y": "customers"}"#),
        ],
    )
    .await;
    let (_, done) = asked(&app, &client, &project, "How many customers are there?").await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert_eq!(done["answeredBy"], "LLM");

    // A 401 is not retried: FAILED with the provider's words.
    server.push(Reply::openai_error(401, "Your API key was revoked.")).await;
    let before = server.requests().await.len();
    let (_, done) = asked(&app, &client, &project, "How many invoices are there?").await;
    assert_eq!(done["status"], "FAILED", "{done}");
    assert!(done["error"]["message"].as_str().unwrap().contains("Your API key was revoked."), "{done}");
    assert_eq!(server.requests().await.len(), before + 1, "not retried");

    // Every recorded step spent the tokens the provider reported (11 in, 7 out per reply).
    let usage = app.gql_ok(&client, "{ llmUsage { calls inputTokens outputTokens } }", json!({})).await["llmUsage"].clone();
    let calls = usage["calls"].as_i64().unwrap();
    assert!(calls >= 20, "{usage}");
    assert_eq!((usage["inputTokens"].as_i64(), usage["outputTokens"].as_i64()), (Some(11 * calls), Some(7 * calls)), "{usage}");

    // The provider down through every retry: the embedded engine answers.
    assert_eq!(server.pending().await, 0);
    let (task, done) = asked(&app, &client, &project, "How many invoices are there?").await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert_eq!(done["answeredBy"], "ENGINE");
    assert_eq!(number(&rows(&app, &client, &project, &task["responseId"]).await[0][0]), 412.0);
}

#[tokio::test]
async fn sql_pairs_answer_paraphrases_and_instructions_reach_the_prompt() {
    let server = FakeServer::start(0).await.unwrap();
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("knowledge").await;
    let project = music(&app, &client, "Music Knowledge").await;

    // SQL is checked against the model before a pair is saved.
    let create = "mutation($p: ID!, $q: String!, $s: String!) { createSqlPair(projectId: $p, data: {question: $q, sql: $s}) { id question sql } }";
    let bad = app.gql(&client, create, json!({"p": project, "q": "Albums per artist", "s": "SELECT * FROM \"Nowhere\""})).await;
    assert_eq!(error_code(&bad), "INVALID_INPUT", "{bad}");
    let pair_sql = "SELECT \"Artist\".\"Name\", COUNT(*) AS albums FROM \"Album\" JOIN \"Artist\" ON \"Album\".\"ArtistId\" = \"Artist\".\"ArtistId\" GROUP BY 1 ORDER BY 2 DESC";
    app.gql_ok(&client, create, json!({"p": project, "q": "How many albums does each artist have?", "s": pair_sql})).await;
    let listed = app.gql_ok(&client, "query($p: ID!) { sqlPairs(projectId: $p) { question } }", json!({"p": project})).await;
    assert_eq!(listed["sqlPairs"].as_array().unwrap().len(), 1);

    // Without a language model, a paraphrase is answered with the pair's SQL.
    let (task, done) = asked(&app, &client, &project, "Number of albums for every artist").await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert_eq!(done["answeredBy"], "SQL_PAIR");
    assert_eq!(response(&app, &client, &project, &task["responseId"]).await["sql"], pair_sql);
    // An unrelated question is not.
    let (_, done) = asked(&app, &client, &project, "How many customers are there?").await;
    assert_eq!(done["answeredBy"], "ENGINE", "{done}");

    // Instructions: one for questions like an example needs the example.
    let instruct = "mutation($p: ID!, $d: InstructionInput!) { createInstruction(projectId: $p, data: $d) { id isGlobal questions } }";
    let bad = app.gql(&client, instruct, json!({"p": project, "d": {"instruction": "Use Total", "isGlobal": false}})).await;
    assert_eq!(error_code(&bad), "INVALID_INPUT", "{bad}");
    app.gql_ok(&client, instruct, json!({"p": project, "d": {"instruction": "Revenue always means the sum of Invoice.Total.", "isGlobal": true}})).await;
    app.gql_ok(
        &client,
        instruct,
        json!({"p": project, "d": {"instruction": "Count only tracks longer than a minute.", "isGlobal": false, "questions": ["How many tracks are there?"]}}),
    )
    .await;

    server.push(Reply::openai_chat("OK")).await;
    app.gql_ok(&client, APPLY, json!({"d": openai(&server, "sk-k")})).await;
    script(
        &server,
        vec![
            data(),
            Reply::openai_chat("1. Count tracks over 60000 ms."),
            Reply::openai_chat("SELECT COUNT(*) AS tracks FROM \"Track\" WHERE \"Milliseconds\" > 60000"),
            Reply::openai_chat("There are 3460 such tracks."),
            Reply::openai_chat(r#"{"chartType": "NUMBER", "title": "Tracks", "y": "tracks"}"#),
        ],
    )
    .await;
    let (_, done) = asked(&app, &client, &project, "What's the number of tracks?").await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    let plan_prompt = server.requests().await[2].json()["messages"][0]["content"].as_str().unwrap().to_owned();
    assert!(plan_prompt.contains("Revenue always means the sum of Invoice.Total."), "global instruction");
    assert!(plan_prompt.contains("Count only tracks longer than a minute."), "the instruction for questions like this one");
    assert!(plan_prompt.contains("How many albums does each artist have?"), "the pair as an example");

    // Pairs and instructions can be changed and removed.
    let pairs = app.gql_ok(&client, "query($p: ID!) { sqlPairs(projectId: $p) { id } instructions(projectId: $p) { id } }", json!({"p": project})).await;
    let pair_id = pairs["sqlPairs"][0]["id"].clone();
    let updated = app
        .gql_ok(
            &client,
            "mutation($p: ID!, $i: ID!) { updateSqlPair(projectId: $p, id: $i, data: {question: \"Albums by artist\"}) { question sql } }",
            json!({"p": project, "i": pair_id}),
        )
        .await;
    assert_eq!(updated["updateSqlPair"]["question"], "Albums by artist");
    app.gql_ok(&client, "mutation($p: ID!, $i: ID!) { deleteSqlPair(projectId: $p, id: $i) }", json!({"p": project, "i": pair_id})).await;
    for instruction in pairs["instructions"].as_array().unwrap() {
        app.gql_ok(&client, "mutation($p: ID!, $i: ID!) { deleteInstruction(projectId: $p, id: $i) }", json!({"p": project, "i": instruction["id"]})).await;
    }
    let left = app.gql_ok(&client, "query($p: ID!) { sqlPairs(projectId: $p) { id } instructions(projectId: $p) { id } }", json!({"p": project})).await;
    assert_eq!(left, json!({"sqlPairs": [], "instructions": []}));

    // Another embedding model (the provider's, 8 dimensions instead of the local 384):
    // the project's knowledge is embedded again rather than compared across models.
    let vectors = |pool: sqlx::PgPool, project: String| async move {
        sqlx::query_as::<_, (String, i32)>("SELECT DISTINCT model, cardinality(vector) FROM knowledge_vectors WHERE project_id = $1::uuid ORDER BY 1")
            .bind(project)
            .fetch_all(&pool)
            .await
            .unwrap()
    };
    assert_eq!(vectors(app.state.pool.clone(), project.clone()).await, vec![("local/all-MiniLM-L6-v2".to_owned(), 384)]);
    server.embed_automatically(8).await;
    server.push(Reply::openai_chat("OK")).await;
    let mut with_embeddings = openai(&server, "sk-k");
    with_embeddings["embeddingModel"] = json!("embed-small");
    app.gql_ok(&client, APPLY, json!({"d": with_embeddings})).await;
    script(
        &server,
        vec![
            data(),
            Reply::openai_chat("1. Count invoices."),
            Reply::openai_chat("SELECT COUNT(*) AS invoices FROM \"Invoice\""),
            Reply::openai_chat("There are 412 invoices."),
            Reply::openai_chat(r#"{"chartType": "NUMBER", "title": "Invoices", "y": "invoices"}"#),
        ],
    )
    .await;
    let (_, done) = asked(&app, &client, &project, "How many invoices are there?").await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert_eq!(vectors(app.state.pool.clone(), project.clone()).await, vec![("openai/embed-small".to_owned(), 8)]);
}

#[tokio::test]
async fn a_worker_killed_during_a_provider_call_finishes_without_paying_twice() {
    let server = FakeServer::start(0).await.unwrap();
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("llm-kill").await;
    let project = music(&app, &client, "Music Kill").await;
    server.push(Reply::openai_chat("OK")).await;
    app.gql_ok(&client, APPLY, json!({"d": openai(&server, "sk-k")})).await;

    let plan = "1. Sum Invoice.Total by BillingCountry.";
    script(
        &server,
        vec![
            data(),
            // The worker dies while this reply is on its way; the retry gets the next one.
            Reply::openai_chat(plan).delayed(Duration::from_secs(4)),
            Reply::openai_chat(plan),
            Reply::openai_chat("SELECT \"BillingCountry\", SUM(\"Total\") AS revenue FROM \"Invoice\" GROUP BY 1"),
            Reply::openai_chat("USA brings the most revenue."),
            Reply::openai_chat(r#"{"chartType": "BAR", "title": "Revenue", "x": "BillingCountry", "y": "revenue"}"#),
        ],
    )
    .await;
    let task = ask(&app, &client, &project, "revenue per country", None).await;
    eventually("the plan call is in flight", Duration::from_secs(30), || async { (server.requests().await.len() >= 3).then_some(()) }).await;
    app.kill_worker();
    app.start_worker();
    let (_, done) = settle(&app, &client, &project, task["id"].as_str().unwrap(), 180).await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    let answered = response(&app, &client, &project, &task["responseId"]).await;
    assert_eq!(answered["chart"]["chartType"], "BAR", "{answered}");
    let calls: Vec<String> = server
        .requests()
        .await
        .iter()
        .skip(1)
        .map(|r| {
            let system = r.json()["messages"][0]["content"].as_str().unwrap_or_default().to_owned();
            system.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
        })
        .collect();
    assert_eq!(calls.iter().filter(|c| c.starts_with("You route questions")).count(), 1, "the finished intent step is not called again: {calls:?}");
    assert_eq!(calls.len(), 6, "only the interrupted plan call was repeated: {calls:?}");
}

const GENERATION: &str = "query($p: ID!, $t: ID!) { generationTask(projectId: $p, taskId: $t) {
    status error generatedBy questions modelDescriptions { model description columns { column description } }
    relationships { fromModel fromColumn toModel toColumn type reason } } }";

/// Polls a generation task until it ends.
async fn generated(app: &TestApp, client: &Client, project: &str, task: &Value) -> Value {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let polled = app.gql_ok(client, GENERATION, json!({"p": project, "t": task["id"]})).await["generationTask"].clone();
        if polled["status"] == "FINISHED" || polled["status"] == "FAILED" {
            return polled;
        }
        assert!(std::time::Instant::now() < deadline, "the generation task did not end: {polled}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn descriptions_and_recommended_questions_with_and_without_a_model() {
    let server = FakeServer::start(0).await.unwrap();
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("generation").await;
    let project = music(&app, &client, "Music Generation").await;
    let describe = "mutation($p: ID!, $m: [String!]!) { createModelDescriptionTask(projectId: $p, models: $m) { id status } }";
    let recommend = "mutation($p: ID!) { createRecommendedQuestionsTask(projectId: $p) { id } }";

    let unknown = app.gql(&client, describe, json!({"p": project, "m": ["Nowhere"]})).await;
    assert_eq!(error_code(&unknown), "INVALID_INPUT", "{unknown}");

    // Without a language model: descriptions from names and types, the sample's own questions.
    let task = app.gql_ok(&client, describe, json!({"p": project, "m": ["Album"]})).await["createModelDescriptionTask"].clone();
    let done = generated(&app, &client, &project, &task).await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert_eq!(done["generatedBy"], "ENGINE");
    let album = &done["modelDescriptions"][0];
    assert_eq!(album["model"], "Album");
    assert_eq!(album["description"], "One row per album.");
    let column = |model: &Value, name: &str| model["columns"].as_array().unwrap().iter().find(|c| c["column"] == name).unwrap()["description"].clone();
    assert_eq!(column(album, "AlbumId"), "Unique identifier of the album.");
    assert_eq!(column(album, "ArtistId"), "Identifier of the related artist.");
    let task = app.gql_ok(&client, recommend, json!({"p": project})).await["createRecommendedQuestionsTask"].clone();
    let done = generated(&app, &client, &project, &task).await;
    assert!(done["questions"].as_array().unwrap().iter().any(|q| q == "Which countries have the most customers?"), "{done}");
    // In a thread: follow-ups of its last answer come first, each one the engine answers.
    let asked = quarry_test_kit::asking::ask(&app, &client, &project, "number of tracks per genre", None).await;
    quarry_test_kit::asking::settle(&app, &client, &project, asked["id"].as_str().unwrap(), 60).await;
    let in_thread = "mutation($p: ID!, $t: ID) { createRecommendedQuestionsTask(projectId: $p, threadId: $t) { id } }";
    let task = app.gql_ok(&client, in_thread, json!({"p": project, "t": asked["threadId"]})).await["createRecommendedQuestionsTask"].clone();
    let done = generated(&app, &client, &project, &task).await;
    let offered: Vec<&str> = done["questions"].as_array().unwrap().iter().filter_map(|q| q.as_str()).collect();
    let follow_ups: Vec<&&str> = offered.iter().filter(|q| q.starts_with("number of tracks per ") || q.starts_with("number of tracks by ")).collect();
    assert!(!follow_ups.is_empty() && offered[0].starts_with("number of tracks"), "the answer's follow-ups first: {offered:?}");
    assert!(!offered.contains(&"number of tracks per genre"), "not the question already asked: {offered:?}");
    for question in follow_ups {
        let task = quarry_test_kit::asking::ask(&app, &client, &project, question, None).await;
        let (_, ended) = quarry_test_kit::asking::settle(&app, &client, &project, task["id"].as_str().unwrap(), 60).await;
        assert_eq!(ended["status"], "FINISHED", "{question}: {ended}");
    }
    let task = app.gql_ok(&client, "mutation($p: ID!) { createRelationshipRecommendationTask(projectId: $p) { id } }", json!({"p": project})).await;
    let done = generated(&app, &client, &project, &task["createRelationshipRecommendationTask"]).await;
    assert_eq!((done["status"].as_str(), done["generatedBy"].as_str()), (Some("FINISHED"), Some("ENGINE")), "{done}");

    // With one: its descriptions where it gave them, the names-based ones where it did not.
    server.push(Reply::openai_chat("OK")).await;
    app.gql_ok(&client, APPLY, json!({"d": openai(&server, "sk-g")})).await;
    server
        .push(Reply::openai_chat(
            r#"Here you go: {"description": "An album released by an artist.", "columns": {"Title": "The album's title as printed on its cover."}}"#,
        ))
        .await;
    let task = app.gql_ok(&client, describe, json!({"p": project, "m": ["Album"]})).await["createModelDescriptionTask"].clone();
    let done = generated(&app, &client, &project, &task).await;
    assert_eq!(done["generatedBy"], "LLM", "{done}");
    let album = &done["modelDescriptions"][0];
    assert_eq!(album["description"], "An album released by an artist.");
    assert_eq!(column(album, "Title"), "The album's title as printed on its cover.");
    assert_eq!(column(album, "AlbumId"), "Unique identifier of the album.");
    let prompt = server.requests().await.last().unwrap().json()["messages"][0]["content"].as_str().unwrap().to_owned();
    assert!(prompt.contains("Table Album") && prompt.contains("ArtistId"), "{prompt}");

    server.push(Reply::openai_chat(r#"{"questions": ["Which artists have the most albums?", " ", "How many tracks does each playlist have?"]}"#)).await;
    let task = app.gql_ok(&client, recommend, json!({"p": project})).await["createRecommendedQuestionsTask"].clone();
    let done = generated(&app, &client, &project, &task).await;
    assert_eq!(done["questions"], json!(["Which artists have the most albums?", "How many tracks does each playlist have?"]), "{done}");
    // In a thread: the answer's own follow-ups (built from its reading) first, then the model's.
    server.push(Reply::openai_chat(r#"{"questions": ["Which artists have the most albums?"]}"#)).await;
    let task = app.gql_ok(&client, in_thread, json!({"p": project, "t": asked["threadId"]})).await["createRecommendedQuestionsTask"].clone();
    let done = generated(&app, &client, &project, &task).await;
    let offered: Vec<&str> = done["questions"].as_array().unwrap().iter().filter_map(|q| q.as_str()).collect();
    assert!(offered.len() > 1 && offered[0].starts_with("number of tracks"), "the answer's follow-ups first: {offered:?}");
    assert_eq!(offered.last(), Some(&"Which artists have the most albums?"), "{offered:?}");

    // Relationships: the model's proposals join the heuristics' when they name real columns
    // of models not joined yet.
    let relate = "mutation($p: ID!) { createRelationshipRecommendationTask(projectId: $p) { id } }";
    server
        .push(Reply::openai_chat(
            r#"{"relationships": [
        {"fromModel": "Track", "fromColumn": "Composer", "toModel": "Artist", "toColumn": "Name", "type": "MANY_TO_ONE", "reason": "composers are artists"},
        {"fromModel": "Track", "fromColumn": "Nowhere", "toModel": "Artist", "toColumn": "Name", "type": "MANY_TO_ONE", "reason": "made up"},
        {"fromModel": "Album", "fromColumn": "ArtistId", "toModel": "Artist", "toColumn": "ArtistId", "type": "MANY_TO_ONE", "reason": "already joined"}
    ]}"#,
        ))
        .await;
    let task = app.gql_ok(&client, relate, json!({"p": project})).await["createRelationshipRecommendationTask"].clone();
    let done = generated(&app, &client, &project, &task).await;
    assert_eq!(done["generatedBy"], "LLM", "{done}");
    let proposed = done["relationships"].as_array().unwrap();
    let from_llm: Vec<&Value> = proposed.iter().filter(|r| r["reason"].as_str().unwrap().starts_with("Proposed by the language model")).collect();
    assert_eq!(from_llm.len(), 1, "only the one naming real, unjoined columns: {proposed:?}");
    assert_eq!(
        (from_llm[0]["fromModel"].as_str(), from_llm[0]["fromColumn"].as_str(), from_llm[0]["toModel"].as_str()),
        (Some("Track"), Some("Composer"), Some("Artist"))
    );

    // A refusal ends the task with the provider's words.
    server.push(Reply::openai_error(403, "This model is not available in your region.")).await;
    let task = app.gql_ok(&client, recommend, json!({"p": project})).await["createRecommendedQuestionsTask"].clone();
    let done = generated(&app, &client, &project, &task).await;
    assert_eq!(done["status"], "FAILED");
    assert!(done["error"].as_str().unwrap().contains("not available in your region"), "{done}");
}

/// Viewers may ask (PRODUCT.md §6) but not spend the organisation's language model: their
/// questions and recommended questions are answered by the embedded engine, with no call to
/// the provider; a contributor's go to the model. Starting relationship recommendations (which
/// may call it) is modelling work and refused to viewers.
#[tokio::test]
async fn viewers_ask_with_the_embedded_engine_and_never_spend_the_organisations_model() {
    use quarry_domain::{permissions::ProjectRole, project, user};
    let server = FakeServer::start(0).await.unwrap();
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (owner, _) = app.signed_in("llm-owner").await;
    let project = music(&app, &owner, "Music roles").await;
    server.push(Reply::openai_chat("OK")).await;
    app.gql_ok(&owner, APPLY, json!({"d": openai(&server, "sk-good")})).await;
    let pool = &app.state.pool;
    let p = project::get(pool, project.parse().unwrap()).await.unwrap();
    let mut clients = Vec::new();
    for (label, role) in [("viewer", ProjectRole::Viewer), ("contributor", ProjectRole::Contributor)] {
        let (email, password) = app.user(label).await;
        // Existing accounts join an org by invitation; the domain's add_member stands in for it.
        let id = user::find_by_email(pool, &email).await.unwrap().unwrap().id;
        quarry_domain::org::add_member(pool, p.org_id, id, quarry_domain::permissions::OrgRole::Member).await.unwrap();
        project::add_member(&mut pool.acquire().await.unwrap(), &p, &email, role).await.unwrap();
        user::set_current(pool, id, Some(p.org_id), Some(p.id)).await.unwrap();
        clients.push(app.signed_in_as(&email, &password).await);
    }
    let (viewer, contributor) = (&clients[0], &clients[1]);
    let calls = || async { server.requests().await.len() };

    let before = calls().await;
    let (task, done) = asked(&app, viewer, &project, "How many tracks are there?").await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert_eq!(done["answeredBy"], "ENGINE", "{done}");
    assert!(done["reasoning"].is_null() && done["intent"].is_null(), "{done}");
    assert_eq!(number(&rows(&app, viewer, &project, &task["responseId"]).await[0][0]), 3503.0);
    let recorded: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM llm_calls WHERE asking_task_id = $1")
        .bind(uuid::Uuid::parse_str(task["id"].as_str().unwrap()).unwrap())
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(recorded, 0);

    let started = app.gql_ok(viewer, "mutation($p: ID!) { createRecommendedQuestionsTask(projectId: $p) { id } }", json!({"p": project})).await;
    let id = started["createRecommendedQuestionsTask"]["id"].clone();
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let generated = loop {
        let polled = app
            .gql_ok(
                viewer,
                "query($p: ID!, $t: ID!) { generationTask(projectId: $p, taskId: $t) { status generatedBy questions } }",
                json!({"p": project, "t": id}),
            )
            .await;
        if polled["generationTask"]["status"] == "FINISHED" {
            break polled["generationTask"].clone();
        }
        assert!(std::time::Instant::now() < deadline, "recommended questions did not finish: {polled}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    assert_eq!(generated["generatedBy"], "ENGINE", "{generated}");
    assert_eq!(calls().await, before, "the viewer's work called the provider");

    let refused = app.gql(viewer, "mutation($p: ID!) { createRelationshipRecommendationTask(projectId: $p) { id } }", json!({"p": project})).await;
    assert_eq!(error_code(&refused), "UNAUTHORIZED_ROLE_ACCESS", "{refused}");

    script(
        &server,
        vec![
            data(),
            Reply::openai_chat("1. Count the rows of Track."),
            Reply::openai_chat("SELECT COUNT(*) AS tracks FROM \"Track\""),
            Reply::openai_chat("The store sells 3503 tracks."),
            Reply::openai_chat(r#"{"chartType": "NUMBER", "title": "Tracks", "y": "tracks"}"#),
        ],
    )
    .await;
    let (_, done) = asked(&app, contributor, &project, "How many songs do we sell?").await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert_eq!(done["answeredBy"], "LLM", "{done}");
    assert!(calls().await > before);
}
