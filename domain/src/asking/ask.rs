//! The asking use cases of PRODUCT.md §7, whoever calls them (GraphQL, REST): each takes the
//! acting account, asks its right to ask in the project ([`Acting::may`], Ask) and which
//! threads it sees ([`thread::open`]), then records what it must and starts or cancels the
//! Ask workflow through the port.

use quarry_engine::answer::{ChartSpec, ChartType};
use uuid::Uuid;

use crate::TaskErrorCode;

use super::{
    AskStatus, AskingTask, NewTask, ResponseWithTask, ThreadResponse,
    answer::{self, check_read_only, check_sql, set_user_chart},
    create, end_unanswered, get_in, response_with_task,
    thread::{self, Thread, Use},
    unfinished,
};
use crate::{
    access::Acting,
    db::Pool,
    deploy,
    error::{Error, ErrorCode, Result},
    folder::Viewer,
    permissions::Operation,
    services::{Services, Workflow},
};

/// Said on a task whose workflow could not be started.
const NOT_STARTED: &str = "The question could not be started. Please try again.";

/// How the account sees the project's threads, once it may ask there.
async fn asker(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Viewer> {
    let actor = acting.may(pool, Operation::Ask, project_id).await?;
    Ok(Viewer::of(acting.account.id, actor))
}

/// A response of the project whose thread the viewer may `use_` (NOT_FOUND otherwise).
async fn response_to(pool: &Pool, project_id: Uuid, response_id: Uuid, viewer: Viewer, use_: Use) -> Result<ThreadResponse> {
    let response = thread::response(pool, project_id, response_id).await?;
    thread::open(pool, project_id, response.thread_id, viewer, use_).await?;
    Ok(response)
}

/// A response of the project whose thread the viewer sees (to pin it to a dashboard or open
/// it as a spreadsheet); NOT_FOUND otherwise.
pub async fn response_seen(pool: &Pool, project_id: Uuid, response_id: Uuid, viewer: Viewer) -> Result<ThreadResponse> {
    response_to(pool, project_id, response_id, viewer, Use::Read).await
}

/// A thread of the project the viewer may work on (to share it into a folder or move it).
pub async fn thread_to_change(pool: &Pool, project_id: Uuid, thread_id: Uuid, viewer: Viewer) -> Result<Thread> {
    thread::open(pool, project_id, thread_id, viewer, Use::Write).await
}

/// Asks a question for `acting`, in a thread it may work on or in a new one.
pub async fn ask(services: &Services, acting: &Acting, project_id: Uuid, new: NewTask) -> Result<AskingTask> {
    let viewer = asker(&services.pool, acting, project_id).await?;
    if let Some(thread_id) = new.thread_id {
        thread::open(&services.pool, project_id, thread_id, viewer, Use::Write).await?;
    }
    start(services, project_id, acting, new).await
}

/// As [`ask`], for a caller that waits for the answer (the REST API): refused at once with
/// NO_DEPLOYMENT_FOUND when no models are deployed, and SQL given instead of a question must
/// be one read-only query (NON_SQL_QUERY).
pub async fn ask_deployed(services: &Services, acting: &Acting, project_id: Uuid, mut new: NewTask) -> Result<AskingTask> {
    let pool = &services.pool;
    let viewer = asker(pool, acting, project_id).await?;
    if deploy::deployed(pool, project_id).await?.is_none() {
        return Err(Error::of(ErrorCode::NoDeploymentFound));
    }
    if let Some(sql) = &new.sql {
        new.sql = Some(check_read_only(pool, project_id, sql).await?.0);
    }
    if let Some(thread_id) = new.thread_id {
        thread::open(pool, project_id, thread_id, viewer, Use::Write).await?;
    }
    start(services, project_id, acting, new).await
}

/// Checks SQL the user wrote, records the task and starts its workflow. A workflow that
/// cannot be started fails the task rather than leaving it hanging. The caller was allowed.
async fn start(services: &Services, project_id: Uuid, acting: &Acting, mut new: NewTask) -> Result<AskingTask> {
    if let Some(sql) = &new.sql {
        new.sql = Some(check_sql(&services.pool, project_id, sql).await?);
    }
    new.through_key = acting.through_key.clone();
    let task = create(&services.pool, project_id, Some(acting.account.id), new).await?;
    let undo = async {
        end_unanswered(&services.pool, task.id, AskStatus::Failed, TaskErrorCode::InternalServerError, NOT_STARTED, &[], &[]).await?;
        Ok(())
    };
    services.start(Workflow::Ask { project_id, task_id: task.id }, undo).await?;
    crate::metrics::ASKS_STARTED.inc();
    Ok(task)
}

/// Stops a running task of a thread `acting` may work on: it ends STOPPED and writes no
/// response. An ended one is left alone.
pub async fn stop(services: &Services, acting: &Acting, project_id: Uuid, task_id: Uuid) -> Result<()> {
    let viewer = asker(&services.pool, acting, project_id).await?;
    let task = get_in(&services.pool, project_id, task_id).await?;
    thread::open(&services.pool, project_id, task.thread_id, viewer, Use::Write).await?;
    if !task.status().is_final() {
        services.workflows.cancel_ask(task.project_id, task.id).await?;
    }
    Ok(())
}

/// Starts a thread: with its first question asked, or empty under `summary`.
pub async fn create_thread(services: &Services, acting: &Acting, project_id: Uuid, question: Option<String>, summary: Option<&str>) -> Result<Thread> {
    asker(&services.pool, acting, project_id).await?;
    let user_id = acting.account.id;
    match question {
        Some(question) => {
            let task = start(services, project_id, acting, NewTask { question, ..NewTask::default() }).await?;
            thread::get(&services.pool, project_id, task.thread_id).await
        }
        None => thread::create(&services.pool, project_id, Some(user_id), summary.unwrap_or_default()).await,
    }
}

/// Renames a thread `acting` may work on.
pub async fn rename_thread(pool: &Pool, acting: &Acting, project_id: Uuid, thread_id: Uuid, summary: &str) -> Result<Thread> {
    let viewer = asker(pool, acting, project_id).await?;
    let thread = thread::open(pool, project_id, thread_id, viewer, Use::Write).await?;
    thread::rename(pool, project_id, thread.id, summary).await
}

/// Deletes a thread `acting` may work on and its responses, stopping its running tasks first.
pub async fn delete_thread(services: &Services, acting: &Acting, project_id: Uuid, thread_id: Uuid) -> Result<()> {
    let viewer = asker(&services.pool, acting, project_id).await?;
    let thread_id = thread::open(&services.pool, project_id, thread_id, viewer, Use::Write).await?.id;
    for task in unfinished(&services.pool, project_id).await?.into_iter().filter(|t| t.thread_id == thread_id) {
        services.workflows.cancel_ask(project_id, task.id).await?;
    }
    thread::delete(&services.pool, project_id, thread_id).await
}

/// Re-runs a response of a thread `acting` may work on with edited SQL; its answer, result
/// and chart are replaced when the task finishes.
pub async fn rerun(services: &Services, acting: &Acting, project_id: Uuid, response_id: Uuid, sql: String) -> Result<AskingTask> {
    let viewer = asker(&services.pool, acting, project_id).await?;
    let response = response_to(&services.pool, project_id, response_id, viewer, Use::Write).await?;
    let new = NewTask {
        question: response.question.clone(),
        sql: Some(sql),
        thread_id: Some(response.thread_id),
        response_id: Some(response.id),
        ..NewTask::default()
    };
    start(services, project_id, acting, new).await
}

/// adjust_sql (new SQL) or adjust_steps (a changed question): a new response in the thread
/// of a response `acting` may work on.
pub async fn adjust(
    services: &Services,
    acting: &Acting,
    project_id: Uuid,
    response_id: Uuid,
    sql: Option<String>,
    question: Option<String>,
) -> Result<AskingTask> {
    let viewer = asker(&services.pool, acting, project_id).await?;
    let response = response_to(&services.pool, project_id, response_id, viewer, Use::Write).await?;
    let new = match (sql, question) {
        (Some(sql), _) => NewTask { question: response.question.clone(), sql: Some(sql), thread_id: Some(response.thread_id), ..NewTask::default() },
        // The changed question is the whole question (not a follow-up of the thread's last one).
        (None, Some(question)) => NewTask { question, thread_id: Some(response.thread_id), whole: true, ..NewTask::default() },
        (None, None) => return Err(Error::invalid("Please enter the SQL or the question to ask instead.")),
    };
    start(services, project_id, acting, new).await
}

/// A change to a response's chart: what is given replaces the current chart's part; an
/// empty colour removes the colour column.
#[derive(Debug, Clone, Default)]
pub struct ChartChange {
    pub chart_type: Option<ChartType>,
    pub x: Option<String>,
    pub y: Option<String>,
    pub color: Option<String>,
}

/// Changes the chart's type, axes or series colour column (a bar chart of the question when
/// there is none yet) of a response `acting` may work on, checked against the result.
pub async fn adjust_chart(pool: &Pool, acting: &Acting, project_id: Uuid, response_id: Uuid, change: ChartChange) -> Result<()> {
    let viewer = asker(pool, acting, project_id).await?;
    let response = &response_to(pool, project_id, response_id, viewer, Use::Write).await?;
    let current = response.chart.as_ref().map(|c| c.0.clone());
    let base = current.unwrap_or_else(|| ChartSpec { chart_type: ChartType::Bar, title: response.question.clone(), x: None, y: String::new(), color: None });
    let spec = ChartSpec {
        chart_type: change.chart_type.unwrap_or(base.chart_type),
        title: base.title,
        x: change.x.or(base.x),
        y: change.y.unwrap_or(base.y),
        color: match change.color {
            Some(color) if color.is_empty() => None,
            Some(color) => Some(color),
            None => base.color,
        },
    };
    set_user_chart(pool, response, &spec).await
}

/// A chart the user described in full; without a title it is named after the question.
#[derive(Debug, Clone)]
pub struct ChartOverride {
    pub chart_type: ChartType,
    pub title: Option<String>,
    pub x: Option<String>,
    pub y: String,
    pub color: Option<String>,
}

/// Replaces the chart of a response `acting` may work on, checked against the result.
pub async fn override_chart(pool: &Pool, acting: &Acting, project_id: Uuid, response_id: Uuid, chart: ChartOverride) -> Result<()> {
    let viewer = asker(pool, acting, project_id).await?;
    let response = response_to(pool, project_id, response_id, viewer, Use::Write).await?;
    let title = chart.title.unwrap_or_else(|| response.question.clone());
    let spec = ChartSpec { chart_type: chart.chart_type, title, x: chart.x, y: chart.y, color: chart.color };
    set_user_chart(pool, &response, &spec).await
}

/// Writes the answer of a response `acting` may work on again, from its cached result.
pub async fn regenerate_answer(pool: &Pool, acting: &Acting, project_id: Uuid, response_id: Uuid) -> Result<()> {
    let viewer = asker(pool, acting, project_id).await?;
    let response = response_to(pool, project_id, response_id, viewer, Use::Write).await?;
    answer::rewrite_answer(pool, &response).await
}

/// Picks the chart of a response `acting` may work on again, from its result's shape.
pub async fn regenerate_chart(pool: &Pool, acting: &Acting, project_id: Uuid, response_id: Uuid) -> Result<()> {
    let viewer = asker(pool, acting, project_id).await?;
    let response = response_to(pool, project_id, response_id, viewer, Use::Write).await?;
    answer::rechoose_chart(pool, &response).await
}

/// `acting`'s own threads in the project, latest activity first.
pub async fn threads(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<Thread>> {
    asker(pool, acting, project_id).await?;
    thread::list(pool, project_id, acting.account.id).await
}

/// A thread `acting` sees, and whether it may also work on it.
#[derive(Debug, Clone)]
pub struct SeenThread {
    pub thread: Thread,
    /// It may ask in it and change its responses (its own thread, or one shared with an
    /// editor); a viewer of a shared thread reads it only.
    pub can_edit: bool,
}

/// A thread of the project `acting` sees: its own, or one in or shared into a folder it sees.
pub async fn read_thread(pool: &Pool, acting: &Acting, project_id: Uuid, thread_id: Uuid) -> Result<SeenThread> {
    let viewer = asker(pool, acting, project_id).await?;
    let thread = thread::open(pool, project_id, thread_id, viewer, Use::Read).await?;
    // The same rule as every write to it, asked rather than restated.
    let can_edit = thread::open(pool, project_id, thread.id, viewer, Use::Write).await.is_ok();
    Ok(SeenThread { thread, can_edit })
}

/// A response of a thread `acting` sees, with its latest task.
pub async fn read_response(pool: &Pool, acting: &Acting, project_id: Uuid, response_id: Uuid) -> Result<ResponseWithTask> {
    let viewer = asker(pool, acting, project_id).await?;
    let response = response_to(pool, project_id, response_id, viewer, Use::Read).await?;
    let shown = super::shown_to(pool, acting, project_id, vec![response_with_task(pool, project_id, response.id).await?]).await?;
    Ok(shown.into_iter().next().expect("one response in, one out"))
}

/// The responses of a thread `acting` sees, each with its latest task, as they are shown to
/// them ([`super::shown_to`]).
pub async fn read_thread_responses(pool: &Pool, acting: &Acting, project_id: Uuid, thread_id: Uuid) -> Result<Vec<ResponseWithTask>> {
    let viewer = asker(pool, acting, project_id).await?;
    let thread = thread::open(pool, project_id, thread_id, viewer, Use::Read).await?;
    super::shown_to(pool, acting, project_id, super::thread_responses(pool, thread.id).await?).await
}

/// Questions to start from on the home page.
pub async fn suggestions(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<String>> {
    asker(pool, acting, project_id).await?;
    answer::suggested_questions(pool, project_id).await
}
