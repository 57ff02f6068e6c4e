//! Threads and their responses. A thread is one person's conversation in a project; each
//! question in it is a response whose SQL, answer, cached result and chart its task writes.

use crate::{
    db::Pool,
    error::{Error, ErrorCode, Result},
    folder::{self, Viewer},
    generation::GenerationStatus,
};
use chrono::{DateTime, Utc};
use quarry_engine::{ResultColumn, answer::ChartSpec};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::types::Json;
use uuid::Uuid;

/// Thread names are cut to this many characters.
pub const SUMMARY_MAX_CHARS: usize = 100;

/// PRODUCT.md §9: the first 5000 rows of a result are kept with the response.
pub const CACHED_ROWS: usize = 5000;

#[derive(Debug, Clone)]
pub struct Thread {
    pub id: Uuid,
    pub project_id: Uuid,
    pub created_by: Option<Uuid>,
    pub summary: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The cached result of a response's SQL.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ResponseResult {
    pub columns: Vec<ResultColumn>,
    pub rows: Vec<Vec<Value>>,
    /// The query had more rows than were cached.
    pub truncated: bool,
}

#[derive(Debug, Clone)]
pub struct ThreadResponse {
    pub id: Uuid,
    pub thread_id: Uuid,
    pub project_id: Uuid,
    pub question: String,
    pub sql: Option<String>,
    pub answer: Option<String>,
    pub answer_status: GenerationStatus,
    pub result: Option<Json<ResponseResult>>,
    pub chart: Option<Json<ChartSpec>>,
    pub chart_status: GenerationStatus,
    pub chart_error: Option<String>,
    /// The data-security context its result and answer were made in (None: before contexts
    /// were kept, as without policies).
    pub seen_as: Option<String>,
    /// Its result and answer are kept from this reader (see [`super::shown_to`]).
    pub withheld: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Said instead of an answer made with data the reader may not see.
pub const WITHHELD: &str = "This answer was made with data you may not see under this project's data-security policies (or before they changed). Ask the question again to get your own answer.";

impl ThreadResponse {
    /// Keeps its result and written answer from the reader: the question, SQL and chart
    /// settings stay.
    pub(super) fn withhold(&mut self) {
        self.result = None;
        self.answer = Some(WITHHELD.to_owned());
        self.withheld = true;
    }
}

fn summary_of(question: &str) -> String {
    let summary: String = question.trim().chars().take(SUMMARY_MAX_CHARS).collect();
    summary
}

pub(super) async fn insert(tx: &mut sqlx::PgConnection, project_id: Uuid, user_id: Option<Uuid>, question: &str) -> Result<Uuid> {
    let id = Uuid::new_v4();
    sqlx::query!("INSERT INTO threads (id, project_id, created_by, summary) VALUES ($1, $2, $3, $4)", id, project_id, user_id, summary_of(question),)
        .execute(&mut *tx)
        .await?;
    Ok(id)
}

pub(super) async fn get_in(tx: &mut sqlx::PgConnection, project_id: Uuid, thread_id: Uuid) -> Result<Thread> {
    sqlx::query_as!(
        Thread,
        "SELECT id, project_id, created_by, summary, created_at, updated_at FROM threads WHERE id = $1 AND project_id = $2",
        thread_id,
        project_id,
    )
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| Error::not_found("Thread"))
}

pub(super) async fn insert_response(tx: &mut sqlx::PgConnection, project_id: Uuid, thread_id: Uuid, question: &str) -> Result<Uuid> {
    let id = Uuid::new_v4();
    sqlx::query!("INSERT INTO thread_responses (id, thread_id, project_id, question) VALUES ($1, $2, $3, $4)", id, thread_id, project_id, question,)
        .execute(&mut *tx)
        .await?;
    Ok(id)
}

pub(super) async fn response_in(tx: &mut sqlx::PgConnection, thread_id: Uuid, response_id: Uuid) -> Result<Uuid> {
    sqlx::query_scalar!("SELECT id FROM thread_responses WHERE id = $1 AND thread_id = $2", response_id, thread_id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(|| Error::not_found("Thread response"))
}

/// Creates an empty thread (questions are added with asking tasks).
pub async fn create(pool: &Pool, project_id: Uuid, user_id: Option<Uuid>, summary: &str) -> Result<Thread> {
    let summary = check_summary(summary)?;
    let mut conn = pool.acquire().await?;
    let id = insert(&mut conn, project_id, user_id, &summary).await?;
    get(pool, project_id, id).await
}

fn check_summary(summary: &str) -> Result<String> {
    let summary = summary.trim();
    if summary.is_empty() {
        return Err(Error::invalid("Please enter the thread name."));
    }
    Ok(summary_of(summary))
}

/// The project a thread belongs to, if it exists (callers then check they may see it).
pub async fn project_of(pool: &Pool, thread_id: Uuid) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar!("SELECT project_id FROM threads WHERE id = $1", thread_id).fetch_optional(pool).await?)
}

pub async fn get(pool: &Pool, project_id: Uuid, thread_id: Uuid) -> Result<Thread> {
    let mut conn = pool.acquire().await?;
    get_in(&mut conn, project_id, thread_id).await
}

