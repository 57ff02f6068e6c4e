//! The retrieval index (issue 14, "First answer fast"; issue 16, "No herds"): a deploy
//! embeds it before it finishes, and many first questions at once embed it once between
//! them, each question embedding only itself.

use std::{
    collections::{BTreeSet, HashMap},
    time::Duration,
};

use quarry_domain::{db::Pool, deploy, retrieval};
use quarry_llm::fake::{FakeServer, Reply};
use quarry_test_kit::{
    TestApp,
    asking::{ask, music, settle},
};
use serde_json::{Value, json};
use uuid::Uuid;

const APPLY: &str = "mutation($d: LlmConfigInput!) { applyOrgLLMConfigs(data: $d) { provider chatModel baseUrl hasKey } }";
const LOCAL: &str = "local/all-MiniLM-L6-v2";

/// The project's vectors: item key → (model, dimensions), for one kind.
async fn vectors(pool: &Pool, project: &str, kind: &str) -> HashMap<String, (String, i32)> {
    sqlx::query_as::<_, (String, String, i32)>("SELECT item_key, model, cardinality(vector) FROM knowledge_vectors WHERE project_id = $1::uuid AND kind = $2")
        .bind(project)
        .bind(kind)
        .fetch_all(pool)
        .await
        .unwrap()
        .into_iter()
        .map(|(key, model, dimensions)| (key, (model, dimensions)))
        .collect()
}

/// The deployed manifest's schema items.
async fn schema_items(pool: &Pool, project: &str) -> Vec<retrieval::Item> {
    let (_, manifest) = deploy::deployed(pool, project.parse::<Uuid>().unwrap()).await.unwrap().expect("deployed");
    retrieval::schema_items(&manifest)
}

#[tokio::test]
async fn a_deploy_embeds_the_retrieval_index_before_any_question() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("index-deploy").await;
    let project = music(&app, &client, "Music Index").await;

    // No question asked yet: every schema item of the deployed model has its vector.
    let pool = &app.state.pool;
    let asked: i64 = sqlx::query_scalar("SELECT count(*) FROM asking_tasks WHERE project_id = $1::uuid").bind(&project).fetch_one(pool).await.unwrap();
    assert_eq!(asked, 0);
    let stored = vectors(pool, &project, "SCHEMA").await;
    let expected: BTreeSet<String> = schema_items(pool, &project).await.into_iter().map(|i| i.key).collect();
    assert!(expected.len() > 10, "{expected:?}");
    assert_eq!(stored.keys().cloned().collect::<BTreeSet<_>>(), expected);
    assert!(stored.values().all(|v| *v == (LOCAL.to_owned(), 384)), "{stored:?}");
    let log = app.gql_ok(&client, "query($p: ID!) { deployStatus(projectId: $p) { lastDeploy { log } } }", json!({"p": project})).await;
    assert!(!log.to_string().contains("could not be embedded"), "{log}");
}

#[tokio::test]
async fn concurrent_first_questions_embed_the_index_once() {
    // The provider embeds, slowly enough for the questions to meet, and keeps what it was
    // sent; its chat has no replies, so the embedded engine answers after retrieval.
    let server = FakeServer::start(0).await.unwrap();
    server.embed_automatically(8).await;
    server.delay_embeddings(Duration::from_millis(1500)).await;
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("index-herd").await;
    let project = music(&app, &client, "Music Herd").await;

    // A new embedding model: the deployed index (local vectors) is stale for every question.
    server.push(Reply::openai_chat("OK")).await;
    let settings = json!({"provider": "openai", "chatModel": "gpt-4o-mini", "baseUrl": format!("{}/v1", server.url),
        "apiKey": "sk-k", "embeddingModel": "embed-small"});
    app.gql_ok(&client, APPLY, json!({"d": settings})).await;
    let before = server.requests().await.len();

    let questions: Vec<String> = [
        "How many tracks are there?",
        "How many albums are there?",
        "How many artists are there?",
        "How many customers are there?",
        "How many invoices are there?",
        "How many employees are there?",
    ]
    .map(str::to_owned)
    .to_vec();
    let tasks = futures::future::join_all(questions.iter().map(|q| ask(&app, &client, &project, q, None))).await;
    for task in &tasks {
        let (_, polled) = settle(&app, &client, &project, task["id"].as_str().unwrap(), 180).await;
        assert_ne!(polled["status"], "FAILED", "{polled}");
    }

    let embedded: Vec<String> = server.requests().await[before..]
        .iter()
        .filter(|r| r.path.ends_with("/embeddings"))
        .flat_map(|r| match r.json()["input"].clone() {
            Value::Array(texts) => texts.into_iter().filter_map(|t| t.as_str().map(str::to_owned)).collect(),
            Value::String(text) => vec![text],
            _ => vec![],
        })
        .collect();
    let mut times: HashMap<&str, usize> = HashMap::new();
    for text in &embedded {
        *times.entry(text.as_str()).or_default() += 1;
    }
    for question in &questions {
        assert_eq!(times.remove(question.as_str()), Some(1), "each question embeds itself once: {embedded:?}");
    }
    // Everything else sent was the index, each item once.
    let items = schema_items(&app.state.pool, &project).await;
    assert!(times.values().all(|n| *n == 1), "an item embedded more than once: {times:?}");
    assert_eq!(times.len(), items.len(), "{times:?}");
    let stored = vectors(&app.state.pool, &project, "SCHEMA").await;
    assert_eq!(stored.len(), items.len());
    assert!(stored.values().all(|v| *v == ("openai/embed-small".to_owned(), 8)), "{stored:?}");
}
