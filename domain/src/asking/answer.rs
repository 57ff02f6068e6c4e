//! The steps of answering a task with the embedded question engine, each one a unit the Ask
//! workflow runs as an activity: [`begin`] (is the model deployed?), [`understand`] (the
//! question → SQL over the models), [`answer`] (run it, describe the result, pick a chart,
//! finish). Each writes its own state transitions. When the organisation's language model
//! writes the answer, the query and the write-up are two steps on two pools:
//! [`run_and_keep`] on `sql`, [`write_up_kept`] on `llm`.

use std::time::{Duration, Instant};

use chrono::Utc;
use quarry_engine::{
    Connector, QueryOptions,
    answer::{ChartSpec, chart, describe},
    compile::{self, Dialect, security::Viewer},
    mdl::Manifest,
    question::{self, Chip, Understanding, ValueMatch, vocabulary},
};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::TaskErrorCode;

use super::{
    Answered, AskStatus, ResponseResult, ThreadResponse,
    thread::{self, CACHED_ROWS},
};
use crate::{
    config::Config,
    datasource,
    db::Pool,
    deploy::{self, DeployState},
    error::{Error, ErrorCode, Result},
    knowledge,
    modeling::{edit::compile_error, manifest},
    project,
};

/// A question's SQL may run this long at the source.
pub const QUERY_TIMEOUT: Duration = Duration::from_secs(60);

/// Where a task stands before it is understood.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Begun {
    /// The model is deployed: go on (UNDERSTANDING).
    Ready,
    /// The first deploy is still running (DEPLOYING): ask again shortly.
    Deploying,
    /// The task ended (stopped, or the model could not be deployed: DEPLOY_FAILED).
    Ended,
}

/// Checks the deploy the question would be answered from.
pub async fn begin(pool: &Pool, task_id: Uuid) -> Result<Begun> {
    let task = super::get(pool, task_id).await?;
    if task.status().is_final() {
        return Ok(Begun::Ended);
    }
    if deploy::deployed(pool, task.project_id).await?.is_some() {
        super::set_status(pool, task_id, AskStatus::Understanding).await?;
        return Ok(Begun::Ready);
    }
    match deploy::latest(pool, task.project_id).await? {
        Some(d) if d.status == DeployState::InProgress => {
            super::set_status(pool, task_id, AskStatus::Deploying).await?;
            Ok(Begun::Deploying)
        }
        latest => {
            let reason =
                latest.and_then(|d| d.error).unwrap_or_else(|| "The models have not been deployed yet. Deploy them on the modeling page first.".to_owned());
            super::end_unanswered(pool, task_id, AskStatus::DeployFailed, TaskErrorCode::DeployFailed, &reason, &[], &[]).await?;
            Ok(Begun::Ended)
        }
    }
}

/// What understanding produced: SQL over the models, or nothing (the task ended NO_RESULT).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    pub sql: Option<String>,
    pub understood: Vec<String>,
    /// The engine's reading of the question; empty for SQL it did not write (the reading is
    /// then derived from the SQL when it is answered).
    #[serde(default)]
    pub reading: Vec<Chip>,
    pub engine_ms: i32,
    /// LLM, ENGINE or SQL_PAIR: what wrote the SQL.
    #[serde(default)]
    pub answered_by: Option<String>,
}

