//! Generation tasks: work done for the user to review before anything changes — model and
//! column descriptions (CreateModelDescriptionTask) and recommended questions for a project
//! or a thread. The organisation's language model does the work when there is one; without
//! it, descriptions are written from names and types and questions come from the embedded
//! engine. Each task runs as a workflow; the client polls it here.

use chrono::{DateTime, Utc};
use quarry_engine::mdl::{ColumnKind, Manifest, Model};
use quarry_llm::{ChatRequest, LlmError, Message};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::{
    access::Acting,
    asking::{
        self,
        llm::{ProjectLlm, for_requester, json_in, schema_context},
        thread::{self, Use},
    },
    config::Config,
    db::Pool,
    deploy,
    error::{Error, Result},
    folder::Viewer,
    llm::{self as org_llm, LlmCall},
    modeling::{RelationType, manifest},
    permissions::Operation,
    recommend::Recommendation,
    services::{Services, Workflow},
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum GenerationKind {
    ModelDescriptions,
    RecommendedQuestions,
    RecommendedRelationships,
}

/// PRODUCT.md §4 generation status: of a generation task, and of a response's written answer
/// and chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum GenerationStatus {
    NotStarted,
    Generating,
    Finished,
    Failed,
}

impl GenerationStatus {
    /// Nothing moves a task out of these; SQL guards bind this list (`status <> ALL($n)`).
    pub const FINAL: &[GenerationStatus] = &[Self::Finished, Self::Failed];

    pub fn is_final(self) -> bool {
        Self::FINAL.contains(&self)
    }
}

/// What a task is asked to do; its kind follows from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GenerationInput {
    /// Describe these models (every model of the project, as checked when it was asked).
    ModelDescriptions {
        models: Vec<String>,
    },
    /// Recommend questions for the project, or follow-ups for a thread.
    RecommendedQuestions {
        thread_id: Option<Uuid>,
    },
    RecommendedRelationships,
}

/// What a finished task proposes, for the user to review.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GenerationResult {
    ModelDescriptions(Vec<ModelDescription>),
    RecommendedQuestions(Vec<String>),
    RecommendedRelationships(Vec<Recommendation>),
}

