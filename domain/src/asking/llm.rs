//! Answering with the organisation's language model, one step per activity so each call's
//! result is durable: [`classify`] (data question, general question or misleading one),
//! [`retrieve`] (SEARCHING: schema items, SQL pairs and instructions like the question),
//! [`plan`] (PLANNING: the reasoning shown to the user), [`generate`] (GENERATING, or
//! CORRECTING with the previous SQL and its error) and [`check`] (a dry run at the source).
//!
//! A provider error worth retrying comes back as an internal error (the activity retries it
//! under its policy; when retries run out the workflow falls back to the embedded engine). A
//! refusal (a 4xx: bad key, unknown model) ends the task FAILED with the provider's words.

use quarry_engine::{
    ResultColumn,
    answer::{ChartSpec, chart},
    compile,
    mdl::{ColumnKind, Manifest},
};
use quarry_llm::{ChatRequest, LlmError, Message, Provider, ProviderSettings};
use serde_json::Value;
use uuid::Uuid;

use crate::TaskErrorCode;

use super::{AskStatus, AskingTask};
use crate::{
    access,
    config::Config,
    datasource,
    db::Pool,
    deploy,
    error::{Error, Result},
    llm::{self, LlmCall},
    modeling::{edit::compile_error, manifest},
    permissions::{Operation, authorize},
    project,
    retrieval::{self, Embedder},
};

/// How close a saved question must be for its SQL to answer the new one as it is.
pub const PAIR_REUSE: f32 = 0.7;

/// The organisation's model, for a project.
pub struct ProjectLlm {
    org_id: Uuid,
    settings: ProviderSettings,
    provider: Box<dyn Provider>,
}

/// The organisation's model for a project's own work, whoever started it (a deploy: only
/// those who may use the organisation's model may deploy). Work done for someone goes
/// through [`for_requester`].
pub async fn for_project(pool: &Pool, config: &Config, project_id: Uuid) -> Result<Option<ProjectLlm>> {
    let org_id = project::get(pool, project_id).await?.org_id;
    Ok(llm::provider(pool, config, org_id).await?.map(|(settings, provider)| ProjectLlm { org_id, settings, provider }))
}

/// The organisation's model for work that `requester` started, or none when the requester may
/// not spend the organisation's model (PRODUCT.md §6 through `Operation::UseOrgLlm`: viewers,
/// and work whose requester's account is gone). Without it the embedded engine does the work.
/// Asked when the work runs, so a role taken away meanwhile counts.
pub async fn for_requester(pool: &Pool, config: &Config, project_id: Uuid, requester: Option<Uuid>) -> Result<Option<ProjectLlm>> {
    let Some(user_id) = requester else { return Ok(None) };
    let actor = access::project_actor(pool, user_id, project_id).await?;
    if authorize(Operation::UseOrgLlm, Some(actor)).is_err() {
        return Ok(None);
    }
    for_project(pool, config, project_id).await
}

/// The organisation's model for an asking task, as [`for_requester`] of whoever asked.
pub async fn for_task(pool: &Pool, config: &Config, task: &AskingTask) -> Result<Option<ProjectLlm>> {
    let asked_by: Option<Uuid> = sqlx::query_scalar!("SELECT created_by FROM asking_tasks WHERE id = $1", task.id).fetch_one(pool).await?;
    for_requester(pool, config, task.project_id, asked_by).await
}

impl ProjectLlm {
    pub fn org_id(&self) -> Uuid {
        self.org_id
    }

    pub fn settings(&self) -> &ProviderSettings {
        &self.settings
    }

    pub fn provider(&self) -> &dyn Provider {
        self.provider.as_ref()
    }

    /// One call, its tokens recorded against the task's step. `Ok(None)`: the provider refused
    /// and the task ended FAILED with its message.
    async fn call(&self, pool: &Pool, task: &AskingTask, step: &str, request: ChatRequest) -> Result<Option<String>> {
        match self.provider.chat(&request).await {
            Ok(reply) => {
                let call = LlmCall {
                    org_id: self.org_id,
                    project_id: Some(task.project_id),
                    asking_task_id: Some(task.id),
                    generation_task_id: None,
                    step,
                    settings: &self.settings,
                    usage: reply.usage,
                };
                llm::record_call(pool, call).await?;
                Ok(Some(reply.text))
            }
            Err(error) if error.retryable() => Err(Error::internal(error.to_string())),
            Err(error) => {
                refused(pool, task.id, &error).await?;
                Ok(None)
            }
        }
    }
}

