//! Asking operations: start and stop asking tasks, threads, and adjustments of a response's
//! SQL, answer and chart. Anything that reads the data source runs in the Ask workflow.

use super::{AskingTaskGql, ThreadGql, ThreadResponseGql, caller_response, own_thread, response_with_task};
use crate::{
    error::ApiResult,
    graphql::context::{self, parse_id},
    state::AppState,
};
use async_graphql::{Context, ID, InputObject, Object};
use quarry_domain::{
    Error,
    asking::{
        self, AskStatus, AskingTask, NewTask,
        answer::{self, check_sql},
        thread::{self as threads},
    },
    permissions::Operation,
};
use quarry_engine::answer::{ChartSpec, ChartType};
use uuid::Uuid;

#[derive(InputObject)]
pub struct AskingTaskInput {
    question: String,
    /// Ask in this thread (a follow-up); a new thread is started without it.
    thread_id: Option<ID>,
}

#[derive(InputObject)]
pub struct CreateThreadInput {
    /// The first question; the thread is named after it.
    question: Option<String>,
    /// A name for an empty thread.
    summary: Option<String>,
}

#[derive(InputObject)]
pub struct UpdateThreadInput {
    summary: String,
}

#[derive(InputObject)]
pub struct ThreadResponseInput {
    question: Option<String>,
    /// SQL over the models to run instead of understanding a question.
    sql: Option<String>,
}

#[derive(InputObject)]
pub struct UpdateThreadResponseInput {
    sql: String,
}

/// Apply edited SQL (adjust_sql) or ask again with a changed question (adjust_steps); the
/// result is a new response in the same thread.
#[derive(InputObject)]
pub struct AdjustThreadResponseInput {
    sql: Option<String>,
    question: Option<String>,
}

#[derive(InputObject)]
pub struct AdjustChartInput {
    chart_type: Option<ChartType>,
    x: Option<String>,
    y: Option<String>,
    color: Option<String>,
}

#[derive(InputObject)]
pub struct ChartSpecInput {
    chart_type: ChartType,
    title: Option<String>,
    x: Option<String>,
    y: String,
    color: Option<String>,
}

/// Records the task and starts its workflow. A workflow that cannot be started fails the
/// task rather than leaving it hanging.
async fn start(state: &AppState, project_id: Uuid, task: AskingTask) -> ApiResult<AskingTask> {
    let started = async { state.temporal().await?.start_ask(project_id, task.id).await };
    if let Err(error) = started.await {
        tracing::error!(%project_id, task_id = %task.id, "ask could not be started: {error}");
        let reason = "The question could not be started. Please try again.";
        asking::end_unanswered(&state.pool, task.id, AskStatus::Failed, "INTERNAL_SERVER_ERROR", reason, &[], &[]).await?;
        return Err(error.into());
    }
    Ok(task)
}

async fn ask(ctx: &Context<'_>, project_id: Uuid, user_id: Uuid, mut new: NewTask) -> ApiResult<AskingTask> {
    let state = context::state(ctx);
    if let Some(sql) = &new.sql {
        new.sql = Some(check_sql(&state.pool, project_id, sql).await?);
    }
    let task = asking::create(&state.pool, project_id, Some(user_id), new).await?;
    start(state, project_id, task).await
}

#[derive(Default)]
pub struct AskingMutation;

