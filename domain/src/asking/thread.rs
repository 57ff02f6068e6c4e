//! Threads and their responses. A thread is one person's conversation in a project; each
//! question in it is a response whose SQL, answer, cached result and chart its task writes.

use crate::{
    db::Pool,
    error::{Error, Result},
};
use chrono::{DateTime, Utc};
use quarry_engine::{ResultColumn, answer::ChartSpec};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

/// Thread names are cut to this many characters.
pub const SUMMARY_MAX_CHARS: usize = 100;

/// PRODUCT.md §9: the first 5000 rows of a result are kept with the response.
pub const CACHED_ROWS: usize = 5000;

#[derive(Debug, Clone, sqlx::FromRow)]
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

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ThreadResponse {
    pub id: Uuid,
    pub thread_id: Uuid,
    pub project_id: Uuid,
    pub question: String,
    pub sql: Option<String>,
    pub answer: Option<String>,
    pub answer_status: String,
    pub result: Option<sqlx::types::Json<ResponseResult>>,
    pub chart: Option<sqlx::types::Json<ChartSpec>>,
    pub chart_status: String,
    pub chart_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const RESPONSE_COLUMNS: &str = "id, thread_id, project_id, question, sql, answer, answer_status, result, chart, chart_status, \
                                chart_error, created_at, updated_at";

fn summary_of(question: &str) -> String {
    let summary: String = question.trim().chars().take(SUMMARY_MAX_CHARS).collect();
    summary
}

pub(super) async fn insert(tx: &mut sqlx::PgConnection, project_id: Uuid, user_id: Option<Uuid>, question: &str) -> Result<Uuid> {
    let id = Uuid::new_v4();
    sqlx::query("INSERT INTO threads (id, project_id, created_by, summary) VALUES ($1, $2, $3, $4)")
        .bind(id)
        .bind(project_id)
        .bind(user_id)
        .bind(summary_of(question))
        .execute(&mut *tx)
        .await?;
    Ok(id)
}

pub(super) async fn get_in(tx: &mut sqlx::PgConnection, project_id: Uuid, thread_id: Uuid) -> Result<Thread> {
    sqlx::query_as::<_, Thread>("SELECT * FROM threads WHERE id = $1 AND project_id = $2")
        .bind(thread_id)
        .bind(project_id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(|| Error::not_found("Thread"))
}

pub(super) async fn insert_response(tx: &mut sqlx::PgConnection, project_id: Uuid, thread_id: Uuid, question: &str) -> Result<Uuid> {
    let id = Uuid::new_v4();
    sqlx::query("INSERT INTO thread_responses (id, thread_id, project_id, question) VALUES ($1, $2, $3, $4)")
        .bind(id)
        .bind(thread_id)
        .bind(project_id)
        .bind(question)
        .execute(&mut *tx)
        .await?;
    Ok(id)
}

pub(super) async fn response_in(tx: &mut sqlx::PgConnection, thread_id: Uuid, response_id: Uuid) -> Result<Uuid> {
    sqlx::query_scalar("SELECT id FROM thread_responses WHERE id = $1 AND thread_id = $2")
        .bind(response_id)
        .bind(thread_id)
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

pub async fn get(pool: &Pool, project_id: Uuid, thread_id: Uuid) -> Result<Thread> {
    let mut conn = pool.acquire().await?;
    get_in(&mut conn, project_id, thread_id).await
}

/// The user's threads in the project, latest activity first.
pub async fn list(pool: &Pool, project_id: Uuid, user_id: Uuid) -> Result<Vec<Thread>> {
    Ok(sqlx::query_as::<_, Thread>("SELECT * FROM threads WHERE project_id = $1 AND created_by = $2 ORDER BY updated_at DESC")
        .bind(project_id)
        .bind(user_id)
        .fetch_all(pool)
        .await?)
}

pub async fn rename(pool: &Pool, project_id: Uuid, thread_id: Uuid, summary: &str) -> Result<Thread> {
    let summary = check_summary(summary)?;
    let renamed = sqlx::query("UPDATE threads SET summary = $3, updated_at = now() WHERE id = $1 AND project_id = $2")
        .bind(thread_id)
        .bind(project_id)
        .bind(summary)
        .execute(pool)
        .await?;
    if renamed.rows_affected() == 0 {
        return Err(Error::not_found("Thread"));
    }
    get(pool, project_id, thread_id).await
}

/// Deletes a thread with its responses and tasks (running tasks are cancelled by the caller).
pub async fn delete(pool: &Pool, project_id: Uuid, thread_id: Uuid) -> Result<()> {
    let deleted = sqlx::query("DELETE FROM threads WHERE id = $1 AND project_id = $2").bind(thread_id).bind(project_id).execute(pool).await?;
    if deleted.rows_affected() == 0 {
        return Err(Error::not_found("Thread"));
    }
    Ok(())
}

/// A thread's responses in the order they were asked.
pub async fn responses(pool: &Pool, thread_id: Uuid) -> Result<Vec<ThreadResponse>> {
    Ok(sqlx::query_as::<_, ThreadResponse>(&format!(
        "SELECT {RESPONSE_COLUMNS} FROM thread_responses WHERE thread_id = $1 ORDER BY created_at, id"
    ))
    .bind(thread_id)
    .fetch_all(pool)
    .await?)
}

pub async fn response(pool: &Pool, project_id: Uuid, response_id: Uuid) -> Result<ThreadResponse> {
    sqlx::query_as::<_, ThreadResponse>(&format!("SELECT {RESPONSE_COLUMNS} FROM thread_responses WHERE id = $1 AND project_id = $2"))
        .bind(response_id)
        .bind(project_id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| Error::not_found("Thread response"))
}

/// Replaces a response's chart (a user's adjustment, already checked against the result).
pub async fn set_chart(pool: &Pool, response_id: Uuid, chart: Option<&ChartSpec>, error: Option<&str>) -> Result<()> {
    sqlx::query("UPDATE thread_responses SET chart = $2, chart_status = $3, chart_error = $4, updated_at = now() WHERE id = $1")
        .bind(response_id)
        .bind(chart.map(sqlx::types::Json))
        .bind(if chart.is_some() { "FINISHED" } else { "FAILED" })
        .bind(error)
        .execute(pool)
        .await?;
    Ok(())
}

pub async fn set_answer(pool: &Pool, response_id: Uuid, answer: &str) -> Result<()> {
    sqlx::query("UPDATE thread_responses SET answer = $2, answer_status = 'FINISHED', updated_at = now() WHERE id = $1")
        .bind(response_id)
        .bind(answer)
        .execute(pool)
        .await?;
    Ok(())
}