async fn refused(pool: &Pool, task_id: Uuid, error: &LlmError) -> Result<()> {
    super::end_unanswered(pool, task_id, AskStatus::Failed, TaskErrorCode::LlmRefused, &error.to_string(), &[], &[]).await?;
    Ok(())
}

async fn llm_of(pool: &Pool, config: &Config, task: &AskingTask) -> Result<ProjectLlm> {
    for_task(pool, config, task).await?.ok_or_else(|| Error::invalid("No language model is configured."))
}

async fn deployed(pool: &Pool, project_id: Uuid) -> Result<Manifest> {
    Ok(deploy::deployed(pool, project_id).await?.ok_or_else(|| Error::invalid("The models are not deployed."))?.1)
}

/// The first JSON object in a reply (models wrap them in prose or code fences).
pub(crate) fn json_in(text: &str) -> Option<Value> {
    let start = text.find('{')?;
    let end = text.rfind('}')?;
    serde_json::from_str(text.get(start..=end)?).ok()
}

/// The SQL in a reply: inside a code fence when there is one, without a trailing semicolon.
pub fn sql_in(text: &str) -> String {
    let body = match text.find("```") {
        Some(start) => {
            let rest = &text[start + 3..];
            let rest = rest.strip_prefix("sql").or_else(|| rest.strip_prefix("SQL")).unwrap_or(rest);
            rest.split("```").next().unwrap_or(rest)
        }
        None => text,
    };
    body.trim().trim_end_matches(';').trim().to_owned()
}

/// UNDERSTANDING: is it a question the data can answer? A general or misleading question
/// ends NO_RESULT with the model's helpful reply and no SQL. Returns whether to go on.
pub async fn classify(pool: &Pool, config: &Config, task_id: Uuid) -> Result<bool> {
    let task = super::get(pool, task_id).await?;
    if task.status().is_final() {
        return Ok(false);
    }
    let llm = llm_of(pool, config, &task).await?;
    let manifest = deployed(pool, task.project_id).await?;
    let tables: Vec<String> = manifest.models.iter().map(|m| described_name(&m.name, m.properties.display_name.as_deref())).collect();
    let request = ChatRequest {
        system: format!(
            "You route questions for a data analytics assistant whose database has these tables: {}.\n\
             Reply with one JSON object: {{\"intent\": \"DATA\" | \"GENERAL\" | \"MISLEADING\", \"reply\": string}}.\n\
             DATA: the question can be answered with SQL over these tables.\n\
             GENERAL: a question about the assistant or the data in general; reply helpfully in one or two sentences.\n\
             MISLEADING: unrelated to the data or impossible to answer from it; reply saying so kindly and suggest what can be asked.",
            tables.join(", ")
        ),
        messages: vec![Message::user(&task.question)],
        max_tokens: 300,
    };
    let Some(text) = llm.call(pool, &task, "intent", request).await? else { return Ok(false) };
    let parsed = json_in(&text);
    let intent = parsed.as_ref().and_then(|v| v.get("intent")).and_then(Value::as_str).unwrap_or("DATA").to_uppercase();
    record_intent(pool, task_id, &intent).await?;
    if intent == "DATA" {
        return Ok(true);
    }
    let reply = parsed
        .as_ref()
        .and_then(|v| v.get("reply"))
        .and_then(Value::as_str)
        .filter(|r| !r.trim().is_empty())
        .unwrap_or("This question cannot be answered from the data.")
        .trim()
        .to_owned();
    let suggestions = super::answer::suggested_questions(pool, task.project_id).await?;
    let code = if intent == "GENERAL" { TaskErrorCode::GeneralQuestion } else { TaskErrorCode::MisleadingQuestion };
    super::end_unanswered(pool, task_id, AskStatus::NoResult, code, &reply, &[], &suggestions).await?;
    Ok(false)
}

fn described_name(name: &str, display: Option<&str>) -> String {
    match display {
        Some(d) if d != name => format!("{name} ({d})"),
        _ => name.to_owned(),
    }
}

