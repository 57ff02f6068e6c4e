//! The retrieval index's vectors: a model Quarry runs itself embeds a text once for every
//! project that holds it; an organisation's own provider is asked for each project's.

use std::sync::Mutex;

use async_trait::async_trait;
use quarry_domain::{
    db::Pool,
    deploy,
    retrieval::{self, Embedder},
};
use quarry_llm::LlmError;
use uuid::Uuid;

use crate::seed;

/// Counts the texts it is asked to embed; each vector says which text it is for.
struct Counting {
    shared: bool,
    asked: Mutex<Vec<String>>,
}

impl Counting {
    fn new(shared: bool) -> Self {
        Self { shared, asked: Mutex::new(Vec::new()) }
    }

    fn asked(&self) -> Vec<String> {
        self.asked.lock().unwrap().clone()
    }
}

#[async_trait]
impl Embedder for Counting {
    fn model(&self) -> String {
        if self.shared { "local/counting".into() } else { "openai/counting".into() }
    }

    async fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, LlmError> {
        self.asked.lock().unwrap().extend(texts.iter().cloned());
        Ok(texts.iter().map(|t| vec![t.len() as f32, 1.0]).collect())
    }

    fn shared(&self) -> bool {
        self.shared
    }
}

/// A project of a new owner with `orders` deployed.
async fn deployed(pool: &Pool) -> Uuid {
    let seeded = seed::project(pool).await;
    seed::orders_model(pool, seeded.project_id).await;
    let (deploy, _) = deploy::begin(pool, seeded.project_id).await.unwrap();
    deploy::finish(pool, deploy.id, true, "orders: ok", None).await.unwrap();
    seeded.project_id
}

async fn vectors(pool: &Pool, project: Uuid) -> Vec<(String, Vec<f32>)> {
    sqlx::query_as("SELECT item_key, vector FROM knowledge_vectors WHERE project_id = $1 ORDER BY item_key").bind(project).fetch_all(pool).await.unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_text_two_projects_hold_is_embedded_once_by_a_shared_model(pool: Pool) {
    let embedder = Counting::new(true);
    let (first, second) = (deployed(&pool).await, deployed(&pool).await);
    let embedded = retrieval::sync(&pool, first, &embedder).await.unwrap();
    assert!(embedded > 0);
    assert_eq!(embedder.asked().len(), embedded, "the first project's items are embedded");

    // Another org's project with the same schema: every item indexed, none embedded again.
    assert_eq!(retrieval::sync(&pool, second, &embedder).await.unwrap(), embedded);
    assert_eq!(embedder.asked().len(), embedded, "{:?}", embedder.asked());
    assert_eq!(vectors(&pool, second).await, vectors(&pool, first).await);

    // A question is embedded once too, however often it is asked.
    retrieval::search(&pool, first, &embedder, "total amount of orders").await.unwrap();
    retrieval::search(&pool, second, &embedder, "total amount of orders").await.unwrap();
    assert_eq!(embedder.asked().iter().filter(|t| *t == "total amount of orders").count(), 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_organisations_own_provider_is_asked_for_each_project(pool: Pool) {
    let embedder = Counting::new(false);
    let (first, second) = (deployed(&pool).await, deployed(&pool).await);
    let embedded = retrieval::sync(&pool, first, &embedder).await.unwrap();
    assert_eq!(retrieval::sync(&pool, second, &embedder).await.unwrap(), embedded);
    assert_eq!(embedder.asked().len(), 2 * embedded, "nothing shared between organisations' providers");
    let cached: i64 = sqlx::query_scalar("SELECT count(*) FROM embedding_cache").fetch_one(&pool).await.unwrap();
    assert_eq!(cached, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_shared_cache_keeps_the_vectors_used_last_within_its_cap(pool: Pool) {
    for i in 0..30i32 {
        sqlx::query("INSERT INTO embedding_cache (model, text_hash, vector, used_at) VALUES ('local/m', $1, '{1}', now() - make_interval(mins => $2))")
            .bind(i.to_be_bytes().to_vec())
            .bind(30 - i)
            .execute(&pool)
            .await
            .unwrap();
    }
    retrieval::prune_cache(&pool, 40).await.unwrap();
    let count = || async { sqlx::query_scalar::<_, i64>("SELECT count(*) FROM embedding_cache").fetch_one(&pool).await.unwrap() };
    assert_eq!(count().await, 30, "within the cap, nothing goes");
    retrieval::prune_cache(&pool, 20).await.unwrap();
    assert_eq!(count().await, 18, "past it, down to nine tenths");
    let kept: Vec<Vec<u8>> = sqlx::query_scalar("SELECT text_hash FROM embedding_cache ORDER BY text_hash").fetch_all(&pool).await.unwrap();
    assert_eq!(kept, (12..30i32).map(|i| i.to_be_bytes().to_vec()).collect::<Vec<_>>(), "the least recently used went");
}
