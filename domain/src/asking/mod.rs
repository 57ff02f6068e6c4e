//! Asking: a question becomes an asking task in a thread; the Ask workflow moves the task
//! through the states of PRODUCT.md §4 and, when it finishes, writes the thread response's
//! SQL, written answer, cached result and chart in the same transaction. The client polls
//! the task here, never Temporal.
//!
//! Every write of a state is guarded: a task that reached an end state (FINISHED, FAILED,
//! STOPPED, NO_RESULT, DEPLOY_FAILED) never moves again, so a stop that wins the race leaves
//! nothing half-written and a retried step changes nothing.

pub mod answer;
mod ask;
pub mod llm;
pub mod thread;

use crate::generation::GenerationStatus;
use crate::{
    access::Acting,
    db::Pool,
    error::{Error, Result},
    permissions::Operation,
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use uuid::Uuid;

use crate::TaskErrorCode;

pub use ask::{
    ChartChange, ChartOverride, SeenThread, adjust, adjust_chart, ask, ask_deployed, create_thread, delete_thread, override_chart, read_response, read_thread,
    read_thread_responses, regenerate_answer, regenerate_chart, rename_thread, rerun, response_seen, stop, suggestions, thread_to_change, threads,
};
pub use quarry_engine::question::{Chip, ChipKind, TeachOffer, TeachTarget};
pub use thread::{ResponseResult, Thread, ThreadResponse};

/// PRODUCT.md §4 asking task states, stored as their numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[repr(i16)]
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
    /// Nothing moves a task out of these; SQL guards bind this list (`status <> ALL($n)`).
    pub const FINAL: &[AskStatus] = &[Self::Finished, Self::Failed, Self::Stopped, Self::NoResult, Self::DeployFailed];

    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn is_final(self) -> bool {
        Self::FINAL.contains(&self)
    }

    /// The state's name, as the API spells it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Idle => "IDLE",
            Self::Understanding => "UNDERSTANDING",
            Self::Searching => "SEARCHING",
            Self::Planning => "PLANNING",
            Self::Generating => "GENERATING",
            Self::Correcting => "CORRECTING",
            Self::Finished => "FINISHED",
            Self::Failed => "FAILED",
            Self::Stopped => "STOPPED",
            Self::NoResult => "NO_RESULT",
            Self::Deploying => "DEPLOYING",
            Self::DeployFailed => "DEPLOY_FAILED",
        }
    }
}

/// Counts a task this process moved into a final state (`moved`: the guarded update took).
fn count_if_ended(status: AskStatus, moved: bool) -> bool {
    if moved && status.is_final() {
        crate::metrics::ASKS_ENDED.with_label_values(&[status.name()]).inc();
    }
    moved
}

/// A question longer than this is refused before anything runs.
pub const QUESTION_MAX_CHARS: usize = 1000;