/// The stored shapes of inputs and results (`input` and `result`, jsonb).
mod stored {
    use super::{ModelDescription, Recommendation};
    use serde::{Deserialize, Serialize};
    use uuid::Uuid;

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Models {
        pub models: Vec<String>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct Thread {
        pub thread_id: Option<Uuid>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Nothing {}

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Descriptions {
        pub models: Vec<ModelDescription>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Questions {
        pub questions: Vec<String>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Relationships {
        pub relationships: Vec<Recommendation>,
    }
}

fn to_json(value: impl Serialize) -> Value {
    serde_json::to_value(value).expect("generation inputs and results serialise")
}

/// A stored value of the shape `kind` expects, or an internal error naming the task.
fn from_json<T: serde::de::DeserializeOwned>(task_id: Uuid, what: &str, value: Value) -> Result<T> {
    serde_json::from_value(value).map_err(|e| Error::internal(format!("generation task {task_id}: {what} of an unexpected shape: {e}")))
}

impl GenerationInput {
    pub fn kind(&self) -> GenerationKind {
        match self {
            Self::ModelDescriptions { .. } => GenerationKind::ModelDescriptions,
            Self::RecommendedQuestions { .. } => GenerationKind::RecommendedQuestions,
            Self::RecommendedRelationships => GenerationKind::RecommendedRelationships,
        }
    }

    fn to_json(&self) -> Value {
        match self {
            Self::ModelDescriptions { models } => to_json(stored::Models { models: models.clone() }),
            Self::RecommendedQuestions { thread_id } => to_json(stored::Thread { thread_id: *thread_id }),
            Self::RecommendedRelationships => to_json(stored::Nothing {}),
        }
    }

    fn from_json(task_id: Uuid, kind: GenerationKind, value: Value) -> Result<Self> {
        Ok(match kind {
            GenerationKind::ModelDescriptions => Self::ModelDescriptions { models: from_json::<stored::Models>(task_id, "input", value)?.models },
            GenerationKind::RecommendedQuestions => Self::RecommendedQuestions { thread_id: from_json::<stored::Thread>(task_id, "input", value)?.thread_id },
            GenerationKind::RecommendedRelationships => {
                from_json::<stored::Nothing>(task_id, "input", value)?;
                Self::RecommendedRelationships
            }
        })
    }
}

impl GenerationResult {
    fn to_json(&self) -> Value {
        match self {
            Self::ModelDescriptions(models) => to_json(stored::Descriptions { models: models.clone() }),
            Self::RecommendedQuestions(questions) => to_json(stored::Questions { questions: questions.clone() }),
            Self::RecommendedRelationships(relationships) => to_json(stored::Relationships { relationships: relationships.clone() }),
        }
    }

    fn from_json(task_id: Uuid, kind: GenerationKind, value: Value) -> Result<Self> {
        Ok(match kind {
            GenerationKind::ModelDescriptions => Self::ModelDescriptions(from_json::<stored::Descriptions>(task_id, "result", value)?.models),
            GenerationKind::RecommendedQuestions => Self::RecommendedQuestions(from_json::<stored::Questions>(task_id, "result", value)?.questions),
            GenerationKind::RecommendedRelationships => {
                Self::RecommendedRelationships(from_json::<stored::Relationships>(task_id, "result", value)?.relationships)
            }
        })
    }
}

#[derive(Debug, Clone)]
pub struct GenerationTask {
    pub id: Uuid,
    pub project_id: Uuid,
    pub status: GenerationStatus,
    pub input: GenerationInput,
    /// Once FINISHED.
    pub result: Option<GenerationResult>,
    pub error: Option<String>,
    pub generated_by: Option<String>,
    pub created_by: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl GenerationTask {
    pub fn kind(&self) -> GenerationKind {
        self.input.kind()
    }
}

/// A task as stored; its input and result are read in the shape its kind expects.
struct TaskRow {
    id: Uuid,
    project_id: Uuid,
    kind: GenerationKind,
    status: GenerationStatus,
    input: Value,
    result: Option<Value>,
    error: Option<String>,
    generated_by: Option<String>,
    created_by: Option<Uuid>,
    created_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
}

impl TryFrom<TaskRow> for GenerationTask {
    type Error = Error;

    fn try_from(row: TaskRow) -> Result<Self> {
        Ok(Self {
            input: GenerationInput::from_json(row.id, row.kind, row.input)?,
            result: row.result.map(|r| GenerationResult::from_json(row.id, row.kind, r)).transpose()?,
            id: row.id,
            project_id: row.project_id,
            status: row.status,
            error: row.error,
            generated_by: row.generated_by,
            created_by: row.created_by,
            created_at: row.created_at,
            finished_at: row.finished_at,
        })
    }
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

pub async fn create(pool: &Pool, project_id: Uuid, user_id: Uuid, input: GenerationInput) -> Result<GenerationTask> {
    sqlx::query_as!(
        TaskRow,
        r#"INSERT INTO generation_tasks (id, project_id, kind, input, created_by) VALUES ($1, $2, $3, $4, $5)
           RETURNING id, project_id, kind AS "kind: GenerationKind", status AS "status: GenerationStatus", input, result, error,
                     generated_by, created_by, created_at, finished_at"#,
        Uuid::new_v4(),
        project_id,
        input.kind() as GenerationKind,
        input.to_json(),
        user_id,
    )
    .fetch_one(pool)
    .await?
    .try_into()
}

/// Starts a generation for `acting`: descriptions and relationships are modelling work
/// (UpdateModels: viewers read the model and do not start work billed to the org), question
/// recommendations are asking (Ask), for the project or for a thread `acting` may work on.
/// Checks what is asked, records the task and starts its workflow; one that cannot start
/// fails the task at once.
pub async fn request(services: &Services, acting: &Acting, project_id: Uuid, input: GenerationInput) -> Result<GenerationTask> {
    let op = match input {
        GenerationInput::RecommendedQuestions { .. } => Operation::Ask,
        GenerationInput::ModelDescriptions { .. } | GenerationInput::RecommendedRelationships => Operation::UpdateModels,
    };
    let actor = acting.may(&services.pool, op, project_id).await?;
    let input = match input {
        GenerationInput::ModelDescriptions { models } => {
            GenerationInput::ModelDescriptions { models: check_models(&services.pool, project_id, &models).await? }
        }
        GenerationInput::RecommendedQuestions { thread_id: Some(thread_id) } => {
            let viewer = Viewer::of(acting.account.id, actor);
            GenerationInput::RecommendedQuestions { thread_id: Some(thread::open(&services.pool, project_id, thread_id, viewer, Use::Write).await?.id) }
        }
        other => other,
    };
    let task = create(&services.pool, project_id, acting.account.id, input).await?;
    services.start(Workflow::Generation { project_id, task_id: task.id }, fail(&services.pool, task.id)).await?;
    Ok(task)
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
    sqlx::query_as!(
        TaskRow,
        r#"SELECT id, project_id, kind AS "kind: GenerationKind", status AS "status: GenerationStatus", input, result, error,
                  generated_by, created_by, created_at, finished_at
           FROM generation_tasks WHERE id = $1"#,
        task_id,
    )
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| Error::not_found("generation task"))?
    .try_into()
}

/// A generation task of the project, for whoever may read its models (ReadModels).
pub async fn get_in(pool: &Pool, acting: &Acting, project_id: Uuid, task_id: Uuid) -> Result<GenerationTask> {
    acting.may(pool, Operation::ReadModels, project_id).await?;
    let task = get(pool, task_id).await?;
    if task.project_id != project_id {
        return Err(Error::not_found("generation task"));
    }
    Ok(task)
}

async fn set(pool: &Pool, task_id: Uuid, status: GenerationStatus, result: Option<&GenerationResult>, error: Option<&str>, by: Option<&str>) -> Result<()> {
    sqlx::query!(
        "UPDATE generation_tasks SET status = $2, result = COALESCE($3, result), error = $4, generated_by = COALESCE($5, generated_by),
                finished_at = CASE WHEN $6 THEN now() END
         WHERE id = $1 AND status <> ALL($7)",
        task_id,
        status as GenerationStatus,
        result.map(GenerationResult::to_json),
        error,
        by,
        status.is_final(),
        GenerationStatus::FINAL as &[GenerationStatus],
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Said when the language model stayed unreachable through the retries.
pub const GENERATION_FAILED: &str = "The language model could not be reached. Please try again.";

pub async fn fail(pool: &Pool, task_id: Uuid) -> Result<()> {
    set(pool, task_id, GenerationStatus::Failed, None, Some(GENERATION_FAILED), None).await
}

/// Does the task's work. A provider failure worth retrying comes back as an internal error
/// (the activity retries); a refusal ends the task FAILED with the provider's words.
pub async fn run(pool: &Pool, config: &Config, task_id: Uuid) -> Result<()> {
    let task = get(pool, task_id).await?;
    if task.status.is_final() {
        return Ok(());
    }
    set(pool, task_id, GenerationStatus::Generating, None, None, None).await?;
    let llm = for_requester(pool, config, task.project_id, task.created_by).await?;
    let by = if llm.is_some() { "LLM" } else { "ENGINE" };
    let outcome = match &task.input {
        GenerationInput::ModelDescriptions { models } => describe_models(pool, &task, models, llm.as_ref()).await,
        GenerationInput::RecommendedQuestions { thread_id } => recommend_questions(pool, &task, *thread_id, llm.as_ref()).await,
        GenerationInput::RecommendedRelationships => recommend_relationships(pool, config, &task, llm.as_ref()).await,
    };
    match outcome {
        Ok(result) => set(pool, task_id, GenerationStatus::Finished, Some(&result), None, Some(by)).await,
        Err(Failure::Refused(error)) => set(pool, task_id, GenerationStatus::Failed, None, Some(&error.to_string()), Some(by)).await,
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

async fn describe_models(pool: &Pool, task: &GenerationTask, wanted: &[String], llm: Option<&ProjectLlm>) -> std::result::Result<GenerationResult, Failure> {
    let manifest = manifest::of_project(pool, task.project_id).await?;
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
    Ok(GenerationResult::ModelDescriptions(described))
}

/// A model's columns and types, as the prompt shows them.
fn table_of(model: &Model) -> String {
    let columns: Vec<String> =
        model.columns.iter().filter(|c| !matches!(c.kind, ColumnKind::Relationship { .. })).map(|c| format!("  {} {}", c.name, c.type_name)).collect();
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

async fn recommend_questions(
    pool: &Pool,
    task: &GenerationTask,
    thread_id: Option<Uuid>,
    llm: Option<&ProjectLlm>,
) -> std::result::Result<GenerationResult, Failure> {
    let asked: Vec<String> = match thread_id {
        Some(thread_id) => sqlx::query_scalar!("SELECT question FROM thread_responses WHERE thread_id = $1 ORDER BY created_at", thread_id)
            .fetch_all(pool)
            .await
            .map_err(Error::from)?,
        None => Vec::new(),
    };
    let manifest: Manifest = match deploy::deployed(pool, task.project_id).await? {
        Some((_, manifest)) => manifest,
        None => manifest::of_project(pool, task.project_id).await?,
    };
    // Follow-ups of the thread's last answer built from its reading (a group drilled into,
    // the previous period, another breakdown) and answerable by the engine: first, whether
    // or not a language model adds its own.
    let last = match thread_id {
        // The question as the engine read it (a follow-up made whole), with its SQL.
        Some(thread_id) => sqlx::query!(
            r#"SELECT t.question, r.sql AS "sql!" FROM thread_responses r JOIN asking_tasks t ON t.response_id = r.id
               WHERE r.thread_id = $1 AND r.sql IS NOT NULL AND t.given_sql IS NULL AND t.status = $2
               ORDER BY r.created_at DESC, t.created_at DESC LIMIT 1"#,
            thread_id,
            asking::AskStatus::Finished as asking::AskStatus,
        )
        .fetch_optional(pool)
        .await
        .map_err(Error::from)?,
        None => None,
    };
    let mut questions = match last {
        Some(last) => asking::answer::follow_up_questions(pool, task.project_id, &last.question, &last.sql, RECOMMENDED_QUESTIONS / 2).await?,
        None => Vec::new(),
    };
    match llm {
        // Without a model: then the project's first questions.
        None => questions.extend(asking::answer::suggested_questions(pool, task.project_id).await?),
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
                    // Questions for everyone: nothing a column policy keeps from anyone.
                    schema_context(&quarry_engine::compile::security::described(&manifest, &quarry_engine::compile::security::Viewer::nobody()), &[])
                ),
                messages: vec![Message::user(follow)],
                max_tokens: 600,
            };
            let text = chat(pool, llm, task, "questions", request).await?;
            questions.extend(
                json_in(&text).and_then(|v| v.get("questions").cloned()).and_then(|q| serde_json::from_value::<Vec<String>>(q).ok()).unwrap_or_default(),
            );
        }
    }
    let mut seen = std::collections::HashSet::new();
    let questions: Vec<String> = questions
        .into_iter()
        .filter_map(|q| asking::check_question(&q).ok())
        .filter(|q| !asked.iter().any(|a| a.eq_ignore_ascii_case(q)) && seen.insert(q.to_lowercase()))
        .take(RECOMMENDED_QUESTIONS)
        .collect();
    Ok(GenerationResult::RecommendedQuestions(questions))
}

/// Two proposals join the same columns (either way round).
fn same_columns(a: &Recommendation, b: &Recommendation) -> bool {
    let ends = |r: &Recommendation| [(r.from_model.clone(), r.from_column.clone()), (r.to_model.clone(), r.to_column.clone())];
    let (a, b) = (ends(a), ends(b));
    a == b || (a[0] == b[1] && a[1] == b[0])
}

/// The foreign-key and name heuristics, plus — with a language model — the relationships it
/// proposes between columns that exist, are not joined yet and the heuristics missed.
async fn recommend_relationships(
    pool: &Pool,
    config: &Config,
    task: &GenerationTask,
    llm: Option<&ProjectLlm>,
) -> std::result::Result<GenerationResult, Failure> {
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
                manifest
                    .models
                    .iter()
                    .any(|m| m.name == model && m.columns.iter().any(|c| c.name == column && !matches!(c.kind, ColumnKind::Relationship { .. })))
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
    Ok(GenerationResult::RecommendedRelationships(proposed))
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
