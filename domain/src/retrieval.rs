//! Retrieval: the deployed model's schema items (models, columns, metrics, views and their
//! descriptions), SQL pair questions and instruction example questions, embedded and ranked
//! by cosine similarity to a question.
//!
//! Vectors are stored with the name of the model that made them and only compared with
//! vectors of the same model: when the embedding model changes, [`sync`] re-embeds everything
//! instead of comparing vectors of different sizes.

use std::{
    collections::{HashMap, HashSet},
    sync::{
        Arc, LazyLock,
        atomic::{AtomicU64, Ordering},
    },
};

use async_trait::async_trait;
use quarry_engine::mdl::{ColumnKind, Manifest, Properties};
use quarry_llm::LlmError;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::{
    db::Pool,
    deploy,
    error::{Error, Result},
    knowledge::{self, Instruction, SqlPair},
};

/// Turns texts into vectors; `model` names what made them.
#[async_trait]
pub trait Embedder: Send + Sync {
    fn model(&self) -> String;
    async fn embed(&self, texts: &[String]) -> std::result::Result<Vec<Vec<f32>>, LlmError>;
    /// Its vector of a text depends on the text alone, wherever and for whoever it runs (a
    /// model Quarry runs itself): its vectors are kept in the cache every project shares.
    fn shared(&self) -> bool {
        false
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Schema,
    SqlPair,
    Instruction,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Schema => "SCHEMA",
            Self::SqlPair => "SQL_PAIR",
            Self::Instruction => "INSTRUCTION",
        }
    }

    fn parse(value: &str) -> Self {
        match value {
            "SQL_PAIR" => Self::SqlPair,
            "INSTRUCTION" => Self::Instruction,
            _ => Self::Schema,
        }
    }
}

/// One thing retrieval can find.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub kind: Kind,
    /// `model`, `model.column`, `metric:name`, `view:name`; a pair's id; `instructionId#n`.
    pub key: String,
    pub text: String,
}

fn described(name: &str, properties: &Properties) -> String {
    let mut text = properties.display_name.clone().filter(|d| d != name).map_or(name.to_owned(), |d| format!("{name} ({d})"));
    if let Some(description) = properties.description.as_deref().filter(|d| !d.trim().is_empty()) {
        text.push_str(": ");
        text.push_str(description.trim());
    }
    text
}

/// The schema items of a manifest, each a short text that names it and says what it is.
pub fn schema_items(manifest: &Manifest) -> Vec<Item> {
    let mut items = Vec::new();
    for model in &manifest.models {
        let columns: Vec<&str> = model.columns.iter().filter(|c| !c.hidden).map(|c| c.name.as_str()).collect();
        items.push(Item {
            kind: Kind::Schema,
            key: model.name.clone(),
            text: format!("table {} with columns {}", described(&model.name, &model.properties), columns.join(", ")),
        });
        for column in model.columns.iter().filter(|c| !c.hidden) {
            let what = match &column.kind {
                ColumnKind::Relationship { .. } => format!("related {}", column.type_name),
                ColumnKind::Calculated { expression } => format!("calculated as {expression}"),
                _ => column.type_name.to_lowercase(),
            };
            items.push(Item {
                kind: Kind::Schema,
                key: format!("{}.{}", model.name, column.name),
                text: format!("{} of {}, {what}", described(&column.name, &column.properties), model.name),
            });
        }
    }
    for metric in &manifest.metrics {
        let measures: Vec<&str> = metric.measures.iter().map(|m| m.name.as_str()).collect();
        items.push(Item {
            kind: Kind::Schema,
            key: format!("metric:{}", metric.name),
            text: format!("metric {} over {} measuring {}", described(&metric.name, &metric.properties), metric.base_object, measures.join(", ")),
        });
    }
    for view in &manifest.views {
        items.push(Item { kind: Kind::Schema, key: format!("view:{}", view.name), text: format!("view {}", described(&view.name, &view.properties)) });
    }
    items
}

pub fn knowledge_items(pairs: &[SqlPair], instructions: &[Instruction]) -> Vec<Item> {
    let mut items: Vec<Item> = pairs.iter().map(|p| Item { kind: Kind::SqlPair, key: p.id.to_string(), text: p.question.clone() }).collect();
    for instruction in instructions.iter().filter(|i| !i.is_global) {
        for (n, question) in instruction.questions.iter().enumerate() {
            items.push(Item { kind: Kind::Instruction, key: format!("{}#{n}", instruction.id), text: question.clone() });
        }
    }
    items
}