/// SEARCHING (the value index for the values the question names) then PLANNING (the engine
/// writes SQL over the deployed models, with the project's taught terms). A question it cannot
/// place ends NO_RESULT, with what it understood, questions to ask instead and, for each
/// phrase it could not place, what the phrase may mean (one click teaches it).
pub async fn understand(pool: &Pool, config: &Config, task_id: Uuid) -> Result<Plan> {
    let task = super::get(pool, task_id).await?;
    if let Some(sql) = task.given_sql.clone() {
        super::set_status(pool, task_id, AskStatus::Planning).await?;
        return Ok(Plan { sql: Some(sql), understood: vec!["the SQL you wrote".to_owned()], ..Plan::default() });
    }
    if !super::set_status(pool, task_id, AskStatus::Searching).await? {
        return Ok(Plan::default());
    }
    let (_, mut manifest) = deploy::deployed(pool, task.project_id).await?.ok_or_else(|| Error::invalid("The models are not deployed."))?;
    // What the project taught counts from the next question, without a deploy.
    vocabulary::apply(&mut manifest, &knowledge::terms::for_engine(pool, task.project_id).await?);
    let said = phrases(&task.question);
    let mut values = deploy::matching_values(pool, task.project_id, &said).await?;
    // With policies, the index (built by a deploy, perhaps before them) offers only values of
    // unprotected models and readable columns; a protected model's values are read at the
    // source as the asker may see them.
    if !manifest.row_policies.is_empty() || !manifest.column_policies.is_empty() {
        let viewer = crate::data_security::viewer_of_task(pool, task_id).await?;
        values = crate::data_security::unprotected_values(&manifest, &viewer, values);
        let connector = datasource::connector(pool, config, task.project_id).await?;
        values.extend(crate::data_security::matching_values_as(connector.as_ref(), &manifest, &viewer, &said).await);
    }
    let values: Vec<ValueMatch> = values
        .into_iter()
        .map(|v| ValueMatch { model: v.model, column: v.column, value: v.value, column_values: usize::try_from(v.column_values).unwrap_or(0) })
        .collect();
    if !super::set_status(pool, task_id, AskStatus::Planning).await? {
        return Ok(Plan::default());
    }
    let project = project::get(pool, task.project_id).await?;
    let dialect = manifest::dialect_of(datasource::connector_type(pool, task.project_id).await?);
    let today = today_in(&project.timezone);
    let text = task.question.clone();
    let (understanding, engine_ms) = quarry_engine::cpu::run(move || {
        let started = Instant::now();
        let understanding = question::understand(&manifest, dialect, &text, &values, today);
        (understanding, started.elapsed().as_millis() as i32)
    })
    .await
    .map_err(Error::internal)?;
    match understanding {
        Understanding::Sql { sql, understood, reading } => Ok(Plan { sql: Some(sql), understood, reading, engine_ms, answered_by: Some("ENGINE".into()) }),
        Understanding::NotUnderstood { understood, suggestions, teach } => {
            // A sample dataset's own questions read better than ones built from its models.
            let suggestions = match datasource::sample_dataset(pool, task.project_id).await? {
                Some(dataset) => dataset.info().questions.iter().map(|q| (*q).to_owned()).collect(),
                None => suggestions,
            };
            let message = not_understood_message(&understood);
            super::end_not_understood(pool, task_id, &message, &understood, &suggestions, &teach).await?;
            Ok(Plan { sql: None, understood, engine_ms, ..Plan::default() })
        }
    }
}

/// The NO_RESULT reply: the words that could not be placed first, then what was understood.
fn not_understood_message(understood: &[String]) -> String {
    let (unplaced, placed): (Vec<&String>, Vec<&String>) = understood.iter().partition(|u| u.starts_with("could not "));
    let placed = placed.iter().map(|u| u.as_str()).collect::<Vec<_>>().join(", ");
    let unplaced = (!unplaced.is_empty()).then(|| unplaced.iter().map(|u| u.as_str()).collect::<Vec<_>>().join("; "));
    match (unplaced, placed.is_empty()) {
        (Some(unplaced), true) => format!("I {unplaced}."),
        (Some(unplaced), false) => format!("I {unplaced}; I understood {placed}."),
        (None, true) => "I could not relate the question to the models.".to_owned(),
        (None, false) => format!("I understood {placed}, but not the whole question."),
    }
}

/// The project's date now (for "today", "last month"…).
fn today_in(timezone: &str) -> chrono::NaiveDate {
    match timezone.parse::<chrono_tz::Tz>() {
        Ok(tz) => Utc::now().with_timezone(&tz).date_naive(),
        Err(_) => Utc::now().date_naive(),
    }
}

/// The runs of words of the question that may be indexed values ("brazil", "rock and roll",
/// "são paulo", "ac dc").
pub(crate) fn phrases(question: &str) -> Vec<String> {
    question::value_phrases(question)
}

/// GENERATING: compiles the SQL through the deployed models, runs it (first 5000 rows kept),
/// writes the answer and picks the chart, then FINISHED — all of it in one write, so a task
/// stopped meanwhile leaves no response. `before_run` is awaited once GENERATING is recorded
/// (the chaos delay in tests). With the organisation's model (`llm`), the model writes the
/// answer and picks the chart; the templates and the engine's choice stand in when it cannot.
pub async fn answer(
    pool: &Pool,
    config: &Config,
    task_id: Uuid,
    plan: &Plan,
    llm: Option<&super::llm::ProjectLlm>,
    before_run: impl std::future::Future<Output = ()>,
) -> Result<bool> {
    let Some(ran) = run(pool, config, task_id, plan, before_run).await? else { return Ok(false) };
    write_up(pool, task_id, plan, ran, llm).await
}

