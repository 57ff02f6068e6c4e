//! Asking over REST: `ask`, `stream/ask`, `generate_sql`, `generate_summary`,
//! `generate_chart`, `asks/{taskId}` and `threads/{threadId}`. Each starts the same Ask
//! workflow the web app starts and reads the task from Postgres as the web app polls it;
//! the api itself never waits on a language model, only on the read model.

use super::{Caller, parse_id};
use crate::{
    error::{ApiError, ApiResult, JsonBody},
    state::AppState,
};
use axum::{
    Extension, Json,
    extract::{Path, State},
    http::StatusCode,
    response::{
        IntoResponse, Response,
        sse::{Event, KeepAlive, Sse},
    },
};
use quarry_domain::{
    Error, ErrorCode, TaskErrorCode,
    access::Acting,
    api_history,
    api_key::ApiScope,
    asking::{self, AskStatus, AskingTask, NewTask, thread},
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::{
    convert::Infallible,
    time::{Duration, Instant},
};
use utoipa::ToSchema;
use uuid::Uuid;

/// A question to ask.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AskRequest {
    /// The question, in plain language (at most 1000 characters).
    pub question: String,
    /// The project to ask in; required for organization keys, implied by project keys.
    pub project_id: Option<Uuid>,
    /// Ask a follow-up in this thread (from an earlier answer's `threadId`).
    pub thread_id: Option<Uuid>,
    /// Answer at once with the task to poll (`GET /api/v1/asks/{taskId}`) instead of waiting.
    #[serde(default, rename = "async")]
    pub run_async: bool,
}

/// A question and SQL that answers it (generate_summary, generate_chart).
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionSqlRequest {
    pub question: String,
    /// One read-only SELECT over the models.
    pub sql: String,
    pub project_id: Option<Uuid>,
}

/// The states of an asking task (PRODUCT.md §4).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AskState {
    Idle,
    Understanding,
    Searching,
    Planning,
    Generating,
    Correcting,
    Finished,
    Failed,
    Stopped,
    NoResult,
    Deploying,
    DeployFailed,
}

impl From<AskStatus> for AskState {
    fn from(status: AskStatus) -> Self {
        match status {
            AskStatus::Idle => Self::Idle,
            AskStatus::Understanding => Self::Understanding,
            AskStatus::Searching => Self::Searching,
            AskStatus::Planning => Self::Planning,
            AskStatus::Generating => Self::Generating,
            AskStatus::Correcting => Self::Correcting,
            AskStatus::Finished => Self::Finished,
            AskStatus::Failed => Self::Failed,
            AskStatus::Stopped => Self::Stopped,
            AskStatus::NoResult => Self::NoResult,
            AskStatus::Deploying => Self::Deploying,
            AskStatus::DeployFailed => Self::DeployFailed,
        }
    }
}

/// Why a task ended without an answer, and what the caller can do about it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskError {
    /// DEPLOY_FAILED, NO_RESULT, INVALID_SQL, LLM_REFUSED, GENERAL_QUESTION, MISLEADING_QUESTION or INTERNAL_SERVER_ERROR.
    pub code: String,
    pub message: String,
}

/// The chart the web app draws for an answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Chart {
    /// AREA, BAR, GROUPED_BAR, LINE, MULTI_LINE, NUMBER, PIE or STACKED_BAR.
    pub chart_type: String,
    pub title: String,
    /// The category or time column.
    pub x: Option<String>,
    /// The measure column.
    pub y: String,
    /// The column that splits the series.
    pub color: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Column {
    pub name: String,
    /// The source's type name.
    pub r#type: String,
}

/// A phrase the question's engine could not place, with the models and columns it may mean:
/// `POST /api/v1/knowledge/terms` with one of them teaches it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeachOffer {
    pub phrase: String,
    pub candidates: Vec<TeachTarget>,
}

/// A model, or a column of one, a phrase may be taught as.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeachTarget {
    pub model: String,
    /// Empty for the model itself.
    pub column: Option<String>,
    /// In a business user's words: "genre (tracks)".
    pub label: String,
}