#[derive(Debug, Clone)]
pub struct AskingTask {
    pub id: Uuid,
    pub project_id: Uuid,
    pub thread_id: Uuid,
    pub response_id: Uuid,
    pub question: String,
    pub given_sql: Option<String>,
    status: AskStatus,
    pub understood: Vec<String>,
    /// How the question was read, as chips (empty until it is answered).
    pub reading: Json<Vec<Chip>>,
    pub suggestions: Vec<String>,
    /// For each phrase a NO_RESULT answer could not place, what it may mean.
    pub teach_offers: Json<Vec<TeachOffer>>,
    pub error_code: Option<TaskErrorCode>,
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
        self.status
    }
}

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
    /// Asked through an API key: the data is seen as the key.
    pub through_key: Option<crate::data_security::KeyIdentity>,
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
    sqlx::query!(
        "INSERT INTO asking_tasks (id, project_id, thread_id, response_id, created_by, question, given_sql, api_key_id, impersonated)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        id,
        project_id,
        thread_id,
        response_id,
        user_id,
        meant,
        new.sql,
        new.through_key.as_ref().map(|k| k.key_id),
        new.through_key.as_ref().and_then(|k| k.impersonated.clone()).map(serde_json::Value::Object),
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!(
        "INSERT INTO usage_logs (id, org_id, project_id, user_id, type, detail)
         SELECT $1, org_id, id, $3, 'QUESTION', jsonb_build_object('threadId', $4::text, 'questionSource', 'THREAD')
         FROM projects WHERE id = $2",
        Uuid::new_v4(),
        project_id,
        user_id,
        thread_id.to_string(),
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!("UPDATE threads SET updated_at = now() WHERE id = $1", thread_id).execute(&mut *tx).await?;
    tx.commit().await?;
    get(pool, id).await
}

/// The question the thread's latest answered task meant (before `excluding`, the response
/// being re-run).
async fn previous_question(tx: &mut sqlx::PgConnection, thread_id: Uuid, excluding: Option<Uuid>) -> Result<Option<String>> {
    Ok(sqlx::query_scalar!(
        "SELECT question FROM asking_tasks
         WHERE thread_id = $1 AND status = $2 AND given_sql IS NULL AND response_id IS DISTINCT FROM $3
         ORDER BY created_at DESC LIMIT 1",
        thread_id,
        AskStatus::Finished as AskStatus,
        excluding,
    )
    .fetch_optional(&mut *tx)
    .await?)
}

pub async fn get(pool: &Pool, task_id: Uuid) -> Result<AskingTask> {
    sqlx::query_as!(
        AskingTask,
        r#"SELECT id, project_id, thread_id, response_id, question, given_sql, status AS "status: AskStatus", understood,
                reading AS "reading: Json<Vec<Chip>>", suggestions,
                teach_offers AS "teach_offers: Json<Vec<TeachOffer>>", error_code AS "error_code: TaskErrorCode", error_message, engine_ms, query_ms, intent,
                reasoning, answered_by, correction_rounds, created_at, updated_at, finished_at
           FROM asking_tasks WHERE id = $1"#,
        task_id,
    )
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

/// What a caller's poll of a task needs, read at once: the task, the caller's roles in its
/// project, the project's org and who started the task's thread.
struct Polled {
    task: AskingTask,
    actor: crate::permissions::Actor,
    org_id: Uuid,
    thread_owner: Option<Uuid>,
}

struct PollRow {
    id: Uuid,
    project_id: Uuid,
    thread_id: Uuid,
    response_id: Uuid,
    question: String,
    given_sql: Option<String>,
    status: AskStatus,
    understood: Vec<String>,
    reading: Json<Vec<Chip>>,
    suggestions: Vec<String>,
    teach_offers: Json<Vec<TeachOffer>>,
    error_code: Option<TaskErrorCode>,
    error_message: Option<String>,
    engine_ms: Option<i32>,
    query_ms: Option<i32>,
    intent: Option<String>,
    reasoning: Option<String>,
    answered_by: Option<String>,
    correction_rounds: i16,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
    org_role: Option<crate::permissions::OrgRole>,
    project_role: Option<crate::permissions::ProjectRole>,
    org_id: Uuid,
    thread_owner: Option<Uuid>,
}

/// A task of the project as `acting` polls it, for whoever may ask there and read the task's
/// thread (the rule of [`thread::open`]): one indexed read while the task runs (clients poll
/// it several times a second). A task not in the project is NOT_FOUND, once the account's
/// rights there are known to suffice.
pub async fn poll(pool: &Pool, acting: &Acting, project_id: Uuid, task_id: Uuid) -> Result<AskingTask> {
    let Some(polled) = polled(pool, acting.account.id, project_id, task_id).await? else {
        acting.may(pool, Operation::Ask, project_id).await?;
        return Err(Error::not_found("Asking task"));
    };
    crate::access::allowed_in(pool, polled.actor, Operation::Ask, polled.org_id).await?;
    if polled.thread_owner != Some(acting.account.id) {
        let viewer = crate::folder::Viewer::of(acting.account.id, polled.actor);
        thread::open(pool, project_id, polled.task.thread_id, viewer, thread::Use::Read).await?;
    }
    Ok(polled.task)
}

/// The task `task_id` of the project as `user_id` polls it, with the user's roles there, or
/// `None` when there is no such task in the project.
async fn polled(pool: &Pool, user_id: Uuid, project_id: Uuid, task_id: Uuid) -> Result<Option<Polled>> {
    let row = sqlx::query_as!(
        PollRow,
        r#"SELECT t.id, t.project_id, t.thread_id, t.response_id, t.question, t.given_sql, t.status AS "status: AskStatus", t.understood,
                t.reading AS "reading: Json<Vec<Chip>>", t.suggestions,
                t.teach_offers AS "teach_offers: Json<Vec<TeachOffer>>", t.error_code AS "error_code: TaskErrorCode", t.error_message, t.engine_ms,
                t.query_ms, t.intent, t.reasoning, t.answered_by, t.correction_rounds, t.created_at, t.updated_at, t.finished_at,
                om.role AS "org_role?: crate::permissions::OrgRole",
                effective_project_role(p.id, $1) AS "project_role?: crate::permissions::ProjectRole",
                p.org_id, th.created_by AS "thread_owner?"
           FROM asking_tasks t
           JOIN projects p ON p.id = t.project_id
           JOIN threads th ON th.id = t.thread_id
           LEFT JOIN org_members om ON om.org_id = p.org_id AND om.user_id = $1 AND om.enabled
          WHERE t.id = $3 AND t.project_id = $2"#,
        user_id,
        project_id,
        task_id,
    )
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|r| Polled {
        // A project role without org membership (a disabled member) counts for nothing, as in
        // access::project_actor.
        actor: crate::permissions::Actor { org_role: r.org_role, project_role: r.org_role.and(r.project_role) },
        org_id: r.org_id,
        thread_owner: r.thread_owner,
        task: AskingTask {
            id: r.id,
            project_id: r.project_id,
            thread_id: r.thread_id,
            response_id: r.response_id,
            question: r.question,
            given_sql: r.given_sql,
            status: r.status,
            understood: r.understood,
            reading: r.reading,
            suggestions: r.suggestions,
            teach_offers: r.teach_offers,
            error_code: r.error_code,
            error_message: r.error_message,
            engine_ms: r.engine_ms,
            query_ms: r.query_ms,
            intent: r.intent,
            reasoning: r.reasoning,
            answered_by: r.answered_by,
            correction_rounds: r.correction_rounds,
            created_at: r.created_at,
            updated_at: r.updated_at,
            finished_at: r.finished_at,
        },
    }))
}

