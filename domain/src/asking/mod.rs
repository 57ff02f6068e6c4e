//! Asking: a question becomes an asking task in a thread; the Ask workflow moves the task
//! through the states of PRODUCT.md §4 and, when it finishes, writes the thread response's
//! SQL, written answer, cached result and chart in the same transaction. The client polls
//! the task here, never Temporal.
//!
//! Every write of a state is guarded: a task that reached an end state (FINISHED, FAILED,
//! STOPPED, NO_RESULT, DEPLOY_FAILED) never moves again, so a stop that wins the race leaves
//! nothing half-written and a retried step changes nothing.

pub mod answer;
pub mod llm;
pub mod thread;

use crate::{
    db::Pool,
    error::{Error, Result},
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

pub use quarry_engine::question::{Chip, ChipKind};
pub use thread::{ResponseResult, Thread, ThreadResponse};

/// PRODUCT.md §4 asking task states, with their numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AskStatus {
    Idle = 0,
    Understanding = 1,
    Searching = 2,
    Planning = 3,
    Generating = 4,
    Correcting = 5,
    Finished = 6,
    Failed = 7,
    Stopped = 8,
    NoResult = 9,
    Deploying = 10,
    DeployFailed = 11,
}

impl AskStatus {
    const ALL: [AskStatus; 12] = [
        Self::Idle,
        Self::Understanding,
        Self::Searching,
        Self::Planning,
        Self::Generating,
        Self::Correcting,
        Self::Finished,
        Self::Failed,
        Self::Stopped,
        Self::NoResult,
        Self::Deploying,
        Self::DeployFailed,
    ];

    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i16) -> Self {
        Self::ALL.into_iter().find(|s| s.code() == code).unwrap_or(Self::Failed)
    }

    /// Nothing moves a task out of these.
    pub fn is_final(self) -> bool {
        matches!(self, Self::Finished | Self::Failed | Self::Stopped | Self::NoResult | Self::DeployFailed)
    }
}

/// The end states, as stored, for guards in SQL.
const FINAL_CODES: &str = "(6, 7, 8, 9, 11)";