async fn record_intent(pool: &Pool, task_id: Uuid, intent: &str) -> Result<()> {
    sqlx::query!("UPDATE asking_tasks SET intent = $2 WHERE id = $1", task_id, intent).execute(pool).await?;
    Ok(())
}

/// What retrieval found for a task.
#[derive(Debug, Clone, Default)]
pub struct Retrieval {
    /// A saved question close enough to reuse its SQL as it is: (question, SQL).
    pub reused: Option<(String, String)>,
    /// The schema, examples and instructions the model writes SQL from.
    pub context: String,
}

/// SEARCHING: ranks the project's knowledge against the question. A stored pair close enough
/// answers it directly (with either engine).
/// Without an embedder (the local model is not installed) nothing is ranked: the context is
/// the schema alone.
pub async fn retrieve(pool: &Pool, embedder: Option<&dyn Embedder>, task_id: Uuid) -> Result<Retrieval> {
    let task = super::get(pool, task_id).await?;
    if task.given_sql.is_some() || !super::set_status(pool, task_id, AskStatus::Searching).await? {
        return Ok(Retrieval::default());
    }
    let found = match embedder {
        Some(embedder) => retrieval::search(pool, task.project_id, embedder, &task.question).await?,
        None => retrieval::Retrieved::default(),
    };
    // Only what the asker may read is described to the model, or reused: a saved pair whose
    // SQL reads a column a policy keeps from them is left out (its SQL names the column).
    let viewer = crate::data_security::viewer_of_task(pool, task_id).await?;
    let full = deployed(pool, task.project_id).await?;
    let dialect = crate::modeling::manifest::dialect_of(crate::datasource::connector_type(pool, task.project_id).await?);
    let mut found = found;
    found.sql_pairs.retain(|p| quarry_engine::compile::compile_as(&full, &viewer, &p.item.sql, dialect).is_ok());
    let mut reused = None;
    let asked = specifics(pool, task.project_id, &task.question).await?;
    if let Some(best) = found.sql_pairs.first() {
        tracing::debug!(%task_id, score = best.score, pair = %best.item.question, "closest SQL pair");
    }
    for pair in found.sql_pairs.iter().filter(|p| p.score >= PAIR_REUSE) {
        if specifics(pool, task.project_id, &pair.item.question).await? == asked {
            reused = Some((pair.item.question.clone(), pair.item.sql.clone()));
            break;
        }
    }
    let manifest = quarry_engine::compile::security::described(&full, &viewer);
    let mut context = schema_context(&manifest, &found.schema.iter().map(|r| r.item.clone()).collect::<Vec<_>>());
    if !found.sql_pairs.is_empty() {
        context.push_str("\nExamples of questions with the SQL that answers them:\n");
        for pair in &found.sql_pairs {
            context.push_str(&format!("Question: {}\nSQL: {}\n", pair.item.question, pair.item.sql));
        }
    }
    if !found.instructions.is_empty() {
        context.push_str("\nInstructions to follow:\n");
        for instruction in &found.instructions {
            context.push_str(&format!("- {}\n", instruction.instruction));
        }
    }
    Ok(Retrieval { reused, context })
}

/// What makes two similar questions ask different things: the numbers in them (years, top
/// N; number words count), months, the data values they name ("Brazil", "Jazz"), whether
/// they break a figure down or list things ("by", "per", "each", "which", "who", a top N),
/// whether they ask for an average, a period relative to today ("this year", "last month",
/// "today"), the lowest rather than the highest, or a negation. Sentence embeddings barely
/// tell "customers in Brazil" from "customers in Canada", "albums" from "albums per artist"
/// or "revenue by month" from "revenue this year by month"; these do. A saved question's SQL
/// answers only a question with the same specifics, so no part of the question is dropped.
async fn specifics(pool: &Pool, project_id: Uuid, question: &str) -> Result<std::collections::BTreeSet<String>> {
    let mut out = word_specifics(question);
    // The values said whole: a value the index offers for a part of it ("number" of "Number
    // of the Beast") is no specific of the question.
    let phrases = super::answer::phrases(question);
    let said: std::collections::HashSet<String> = phrases.iter().map(|p| quarry_engine::question::value_key(p)).collect();
    let values = deploy::matching_values(pool, project_id, &phrases).await?;
    out.extend(values.into_iter().filter(|v| said.contains(&quarry_engine::question::value_key(&v.value))).map(|v| v.value.to_lowercase()));
    Ok(out)
}