/// Everything the index holds for the project: the schema items of `manifest`, the SQL
/// pairs and the instruction questions.
async fn all_items(pool: &Pool, project_id: Uuid, manifest: Option<&Manifest>) -> Result<Vec<Item>> {
    let mut items = manifest.map(schema_items).unwrap_or_default();
    let pairs = knowledge::project_sql_pairs(pool, project_id).await?;
    let instructions = knowledge::project_instructions(pool, project_id).await?;
    items.extend(knowledge_items(&pairs, &instructions));
    Ok(items)
}

fn embed_error(error: LlmError) -> Error {
    Error::internal(format!("embedding failed: {error}"))
}

/// Most vectors the shared cache keeps (about 1.6 kB each for the local model); past it the
/// least recently used go.
const CACHED_VECTORS: i64 = 200_000;

/// `texts` embedded, in order. A shared embedder's vectors come from the cache every project
/// shares when it has them, so a text many projects hold (a sample dataset's schema, a
/// common question) is embedded once; the others are embedded and kept there.
async fn embed(pool: &Pool, embedder: &dyn Embedder, texts: &[String]) -> Result<Vec<Vec<f32>>> {
    if !embedder.shared() {
        return embedder.embed(texts).await.map_err(embed_error);
    }
    let model = embedder.model();
    let hashes: Vec<Vec<u8>> = texts.iter().map(|text| Sha256::digest(text.as_bytes()).to_vec()).collect();
    let mut cached: HashMap<Vec<u8>, Vec<f32>> =
        sqlx::query!("SELECT text_hash, vector FROM embedding_cache WHERE model = $1 AND text_hash = ANY($2)", model, &hashes)
            .fetch_all(pool)
            .await?
            .into_iter()
            .map(|r| (r.text_hash, r.vector))
            .collect();
    if !cached.is_empty() {
        // Noted as used at most hourly, so reading the cache seldom writes to it.
        let used: Vec<Vec<u8>> = cached.keys().cloned().collect();
        sqlx::query!(
            "UPDATE embedding_cache SET used_at = now() WHERE model = $1 AND text_hash = ANY($2) AND used_at < now() - interval '1 hour'",
            model,
            &used
        )
        .execute(pool)
        .await?;
    }
    let missing: Vec<usize> = (0..texts.len()).filter(|&i| !cached.contains_key(&hashes[i])).collect();
    if !missing.is_empty() {
        let vectors = embedder.embed(&missing.iter().map(|&i| texts[i].clone()).collect::<Vec<_>>()).await.map_err(embed_error)?;
        if vectors.len() != missing.len() {
            return Err(Error::internal(format!("embedding failed: {} vectors for {} texts", vectors.len(), missing.len())));
        }
        for (&i, vector) in missing.iter().zip(vectors) {
            sqlx::query!("INSERT INTO embedding_cache (model, text_hash, vector) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", model, &hashes[i], &vector)
                .execute(pool)
                .await?;
            cached.insert(hashes[i].clone(), vector);
        }
        prune_cache(pool, CACHED_VECTORS).await?;
    }
    Ok(hashes.iter().map(|hash| cached.get(hash).cloned().unwrap_or_default()).collect())
}