/// GENERATING: runs the SQL like [`answer`] and keeps the result on the task for
/// [`write_up_kept`] (so the language model's write-up runs on the `llm` pool, not the one
/// that runs queries). False when the task ended.
pub async fn run_and_keep(pool: &Pool, config: &Config, task_id: Uuid, plan: &Plan, before_run: impl std::future::Future<Output = ()>) -> Result<bool> {
    let Some(ran) = run(pool, config, task_id, plan, before_run).await? else { return Ok(false) };
    super::keep_result(pool, task_id, &ran).await
}

/// Writes the answer and chart from the result [`run_and_keep`] kept, then FINISHED. False
/// when the task ended meanwhile (or nothing was kept: it ended before its query ran).
pub async fn write_up_kept(pool: &Pool, task_id: Uuid, plan: &Plan, llm: Option<&super::llm::ProjectLlm>) -> Result<bool> {
    let Some(ran) = super::kept_result(pool, task_id).await? else { return Ok(false) };
    write_up(pool, task_id, plan, ran, llm).await
}

/// A query's result on its way from the query to the write-up.
#[derive(Debug, Serialize, Deserialize)]
pub struct Ran {
    pub result: ResponseResult,
    pub query_ms: i32,
    /// The first and last date the data has in the column the question bounded by a period,
    /// when that period had no data (said in the answer instead of a bare "no data").
    #[serde(default)]
    pub span: Option<(serde_json::Value, serde_json::Value)>,
    /// The data-security context it was read in ([`crate::data_security::context_of`]);
    /// none from a step recorded before contexts were kept.
    #[serde(default)]
    pub seen_as: Option<String>,
    /// The rows a grouping left out for having no value in a group (said in the answer);
    /// none when it left none out.
    #[serde(default)]
    pub left_out: Option<LeftOutRows>,
}

/// Rows a grouping left out, counted at the source: how many, what a row is ("parcels") and
/// what they have no value for ("courier").
#[derive(Debug, Serialize, Deserialize)]
pub struct LeftOutRows {
    pub count: i64,
    pub rows: String,
    pub missing: String,
}

/// GENERATING, then the compiled SQL run at the source (first 5000 rows kept). `None` when
/// the task ended: stopped meanwhile, or FAILED here with the source's reason.
async fn run(pool: &Pool, config: &Config, task_id: Uuid, plan: &Plan, before_run: impl std::future::Future<Output = ()>) -> Result<Option<Ran>> {
    let Some(sql) = &plan.sql else { return Ok(None) };
    let task = super::get(pool, task_id).await?;
    if !super::set_status(pool, task_id, AskStatus::Generating).await? {
        return Ok(None);
    }
    before_run.await;
    let fail = |message: String| async move {
        super::end_unanswered(pool, task_id, AskStatus::Failed, TaskErrorCode::InvalidSql, &message, &plan.understood, &[]).await.map(|_| None)
    };
    let (_, manifest) = deploy::deployed(pool, task.project_id).await?.ok_or_else(|| Error::invalid("The models are not deployed."))?;
    let connector = datasource::connector(pool, config, task.project_id).await?;
    let dialect = manifest::dialect_of(connector.source_type());
    let viewer = crate::data_security::viewer_of_task(pool, task_id).await?;
    let compiled = match compile::compile_as(&manifest, &viewer, sql, dialect) {
        Ok(compiled) => compiled,
        Err(error) => return fail(compile_error(error).public_message()).await,
    };
    let started = Instant::now();
    let mut result = match connector.query(&compiled, QueryOptions::new(CACHED_ROWS, QUERY_TIMEOUT)).await {
        Ok(result) => result,
        Err(error) => return fail(Error::from(error).public_message()).await,
    };
    compile::describe(&manifest, sql, dialect, &mut result.columns);
    let query_ms = started.elapsed().as_millis() as i32;
    let span = if quarry_engine::answer::is_empty_result(&result.rows) { span_of(&manifest, &viewer, connector.as_ref(), sql, dialect).await } else { None };
    let left_out = if span.is_none() { left_out_of(&manifest, &viewer, connector.as_ref(), sql, dialect).await } else { None };
    let seen_as = Some(crate::data_security::context_of(&manifest, &viewer));
    Ok(Some(Ran { result: ResponseResult { columns: result.columns, rows: result.rows, truncated: result.truncated }, query_ms, span, seen_as, left_out }))
}