/// The latest task of each response in `response_ids`.
pub async fn latest_of_responses<'e>(executor: impl sqlx::PgExecutor<'e>, response_ids: &[Uuid]) -> Result<Vec<AskingTask>> {
    Ok(sqlx::query_as!(
        AskingTask,
        r#"SELECT DISTINCT ON (response_id) id, project_id, thread_id, response_id, question, given_sql, status AS "status: AskStatus", understood,
                reading AS "reading: Json<Vec<Chip>>", suggestions,
                teach_offers AS "teach_offers: Json<Vec<TeachOffer>>", error_code AS "error_code: TaskErrorCode", error_message, engine_ms, query_ms, intent,
                reasoning, answered_by, correction_rounds, created_at, updated_at, finished_at
           FROM asking_tasks WHERE response_id = ANY($1)
           ORDER BY response_id, created_at DESC"#,
        response_ids,
    )
    .fetch_all(executor)
    .await?)
}

/// A response beside its latest task, read at one moment.
pub type ResponseWithTask = (ThreadResponse, Option<AskingTask>);

/// A thread's responses (oldest first), each with its latest task, read as of one moment: a
/// task that finished between two separate reads would show as finished beside a response
/// still without the answer it wrote in the same transaction.
pub async fn thread_responses(pool: &Pool, thread_id: Uuid) -> Result<Vec<ResponseWithTask>> {
    let mut tx = snapshot(pool).await?;
    let responses = thread::responses(&mut *tx, thread_id).await?;
    let tasks = latest_of_responses(&mut *tx, &responses.iter().map(|r| r.id).collect::<Vec<_>>()).await?;
    tx.commit().await?;
    Ok(pair_with_tasks(responses, tasks))
}

/// `pairs` as `acting` is shown them: a response's result and written answer only in the
/// data-security context they were made in ([`crate::data_security::context_of`]: the
/// policies as they are and the reader's property values). Made for another context — the
/// asker's values differ, or a policy changed since — they are withheld
/// ([`thread::WITHHELD`]); the question, SQL and chart settings stay.
pub async fn shown_to(pool: &Pool, acting: &Acting, project_id: Uuid, mut pairs: Vec<ResponseWithTask>) -> Result<Vec<ResponseWithTask>> {
    if pairs.iter().all(|(r, _)| r.result.is_none() && r.answer.is_none()) {
        return Ok(pairs);
    }
    let policies = crate::data_security::with_policies(pool, project_id, quarry_engine::mdl::Manifest::default()).await?;
    let reader = if policies.row_policies.is_empty() && policies.column_policies.is_empty() {
        crate::data_security::OPEN.to_owned()
    } else {
        let viewer = crate::data_security::viewer_as(pool, project_id, Some(acting.account.id), acting.through_key.as_ref()).await?;
        crate::data_security::context_of(&policies, &viewer)
    };
    for (response, _) in &mut pairs {
        let made_in = response.seen_as.as_deref().unwrap_or(crate::data_security::OPEN);
        if made_in != reader && (response.result.is_some() || response.answer.is_some()) {
            response.withhold();
        }
    }
    Ok(pairs)
}