/// What someone means to do with a thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Use {
    /// Read it, its responses and their tasks.
    Read,
    /// Ask in it, change or rerun its responses.
    Write,
}

/// The thread of the project, when the viewer may `use` it — the one rule for every transport:
/// their own thread, for anything; a thread in or shared into a folder they see, to read; and
/// to write when they are an editor (an owner or contributor; a viewer only reads). A thread
/// of another project, or one they do not see, is NOT_FOUND: its existence is not told.
pub(crate) async fn open(pool: &Pool, project_id: Uuid, thread_id: Uuid, viewer: Viewer, use_: Use) -> Result<Thread> {
    let thread = get(pool, project_id, thread_id).await?;
    if thread.created_by == Some(viewer.user_id) {
        return Ok(thread);
    }
    if !folder::sees_thread(pool, project_id, thread.id, viewer).await? {
        return Err(Error::not_found("Thread"));
    }
    if use_ == Use::Write && !viewer.editor {
        return Err(Error::new(ErrorCode::UnauthorizedRoleAccess, "You do not have permission to change a thread shared with you."));
    }
    Ok(thread)
}

/// The user's threads in the project, latest activity first.
pub(crate) async fn list(pool: &Pool, project_id: Uuid, user_id: Uuid) -> Result<Vec<Thread>> {
    Ok(sqlx::query_as!(
        Thread,
        "SELECT id, project_id, created_by, summary, created_at, updated_at FROM threads
         WHERE project_id = $1 AND created_by = $2 ORDER BY updated_at DESC",
        project_id,
        user_id,
    )
    .fetch_all(pool)
    .await?)
}

pub(crate) async fn rename(pool: &Pool, project_id: Uuid, thread_id: Uuid, summary: &str) -> Result<Thread> {
    let summary = check_summary(summary)?;
    let renamed = sqlx::query!("UPDATE threads SET summary = $3, updated_at = now() WHERE id = $1 AND project_id = $2", thread_id, project_id, summary,)
        .execute(pool)
        .await?;
    if renamed.rows_affected() == 0 {
        return Err(Error::not_found("Thread"));
    }
    get(pool, project_id, thread_id).await
}

/// Deletes a thread with its responses and tasks (running tasks are cancelled by the caller).
pub async fn delete(pool: &Pool, project_id: Uuid, thread_id: Uuid) -> Result<()> {
    let deleted = sqlx::query!("DELETE FROM threads WHERE id = $1 AND project_id = $2", thread_id, project_id).execute(pool).await?;
    if deleted.rows_affected() == 0 {
        return Err(Error::not_found("Thread"));
    }
    Ok(())
}

/// A thread's responses in the order they were asked.
pub async fn responses<'e>(executor: impl sqlx::PgExecutor<'e>, thread_id: Uuid) -> Result<Vec<ThreadResponse>> {
    Ok(sqlx::query_as!(
        ThreadResponse,
        r#"SELECT id, thread_id, project_id, question, sql, answer, answer_status AS "answer_status: GenerationStatus",
                  result AS "result: Json<ResponseResult>", chart AS "chart: Json<ChartSpec>",
                  chart_status AS "chart_status: GenerationStatus", chart_error, seen_as, FALSE AS "withheld!", created_at, updated_at
           FROM thread_responses WHERE thread_id = $1 ORDER BY created_at, id"#,
        thread_id,
    )
    .fetch_all(executor)
    .await?)
}

pub async fn response<'e>(executor: impl sqlx::PgExecutor<'e>, project_id: Uuid, response_id: Uuid) -> Result<ThreadResponse> {
    sqlx::query_as!(
        ThreadResponse,
        r#"SELECT id, thread_id, project_id, question, sql, answer, answer_status AS "answer_status: GenerationStatus",
                  result AS "result: Json<ResponseResult>", chart AS "chart: Json<ChartSpec>",
                  chart_status AS "chart_status: GenerationStatus", chart_error, seen_as, FALSE AS "withheld!", created_at, updated_at
           FROM thread_responses WHERE id = $1 AND project_id = $2"#,
        response_id,
        project_id,
    )
    .fetch_optional(executor)
    .await?
    .ok_or_else(|| Error::not_found("Thread response"))
}

/// Replaces a response's chart (a user's adjustment, already checked against the result).
pub async fn set_chart(pool: &Pool, response_id: Uuid, chart: Option<&ChartSpec>, error: Option<&str>) -> Result<()> {
    let status = if chart.is_some() { GenerationStatus::Finished } else { GenerationStatus::Failed };
    sqlx::query!(
        "UPDATE thread_responses SET chart = $2, chart_status = $3, chart_error = $4, updated_at = now() WHERE id = $1",
        response_id,
        chart.map(Json) as _,
        status as GenerationStatus,
        error,
    )
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn set_answer(pool: &Pool, response_id: Uuid, answer: &str) -> Result<()> {
    sqlx::query!(
        "UPDATE thread_responses SET answer = $2, answer_status = $3, updated_at = now() WHERE id = $1",
        response_id,
        answer,
        GenerationStatus::Finished as GenerationStatus,
    )
    .execute(pool)
    .await?;
    Ok(())
}