/// The specifics a question's words carry (see [`specifics`]; the data values it names are
/// looked up apart).
fn word_specifics(question: &str) -> std::collections::BTreeSet<String> {
    const NUMBER_WORDS: [&str; 10] = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    const MONTHS: [&str; 12] = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
    const RELATIVE: [&str; 7] = ["this", "last", "previous", "past", "current", "next", "recent"];
    const DAYS: [&str; 7] = ["today", "yesterday", "tomorrow", "ytd", "mtd", "qtd", "latest"];
    const LOWEST: [&str; 8] = ["least", "lowest", "fewest", "bottom", "worst", "smallest", "minimum", "min"];
    const NEGATION: [&str; 7] = ["not", "no", "without", "except", "excluding", "never", "none"];
    let words = quarry_engine::question::words(question);
    let mut out = std::collections::BTreeSet::new();
    for (i, word) in words.iter().enumerate() {
        let top_n = word.parse::<u32>().is_ok_and(|n| n <= 100) || NUMBER_WORDS.contains(&word.as_str());
        let marker = match word.as_str() {
            "by" | "per" | "each" | "every" | "which" | "who" => Some("#grouped"),
            _ if top_n => Some("#grouped"),
            "average" | "mean" | "avg" => Some("#average"),
            w if LOWEST.contains(&w) => Some("#lowest"),
            w if NEGATION.contains(&w) => Some("#negated"),
            _ => None,
        };
        if let Some(marker) = marker {
            out.insert(marker.to_owned());
        }
        // "this year", "last 3 months", "past week": the period, counted or not.
        if RELATIVE.contains(&word.as_str())
            && let Some(unit) = words[i + 1..].iter().take(2).find(|w| quarry_engine::question::is_time_unit_phrase(w))
        {
            out.insert(format!("#{word} {}", unit.trim_end_matches('s')));
        }
        if DAYS.contains(&word.as_str()) {
            out.insert(format!("#{word}"));
        }
        if MONTHS.contains(&word.as_str()) {
            out.insert(word.clone());
        } else if word.chars().all(|c| c.is_ascii_digit()) {
            out.insert(word.trim_start_matches('0').to_owned());
        } else if let Some(n) = NUMBER_WORDS.iter().position(|w| w == word) {
            out.insert((n + 1).to_string());
        }
    }
    out
}

/// Models small enough are described whole; in a larger one, those retrieval ranked first.
const WHOLE_SCHEMA_MODELS: usize = 12;

/// The models (with columns, types and descriptions) and relationships SQL may use.
pub fn schema_context(manifest: &Manifest, ranked_keys: &[String]) -> String {
    let chosen: Vec<&str> = if manifest.models.len() <= WHOLE_SCHEMA_MODELS {
        manifest.models.iter().map(|m| m.name.as_str()).collect()
    } else {
        let mut names: Vec<&str> = Vec::new();
        for key in ranked_keys {
            let model = key.split('.').next().unwrap_or(key);
            if let Some(m) = manifest.models.iter().find(|m| m.name == model)
                && !names.contains(&m.name.as_str())
            {
                names.push(&m.name);
            }
        }
        names.truncate(WHOLE_SCHEMA_MODELS);
        names
    };
    let mut out = String::from("Tables (query them by these names):\n");
    for model in manifest.models.iter().filter(|m| chosen.contains(&m.name.as_str())) {
        out.push_str(&format!("- {}", described_name(&model.name, model.properties.display_name.as_deref())));
        if let Some(description) = model.properties.description.as_deref() {
            out.push_str(&format!(": {description}"));
        }
        out.push('\n');
        for column in model.columns.iter().filter(|c| !c.hidden) {
            if matches!(column.kind, ColumnKind::Relationship { .. }) {
                continue;
            }
            out.push_str(&format!("    {} {}", column.name, column.type_name));
            if let Some(description) = column.properties.description.as_deref() {
                out.push_str(&format!(" — {description}"));
            }
            out.push('\n');
        }
    }
    let joins: Vec<String> = manifest
        .relationships
        .iter()
        .filter(|r| r.models.iter().all(|m| chosen.contains(&m.as_str())))
        .map(|r| format!("- {} ({:?})", r.condition, r.join_type))
        .collect();
    if !joins.is_empty() {
        out.push_str("Joins:\n");
        out.push_str(&joins.join("\n"));
        out.push('\n');
    }
    for view in &manifest.views {
        out.push_str(&format!("View {}: {}\n", view.name, view.statement));
    }
    out
}