impl From<&asking::TeachOffer> for TeachOffer {
    fn from(o: &asking::TeachOffer) -> Self {
        Self {
            phrase: o.phrase.clone(),
            candidates: o.candidates.iter().map(|c| TeachTarget { model: c.model.clone(), column: c.column.clone(), label: c.label.clone() }).collect(),
        }
    }
}

/// An asking task: its state and, once FINISHED, its SQL, written answer, result and chart.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AskResult {
    pub task_id: Uuid,
    pub thread_id: Uuid,
    pub response_id: Uuid,
    pub status: AskState,
    /// The question as it was read (a follow-up is read together with the one before).
    pub question: String,
    pub sql: Option<String>,
    /// The written answer.
    pub summary: Option<String>,
    pub chart: Option<Chart>,
    pub columns: Vec<Column>,
    /// One array per row, one value per column (numbers, text, booleans or null).
    pub rows: Vec<Vec<Value>>,
    /// The result had more rows than are kept (5000).
    pub truncated: bool,
    /// The stored result and answer were made with data this key may not see (another
    /// identity asked, or the data-security policies changed since): none is given; ask again.
    pub withheld: bool,
    /// How each part of the question was placed.
    pub understood: Vec<String>,
    /// Questions to ask instead, when this one was not understood.
    pub suggestions: Vec<String>,
    /// For each phrase a NO_RESULT answer could not place, what it may mean.
    pub teach_offers: Vec<TeachOffer>,
    pub error: Option<TaskError>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GenerateSqlResult {
    pub task_id: Uuid,
    pub thread_id: Uuid,
    pub status: AskState,
    pub sql: Option<String>,
    pub understood: Vec<String>,
    pub error: Option<TaskError>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryResult {
    pub task_id: Uuid,
    pub thread_id: Uuid,
    pub status: AskState,
    pub summary: Option<String>,
    pub error: Option<TaskError>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartResult {
    pub task_id: Uuid,
    pub thread_id: Uuid,
    pub status: AskState,
    pub chart: Option<Chart>,
    pub error: Option<TaskError>,
}

/// One question of a thread and its answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThreadEntry {
    pub response_id: Uuid,
    pub question: String,
    pub sql: Option<String>,
    pub summary: Option<String>,
    pub chart: Option<Chart>,
    pub status: Option<AskState>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThreadResult {
    pub id: Uuid,
    pub project_id: Uuid,
    pub summary: String,
    pub responses: Vec<ThreadEntry>,
}

fn chart_of(spec: &quarry_engine::answer::ChartSpec) -> Chart {
    let chart_type = serde_json::to_value(spec.chart_type).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
    Chart { chart_type, title: spec.title.clone(), x: spec.x.clone(), y: spec.y.clone(), color: spec.color.clone() }
}

fn error_of(task: &AskingTask) -> Option<TaskError> {
    let code = task.error_code?;
    let code_text = serde_json::to_value(code).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
    Some(TaskError { code: code_text, message: task.error_message.clone().unwrap_or_else(|| code.short_message().to_owned()) })
}

/// The task as the API shows it; the response's parts only once it FINISHED.
async fn result_of(state: &AppState, acting: &Acting, task: &AskingTask) -> ApiResult<AskResult> {
    let mut result = AskResult {
        task_id: task.id,
        thread_id: task.thread_id,
        response_id: task.response_id,
        status: task.status().into(),
        question: task.question.clone(),
        sql: None,
        summary: None,
        chart: None,
        columns: Vec::new(),
        rows: Vec::new(),
        truncated: false,
        withheld: false,
        understood: task.understood.clone(),
        suggestions: task.suggestions.clone(),
        teach_offers: task.teach_offers.iter().map(Into::into).collect(),
        error: error_of(task),
    };
    if task.status() == AskStatus::Finished {
        // As the caller is shown it: made with data they may not see, it is withheld.
        let pair = asking::response_with_task(&state.pool, task.project_id, task.response_id).await?;
        let (response, _) = asking::shown_to(&state.pool, acting, task.project_id, vec![pair]).await?.pop().expect("one response in, one out");
        result.withheld = response.withheld;
        result.sql = response.sql;
        result.summary = response.answer;
        result.chart = response.chart.as_ref().map(|c| chart_of(&c.0));
        if let Some(kept) = response.result {
            result.columns = kept.0.columns.iter().map(|c| Column { name: c.name.clone(), r#type: c.type_name.clone() }).collect();
            result.rows = kept.0.rows;
            result.truncated = kept.0.truncated;
        }
    }
    Ok(result)
}

/// Waits for the task to end, reading Postgres as the web app polls it, at most `within`.
async fn settle(state: &AppState, task_id: Uuid, within: Duration) -> ApiResult<AskingTask> {
    let deadline = Instant::now() + within;
    let mut pause = Duration::from_millis(100);
    loop {
        let task = asking::get(&state.pool, task_id).await?;
        let now = Instant::now();
        if task.status().is_final() || now >= deadline {
            return Ok(task);
        }
        tokio::time::sleep(pause.min(deadline - now)).await;
        pause = (pause * 3 / 2).min(Duration::from_millis(250));
    }
}

/// Asks for the key's creator in the project the call names (the use case asks its rights,
/// the deployed models and the thread, as the web app's ask does).
async fn start(state: &AppState, caller: &Caller, project_id: Option<Uuid>, new: NewTask) -> ApiResult<(AskingTask, Acting)> {
    let (project, acting) = caller.reach(state, project_id, ApiScope::Ask).await?;
    let task = asking::ask_deployed(&state.services, &acting, project.id, new).await?;
    caller.note_thread(task.thread_id);
    Ok((task, acting))
}

/// Asks a question and waits for the answer (up to 3 minutes; then, or with `async: true`,
/// answers 202 with the task to poll).
#[utoipa::path(post, path = "/api/v1/ask", tag = "asking", request_body = AskRequest,
    responses(
        (status = 200, description = "The task ended (FINISHED, or why not in `error`)", body = AskResult),
        (status = 202, description = "Still running: poll GET /api/v1/asks/{taskId}", body = AskResult),
        (status = "4XX", description = "Refused", body = super::openapi::ErrorBody),
    ),
    security(("apiKey" = [])))]
pub async fn ask(State(state): State<AppState>, Extension(caller): Extension<Caller>, JsonBody(request): JsonBody<AskRequest>) -> ApiResult<Response> {
    let (task, acting) =
        start(&state, &caller, request.project_id, NewTask { question: request.question, thread_id: request.thread_id, ..NewTask::default() }).await?;
    let task = if request.run_async { task } else { settle(&state, task.id, state.config.api_ask_wait).await? };
    Ok((ended(&task), Json(result_of(&state, &acting, &task).await?)).into_response())
}

/// An asking task started with `ask`: its state, and its answer once FINISHED.
#[utoipa::path(get, path = "/api/v1/asks/{taskId}", tag = "asking",
    params(("taskId" = Uuid, Path, description = "The task's id")),
    responses((status = 200, body = AskResult), (status = "4XX", body = super::openapi::ErrorBody)),
    security(("apiKey" = [])))]