/// A question longer than this is refused before anything runs.
pub const QUESTION_MAX_CHARS: usize = 1000;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AskingTask {
    pub id: Uuid,
    pub project_id: Uuid,
    pub thread_id: Uuid,
    pub response_id: Uuid,
    pub question: String,
    pub given_sql: Option<String>,
    status: i16,
    pub understood: Vec<String>,
    /// How the question was read, as chips (empty until it is answered).
    pub reading: sqlx::types::Json<Vec<Chip>>,
    pub suggestions: Vec<String>,
    pub error_code: Option<String>,
    pub error_message: Option<String>,
    pub engine_ms: Option<i32>,
    pub query_ms: Option<i32>,
    /// DATA, GENERAL or MISLEADING, when the language model classified the question.
    pub intent: Option<String>,
    /// The language model's plan, shown while it writes the SQL.
    pub reasoning: Option<String>,
    /// LLM, ENGINE or SQL_PAIR.
    pub answered_by: Option<String>,
    pub correction_rounds: i16,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl AskingTask {
    pub fn status(&self) -> AskStatus {
        AskStatus::from_code(self.status)
    }
}

const COLUMNS: &str = "id, project_id, thread_id, response_id, question, given_sql, status, understood, reading, suggestions, \
                       error_code, error_message, engine_ms, query_ms, intent, reasoning, answered_by, correction_rounds, created_at, updated_at, finished_at";

/// The question, trimmed, or why it cannot be asked.
pub fn check_question(question: &str) -> Result<String> {
    let question = question.trim();
    if question.is_empty() {
        return Err(Error::invalid("Please enter a question."));
    }
    if question.chars().count() > QUESTION_MAX_CHARS {
        return Err(Error::invalid(format!("A question can be at most {QUESTION_MAX_CHARS} characters long.")));
    }
    Ok(question.to_owned())
}

/// What a new task asks.
#[derive(Debug, Clone, Default)]
pub struct NewTask {
    pub question: String,
    /// SQL the user wrote instead of a question to understand.
    pub sql: Option<String>,
    /// The thread to ask in; a new thread (named after the question) when `None`.
    pub thread_id: Option<Uuid>,
    /// Re-run an existing response (its SQL was edited) instead of adding one.
    pub response_id: Option<Uuid>,
    /// The question is stated in full (a changed question: adjust steps, an edited chip),
    /// so it is not read together with the thread's previous one.
    pub whole: bool,
}

/// Records a task (and its thread and response when new) and counts the question on the
/// org's usage card. A question in a thread that only makes sense after the previous one
/// ("only for 2023") is stored read together with it, unless it is stated in full.
pub async fn create(pool: &Pool, project_id: Uuid, user_id: Option<Uuid>, new: NewTask) -> Result<AskingTask> {
    let question = check_question(&new.question)?;
    let mut tx = pool.begin().await?;
    let thread_id = match new.thread_id {
        Some(id) => thread::get_in(&mut tx, project_id, id).await?.id,
        None => thread::insert(&mut tx, project_id, user_id, &question).await?,
    };
    let meant = match (&new.sql, new.thread_id) {
        (None, Some(thread_id)) if !new.whole => match previous_question(&mut tx, thread_id, new.response_id).await? {
            Some(previous) => quarry_engine::question::follow_up(&previous, &question).unwrap_or_else(|| question.clone()),
            None => question.clone(),
        },
        _ => question.clone(),
    };
    let response_id = match new.response_id {
        Some(id) => thread::response_in(&mut tx, thread_id, id).await?,
        None => thread::insert_response(&mut tx, project_id, thread_id, &question).await?,
    };
    let id = Uuid::new_v4();
    sqlx::query(
        "INSERT INTO asking_tasks (id, project_id, thread_id, response_id, created_by, question, given_sql)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(id)
    .bind(project_id)
    .bind(thread_id)
    .bind(response_id)
    .bind(user_id)
    .bind(&meant)
    .bind(&new.sql)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO usage_logs (id, org_id, project_id, user_id, type, detail)
         SELECT $1, org_id, id, $3, 'QUESTION', jsonb_build_object('threadId', $4::text, 'questionSource', 'THREAD')
         FROM projects WHERE id = $2",
    )
    .bind(Uuid::new_v4())
    .bind(project_id)
    .bind(user_id)
    .bind(thread_id.to_string())
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE threads SET updated_at = now() WHERE id = $1").bind(thread_id).execute(&mut *tx).await?;
    tx.commit().await?;
    get(pool, id).await
}

/// The question the thread's latest answered task meant (before `excluding`, the response
/// being re-run).
async fn previous_question(tx: &mut sqlx::PgConnection, thread_id: Uuid, excluding: Option<Uuid>) -> Result<Option<String>> {
    Ok(sqlx::query_scalar(
        "SELECT question FROM asking_tasks
         WHERE thread_id = $1 AND status = 6 AND given_sql IS NULL AND response_id IS DISTINCT FROM $2
         ORDER BY created_at DESC LIMIT 1",
    )
    .bind(thread_id)
    .bind(excluding)
    .fetch_optional(&mut *tx)
    .await?)
}

pub async fn get(pool: &Pool, task_id: Uuid) -> Result<AskingTask> {
    sqlx::query_as::<_, AskingTask>(&format!("SELECT {COLUMNS} FROM asking_tasks WHERE id = $1"))
        .bind(task_id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| Error::not_found("Asking task"))
}

/// A task of the project (tenants never see each other's tasks).
pub async fn get_in(pool: &Pool, project_id: Uuid, task_id: Uuid) -> Result<AskingTask> {
    let task = get(pool, task_id).await?;
    if task.project_id != project_id {
        return Err(Error::not_found("Asking task"));
    }
    Ok(task)
}

/// The latest task of each response in `response_ids`.
pub async fn latest_of_responses(pool: &Pool, response_ids: &[Uuid]) -> Result<Vec<AskingTask>> {
    Ok(sqlx::query_as::<_, AskingTask>(&format!(
        "SELECT DISTINCT ON (response_id) {COLUMNS} FROM asking_tasks WHERE response_id = ANY($1)
         ORDER BY response_id, created_at DESC"
    ))
    .bind(response_ids)
    .fetch_all(pool)
    .await?)
}

/// Moves a task that has not ended; `false` when it had (stopped meanwhile, or a retried step).
pub async fn set_status(pool: &Pool, task_id: Uuid, status: AskStatus) -> Result<bool> {
    let done = if status.is_final() { "now()" } else { "NULL" };
    let moved = sqlx::query(&format!(
        "UPDATE asking_tasks SET status = $2, updated_at = now(), finished_at = {done}
         WHERE id = $1 AND status NOT IN {FINAL_CODES}"
    ))
    .bind(task_id)
    .bind(status.code())
    .execute(pool)
    .await?;
    Ok(moved.rows_affected() == 1)
}

/// Ends a task that could not answer: FAILED, NO_RESULT or DEPLOY_FAILED with the reason (and,
/// for NO_RESULT, what was understood and what to ask instead).
pub async fn end_unanswered(
    pool: &Pool,
    task_id: Uuid,
    status: AskStatus,
    code: &str,
    message: &str,
    understood: &[String],
    suggestions: &[String],
) -> Result<bool> {
    let moved = sqlx::query(&format!(
        "UPDATE asking_tasks SET status = $2, error_code = $3, error_message = $4, understood = $5, suggestions = $6,
                updated_at = now(), finished_at = now()
         WHERE id = $1 AND status NOT IN {FINAL_CODES}"
    ))
    .bind(task_id)
    .bind(status.code())
    .bind(code)
    .bind(message)
    .bind(understood)
    .bind(suggestions)
    .execute(pool)
    .await?;
    Ok(moved.rows_affected() == 1)
}

/// What a finished task leaves in its response.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Answered {
    pub sql: String,
    pub understood: Vec<String>,
    pub reading: Vec<Chip>,
    pub answer: String,
    pub result: ResponseResult,
    pub chart: Option<quarry_engine::answer::ChartSpec>,
    pub engine_ms: i32,
    pub query_ms: i32,
}