/// How many rows a grouping of `sql` left out for having no value in a group, read at the
/// source as the viewer may see them; `None` when it groups by nothing that can be missing,
/// left out none, or the count fails (the answer then says nothing of them).
async fn left_out_of(manifest: &Manifest, viewer: &Viewer, connector: &dyn Connector, sql: &str, dialect: Dialect) -> Option<LeftOutRows> {
    let left_out = question::left_out_of(manifest, sql, dialect)?;
    let compiled = compile::compile_as(manifest, viewer, &left_out.sql, dialect).ok()?;
    let read = connector.query(&compiled, QueryOptions::new(1, QUERY_TIMEOUT)).await.ok()?;
    let count = datasource::whole_number(read.rows.first()?.first()?)?;
    (count > 0).then_some(LeftOutRows { count, rows: left_out.rows, missing: left_out.missing })
}

/// The first and last date of the column `sql` bounded by a period, read at the source; `None`
/// when it bounds none or the read fails (the answer then only says nothing matched).
async fn span_of(
    manifest: &Manifest,
    viewer: &Viewer,
    connector: &dyn Connector,
    sql: &str,
    dialect: Dialect,
) -> Option<(serde_json::Value, serde_json::Value)> {
    let dated = question::dated_columns(sql, dialect).into_iter().next()?;
    let quoted = |name: &str| format!("\"{}\"", name.replace('"', "\"\""));
    let column = format!("{}.{}", quoted(&dated.model), quoted(&dated.column));
    let span_sql = format!("SELECT MIN({column}) AS first_date, MAX({column}) AS last_date FROM {}", quoted(&dated.model));
    let compiled = compile::compile_as(manifest, viewer, &span_sql, dialect).ok()?;
    let read = connector.query(&compiled, QueryOptions::new(1, QUERY_TIMEOUT)).await.ok()?;
    let row = read.rows.into_iter().next()?;
    match row.as_slice() {
        [first, last] if !first.is_null() && !last.is_null() => Some((first.clone(), last.clone())),
        _ => None,
    }
}

/// The written answer (the language model's, or the template's), the chart, and FINISHED
/// with the response, in one write.
async fn write_up(pool: &Pool, task_id: Uuid, plan: &Plan, ran: Ran, llm: Option<&super::llm::ProjectLlm>) -> Result<bool> {
    let Some(sql) = &plan.sql else { return Ok(false) };
    let task = super::get(pool, task_id).await?;
    let Ran { result, query_ms, span, seen_as, left_out } = ran;
    let dialect = manifest::dialect_of(datasource::connector_type(pool, task.project_id).await?);
    let project = project::get(pool, task.project_id).await?;
    let language = language_of(&project);
    let started = Instant::now();
    let measure = quarry_engine::answer::measure_of(&plan.understood);
    let (written, chosen) = match llm {
        Some(llm) => (
            super::llm::write_answer(llm, pool, &task, &language, &result.columns, &result.rows).await,
            super::llm::choose_chart(llm, pool, &task, &result.columns, &result.rows).await,
        ),
        None => (None, None),
    };
    let mut text = written.unwrap_or_else(|| describe(&language, measure.as_deref(), &result.columns, &result.rows, result.truncated));
    if let Some(span) = span.and_then(|(first, last)| quarry_engine::answer::data_span(&language, &first, &last)) {
        // The period asked about has no data: say which it has, rather than a bare "no data".
        text = format!("{text} {span}");
    }
    if let Some(sentence) = left_out.and_then(|l| quarry_engine::answer::left_out(&language, l.count, &l.rows, &l.missing)) {
        // "No value" is no member of a grouping: say how many rows that left out.
        text = format!("{text} {sentence}");
    }
    if let Some(question) = quarry_engine::answer::saved_question_of(&plan.understood) {
        // Say what answered it.
        text = format!("{} {text}", quarry_engine::answer::from_saved_question(&language, question));
    }
    let chart = chosen.or_else(|| chart::choose(&task.question, &result.columns, &result.rows));
    let answered = Answered {
        sql: sql.clone(),
        understood: plan.understood.clone(),
        // Whichever engine wrote the SQL, the answer shows its reading.
        reading: if plan.reading.is_empty() { question::reading_of_sql(sql, dialect) } else { plan.reading.clone() },
        answer: text,
        result,
        chart,
        engine_ms: plan.engine_ms + started.elapsed().as_millis() as i32,
        query_ms,
        seen_as,
    };
    if let Some(by) = &plan.answered_by {
        sqlx::query!("UPDATE asking_tasks SET answered_by = $2 WHERE id = $1", task_id, by).execute(pool).await?;
    }
    super::finish(pool, task_id, &answered).await
}