/// PLANNING: the steps the model will take, in a few short lines, recorded for the user.
pub async fn plan(pool: &Pool, config: &Config, task_id: Uuid, context: &str) -> Result<Option<String>> {
    let task = super::get(pool, task_id).await?;
    if !super::set_status(pool, task_id, AskStatus::Planning).await? {
        return Ok(None);
    }
    let llm = llm_of(pool, config, &task).await?;
    let request = ChatRequest {
        system: format!(
            "{context}\nYou plan how to answer a business question with SQL over the tables above. \
             Write two to five short numbered steps in plain language (which tables, filters, groupings \
             and measures). No SQL."
        ),
        messages: vec![Message::user(&task.question)],
        max_tokens: 400,
    };
    let Some(reasoning) = llm.call(pool, &task, "plan", request).await? else { return Ok(None) };
    let reasoning = reasoning.trim().to_owned();
    sqlx::query!("UPDATE asking_tasks SET reasoning = $2 WHERE id = $1", task_id, &reasoning).execute(pool).await?;
    Ok(Some(reasoning))
}

/// GENERATING (round 1) or CORRECTING (later rounds, given the previous SQL and what was wrong
/// with it): SQL over the models.
pub async fn generate(
    pool: &Pool,
    config: &Config,
    task_id: Uuid,
    context: &str,
    reasoning: &str,
    previous: Option<(&str, &str)>,
    round: u8,
) -> Result<Option<String>> {
    let task = super::get(pool, task_id).await?;
    let status = if previous.is_some() { AskStatus::Correcting } else { AskStatus::Generating };
    if !super::set_status(pool, task_id, status).await? {
        return Ok(None);
    }
    sqlx::query!("UPDATE asking_tasks SET correction_rounds = $2 WHERE id = $1", task_id, i16::from(round.saturating_sub(1)),).execute(pool).await?;
    let llm = llm_of(pool, config, &task).await?;
    let mut messages = vec![Message::user(format!("Question: {}\nPlan:\n{reasoning}", task.question))];
    if let Some((sql, error)) = previous {
        messages.push(Message::assistant(sql));
        messages.push(Message::user(format!("That SQL is wrong: {error}\nWrite the corrected SQL.")));
    }
    let request = ChatRequest {
        system: format!(
            "{context}\nYou write one read-only SQL SELECT statement that answers the question, over the tables \
             above and by their names. Quote identifiers with double quotes when they are not lower case. \
             Reply with the SQL only."
        ),
        messages,
        max_tokens: 800,
    };
    let step = if round <= 1 { "sql".to_owned() } else { format!("sql#{round}") };
    Ok(llm.call(pool, &task, &step, request).await?.map(|text| sql_in(&text)))
}

/// Compiles the SQL over the deployed models and dry-runs it at the source: `None` when it
/// would run, else what is wrong (fed to the next round).
pub async fn check(pool: &Pool, config: &Config, task_id: Uuid, sql: &str) -> Result<Option<String>> {
    let task = super::get(pool, task_id).await?;
    let manifest = deployed(pool, task.project_id).await?;
    if sql.trim().is_empty() {
        return Ok(Some("The reply contained no SQL.".into()));
    }
    let connector = datasource::connector(pool, config, task.project_id).await?;
    let dialect = manifest::dialect_of(connector.source_type());
    let viewer = crate::data_security::viewer_of_task(pool, task_id).await?;
    let compiled = match compile::compile_as(&manifest, &viewer, sql, dialect) {
        Ok(compiled) => compiled,
        Err(error) => return Ok(Some(compile_error(error).public_message())),
    };
    Ok(match connector.dry_run(&compiled).await {
        Ok(_) => None,
        Err(error) => Some(Error::from(error).public_message()),
    })
}