pub async fn get_ask(State(state): State<AppState>, Extension(caller): Extension<Caller>, Path(task_id): Path<String>) -> ApiResult<Json<AskResult>> {
    let task = asking::get(&state.pool, parse_id(&task_id, "Asking task")?).await.map_err(|_| Error::not_found("Asking task"))?;
    // Another tenant's task answers as an unknown one does.
    let hidden = |error: ApiError| if error.code() == ErrorCode::NotFound { Error::not_found("Asking task").into() } else { error };
    let (project, acting) = caller.reach(&state, Some(task.project_id), ApiScope::Ask).await.map_err(hidden)?;
    let task = asking::poll(&state.pool, &acting, project.id, task.id).await.map_err(|error| hidden(error.into()))?;
    caller.note_thread(task.thread_id);
    Ok(Json(result_of(&state, &acting, &task).await?))
}

/// Asks a question and streams its states as Server-Sent Events: `state` events
/// (`{"taskId": …, "status": …}`, from IDLE) in order, then one `answer` event holding the
/// AskResult. Closing the connection does not stop the question; its answer is kept in the
/// API history.
#[utoipa::path(post, path = "/api/v1/stream/ask", tag = "asking", request_body = AskRequest,
    responses(
        (status = 200, description = "text/event-stream: `state` events, then `answer`", content_type = "text/event-stream", body = String),
        (status = "4XX", body = super::openapi::ErrorBody),
    ),
    security(("apiKey" = [])))]
