//! Generation tasks: work done for the user to review before anything changes — model and
//! column descriptions (CreateModelDescriptionTask) and recommended questions for a project
//! or a thread. The organisation's language model does the work when there is one; without
//! it, descriptions are written from names and types and questions come from the embedded
//! engine. Each task runs as a workflow; the client polls it here.

use chrono::{DateTime, Utc};
use quarry_engine::mdl::{ColumnKind, Manifest, Model};
use quarry_llm::{ChatRequest, LlmError, Message};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::{
    asking::{
        self,
        llm::{ProjectLlm, for_requester, json_in, schema_context},
    },
    config::Config,
    db::Pool,
    deploy,
    error::{Error, Result},
    llm::{self as org_llm, LlmCall},
    modeling::{RelationType, manifest},
    recommend::Recommendation,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum GenerationKind {
    ModelDescriptions,
    RecommendedQuestions,
    RecommendedRelationships,
}

impl GenerationKind {
    fn as_str(self) -> &'static str {
        match self {
            Self::ModelDescriptions => "MODEL_DESCRIPTIONS",
            Self::RecommendedQuestions => "RECOMMENDED_QUESTIONS",
            Self::RecommendedRelationships => "RECOMMENDED_RELATIONSHIPS",
        }
    }

    pub fn parse(value: &str) -> Self {
        match value {
            "MODEL_DESCRIPTIONS" => Self::ModelDescriptions,
            "RECOMMENDED_RELATIONSHIPS" => Self::RecommendedRelationships,
            _ => Self::RecommendedQuestions,
        }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GenerationTask {
    pub id: Uuid,
    pub project_id: Uuid,
    pub kind: String,
    /// NOT_STARTED, GENERATING, FINISHED or FAILED (PRODUCT.md §4 generation status).
    pub status: String,
    pub input: Value,
    pub result: Option<Value>,
    pub error: Option<String>,
    pub generated_by: Option<String>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

/// A model's proposed descriptions.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelDescription {
    pub model: String,
    pub description: String,
    pub columns: Vec<ColumnDescription>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColumnDescription {
    pub column: String,
    pub description: String,
}

/// The most questions a recommendation gives.
pub const RECOMMENDED_QUESTIONS: usize = 6;

pub async fn create(pool: &Pool, project_id: Uuid, user_id: Uuid, kind: GenerationKind, input: Value) -> Result<GenerationTask> {
    Ok(sqlx::query_as::<_, GenerationTask>(
        "INSERT INTO generation_tasks (id, project_id, kind, input, created_by) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, project_id, kind, status, input, result, error, generated_by, created_at, finished_at",
    )
    .bind(Uuid::new_v4())
    .bind(project_id)
    .bind(kind.as_str())
    .bind(input)
    .bind(user_id)
    .fetch_one(pool)
    .await?)
}

/// Checks what a description task is asked to describe: models of the project.
pub async fn check_models(pool: &Pool, project_id: Uuid, models: &[String]) -> Result<Vec<String>> {
    let manifest = manifest::of_project(pool, project_id).await?;
    if manifest.models.is_empty() {
        return Err(Error::invalid("This project has no models to describe yet."));
    }
    for name in models {
        if !manifest.models.iter().any(|m| &m.name == name) {
            return Err(Error::invalid(format!("There is no model named {name}.")));
        }
    }
    Ok(if models.is_empty() { manifest.models.iter().map(|m| m.name.clone()).collect() } else { models.to_vec() })
}

async fn get(pool: &Pool, task_id: Uuid) -> Result<GenerationTask> {
    sqlx::query_as::<_, GenerationTask>(
        "SELECT id, project_id, kind, status, input, result, error, generated_by, created_at, finished_at FROM generation_tasks WHERE id = $1",
    )
    .bind(task_id)
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| Error::not_found("generation task"))
}

pub async fn get_in(pool: &Pool, project_id: Uuid, task_id: Uuid) -> Result<GenerationTask> {
    let task = get(pool, task_id).await?;
    if task.project_id != project_id {
        return Err(Error::not_found("generation task"));
    }
    Ok(task)
}

async fn set(pool: &Pool, task_id: Uuid, status: &str, result: Option<&Value>, error: Option<&str>, by: Option<&str>) -> Result<()> {
    let finished = if status == "FINISHED" || status == "FAILED" { "now()" } else { "NULL" };
    sqlx::query(&format!(
        "UPDATE generation_tasks SET status = $2, result = COALESCE($3, result), error = $4, generated_by = COALESCE($5, generated_by),
                finished_at = {finished}
         WHERE id = $1 AND status NOT IN ('FINISHED', 'FAILED')"
    ))
    .bind(task_id)
    .bind(status)
    .bind(result)
    .bind(error)
    .bind(by)
    .execute(pool)
    .await?;
    Ok(())
}

/// Said when the language model stayed unreachable through the retries.
pub const GENERATION_FAILED: &str = "The language model could not be reached. Please try again.";

pub async fn fail(pool: &Pool, task_id: Uuid) -> Result<()> {
    set(pool, task_id, "FAILED", None, Some(GENERATION_FAILED), None).await
}

/// Does the task's work. A provider failure worth retrying comes back as an internal error
/// (the activity retries); a refusal ends the task FAILED with the provider's words.
pub async fn run(pool: &Pool, config: &Config, task_id: Uuid) -> Result<()> {
    let task = get(pool, task_id).await?;
    if task.status == "FINISHED" || task.status == "FAILED" {
        return Ok(());
    }
    set(pool, task_id, "GENERATING", None, None, None).await?;
    let requested_by: Option<Uuid> = sqlx::query_scalar("SELECT created_by FROM generation_tasks WHERE id = $1")
        .bind(task_id)
        .fetch_one(pool)
        .await?;
    let llm = for_requester(pool, config, task.project_id, requested_by).await?;
    let by = if llm.is_some() { "LLM" } else { "ENGINE" };
    let outcome = match GenerationKind::parse(&task.kind) {
        GenerationKind::ModelDescriptions => describe_models(pool, &task, llm.as_ref()).await,
        GenerationKind::RecommendedQuestions => recommend_questions(pool, &task, llm.as_ref()).await,
        GenerationKind::RecommendedRelationships => recommend_relationships(pool, config, &task, llm.as_ref()).await,
    };
    match outcome {
        Ok(result) => set(pool, task_id, "FINISHED", Some(&result), None, Some(by)).await,
        Err(Failure::Refused(error)) => set(pool, task_id, "FAILED", None, Some(&error.to_string()), Some(by)).await,
        Err(Failure::Retry(error)) => Err(error),
    }
}

enum Failure {
    Refused(LlmError),
    Retry(Error),
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        Self::Retry(error)
    }
}

async fn chat(pool: &Pool, llm: &ProjectLlm, task: &GenerationTask, step: &str, request: ChatRequest) -> std::result::Result<String, Failure> {
    match llm.provider().chat(&request).await {
        Ok(reply) => {
            let call = LlmCall {
                org_id: llm.org_id(),
                project_id: Some(task.project_id),
                asking_task_id: None,
                generation_task_id: Some(task.id),
                step,
                settings: llm.settings(),
                usage: reply.usage,
            };
            org_llm::record_call(pool, call).await?;
            Ok(reply.text)
        }
        Err(error) if error.retryable() => Err(Failure::Retry(Error::internal(error.to_string()))),
        Err(error) => Err(Failure::Refused(error)),
    }
}

async fn describe_models(pool: &Pool, task: &GenerationTask, llm: Option<&ProjectLlm>) -> std::result::Result<Value, Failure> {
    let manifest = manifest::of_project(pool, task.project_id).await?;
    let wanted: Vec<String> = task.input.get("models").and_then(|m| serde_json::from_value(m.clone()).ok()).unwrap_or_default();
    let mut described = Vec::new();
    for model in manifest.models.iter().filter(|m| wanted.is_empty() || wanted.contains(&m.name)) {
        let heuristic = describe_from_names(model);
        let proposal = match llm {
            None => heuristic,
            Some(llm) => {
                let request = ChatRequest {
                    system: format!(
                        "{}\nYou document a data model for business users. For the table the user names, reply with one \
                         JSON object: {{\"description\": one sentence on what a row is, \"columns\": {{column name: one \
                         short sentence}}}} covering every column listed.",
                        table_of(model)
                    ),
                    messages: vec![Message::user(format!("Describe the table {}.", model.name))],
                    max_tokens: 1200,
                };
                let text = chat(pool, llm, task, &format!("describe:{}", model.name), request).await?;
                merge_descriptions(model, json_in(&text), heuristic)
            }
        };
        described.push(proposal);
    }
    Ok(json!({ "models": described }))
}

/// A model's columns and types, as the prompt shows them.
fn table_of(model: &Model) -> String {
    let columns: Vec<String> = model
        .columns
        .iter()
        .filter(|c| !matches!(c.kind, ColumnKind::Relationship { .. }))
        .map(|c| format!("  {} {}", c.name, c.type_name))
        .collect();
    format!("Table {}:\n{}", model.name, columns.join("\n"))
}

/// The model's answer where it gave one for a column of the model, the names-based one elsewhere.
fn merge_descriptions(model: &Model, reply: Option<Value>, fallback: ModelDescription) -> ModelDescription {
    let Some(reply) = reply else { return fallback };
    let text = |v: Option<&Value>| v.and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    let description = text(reply.get("description")).unwrap_or(fallback.description);
    let columns = fallback
        .columns
        .into_iter()
        .map(|c| ColumnDescription {
            description: text(reply.pointer(&format!("/columns/{}", c.column.replace('~', "~0").replace('/', "~1")))).unwrap_or(c.description),
            column: c.column,
        })
        .collect();
    ModelDescription { model: model.name.clone(), description, columns }
}

/// "InvoiceLine" → "invoice line"; "billing_city" → "billing city".
fn words_of(name: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = name.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if *c == '_' || *c == '-' || *c == ' ' {
            out.push(' ');
            continue;
        }
        let boundary = i > 0 && c.is_uppercase() && (chars[i - 1].is_lowercase() || chars.get(i + 1).is_some_and(|n| n.is_lowercase()));
        if boundary && !out.ends_with(' ') {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Descriptions from names and types alone, when there is no language model.
pub fn describe_from_names(model: &Model) -> ModelDescription {
    let thing = words_of(&model.name);
    let columns = model
        .columns
        .iter()
        .filter(|c| !matches!(c.kind, ColumnKind::Relationship { .. }))
        .map(|c| {
            let words = words_of(&c.name);
            let type_name = c.type_name.to_lowercase();
            let description = if Some(&c.name) == model.primary_key.as_ref() {
                format!("Unique identifier of the {thing}.")
            } else if let Some(other) = words.strip_suffix(" id") {
                format!("Identifier of the related {other}.")
            } else if type_name.contains("date") || type_name.contains("time") {
                format!("When the {thing} {}.", if words.ends_with("date") { format!("has its {words}") } else { format!("was {words}") })
            } else if let ColumnKind::Calculated { expression } = &c.kind {
                format!("Calculated as {expression}.")
            } else {
                format!("The {words} of the {thing}.")
            };
            ColumnDescription { column: c.name.clone(), description }
        })
        .collect();
    ModelDescription { model: model.name.clone(), description: format!("One row per {thing}."), columns }
}

async fn recommend_questions(pool: &Pool, task: &GenerationTask, llm: Option<&ProjectLlm>) -> std::result::Result<Value, Failure> {
    let thread_id = task.input.get("threadId").and_then(Value::as_str).and_then(|t| t.parse::<Uuid>().ok());
    let asked: Vec<String> = match thread_id {
        Some(thread_id) => sqlx::query_scalar("SELECT question FROM thread_responses WHERE thread_id = $1 ORDER BY created_at")
            .bind(thread_id)
            .fetch_all(pool)
            .await
            .map_err(Error::from)?,
        None => Vec::new(),
    };
    let manifest: Manifest = match deploy::deployed(pool, task.project_id).await? {
        Some((_, manifest)) => manifest,
        None => manifest::of_project(pool, task.project_id).await?,
    };
    let questions = match llm {
        None => asking::answer::suggested_questions(pool, task.project_id).await?,
        Some(llm) => {
            let follow = if asked.is_empty() {
                "Recommend questions a business user would ask first.".to_owned()
            } else {
                format!("The user already asked, in order:\n- {}\nRecommend follow-up questions that go further.", asked.join("\n- "))
            };
            let request = ChatRequest {
                system: format!(
                    "{}\nYou recommend business questions that SQL over the tables above can answer. Reply with one \
                     JSON object: {{\"questions\": [up to {RECOMMENDED_QUESTIONS} short questions]}}.",
                    schema_context(&manifest, &[])
                ),
                messages: vec![Message::user(follow)],
                max_tokens: 600,
            };
            let text = chat(pool, llm, task, "questions", request).await?;
            json_in(&text)
                .and_then(|v| v.get("questions").cloned())
                .and_then(|q| serde_json::from_value::<Vec<String>>(q).ok())
                .unwrap_or_default()
        }
    };
    let questions: Vec<String> = questions
        .into_iter()
        .filter_map(|q| asking::check_question(&q).ok())
        .filter(|q| !asked.iter().any(|a| a.eq_ignore_ascii_case(q)))
        .take(RECOMMENDED_QUESTIONS)
        .collect();
    Ok(json!({ "questions": questions }))
}

/// Two proposals join the same columns (either way round).
fn same_columns(a: &Recommendation, b: &Recommendation) -> bool {
    let ends = |r: &Recommendation| [(r.from_model.clone(), r.from_column.clone()), (r.to_model.clone(), r.to_column.clone())];
    let (a, b) = (ends(a), ends(b));
    a == b || (a[0] == b[1] && a[1] == b[0])
}

/// The foreign-key and name heuristics, plus — with a language model — the relationships it
/// proposes between columns that exist, are not joined yet and the heuristics missed.
async fn recommend_relationships(pool: &Pool, config: &Config, task: &GenerationTask, llm: Option<&ProjectLlm>) -> std::result::Result<Value, Failure> {
    let mut proposed: Vec<Recommendation> = crate::datasource::recommended_relationships(pool, config, task.project_id).await?;
    if let Some(llm) = llm {
        let manifest = manifest::of_project(pool, task.project_id).await?;
        let tables: Vec<String> = manifest.models.iter().map(table_of).collect();
        let request = ChatRequest {
            system: format!(
                "{}\nYou find the relationships between these tables that a join needs. Reply with one JSON object: \
                 {{\"relationships\": [{{\"fromModel\", \"fromColumn\", \"toModel\", \"toColumn\", \"type\": \
                 MANY_TO_ONE | ONE_TO_MANY | ONE_TO_ONE, \"reason\": short}}]}}. Use only the names shown.",
                tables.join("\n")
            ),
            messages: vec![Message::user("Which relationships do these tables have?")],
            max_tokens: 1500,
        };
        let text = chat(pool, llm, task, "relationships", request).await?;
        let offered = json_in(&text).and_then(|v| v.get("relationships").cloned()).and_then(|r| r.as_array().cloned()).unwrap_or_default();
        for item in offered {
            let field = |name: &str| item.get(name).and_then(Value::as_str).unwrap_or_default().to_owned();
            let relation_type = match field("type").as_str() {
                "ONE_TO_MANY" => RelationType::OneToMany,
                "ONE_TO_ONE" => RelationType::OneToOne,
                _ => RelationType::ManyToOne,
            };
            let candidate = Recommendation {
                from_model: field("fromModel"),
                from_column: field("fromColumn"),
                to_model: field("toModel"),
                to_column: field("toColumn"),
                relation_type,
                reason: format!("Proposed by the language model: {}", field("reason")).trim_end_matches(": ").to_owned(),
            };
            let exists = |model: &str, column: &str| {
                manifest.models.iter().any(|m| m.name == model && m.columns.iter().any(|c| c.name == column && !matches!(c.kind, ColumnKind::Relationship { .. })))
            };
            let joined = manifest.relationships.iter().any(|r| r.models.contains(&candidate.from_model) && r.models.contains(&candidate.to_model));
            if exists(&candidate.from_model, &candidate.from_column)
                && exists(&candidate.to_model, &candidate.to_column)
                && candidate.from_model != candidate.to_model
                && !joined
                && !proposed.iter().any(|p| same_columns(p, &candidate))
            {
                proposed.push(candidate);
            }
        }
    }
    Ok(json!({ "relationships": proposed }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_as_words() {
        assert_eq!(words_of("InvoiceLine"), "invoice line");
        assert_eq!(words_of("billing_city"), "billing city");
        assert_eq!(words_of("HTTPStatus"), "http status");
    }
}