/// After the last round still failed: FAILED with its error.
pub async fn give_up(pool: &Pool, task_id: Uuid, error: &str) -> Result<()> {
    super::end_unanswered(pool, task_id, AskStatus::Failed, TaskErrorCode::InvalidSql, error, &[], &[]).await?;
    Ok(())
}

/// The written answer from the result, in the project's language; `None` when the model
/// could not be reached (the template answer is used).
pub async fn write_answer(llm: &ProjectLlm, pool: &Pool, task: &AskingTask, language: &str, columns: &[ResultColumn], rows: &[Vec<Value>]) -> Option<String> {
    let table = result_table(columns, rows);
    let request = ChatRequest {
        system: format!(
            "You answer a business question from the result of its SQL query in one to three sentences, \
             in the language with code {language}. Name the key figures. No SQL, no markdown tables."
        ),
        messages: vec![Message::user(format!("Question: {}\nResult:\n{table}", task.question))],
        max_tokens: 400,
    };
    llm.call(pool, task, "answer", request).await.ok().flatten().map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
}

/// The chart the model chooses, kept only when its axes are columns of the result.
pub async fn choose_chart(llm: &ProjectLlm, pool: &Pool, task: &AskingTask, columns: &[ResultColumn], rows: &[Vec<Value>]) -> Option<ChartSpec> {
    let table = result_table(columns, &rows[..rows.len().min(10)]);
    let request = ChatRequest {
        system: "You choose a chart for a query result. Reply with one JSON object: {\"chartType\": one of AREA, BAR, \
                 GROUPED_BAR, LINE, MULTI_LINE, NUMBER, PIE, STACKED_BAR, \"title\": string, \"x\": column or null, \
                 \"y\": column, \"color\": column or null}. Use only the result's column names."
            .into(),
        messages: vec![Message::user(format!("Question: {}\nResult:\n{table}", task.question))],
        max_tokens: 200,
    };
    let text = llm.call(pool, task, "chart", request).await.ok().flatten()?;
    let spec: ChartSpec = serde_json::from_value(json_in(&text)?).ok()?;
    chart::check(&spec, columns).ok().map(|_| spec)
}

/// The first rows of a result as CSV-like lines.
fn result_table(columns: &[ResultColumn], rows: &[Vec<Value>]) -> String {
    let mut out = columns.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(",");
    for row in rows.iter().take(20) {
        out.push('\n');
        let cells: Vec<String> = row
            .iter()
            .map(|v| match v {
                Value::String(s) => s.clone(),
                Value::Null => String::new(),
                other => other.to_string(),
            })
            .collect();
        out.push_str(&cells.join(","));
    }
    if rows.len() > 20 {
        out.push_str(&format!("\n… {} rows in all", rows.len()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_question_answers_only_questions_with_the_same_specifics() {
        let same = |a: &str, b: &str| word_specifics(a) == word_specifics(b);
        assert!(same("Net revenue per month", "revenue by month"));
        assert!(!same("Net revenue per month", "Revenue this year by month"), "a period relative to today is a part of the question");
        assert!(!same("revenue by month", "revenue by month for the last 3 months"));
        assert!(!same("orders today", "orders yesterday"));
        assert!(!same("which customers spent the most", "which customers spent the least"), "lowest, not highest");
        assert!(!same("customers with invoices", "customers without invoices"), "a negation");
        assert!(!same("top 5 artists", "top 10 artists"));
        assert!(same("average invoice total", "mean invoice total"));
    }

    #[test]
    fn sql_is_taken_out_of_fences_and_prose() {
        assert_eq!(sql_in("```sql\nSELECT 1;\n```"), "SELECT 1");
        assert_eq!(sql_in("Here it is:\n```\nSELECT a FROM t\n```\nDone."), "SELECT a FROM t");
        assert_eq!(sql_in("  SELECT 2 ; "), "SELECT 2");
    }

    #[test]
    fn json_is_found_inside_a_reply() {
        let v = json_in("Sure! {\"intent\": \"GENERAL\", \"reply\": \"Hi\"} hope it helps").unwrap();
        assert_eq!(v["intent"], "GENERAL");
        assert!(json_in("no json").is_none());
    }
}
