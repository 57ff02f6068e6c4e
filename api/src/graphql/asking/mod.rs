//! Asking (PRODUCT.md §7): threads, their responses, and the asking tasks the client polls.
//! Reads here; the operations that start, stop and adjust work in [`mutations`].

mod mutations;

pub use mutations::AskingMutation;

use super::context::{self, parse_id};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Json, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::{
    TaskErrorCode,
    asking::{self, AskStatus, AskingTask, Chip, ChipKind, SeenThread, TeachOffer, Thread, ThreadResponse},
    generation::GenerationStatus,
};
use quarry_engine::answer::{ChartSpec, ChartType};
use uuid::Uuid;

/// Why a task ended without an answer.
#[derive(SimpleObject)]
pub struct AskingTaskError {
    code: TaskErrorCode,
    message: String,
    short_message: String,
}

/// One part of how a question was read, in a business user's words ("total revenue",
/// "by genre", "in 2023", "top 5").
#[derive(SimpleObject)]
pub struct ReadingChip {
    kind: ChipKind,
    label: String,
    /// The words of the task's question this part was read from ("in 2023"); none when it
    /// stands for the whole question or was read from SQL — such a part cannot be removed
    /// or changed by editing the question.
    text: Option<String>,
    /// Where `text` is in the task's `question`: UTF-8 byte offsets, end exclusive (both 0
    /// without text).
    start: i32,
    end: i32,
}

/// The chips of a reading, with the words of `question` each stands for.
fn reading_of(question: &str, chips: &[Chip]) -> Vec<ReadingChip> {
    chips
        .iter()
        .map(|c| {
            let text = (c.start < c.end).then(|| question.get(c.start..c.end)).flatten().map(str::to_owned);
            let (start, end) = if text.is_some() { (c.start as i32, c.end as i32) } else { (0, 0) };
            ReadingChip { kind: c.kind, label: c.label.clone(), text, start, end }
        })
        .collect()
}

/// A phrase the engine could not place, with the models and columns it may mean: choosing
/// one teaches the phrase as its term (`teachTerm`).
#[derive(SimpleObject)]
#[graphql(name = "TeachOffer")]
pub struct TeachOfferGql {
    phrase: String,
    candidates: Vec<TeachTargetGql>,
}

/// A model, or a column of one, a phrase may be taught as.
#[derive(SimpleObject)]
#[graphql(name = "TeachTarget")]
pub struct TeachTargetGql {
    model: String,
    /// Empty for the model itself.
    column: Option<String>,
    /// In a business user's words: "genre (tracks)".
    label: String,
}

fn teach_offers_of(offers: &[TeachOffer]) -> Vec<TeachOfferGql> {
    offers
        .iter()
        .map(|o| TeachOfferGql {
            phrase: o.phrase.clone(),
            candidates: o.candidates.iter().map(|c| TeachTargetGql { model: c.model.clone(), column: c.column.clone(), label: c.label.clone() }).collect(),
        })
        .collect()
}

#[derive(SimpleObject)]
#[graphql(name = "AskingTask")]
pub struct AskingTaskGql {
    id: ID,
    thread_id: ID,
    response_id: ID,
    /// The question the engine answers (a follow-up is read with the previous question).
    question: String,
    status: AskStatus,
    /// The numeric task state of PRODUCT.md §4 (IDLE 0 … DEPLOY_FAILED 11).
    status_code: i32,
    /// What the engine understood, in words.
    understood: Vec<String>,
    /// How the question was read, as chips (once it is answered): the engine's own reading,
    /// or one read from the SQL the language model, a saved pair or the user wrote.
    reading: Vec<ReadingChip>,
    /// Questions to ask instead, when the question was not understood.
    suggestions: Vec<String>,
    /// For each phrase a NO_RESULT answer could not place, what it may mean.
    teach_offers: Vec<TeachOfferGql>,
    error: Option<AskingTaskError>,
    /// Milliseconds spent understanding and in the query.
    engine_ms: Option<i32>,
    query_ms: Option<i32>,
    /// DATA, GENERAL or MISLEADING, when the language model classified the question.
    intent: Option<String>,
    /// The language model's plan, shown while it writes the SQL.
    reasoning: Option<String>,
    /// What wrote the SQL: LLM, ENGINE or SQL_PAIR.
    answered_by: Option<String>,
    /// How many times the language model corrected its SQL.
    correction_rounds: i32,
    created_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
}

