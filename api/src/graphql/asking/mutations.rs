//! Asking operations: start and stop asking tasks, threads, and adjustments of a response's
//! SQL, answer and chart. Anything that reads the data source runs in the Ask workflow.

use super::{AskingTaskGql, ThreadGql, ThreadResponseGql, response_with_task};
use crate::{
    error::ApiResult,
    graphql::context::{self, parse_id},
};
use async_graphql::{Context, ID, InputObject, Object};
use quarry_domain::asking::{self, ChartChange, ChartOverride, NewTask};
use quarry_engine::answer::ChartType;

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

#[derive(Default)]
pub struct AskingMutation;

#[Object]
impl AskingMutation {
    /// Asks a question (in a thread, or in a new one); poll `askingTask` for its state.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn create_asking_task(&self, ctx: &Context<'_>, project_id: ID, data: AskingTaskInput) -> ApiResult<AskingTaskGql> {
        let project_id = parse_id(&project_id)?;
        let thread_id = data.thread_id.as_ref().map(parse_id).transpose()?;
        let new = NewTask { question: data.question, thread_id, ..NewTask::default() };
        Ok(asking::ask(&context::state(ctx).services, &context::acting(ctx)?, project_id, new).await?.into())
    }

    /// Stops a running asking task: it ends STOPPED and writes no response.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn cancel_asking_task(&self, ctx: &Context<'_>, project_id: ID, task_id: ID) -> ApiResult<bool> {
        let (project_id, task_id) = (parse_id(&project_id)?, parse_id(&task_id)?);
        asking::stop(&context::state(ctx).services, &context::acting(ctx)?, project_id, task_id).await?;
        Ok(true)
    }

    /// Starts a thread, with its first question when one is given.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn create_thread(&self, ctx: &Context<'_>, project_id: ID, data: CreateThreadInput) -> ApiResult<ThreadGql> {
        let project_id = parse_id(&project_id)?;
        let services = &context::state(ctx).services;
        Ok(asking::create_thread(services, &context::acting(ctx)?, project_id, data.question, data.summary.as_deref()).await?.into())
    }

    /// Renames a thread.
    async fn update_thread(&self, ctx: &Context<'_>, project_id: ID, thread_id: ID, data: UpdateThreadInput) -> ApiResult<ThreadGql> {
        let (project_id, thread_id) = (parse_id(&project_id)?, parse_id(&thread_id)?);
        Ok(asking::rename_thread(&context::state(ctx).pool, &context::acting(ctx)?, project_id, thread_id, &data.summary).await?.into())
    }

    /// Deletes a thread and its responses, stopping its running tasks first.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn delete_thread(&self, ctx: &Context<'_>, project_id: ID, thread_id: ID) -> ApiResult<bool> {
        let (project_id, thread_id) = (parse_id(&project_id)?, parse_id(&thread_id)?);
        asking::delete_thread(&context::state(ctx).services, &context::acting(ctx)?, project_id, thread_id).await?;
        Ok(true)
    }

    /// Asks a follow-up question (or runs SQL) in a thread; the response fills in as its task
    /// moves on.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn create_thread_response(&self, ctx: &Context<'_>, project_id: ID, thread_id: ID, data: ThreadResponseInput) -> ApiResult<ThreadResponseGql> {
        let (project_id, thread_id) = (parse_id(&project_id)?, parse_id(&thread_id)?);
        let question = data.question.or_else(|| data.sql.clone()).unwrap_or_default();
        let new = NewTask { question, sql: data.sql, thread_id: Some(thread_id), ..NewTask::default() };
        let task = asking::ask(&context::state(ctx).services, &context::acting(ctx)?, project_id, new).await?;
        response_with_task(ctx, project_id, task.response_id).await
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
        let (project_id, response_id) = (parse_id(&project_id)?, parse_id(&response_id)?);
        let task = asking::rerun(&context::state(ctx).services, &context::acting(ctx)?, project_id, response_id, data.sql).await?;
        response_with_task(ctx, project_id, task.response_id).await
    }

    /// Writes the answer again from the response's cached result.
    async fn generate_thread_response_answer(&self, ctx: &Context<'_>, project_id: ID, response_id: ID) -> ApiResult<ThreadResponseGql> {
        let (project_id, response_id) = (parse_id(&project_id)?, parse_id(&response_id)?);
        asking::regenerate_answer(&context::state(ctx).pool, &context::acting(ctx)?, project_id, response_id).await?;
        response_with_task(ctx, project_id, response_id).await
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
        let (project_id, response_id) = (parse_id(&project_id)?, parse_id(&response_id)?);
        let task = asking::adjust(&context::state(ctx).services, &context::acting(ctx)?, project_id, response_id, data.sql, data.question).await?;
        response_with_task(ctx, project_id, task.response_id).await
    }

    /// Picks the chart again from the result's shape.
    async fn generate_thread_response_chart(&self, ctx: &Context<'_>, project_id: ID, response_id: ID) -> ApiResult<ThreadResponseGql> {
        let (project_id, response_id) = (parse_id(&project_id)?, parse_id(&response_id)?);
        asking::regenerate_chart(&context::state(ctx).pool, &context::acting(ctx)?, project_id, response_id).await?;
        response_with_task(ctx, project_id, response_id).await
    }

    /// Changes the chart's type, axes or series colour column; checked against the result.
    async fn adjust_thread_response_chart(&self, ctx: &Context<'_>, project_id: ID, response_id: ID, data: AdjustChartInput) -> ApiResult<ThreadResponseGql> {
        let (project_id, response_id) = (parse_id(&project_id)?, parse_id(&response_id)?);
        let change = ChartChange { chart_type: data.chart_type, x: data.x, y: data.y, color: data.color };
        asking::adjust_chart(&context::state(ctx).pool, &context::acting(ctx)?, project_id, response_id, change).await?;
        response_with_task(ctx, project_id, response_id).await
    }

    /// Replaces the chart with one the user described in full.
    async fn override_thread_response_chart(&self, ctx: &Context<'_>, project_id: ID, response_id: ID, data: ChartSpecInput) -> ApiResult<ThreadResponseGql> {
        let (project_id, response_id) = (parse_id(&project_id)?, parse_id(&response_id)?);
        let chart = ChartOverride { chart_type: data.chart_type, title: data.title, x: data.x, y: data.y, color: data.color };
        asking::override_chart(&context::state(ctx).pool, &context::acting(ctx)?, project_id, response_id, chart).await?;
        response_with_task(ctx, project_id, response_id).await
    }
}