/// The project's language code ("EN", "FA_IR"…), which picks the answer's template.
fn language_of(project: &project::Project) -> String {
    serde_json::to_value(project.language).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_else(|| "EN".into())
}

/// Writes a response's answer again from its cached result (GenerateThreadResponseAnswer).
pub async fn rewrite_answer(pool: &Pool, response: &ThreadResponse) -> Result<()> {
    let result = response.result.as_ref().map(|r| &r.0).ok_or_else(|| Error::invalid("This response has no result yet."))?;
    let language = language_of(&project::get(pool, response.project_id).await?);
    let text = describe(&language, None, &result.columns, &result.rows, result.truncated);
    thread::set_answer(pool, response.id, &text).await
}

/// Picks the chart again from the cached result's shape; none fits → FAILED with the NO_CHART text.
pub async fn rechoose_chart(pool: &Pool, response: &ThreadResponse) -> Result<()> {
    let result = response.result.as_ref().map(|r| r.0.clone()).unwrap_or_default();
    match chart::choose(&response.question, &result.columns, &result.rows) {
        Some(spec) => thread::set_chart(pool, response.id, Some(&spec), None).await,
        None => thread::set_chart(pool, response.id, None, Some(&no_chart(&result.columns, &result.rows))).await,
    }
}

/// NO_CHART's text with why no chart fits the result ("No chart could be generated: the
/// result has 2 number columns …; a chart draws one: choose it as the y axis. No charges applied.").
pub fn no_chart(columns: &[quarry_engine::ResultColumn], rows: &[Vec<serde_json::Value>]) -> String {
    let why = chart::why_none(columns, rows);
    let mut chars = why.chars();
    let why: String = chars.next().map(|c| c.to_lowercase().chain(chars).collect()).unwrap_or_default();
    format!("No chart could be generated: {why} No charges applied.")
}

/// A chart the user chose, checked against the result's columns first (NO_CHART with the
/// reason and 'No charges applied.').
pub async fn set_user_chart(pool: &Pool, response: &ThreadResponse, spec: &ChartSpec) -> Result<()> {
    let columns = response.result.as_ref().map(|r| r.0.columns.clone()).unwrap_or_default();
    chart::check(spec, &columns).map_err(|reason| Error::new(crate::ErrorCode::NoChart, format!("{reason} No charges applied.")))?;
    thread::set_chart(pool, response.id, Some(spec), None).await
}

/// Checks SQL a user wrote before a task is created for it: one read-only statement that
/// compiles over the deployed models. Nothing runs when it fails.
pub async fn check_sql(pool: &Pool, project_id: Uuid, sql: &str) -> Result<String> {
    let sql = sql.trim().trim_end_matches(';').trim();
    if sql.is_empty() {
        return Err(Error::invalid("Please enter the SQL."));
    }
    let manifest: Manifest = match deploy::deployed(pool, project_id).await? {
        Some((_, manifest)) => manifest,
        None => manifest::of_project(pool, project_id).await?,
    };
    let dialect = manifest::dialect_of(datasource::connector_type(pool, project_id).await?);
    // Checked, not run: the run compiles it for whoever it runs for (their policies).
    compile::check(&manifest, sql, dialect).map_err(compile_error)?;
    Ok(sql.to_owned())
}

/// Most rows `run_sql` returns, and how many it returns unless asked.
pub const RUN_SQL_MAX_ROWS: usize = 1000;

/// SQL sent to the REST API: one read-only query (NON_SQL_QUERY otherwise), and a project
/// with deployed models (NO_DEPLOYMENT_FOUND otherwise). Nothing runs here.
pub async fn check_read_only(pool: &Pool, project_id: Uuid, sql: &str) -> Result<(String, Manifest, compile::Dialect)> {
    let sql = sql.trim().trim_end_matches(';').trim();
    let (_, manifest) = deploy::deployed(pool, project_id).await?.ok_or_else(|| Error::of(ErrorCode::NoDeploymentFound))?;
    let dialect = manifest::dialect_of(datasource::connector_type(pool, project_id).await?);
    if sql.is_empty() || compile::safety::parse_read_only(sql, dialect).is_err() {
        return Err(Error::new(ErrorCode::NonSqlQuery, "Only one read-only SELECT query over the models can be run."));
    }
    Ok((sql.to_owned(), manifest, dialect))
}