impl From<AskingTask> for AskingTaskGql {
    fn from(t: AskingTask) -> Self {
        let status = t.status();
        let error =
            t.error_code.map(|code| AskingTaskError { short_message: code.short_message().to_owned(), message: t.error_message.unwrap_or_default(), code });
        Self {
            id: ID(t.id.to_string()),
            thread_id: ID(t.thread_id.to_string()),
            response_id: ID(t.response_id.to_string()),
            reading: reading_of(&t.question, &t.reading),
            teach_offers: teach_offers_of(&t.teach_offers),
            question: t.question,
            status,
            status_code: i32::from(status.code()),
            understood: t.understood,
            suggestions: t.suggestions,
            error,
            engine_ms: t.engine_ms,
            query_ms: t.query_ms,
            intent: t.intent,
            reasoning: t.reasoning,
            answered_by: t.answered_by,
            correction_rounds: i32::from(t.correction_rounds),
            created_at: t.created_at,
            finished_at: t.finished_at,
        }
    }
}

#[derive(SimpleObject)]
#[graphql(name = "Thread")]
pub struct ThreadGql {
    id: ID,
    summary: String,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<Thread> for ThreadGql {
    fn from(t: Thread) -> Self {
        Self { id: ID(t.id.to_string()), summary: t.summary, created_at: t.created_at, updated_at: t.updated_at }
    }
}

/// A chart: its type and which result columns go on the axes.
#[derive(SimpleObject)]
#[graphql(name = "ChartSpec")]
pub struct ChartSpecGql {
    chart_type: ChartType,
    title: String,
    x: Option<String>,
    y: String,
    /// The column that splits the series (grouped and stacked bars, multi-line).
    color: Option<String>,
}

impl From<ChartSpec> for ChartSpecGql {
    fn from(c: ChartSpec) -> Self {
        Self { chart_type: c.chart_type, title: c.title, x: c.x, y: c.y, color: c.color }
    }
}

#[derive(SimpleObject)]
pub struct ResultColumnGql {
    name: String,
    r#type: String,
    family: quarry_engine::ColumnTypeFamily,
    /// The semantic layer's name for the column, when it is not `name` in words.
    display_name: Option<String>,
    /// How the semantic layer says its values read; empty: from the values themselves.
    format: Option<ColumnFormatGql>,
}

impl From<&quarry_engine::ResultColumn> for ResultColumnGql {
    fn from(c: &quarry_engine::ResultColumn) -> Self {
        Self {
            name: c.name.clone(),
            r#type: c.type_name.clone(),
            family: c.family,
            display_name: c.display_name.clone(),
            format: c.format.as_ref().map(ColumnFormatGql::from),
        }
    }
}

/// How a column's values read: money in a currency, a ratio as a percentage, fixed decimals.
#[derive(SimpleObject, InputObject, Clone, Default)]
#[graphql(name = "ColumnFormat", input_name = "ColumnFormatInput")]
pub struct ColumnFormatGql {
    /// NUMBER, CURRENCY (money; "$1,234.50") or PERCENT (a ratio: 0.25 reads "25%").
    pub style: Option<quarry_engine::mdl::FormatStyle>,
    /// Digits after the decimal point (0 to 6); sensible ones for the style when empty.
    pub decimals: Option<i32>,
    /// An ISO 4217 code; for CURRENCY, the model's currency when empty.
    pub currency: Option<String>,
}

impl From<&quarry_engine::mdl::DisplayFormat> for ColumnFormatGql {
    fn from(f: &quarry_engine::mdl::DisplayFormat) -> Self {
        Self { style: f.style, decimals: f.decimals.map(i32::from), currency: f.currency.clone() }
    }
}

impl ColumnFormatGql {
    /// The format to keep; decimals out of range are refused by the domain's check.
    pub fn into_format(self) -> quarry_engine::mdl::DisplayFormat {
        let decimals = self.decimals.map(|d| u8::try_from(d).unwrap_or(u8::MAX));
        let currency = self.currency.map(|c| c.trim().to_uppercase()).filter(|c| !c.is_empty());
        quarry_engine::mdl::DisplayFormat { style: self.style, decimals, currency }
    }
}

pub struct ThreadResponseGql {
    response: ThreadResponse,
    task: Option<AskingTask>,
}

#[Object(name = "ThreadResponse")]
impl ThreadResponseGql {
    async fn id(&self) -> ID {
        ID(self.response.id.to_string())
    }
    async fn thread_id(&self) -> ID {
        ID(self.response.thread_id.to_string())
    }
    async fn question(&self) -> &str {
        &self.response.question
    }
    /// SQL over the models; empty until the task finishes.
    async fn sql(&self) -> Option<&str> {
        self.response.sql.as_deref()
    }
    /// The written answer, in the project's language.
    async fn answer(&self) -> Option<&str> {
        self.response.answer.as_deref()
    }
    async fn answer_status(&self) -> GenerationStatus {
        self.response.answer_status
    }
    async fn chart(&self) -> Option<ChartSpecGql> {
        self.response.chart.as_ref().map(|c| c.0.clone().into())
    }
    async fn chart_status(&self) -> GenerationStatus {
        self.response.chart_status
    }
    /// Why there is no chart ('… No charges applied.').
    async fn chart_error(&self) -> Option<&str> {
        self.response.chart_error.as_deref()
    }
    async fn columns(&self) -> Vec<ResultColumnGql> {
        self.response.result.as_ref().map(|r| r.columns.iter().map(ResultColumnGql::from).collect()).unwrap_or_default()
    }
    /// Rows kept with the response (at most 5000).
    async fn row_count(&self) -> i32 {
        self.response.result.as_ref().map_or(0, |r| r.rows.len() as i32)
    }
    /// The query had more rows than were kept.
    /// Its result and answer were made with data the caller may not see (data-security
    /// policies, or a change to them since): they are not shown; asking again answers for them.
    async fn withheld(&self) -> bool {
        self.response.withheld
    }
    async fn truncated(&self) -> bool {
        self.response.result.as_ref().is_some_and(|r| r.truncated)
    }
    /// How the question was read, as chips; their offsets are in `askingTask.question`.
    async fn reading(&self) -> Vec<ReadingChip> {
        self.task.as_ref().map(|t| reading_of(&t.question, &t.reading)).unwrap_or_default()
    }
    /// For each phrase its question's engine could not place, what it may mean.
    async fn teach_offers(&self) -> Vec<TeachOfferGql> {
        self.task.as_ref().map(|t| teach_offers_of(&t.teach_offers)).unwrap_or_default()
    }
    /// The task that fills (or last re-ran) this response.
    async fn asking_task(&self) -> Option<AskingTaskGql> {
        self.task.clone().map(Into::into)
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.response.created_at
    }
}

/// A page of a response's cached rows.
#[derive(SimpleObject)]
pub struct ResponseData {
    columns: Vec<ResultColumnGql>,
    rows: Json<Vec<Vec<serde_json::Value>>>,
    /// Rows kept in all (the pages page through these).
    total: i32,
    truncated: bool,
}

/// PRODUCT.md §7 pagination: at most this many rows per page.
const PAGE_MAX: i32 = 500;

pub struct ThreadDetail {
    thread: Thread,
    can_edit: bool,
}

#[Object(name = "ThreadDetail")]
impl ThreadDetail {
    async fn id(&self) -> ID {
        ID(self.thread.id.to_string())
    }
    async fn summary(&self) -> &str {
        &self.thread.summary
    }
    /// Whether the caller may ask in it and change its responses (their own thread, or one
    /// shared with an editor); a viewer of a shared thread reads it only.
    async fn can_edit(&self) -> bool {
        self.can_edit
    }
    /// The thread's questions in the order asked, each with its latest task (results made
    /// with data the caller may not see are withheld).
    async fn responses(&self, ctx: &Context<'_>) -> ApiResult<Vec<ThreadResponseGql>> {
        let pool = &context::state(ctx).pool;
        Ok(with_tasks(asking::read_thread_responses(pool, &context::acting(ctx)?, self.thread.project_id, self.thread.id).await?))
    }
}

fn with_tasks(pairs: Vec<asking::ResponseWithTask>) -> Vec<ThreadResponseGql> {
    pairs.into_iter().map(|(response, task)| ThreadResponseGql { response, task }).collect()
}

/// A response the caller just changed, as they are shown it.
async fn response_with_task(ctx: &Context<'_>, project_id: Uuid, response_id: Uuid) -> ApiResult<ThreadResponseGql> {
    let pool = &context::state(ctx).pool;
    let pair = asking::response_with_task(pool, project_id, response_id).await?;
    let (response, task) = asking::shown_to(pool, &context::acting(ctx)?, project_id, vec![pair]).await?.pop().expect("one response in, one out");
    Ok(ThreadResponseGql { response, task })
}

#[derive(Default)]
pub struct AskingQuery;

#[Object]
impl AskingQuery {
    /// An asking task's state; the client polls it until it ends. Whoever may read the
    /// thread may read its tasks.
    async fn asking_task(&self, ctx: &Context<'_>, project_id: ID, task_id: ID) -> ApiResult<AskingTaskGql> {
        let (project_id, task_id) = (parse_id(&project_id)?, parse_id(&task_id)?);
        Ok(asking::poll(&context::state(ctx).pool, &context::acting(ctx)?, project_id, task_id).await?.into())
    }