/// One response of the project with its latest task, read as of one moment.
pub async fn response_with_task(pool: &Pool, project_id: Uuid, response_id: Uuid) -> Result<ResponseWithTask> {
    let mut tx = snapshot(pool).await?;
    let response = thread::response(&mut *tx, project_id, response_id).await?;
    let tasks = latest_of_responses(&mut *tx, &[response.id]).await?;
    tx.commit().await?;
    Ok(pair_with_tasks(vec![response], tasks).pop().expect("one response in, one out"))
}

/// A read-only transaction whose reads all see the same committed state.
async fn snapshot(pool: &Pool) -> Result<sqlx::Transaction<'static, sqlx::Postgres>> {
    let mut tx = pool.begin().await?;
    sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").execute(&mut *tx).await?;
    Ok(tx)
}

fn pair_with_tasks(responses: Vec<ThreadResponse>, mut tasks: Vec<AskingTask>) -> Vec<ResponseWithTask> {
    responses
        .into_iter()
        .map(|response| {
            let task = tasks.iter().position(|t| t.response_id == response.id).map(|i| tasks.swap_remove(i));
            (response, task)
        })
        .collect()
}

/// Moves a task that has not ended; `false` when it had (stopped meanwhile, or a retried step).
pub async fn set_status(pool: &Pool, task_id: Uuid, status: AskStatus) -> Result<bool> {
    let moved = sqlx::query!(
        "UPDATE asking_tasks SET status = $2, updated_at = now(), finished_at = CASE WHEN $3 THEN now() END
         WHERE id = $1 AND status <> ALL($4)",
        task_id,
        status as AskStatus,
        status.is_final(),
        AskStatus::FINAL as &[AskStatus],
    )
    .execute(pool)
    .await?;
    Ok(count_if_ended(status, moved.rows_affected() == 1))
}

/// Ends a task that could not answer: FAILED, NO_RESULT or DEPLOY_FAILED with the reason (and,
/// for NO_RESULT, what was understood and what to ask instead).
pub async fn end_unanswered(
    pool: &Pool,
    task_id: Uuid,
    status: AskStatus,
    code: TaskErrorCode,
    message: &str,
    understood: &[String],
    suggestions: &[String],
) -> Result<bool> {
    end(pool, task_id, status, code, Unanswered { message, understood, suggestions, teach: &[] }).await
}

/// NO_RESULT from the engine: what it understood, what to ask instead, and for each phrase it
/// could not place the models and columns it may mean.
pub async fn end_not_understood(
    pool: &Pool,
    task_id: Uuid,
    message: &str,
    understood: &[String],
    suggestions: &[String],
    teach: &[TeachOffer],
) -> Result<bool> {
    end(pool, task_id, AskStatus::NoResult, TaskErrorCode::NoResult, Unanswered { message, understood, suggestions, teach }).await
}

struct Unanswered<'a> {
    message: &'a str,
    understood: &'a [String],
    suggestions: &'a [String],
    teach: &'a [TeachOffer],
}

async fn end(pool: &Pool, task_id: Uuid, status: AskStatus, code: TaskErrorCode, why: Unanswered<'_>) -> Result<bool> {
    let moved = sqlx::query!(
        "UPDATE asking_tasks SET status = $2, error_code = $3, error_message = $4, understood = $5, suggestions = $6, teach_offers = $8,
                kept_result = NULL, updated_at = now(), finished_at = now()
         WHERE id = $1 AND status <> ALL($7)",
        task_id,
        status as AskStatus,
        code as TaskErrorCode,
        why.message,
        why.understood,
        why.suggestions,
        AskStatus::FINAL as &[AskStatus],
        Json(why.teach) as _,
    )
    .execute(pool)
    .await?;
    Ok(count_if_ended(status, moved.rows_affected() == 1))
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
    /// The data-security context the result was read in.
    pub seen_as: Option<String>,
}