#[Object]
impl AskingMutation {
    /// Asks a question (in a thread, or in a new one); poll `askingTask` for its state.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn create_asking_task(&self, ctx: &Context<'_>, project_id: ID, data: AskingTaskInput) -> ApiResult<AskingTaskGql> {
        let project_id = parse_id(&project_id)?;
        let (user, _) = context::in_project(ctx, Operation::Ask, project_id).await?;
        let thread_id = match &data.thread_id {
            Some(id) => Some(own_thread(ctx, user, project_id, parse_id(id)?).await?.id),
            None => None,
        };
        let task = ask(ctx, project_id, user.id, NewTask { question: data.question, thread_id, ..NewTask::default() }).await?;
        Ok(task.into())
    }

    /// Stops a running asking task: it ends STOPPED and writes no response.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn cancel_asking_task(&self, ctx: &Context<'_>, project_id: ID, task_id: ID) -> ApiResult<bool> {
        let project_id = parse_id(&project_id)?;
        let (user, _) = context::in_project(ctx, Operation::Ask, project_id).await?;
        let state = context::state(ctx);
        let task = asking::get_in(&state.pool, project_id, parse_id(&task_id)?).await?;
        own_thread(ctx, user, project_id, task.thread_id).await?;
        if !task.status().is_final() {
            state.temporal().await?.cancel_ask(project_id, task.id).await?;
        }
        Ok(true)
    }

    /// Starts a thread, with its first question when one is given.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn create_thread(&self, ctx: &Context<'_>, project_id: ID, data: CreateThreadInput) -> ApiResult<ThreadGql> {
        let project_id = parse_id(&project_id)?;
        let (user, _) = context::in_project(ctx, Operation::Ask, project_id).await?;
        let pool = &context::state(ctx).pool;
        let thread = match data.question {
            Some(question) => {
                let task = ask(ctx, project_id, user.id, NewTask { question, ..NewTask::default() }).await?;
                threads::get(pool, project_id, task.thread_id).await?
            }
            None => threads::create(pool, project_id, Some(user.id), data.summary.as_deref().unwrap_or_default()).await?,
        };
        Ok(thread.into())
    }

    /// Renames a thread.
    async fn update_thread(&self, ctx: &Context<'_>, project_id: ID, thread_id: ID, data: UpdateThreadInput) -> ApiResult<ThreadGql> {
        let project_id = parse_id(&project_id)?;
        let (user, _) = context::in_project(ctx, Operation::Ask, project_id).await?;
        let thread = own_thread(ctx, user, project_id, parse_id(&thread_id)?).await?;
        Ok(threads::rename(&context::state(ctx).pool, project_id, thread.id, &data.summary).await?.into())
    }

    /// Deletes a thread and its responses, stopping its running tasks first.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn delete_thread(&self, ctx: &Context<'_>, project_id: ID, thread_id: ID) -> ApiResult<bool> {
        let project_id = parse_id(&project_id)?;
        let (user, _) = context::in_project(ctx, Operation::Ask, project_id).await?;
        let state = context::state(ctx);
        let thread = own_thread(ctx, user, project_id, parse_id(&thread_id)?).await?;
        for task in asking::unfinished(&state.pool, project_id).await?.into_iter().filter(|t| t.thread_id == thread.id) {
            state.temporal().await?.cancel_ask(project_id, task.id).await?;
        }
        threads::delete(&state.pool, project_id, thread.id).await?;
        Ok(true)
    }

    /// Asks a follow-up question (or runs SQL) in a thread; the response fills in as its task
    /// moves on.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn create_thread_response(
        &self,
        ctx: &Context<'_>,
        project_id: ID,
        thread_id: ID,
        data: ThreadResponseInput,
    ) -> ApiResult<ThreadResponseGql> {
        let project_id = parse_id(&project_id)?;
        let (user, _) = context::in_project(ctx, Operation::Ask, project_id).await?;
        let thread = own_thread(ctx, user, project_id, parse_id(&thread_id)?).await?;
        let question = data.question.or_else(|| data.sql.clone()).unwrap_or_default();
        let new = NewTask { question, sql: data.sql, thread_id: Some(thread.id), ..NewTask::default() };
        let task = ask(ctx, project_id, user.id, new).await?;
        let response = threads::response(&context::state(ctx).pool, project_id, task.response_id).await?;
        response_with_task(ctx, response).await
    }

    /// Edits a response's SQL and re-runs it (the answer, result and chart are replaced when
    /// it finishes). SQL that writes, or more than one statement, is refused before anything runs.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn update_thread_response(
        &self,
        ctx: &Context<'_>,
        project_id: ID,
        response_id: ID,
        data: UpdateThreadResponseInput,
    ) -> ApiResult<ThreadResponseGql> {
        let (project_id, user, response) = caller_response(ctx, &project_id, &response_id).await?;
        let new = NewTask {
            question: response.question.clone(),
            sql: Some(data.sql),
            thread_id: Some(response.thread_id),
            response_id: Some(response.id),
            ..NewTask::default()
        };
        ask(ctx, project_id, user.id, new).await?;
        let response = threads::response(&context::state(ctx).pool, project_id, response.id).await?;
        response_with_task(ctx, response).await
    }

    /// Writes the answer again from the response's cached result.
    async fn generate_thread_response_answer(&self, ctx: &Context<'_>, project_id: ID, response_id: ID) -> ApiResult<ThreadResponseGql> {
        let (project_id, _, response) = caller_response(ctx, &project_id, &response_id).await?;
        let pool = &context::state(ctx).pool;
        answer::rewrite_answer(pool, &response).await?;
        response_with_task(ctx, threads::response(pool, project_id, response.id).await?).await
    }

    /// adjust_sql (new SQL) or adjust_steps (a changed question): a new response in the thread.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn adjust_thread_response(
        &self,
        ctx: &Context<'_>,
        project_id: ID,
        response_id: ID,
        data: AdjustThreadResponseInput,
    ) -> ApiResult<ThreadResponseGql> {
        let (project_id, user, response) = caller_response(ctx, &project_id, &response_id).await?;
        let new = match (data.sql, data.question) {
            (Some(sql), _) => NewTask { question: response.question.clone(), sql: Some(sql), thread_id: Some(response.thread_id), ..NewTask::default() },
            // The changed question is the whole question (not a follow-up of the thread's last one).
            (None, Some(question)) => NewTask { question, thread_id: Some(response.thread_id), whole: true, ..NewTask::default() },
            (None, None) => return Err(Error::invalid("Please enter the SQL or the question to ask instead.").into()),
        };
        let task = ask(ctx, project_id, user.id, new).await?;
        let adjusted = threads::response(&context::state(ctx).pool, project_id, task.response_id).await?;
        response_with_task(ctx, adjusted).await
    }

    /// Picks the chart again from the result's shape.
    async fn generate_thread_response_chart(&self, ctx: &Context<'_>, project_id: ID, response_id: ID) -> ApiResult<ThreadResponseGql> {
        let (project_id, _, response) = caller_response(ctx, &project_id, &response_id).await?;
        let pool = &context::state(ctx).pool;
        answer::rechoose_chart(pool, &response).await?;
        response_with_task(ctx, threads::response(pool, project_id, response.id).await?).await
    }

    /// Changes the chart's type, axes or series colour column; checked against the result.
    async fn adjust_thread_response_chart(
        &self,
        ctx: &Context<'_>,
        project_id: ID,
        response_id: ID,
        data: AdjustChartInput,
    ) -> ApiResult<ThreadResponseGql> {
        let (project_id, _, response) = caller_response(ctx, &project_id, &response_id).await?;
        let current = response.chart.as_ref().map(|c| c.0.clone());
        let base = current.unwrap_or_else(|| ChartSpec { chart_type: ChartType::Bar, title: response.question.clone(), x: None, y: String::new(), color: None });
        let spec = ChartSpec {
            chart_type: data.chart_type.unwrap_or(base.chart_type),
            title: base.title,
            x: data.x.or(base.x),
            y: data.y.unwrap_or(base.y),
            color: match data.color {
                Some(color) if color.is_empty() => None,
                Some(color) => Some(color),
                None => base.color,
            },
        };
        save_chart(ctx, project_id, response, spec).await
    }

    /// Replaces the chart with one the user described in full.
    async fn override_thread_response_chart(
        &self,
        ctx: &Context<'_>,
        project_id: ID,
        response_id: ID,
        data: ChartSpecInput,
    ) -> ApiResult<ThreadResponseGql> {
        let (project_id, _, response) = caller_response(ctx, &project_id, &response_id).await?;
        let spec = ChartSpec {
            chart_type: data.chart_type,
            title: data.title.unwrap_or_else(|| response.question.clone()),
            x: data.x,
            y: data.y,
            color: data.color,
        };
        save_chart(ctx, project_id, response, spec).await
    }
}

async fn save_chart(ctx: &Context<'_>, project_id: Uuid, response: quarry_domain::asking::ThreadResponse, spec: ChartSpec) -> ApiResult<ThreadResponseGql> {
    let pool = &context::state(ctx).pool;
    answer::set_user_chart(pool, &response, &spec).await?;
    response_with_task(ctx, threads::response(pool, project_id, response.id).await?).await
}