/// Runs SQL written over the deployed models at the source, at most `limit` rows. Worker side.
pub async fn run_sql(
    pool: &Pool,
    config: &Config,
    project_id: Uuid,
    sql: &str,
    limit: usize,
    asker: Option<Uuid>,
    through_key: Option<&crate::data_security::KeyIdentity>,
) -> Result<quarry_engine::QueryResult> {
    let (sql, manifest, dialect) = check_read_only(pool, project_id, sql).await?;
    let viewer = crate::data_security::viewer_as(pool, project_id, asker, through_key).await?;
    let compiled = compile::compile_as(&manifest, &viewer, &sql, dialect).map_err(compile_error)?;
    let connector = datasource::connector(pool, config, project_id).await?;
    let mut result = connector.query(&compiled, QueryOptions::new(limit.clamp(1, RUN_SQL_MAX_ROWS), QUERY_TIMEOUT)).await?;
    compile::describe(&manifest, &sql, dialect, &mut result.columns);
    Ok(result)
}

/// Follow-ups of an answered question that the engine answers (see
/// [`question::follow_ups`]), at most `limit`, in the order offered.
pub async fn follow_up_questions(pool: &Pool, project_id: Uuid, previous: &str, sql: &str, limit: usize) -> Result<Vec<String>> {
    let Some((_, deployed)) = deploy::deployed(pool, project_id).await? else { return Ok(Vec::new()) };
    // Questions for everyone: none names a column a column policy keeps from anyone.
    let mut manifest = compile::security::described(&deployed, &compile::security::Viewer::nobody());
    vocabulary::apply(&mut manifest, &knowledge::terms::for_engine(pool, project_id).await?);
    let dialect = manifest::dialect_of(datasource::connector_type(pool, project_id).await?);
    let today = today_in(&project::get(pool, project_id).await?.timezone);
    let mut kept = Vec::new();
    // A few more than wanted: some may name what the engine cannot place.
    for candidate in question::follow_ups(&manifest, previous, sql, dialect, 3 * limit) {
        let values = deploy::matching_values(pool, project_id, &phrases(&candidate)).await?;
        let values: Vec<ValueMatch> = values
            .into_iter()
            .map(|v| ValueMatch { model: v.model, column: v.column, value: v.value, column_values: usize::try_from(v.column_values).unwrap_or(0) })
            .collect();
        if let Understanding::Sql { .. } = question::understand(&manifest, dialect, &candidate, &values, today) {
            kept.push(candidate);
        }
        if kept.len() == limit {
            break;
        }
    }
    Ok(kept)
}

/// Questions to start from: a sample dataset's own, else ones built from the deployed models.
pub async fn suggested_questions(pool: &Pool, project_id: Uuid) -> Result<Vec<String>> {
    if let Some(dataset) = datasource::sample_dataset(pool, project_id).await? {
        return Ok(dataset.info().questions.iter().map(|q| (*q).to_owned()).collect());
    }
    Ok(match deploy::deployed(pool, project_id).await? {
        // As the follow-ups: nothing a column policy keeps from anyone.
        Some((_, manifest)) => question::suggestions(&compile::security::described(&manifest, &compile::security::Viewer::nobody())),
        None => Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_names_the_words_it_could_not_place_first() {
        let understood = |items: &[&str]| items.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            not_understood_message(&understood(&["could not place \"released\"", "number of track", "in 1991"])),
            "I could not place \"released\"; I understood number of track, in 1991."
        );
        assert_eq!(not_understood_message(&understood(&["could not place \"5\""])), "I could not place \"5\".");
        assert_eq!(not_understood_message(&understood(&["number of track"])), "I understood number of track, but not the whole question.");
        assert_eq!(not_understood_message(&[]), "I could not relate the question to the models.");
    }

    #[test]
    fn value_candidates_are_short_runs_of_words() {
        let got = phrases("Revenue in São Paulo?");
        for expected in ["revenue", "são", "são paulo", "in são paulo"] {
            assert!(got.contains(&expected.to_owned()), "{expected} in {got:?}");
        }
    }
}
