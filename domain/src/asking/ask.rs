//! The asking operations of PRODUCT.md §7 that start, stop or remove asking tasks: each
//! records what it must and starts or cancels the Ask workflow through the port.

use quarry_engine::answer::{ChartSpec, ChartType};
use uuid::Uuid;

use crate::TaskErrorCode;

use super::{
    AskStatus, AskingTask, NewTask, ThreadResponse,
    answer::{check_sql, set_user_chart},
    create, end_unanswered,
    thread::{self, Thread},
    unfinished,
};
use crate::{
    error::{Error, Result},
    services::{Services, Workflow},
};

/// Said on a task whose workflow could not be started.
const NOT_STARTED: &str = "The question could not be started. Please try again.";

/// Checks SQL the user wrote, records the task and starts its workflow. A workflow that
/// cannot be started fails the task rather than leaving it hanging.
pub async fn ask(services: &Services, project_id: Uuid, user_id: Uuid, mut new: NewTask) -> Result<AskingTask> {
    if let Some(sql) = &new.sql {
        new.sql = Some(check_sql(&services.pool, project_id, sql).await?);
    }
    let task = create(&services.pool, project_id, Some(user_id), new).await?;
    let undo = async {
        end_unanswered(&services.pool, task.id, AskStatus::Failed, TaskErrorCode::InternalServerError, NOT_STARTED, &[], &[]).await?;
        Ok(())
    };
    services.start(Workflow::Ask { project_id, task_id: task.id }, undo).await?;
    crate::metrics::ASKS_STARTED.inc();
    Ok(task)
}

/// Stops a running task: it ends STOPPED and writes no response. An ended one is left alone.
pub async fn stop(services: &Services, task: &AskingTask) -> Result<()> {
    if !task.status().is_final() {
        services.workflows.cancel_ask(task.project_id, task.id).await?;
    }
    Ok(())
}

/// Starts a thread: with its first question asked, or empty under `summary`.
pub async fn create_thread(services: &Services, project_id: Uuid, user_id: Uuid, question: Option<String>, summary: Option<&str>) -> Result<Thread> {
    match question {
        Some(question) => {
            let task = ask(services, project_id, user_id, NewTask { question, ..NewTask::default() }).await?;
            thread::get(&services.pool, project_id, task.thread_id).await
        }
        None => thread::create(&services.pool, project_id, Some(user_id), summary.unwrap_or_default()).await,
    }
}

/// Deletes a thread and its responses, stopping its running tasks first.
pub async fn delete_thread(services: &Services, project_id: Uuid, thread_id: Uuid) -> Result<()> {
    for task in unfinished(&services.pool, project_id).await?.into_iter().filter(|t| t.thread_id == thread_id) {
        services.workflows.cancel_ask(project_id, task.id).await?;
    }
    thread::delete(&services.pool, project_id, thread_id).await
}

/// Re-runs a response with edited SQL; its answer, result and chart are replaced when the
/// task finishes.
pub async fn rerun(services: &Services, project_id: Uuid, user_id: Uuid, response: &ThreadResponse, sql: String) -> Result<AskingTask> {
    let new = NewTask {
        question: response.question.clone(),
        sql: Some(sql),
        thread_id: Some(response.thread_id),
        response_id: Some(response.id),
        ..NewTask::default()
    };
    ask(services, project_id, user_id, new).await
}

/// adjust_sql (new SQL) or adjust_steps (a changed question): a new response in the
/// response's thread.
pub async fn adjust(
    services: &Services,
    project_id: Uuid,
    user_id: Uuid,
    response: &ThreadResponse,
    sql: Option<String>,
    question: Option<String>,
) -> Result<AskingTask> {
    let new = match (sql, question) {
        (Some(sql), _) => NewTask { question: response.question.clone(), sql: Some(sql), thread_id: Some(response.thread_id), ..NewTask::default() },
        // The changed question is the whole question (not a follow-up of the thread's last one).
        (None, Some(question)) => NewTask { question, thread_id: Some(response.thread_id), whole: true, ..NewTask::default() },
        (None, None) => return Err(Error::invalid("Please enter the SQL or the question to ask instead.")),
    };
    ask(services, project_id, user_id, new).await
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
/// there is none yet), checked against the result.
pub async fn adjust_chart(services: &Services, response: &ThreadResponse, change: ChartChange) -> Result<()> {
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
    set_user_chart(&services.pool, response, &spec).await
}