/// FINISHED, with the response written in the same transaction — or nothing at all when the
/// task had ended meanwhile (stopped).
pub async fn finish(pool: &Pool, task_id: Uuid, answered: &Answered) -> Result<bool> {
    let mut tx = pool.begin().await?;
    let response_id: Option<Uuid> = sqlx::query_scalar(&format!(
        "UPDATE asking_tasks SET status = 6, understood = $2, engine_ms = $3, query_ms = $4, reading = $5, updated_at = now(), finished_at = now()
         WHERE id = $1 AND status NOT IN {FINAL_CODES} RETURNING response_id"
    ))
    .bind(task_id)
    .bind(&answered.understood)
    .bind(answered.engine_ms)
    .bind(answered.query_ms)
    .bind(sqlx::types::Json(&answered.reading))
    .fetch_optional(&mut *tx)
    .await?;
    let Some(response_id) = response_id else {
        return Ok(false);
    };
    let (chart, chart_status, chart_error) = match &answered.chart {
        Some(chart) => (Some(sqlx::types::Json(chart)), "FINISHED", None),
        None => (None, "FAILED", Some(crate::ErrorCode::NoChart.default_message())),
    };
    sqlx::query(
        "UPDATE thread_responses SET sql = $2, answer = $3, answer_status = 'FINISHED', result = $4, chart = $5,
                chart_status = $6, chart_error = $7, updated_at = now()
         WHERE id = $1",
    )
    .bind(response_id)
    .bind(&answered.sql)
    .bind(&answered.answer)
    .bind(sqlx::types::Json(&answered.result))
    .bind(chart)
    .bind(chart_status)
    .bind(chart_error)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// The project's tasks that have not ended, oldest first (the api restarts their workflows
/// if asked, and tests wait on them).
pub async fn unfinished(pool: &Pool, project_id: Uuid) -> Result<Vec<AskingTask>> {
    Ok(sqlx::query_as::<_, AskingTask>(&format!(
        "SELECT {COLUMNS} FROM asking_tasks WHERE project_id = $1 AND status NOT IN {FINAL_CODES} ORDER BY created_at"
    ))
    .bind(project_id)
    .fetch_all(pool)
    .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_keep_their_numbers() {
        assert_eq!(AskStatus::Idle.code(), 0);
        assert_eq!(AskStatus::Finished.code(), 6);
        assert_eq!(AskStatus::DeployFailed.code(), 11);
        for status in AskStatus::ALL {
            assert_eq!(AskStatus::from_code(status.code()), status);
            assert_eq!(status.is_final(), FINAL_CODES.contains(&status.code().to_string()) && status.code() > 5, "{status:?}");
        }
    }

    #[test]
    fn questions_are_checked_before_anything_runs() {
        assert!(check_question("   ").is_err());
        assert!(check_question(&"x".repeat(10_000)).unwrap_err().public_message().contains("1000"));
        assert_eq!(check_question(" 各国的总收入是多少? ").unwrap(), "各国的总收入是多少?");
    }
}