/// FINISHED, with the response written in the same transaction — or nothing at all when the
/// task had ended meanwhile (stopped).
/// Keeps a query's result on a running task until its answer is written; false when the
/// task ended meanwhile.
pub async fn keep_result(pool: &Pool, task_id: Uuid, ran: &answer::Ran) -> Result<bool> {
    let kept = sqlx::query!(
        "UPDATE asking_tasks SET kept_result = $2, updated_at = now() WHERE id = $1 AND status <> ALL($3)",
        task_id,
        Json(ran) as _,
        AskStatus::FINAL as &[AskStatus],
    )
    .execute(pool)
    .await?;
    Ok(kept.rows_affected() == 1)
}

/// The result kept for a running task (None when it ended or none was kept).
pub async fn kept_result(pool: &Pool, task_id: Uuid) -> Result<Option<answer::Ran>> {
    let kept = sqlx::query_scalar!(
        r#"SELECT kept_result AS "kept: Json<answer::Ran>" FROM asking_tasks WHERE id = $1 AND status <> ALL($2)"#,
        task_id,
        AskStatus::FINAL as &[AskStatus],
    )
    .fetch_optional(pool)
    .await?;
    Ok(kept.flatten().map(|json| json.0))
}

pub async fn finish(pool: &Pool, task_id: Uuid, answered: &Answered) -> Result<bool> {
    let mut tx = pool.begin().await?;
    let response_id = sqlx::query_scalar!(
        "UPDATE asking_tasks SET status = $6, understood = $2, engine_ms = $3, query_ms = $4, reading = $5, kept_result = NULL,
                updated_at = now(), finished_at = now()
         WHERE id = $1 AND status <> ALL($7) RETURNING response_id",
        task_id,
        &answered.understood,
        answered.engine_ms,
        answered.query_ms,
        Json(&answered.reading) as _,
        AskStatus::Finished as AskStatus,
        AskStatus::FINAL as &[AskStatus],
    )
    .fetch_optional(&mut *tx)
    .await?;
    let Some(response_id) = response_id else {
        return Ok(false);
    };
    let (chart, chart_status, chart_error) = match &answered.chart {
        Some(chart) => (Some(Json(chart)), GenerationStatus::Finished, None),
        None => (None, GenerationStatus::Failed, Some(answer::no_chart(&answered.result.columns, &answered.result.rows))),
    };
    sqlx::query!(
        "UPDATE thread_responses SET sql = $2, answer = $3, answer_status = $8, result = $4, chart = $5,
                chart_status = $6, chart_error = $7, seen_as = $9, updated_at = now()
         WHERE id = $1",
        response_id,
        answered.sql,
        answered.answer,
        Json(&answered.result) as _,
        chart as _,
        chart_status as GenerationStatus,
        chart_error,
        GenerationStatus::Finished as GenerationStatus,
        answered.seen_as,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(count_if_ended(AskStatus::Finished, true))
}

/// The project's tasks that have not ended, oldest first (the api restarts their workflows
/// if asked, and tests wait on them).
pub async fn unfinished(pool: &Pool, project_id: Uuid) -> Result<Vec<AskingTask>> {
    Ok(sqlx::query_as!(
        AskingTask,
        r#"SELECT id, project_id, thread_id, response_id, question, given_sql, status AS "status: AskStatus", understood,
                reading AS "reading: Json<Vec<Chip>>", suggestions,
                teach_offers AS "teach_offers: Json<Vec<TeachOffer>>", error_code AS "error_code: TaskErrorCode", error_message, engine_ms, query_ms, intent,
                reasoning, answered_by, correction_rounds, created_at, updated_at, finished_at
           FROM asking_tasks WHERE project_id = $1 AND status <> ALL($2) ORDER BY created_at"#,
        project_id,
        AskStatus::FINAL as &[AskStatus],
    )
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
        let finals: Vec<i16> = AskStatus::FINAL.iter().map(|s| s.code()).collect();
        assert_eq!(finals, [6, 7, 8, 9, 11]);
    }

    #[test]
    fn questions_are_checked_before_anything_runs() {
        assert!(check_question("   ").is_err());
        assert!(check_question(&"x".repeat(10_000)).unwrap_err().public_message().contains("1000"));
        assert_eq!(check_question(" 各国的总收入是多少? ").unwrap(), "各国的总收入是多少?");
    }
}