/// Keeps the shared cache within `cap` vectors ([`CACHED_VECTORS`] in use): past it, the
/// least recently used go until a tenth is free. Run after new vectors were kept.
pub async fn prune_cache(pool: &Pool, cap: i64) -> Result<()> {
    // A question's new vector runs this too: the planner's estimate (a catalog read) decides
    // whether the table is worth counting; unknown (-1) until Postgres first analyses it.
    let estimate: f32 = sqlx::query_scalar("SELECT reltuples FROM pg_class WHERE oid = 'embedding_cache'::regclass").fetch_one(pool).await?;
    if estimate >= 0.0 && (estimate as i64) < cap * 9 / 10 {
        return Ok(());
    }
    let rows = sqlx::query_scalar!(r#"SELECT count(*) AS "rows!" FROM embedding_cache"#).fetch_one(pool).await?;
    if rows > cap {
        sqlx::query!(
            "DELETE FROM embedding_cache WHERE (model, text_hash) IN (SELECT model, text_hash FROM embedding_cache ORDER BY used_at LIMIT $1)",
            rows - cap * 9 / 10
        )
        .execute(pool)
        .await?;
    }
    Ok(())
}

/// Brings the project's vectors up to date with its deployed model, SQL pairs and
/// instructions and with the embedder's model: removes vectors of other models and of items
/// that changed or went, embeds the rest. Returns how many items were embedded.
///
/// One sync runs at a time per project and embedding model (see [`flight`]), so many first
/// questions at once embed the index once.
pub async fn sync(pool: &Pool, project_id: Uuid, embedder: &dyn Embedder) -> Result<usize> {
    sync_once(pool, project_id, None, embedder).await
}

/// [`sync`] for a deploy that has not finished yet: the schema items are those of the
/// manifest it deploys, so questions after it find the index embedded.
pub async fn sync_deploy(pool: &Pool, deploy_id: Uuid, embedder: &dyn Embedder) -> Result<usize> {
    let project_id = deploy::get(pool, deploy_id).await?.project_id;
    sync_once(pool, project_id, Some(deploy_id), embedder).await
}

async fn sync_once(pool: &Pool, project_id: Uuid, deploy_id: Option<Uuid>, embedder: &dyn Embedder) -> Result<usize> {
    let model = embedder.model();
    let flight = flight(project_id, &model);
    let arrived = flight.started.load(Ordering::SeqCst);
    let mut finished = flight.finished.lock().await;
    // A sync that started after this caller arrived saw everything it would see.
    if *finished > arrived {
        return Ok(0);
    }
    let number = flight.started.fetch_add(1, Ordering::SeqCst) + 1;
    // Other processes: one sync at a time per project and model; a later one finds the
    // vectors written and embeds nothing. The lock goes with the transaction (also when this
    // future is dropped midway).
    let mut lock = pool.begin().await?;
    sqlx::query!("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", format!("knowledge_vectors/{project_id}/{model}"),).execute(&mut *lock).await?;
    let manifest = match deploy_id {
        Some(deploy_id) => Some(deploy::manifest_of(pool, deploy_id).await?),
        None => deploy::deployed(pool, project_id).await?.map(|(_, manifest)| manifest),
    };
    let embedded = embed_missing(pool, project_id, manifest.as_ref(), embedder).await?;
    lock.commit().await?;
    *finished = number;
    Ok(embedded)
}

/// How one process keeps syncs of one project and embedding model to one at a time:
/// `started` counts syncs begun, `finished` holds the number of the last one that succeeded
/// and is locked while one runs.
#[derive(Default)]
struct Flight {
    started: AtomicU64,
    finished: tokio::sync::Mutex<u64>,
}

/// Flights in use by project and embedding model; one nobody holds is dropped, so the map is
/// as large as the syncs under way or waiting (the database says what is already embedded).
type Flights = HashMap<(Uuid, String), Arc<Flight>>;
static FLIGHTS: LazyLock<std::sync::Mutex<Flights>> = LazyLock::new(Default::default);

fn flight(project_id: Uuid, model: &str) -> Arc<Flight> {
    let mut flights = FLIGHTS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    flights.retain(|_, flight| Arc::strong_count(flight) > 1);
    flights.entry((project_id, model.to_owned())).or_default().clone()
}

async fn embed_missing(pool: &Pool, project_id: Uuid, manifest: Option<&Manifest>, embedder: &dyn Embedder) -> Result<usize> {
    let model = embedder.model();
    let items = all_items(pool, project_id, manifest).await?;
    let stored: Vec<(String, String, String, String)> =
        sqlx::query!("SELECT kind, item_key, text, model FROM knowledge_vectors WHERE project_id = $1", project_id)
            .fetch_all(pool)
            .await?
            .into_iter()
            .map(|r| (r.kind, r.item_key, r.text, r.model))
            .collect();
    let current: HashMap<(&str, &str), &str> = items.iter().map(|i| ((i.kind.as_str(), i.key.as_str()), i.text.as_str())).collect();
    let mut fresh = HashSet::new();
    let mut stale: Vec<(String, String)> = Vec::new();
    for (kind, key, text, stored_model) in &stored {
        if stored_model == &model && current.get(&(kind.as_str(), key.as_str())) == Some(&text.as_str()) {
            fresh.insert((kind.clone(), key.clone()));
        } else {
            stale.push((kind.clone(), key.clone()));
        }
    }
    for (kind, key) in &stale {
        sqlx::query!("DELETE FROM knowledge_vectors WHERE project_id = $1 AND kind = $2 AND item_key = $3", project_id, kind, key,).execute(pool).await?;
    }
    let missing: Vec<&Item> = items.iter().filter(|i| !fresh.contains(&(i.kind.as_str().to_owned(), i.key.clone()))).collect();
    for batch in missing.chunks(32) {
        let texts: Vec<String> = batch.iter().map(|i| i.text.clone()).collect();
        let vectors = embed(pool, embedder, &texts).await?;
        for (item, vector) in batch.iter().zip(vectors) {
            sqlx::query!(
                "INSERT INTO knowledge_vectors (project_id, kind, item_key, text, model, vector) VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (project_id, kind, item_key) DO UPDATE SET text = $4, model = $5, vector = $6",
                project_id,
                item.kind.as_str(),
                &item.key,
                &item.text,
                &model,
                &normalized(vector),
            )
            .execute(pool)
            .await?;
        }
    }
    Ok(missing.len())
}

fn normalized(mut vector: Vec<f32>) -> Vec<f32> {
    let norm = vector.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norm > 0.0 {
        vector.iter_mut().for_each(|x| *x /= norm);
    }
    vector
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

#[derive(Debug, Clone)]
pub struct Ranked<T> {
    pub item: T,
    pub score: f32,
}

/// What a question brings back.
#[derive(Debug, Clone, Default)]
pub struct Retrieved {
    /// Schema items' keys, best first.
    pub schema: Vec<Ranked<String>>,
    pub sql_pairs: Vec<Ranked<SqlPair>>,
    /// Global instructions, then those whose example questions resemble the question.
    pub instructions: Vec<Instruction>,
}

/// How close an instruction's example question must be for the instruction to apply.
pub const INSTRUCTION_MATCH: f32 = 0.6;

/// Syncs the index (normally a no-op: the deploy embedded it), then embeds the question alone
/// and ranks everything against it.
pub async fn search(pool: &Pool, project_id: Uuid, embedder: &dyn Embedder, question: &str) -> Result<Retrieved> {
    sync(pool, project_id, embedder).await?;
    let query = normalized(embed(pool, embedder, &[question.to_owned()]).await?.pop().unwrap_or_default());
    let rows: Vec<(String, String, Vec<f32>)> =
        sqlx::query!("SELECT kind, item_key, vector FROM knowledge_vectors WHERE project_id = $1 AND model = $2", project_id, embedder.model())
            .fetch_all(pool)
            .await?
            .into_iter()
            .map(|r| (r.kind, r.item_key, r.vector))
            .collect();
    let mut scored: Vec<(Kind, String, f32)> =
        rows.into_iter().filter(|(_, _, v)| v.len() == query.len()).map(|(kind, key, vector)| (Kind::parse(&kind), key, dot(&query, &vector))).collect();
    scored.sort_by(|a, b| b.2.total_cmp(&a.2));

    let pairs: HashMap<String, SqlPair> = knowledge::project_sql_pairs(pool, project_id).await?.into_iter().map(|p| (p.id.to_string(), p)).collect();
    let all_instructions = knowledge::project_instructions(pool, project_id).await?;
    let mut retrieved = Retrieved { instructions: all_instructions.iter().filter(|i| i.is_global).cloned().collect(), ..Default::default() };
    let mut applied: HashSet<Uuid> = HashSet::new();
    for (kind, key, score) in scored {
        match kind {
            Kind::Schema if retrieved.schema.len() < 20 => retrieved.schema.push(Ranked { item: key, score }),
            Kind::SqlPair if retrieved.sql_pairs.len() < 5 => {
                if let Some(pair) = pairs.get(&key) {
                    retrieved.sql_pairs.push(Ranked { item: pair.clone(), score });
                }
            }
            Kind::Instruction if score >= INSTRUCTION_MATCH => {
                let id = key.split('#').next().and_then(|id| id.parse::<Uuid>().ok());
                if let Some(instruction) = id.and_then(|id| all_instructions.iter().find(|i| i.id == id))
                    && applied.insert(instruction.id)
                {
                    retrieved.instructions.push(instruction.clone());
                }
            }
            _ => {}
        }
    }
    Ok(retrieved)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectors_are_compared_by_cosine() {
        let a = normalized(vec![3.0, 4.0]);
        assert!((dot(&a, &a) - 1.0).abs() < 1e-6);
        assert!((dot(&a, &normalized(vec![-3.0, -4.0])) + 1.0).abs() < 1e-6);
        assert_eq!(normalized(vec![0.0, 0.0]), vec![0.0, 0.0]);
    }
}