    /// The caller's threads in the project, latest activity first.
    async fn threads(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<ThreadGql>> {
        let project_id = parse_id(&project_id)?;
        Ok(asking::threads(&context::state(ctx).pool, &context::acting(ctx)?, project_id).await?.into_iter().map(Into::into).collect())
    }

    /// One thread with its responses.
    async fn thread(&self, ctx: &Context<'_>, project_id: ID, thread_id: ID) -> ApiResult<ThreadDetail> {
        let (project_id, thread_id) = (parse_id(&project_id)?, parse_id(&thread_id)?);
        let SeenThread { thread, can_edit } = asking::read_thread(&context::state(ctx).pool, &context::acting(ctx)?, project_id, thread_id).await?;
        Ok(ThreadDetail { thread, can_edit })
    }

    async fn thread_response(&self, ctx: &Context<'_>, project_id: ID, response_id: ID) -> ApiResult<ThreadResponseGql> {
        let (project_id, response_id) = (parse_id(&project_id)?, parse_id(&response_id)?);
        let (response, task) = asking::read_response(&context::state(ctx).pool, &context::acting(ctx)?, project_id, response_id).await?;
        Ok(ThreadResponseGql { response, task })
    }

    /// A page of a response's cached result (offset from 0, at most 500 rows a page).
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn preview_response_data(
        &self,
        ctx: &Context<'_>,
        project_id: ID,
        response_id: ID,
        offset: Option<i32>,
        limit: Option<i32>,
    ) -> ApiResult<ResponseData> {
        let (project_id, response_id) = (parse_id(&project_id)?, parse_id(&response_id)?);
        let (response, _) = asking::read_response(&context::state(ctx).pool, &context::acting(ctx)?, project_id, response_id).await?;
        let result = response.result.map(|r| r.0).unwrap_or_default();
        let offset = offset.unwrap_or(0).max(0) as usize;
        let limit = limit.unwrap_or(PAGE_MAX).clamp(1, PAGE_MAX) as usize;
        Ok(ResponseData {
            columns: result.columns.iter().map(ResultColumnGql::from).collect(),
            total: result.rows.len() as i32,
            truncated: result.truncated,
            rows: Json(result.rows.into_iter().skip(offset).take(limit).collect()),
        })
    }

    /// Questions to start from on the home page.
    async fn suggested_questions(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<String>> {
        let project_id = parse_id(&project_id)?;
        Ok(asking::suggestions(&context::state(ctx).pool, &context::acting(ctx)?, project_id).await?)
    }
}