pub async fn stream_ask(State(state): State<AppState>, Extension(caller): Extension<Caller>, JsonBody(request): JsonBody<AskRequest>) -> ApiResult<Response> {
    let request_body = serde_json::to_value(&request).ok();
    let (task, acting) =
        start(&state, &caller, request.project_id, NewTask { question: request.question, thread_id: request.thread_id, ..NewTask::default() }).await?;
    caller.records_itself();
    let (events, received) = tokio::sync::mpsc::channel::<Event>(32);
    // The ask is followed to its end whether or not anyone still listens: its answer is
    // recorded in the history either way.
    tokio::spawn(follow(state, caller, acting, task, request_body, events));
    let stream = futures::stream::unfold(received, |mut received| async move { received.recv().await.map(|event| (Ok::<_, Infallible>(event), received)) });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()).into_response())
}

async fn follow(state: AppState, caller: Caller, acting: Acting, task: AskingTask, request_body: Option<Value>, events: tokio::sync::mpsc::Sender<Event>) {
    let deadline = Instant::now() + state.config.api_ask_wait;
    let mut last = None;
    let mut current = task;
    let ended = loop {
        if last != Some(current.status()) {
            last = Some(current.status());
            let event = Event::default().event("state").json_data(serde_json::json!({ "taskId": current.id, "status": AskState::from(current.status()) }));
            if let Ok(event) = event {
                // A closed connection only means nobody listens any more.
                let _ = events.send(event).await;
            }
        }
        if current.status().is_final() || Instant::now() >= deadline {
            break Ok(current);
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
        match asking::get(&state.pool, current.id).await {
            Ok(task) => current = task,
            Err(error) => break Err(error),
        }
    };
    let (status, body) = match ended {
        Ok(task) => match result_of(&state, &acting, &task).await {
            Ok(result) => (if task.status().is_final() { 200 } else { 202 }, serde_json::to_value(&result).unwrap_or_default()),
            Err(error) => (500, serde_json::json!({ "error": error.code().as_str() })),
        },
        Err(error) => (500, serde_json::json!({ "error": ApiError::from(error).code().as_str() })),
    };
    if let Ok(event) = Event::default().event("answer").json_data(&body) {
        let _ = events.send(event).await;
    }
    drop(events);
    let call = caller.call(status, request_body, Some(body));
    if let Err(error) = api_history::record(&state.pool, call).await {
        tracing::error!(error = %error, "could not record a streamed API call");
    }
}

/// The SQL that answers a question (the Ask workflow, as `ask`). A question that is not
/// about the data is refused with NON_SQL_QUERY.
#[utoipa::path(post, path = "/api/v1/generate_sql", tag = "asking", request_body = AskRequest,
    responses((status = 200, body = GenerateSqlResult), (status = 202, description = "Still running: poll GET /api/v1/asks/{taskId}", body = GenerateSqlResult), (status = "4XX", body = super::openapi::ErrorBody)),
    security(("apiKey" = [])))]
pub async fn generate_sql(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    JsonBody(request): JsonBody<AskRequest>,
) -> ApiResult<(StatusCode, Json<GenerateSqlResult>)> {
    let (task, acting) =
        start(&state, &caller, request.project_id, NewTask { question: request.question, thread_id: request.thread_id, ..NewTask::default() }).await?;
    let task = settle(&state, task.id, state.config.api_ask_wait).await?;
    if matches!(task.error_code, Some(TaskErrorCode::GeneralQuestion | TaskErrorCode::MisleadingQuestion)) {
        let message = task.error_message.clone().unwrap_or_else(|| "The question is not about the data.".into());
        return Err(Error::new(ErrorCode::NonSqlQuery, message).into());
    }
    let result = result_of(&state, &acting, &task).await?;
    Ok((
        ended(&task),
        Json(GenerateSqlResult {
            task_id: result.task_id,
            thread_id: result.thread_id,
            status: result.status,
            sql: result.sql,
            understood: result.understood,
            error: result.error,
        }),
    ))
}

/// Runs the given SQL for the question through the Ask workflow; 202 while it still runs.
async fn answer_sql(state: &AppState, caller: &Caller, request: QuestionSqlRequest) -> ApiResult<(StatusCode, AskResult)> {
    let (task, acting) = start(state, caller, request.project_id, NewTask { question: request.question, sql: Some(request.sql), ..NewTask::default() }).await?;
    let task = settle(state, task.id, state.config.api_ask_wait).await?;
    Ok((ended(&task), result_of(state, &acting, &task).await?))
}

/// 200 once the task ended, 202 while it runs (poll `asks/{taskId}`).
fn ended(task: &AskingTask) -> StatusCode {
    if task.status().is_final() { StatusCode::OK } else { StatusCode::ACCEPTED }
}

/// A written answer to a question from the result of the given SQL.
#[utoipa::path(post, path = "/api/v1/generate_summary", tag = "asking", request_body = QuestionSqlRequest,
    responses((status = 200, body = SummaryResult), (status = 202, description = "Still running: poll GET /api/v1/asks/{taskId}", body = SummaryResult), (status = "4XX", body = super::openapi::ErrorBody)),
    security(("apiKey" = [])))]
pub async fn generate_summary(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    JsonBody(request): JsonBody<QuestionSqlRequest>,
) -> ApiResult<(StatusCode, Json<SummaryResult>)> {
    let (status, r) = answer_sql(&state, &caller, request).await?;
    Ok((status, Json(SummaryResult { task_id: r.task_id, thread_id: r.thread_id, status: r.status, summary: r.summary, error: r.error })))
}

/// The chart the web app would draw for the result of the given SQL.
#[utoipa::path(post, path = "/api/v1/generate_chart", tag = "asking", request_body = QuestionSqlRequest,
    responses((status = 200, body = ChartResult), (status = 202, description = "Still running: poll GET /api/v1/asks/{taskId}", body = ChartResult), (status = "4XX", body = super::openapi::ErrorBody)),
    security(("apiKey" = [])))]
pub async fn generate_chart(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    JsonBody(request): JsonBody<QuestionSqlRequest>,
) -> ApiResult<(StatusCode, Json<ChartResult>)> {
    let (status, r) = answer_sql(&state, &caller, request).await?;
    Ok((status, Json(ChartResult { task_id: r.task_id, thread_id: r.thread_id, status: r.status, chart: r.chart, error: r.error })))
}

/// A thread's questions and answers, oldest first.
#[utoipa::path(get, path = "/api/v1/threads/{threadId}", tag = "asking",
    params(("threadId" = Uuid, Path, description = "The thread's id")),
    responses((status = 200, body = ThreadResult), (status = "4XX", body = super::openapi::ErrorBody)),
    security(("apiKey" = [])))]
pub async fn get_thread(State(state): State<AppState>, Extension(caller): Extension<Caller>, Path(thread_id): Path<String>) -> ApiResult<Json<ThreadResult>> {
    let thread_id = parse_id(&thread_id, "Thread")?;
    let project_id = thread::project_of(&state.pool, thread_id).await?.ok_or_else(|| Error::not_found("Thread"))?;
    let hidden = |error: ApiError| if error.code() == ErrorCode::NotFound { Error::not_found("Thread").into() } else { error };
    let (project, acting) = caller.reach(&state, Some(project_id), ApiScope::Ask).await.map_err(hidden)?;
    let found = asking::read_thread(&state.pool, &acting, project.id, thread_id).await?.thread;
    caller.note_thread(thread_id);
    let responses = asking::read_thread_responses(&state.pool, &acting, project.id, thread_id)
        .await?
        .into_iter()
        .map(|(r, task)| ThreadEntry {
            status: task.map(|t| t.status().into()),
            response_id: r.id,
            question: r.question,
            sql: r.sql,
            summary: r.answer,
            chart: r.chart.as_ref().map(|c| chart_of(&c.0)),
        })
        .collect();
    Ok(Json(ThreadResult { id: found.id, project_id, summary: found.summary, responses }))
}
