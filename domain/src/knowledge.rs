//! Knowledge: SQL pairs (a question with the SQL that answers it, checked against the model
//! before it is saved) and instructions (guidance for every question, or for questions like
//! the ones listed). Both are embedded for retrieval (see [`crate::retrieval`]). Terms (what
//! the project taught the question engine its words mean) are in [`terms`].

pub mod terms;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{
    access::Acting,
    asking::{self, answer::check_sql},
    db::Pool,
    error::{Error, Result},
    permissions::Operation,
};

#[derive(Debug, Clone)]
pub struct SqlPair {
    pub id: Uuid,
    pub project_id: Uuid,
    pub question: String,
    pub sql: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct Instruction {
    pub id: Uuid,
    pub project_id: Uuid,
    pub instruction: String,
    pub is_global: bool,
    pub questions: Vec<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub const INSTRUCTION_MAX_CHARS: usize = 1000;

/// Whether the project has any SQL pair (one indexed read).
pub async fn has_sql_pairs(pool: &Pool, project_id: Uuid) -> Result<bool> {
    Ok(sqlx::query_scalar!(r#"SELECT EXISTS (SELECT 1 FROM sql_pairs WHERE project_id = $1) AS "exists!""#, project_id).fetch_one(pool).await?)
}

/// The project's SQL pairs, newest first, for whoever may read its knowledge (ReadKnowledge).
pub async fn sql_pairs(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<SqlPair>> {
    acting.may(pool, Operation::ReadKnowledge, project_id).await?;
    project_sql_pairs(pool, project_id).await
}

/// The project's SQL pairs, for retrieval inside a task that was allowed when it started.
pub(crate) async fn project_sql_pairs(pool: &Pool, project_id: Uuid) -> Result<Vec<SqlPair>> {
    Ok(sqlx::query_as!(
        SqlPair,
        r#"SELECT id, project_id, question, sql, created_at, updated_at FROM sql_pairs WHERE project_id = $1 ORDER BY created_at DESC"#,
        project_id,
    )
    .fetch_all(pool)
    .await?)
}

async fn sql_pair(pool: &Pool, project_id: Uuid, id: Uuid) -> Result<SqlPair> {
    sqlx::query_as!(
        SqlPair,
        r#"SELECT id, project_id, question, sql, created_at, updated_at FROM sql_pairs WHERE project_id = $1 AND id = $2"#,
        project_id,
        id,
    )
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| Error::not_found("SQL pair"))
}

/// Saves a pair (ManageKnowledge) once its question is askable and its SQL compiles over the
/// models; `acting` is its author.
pub async fn create_sql_pair(pool: &Pool, acting: &Acting, project_id: Uuid, question: &str, sql: &str) -> Result<SqlPair> {
    acting.may(pool, Operation::ManageKnowledge, project_id).await?;
    let question = asking::check_question(question)?;
    let sql = check_sql(pool, project_id, sql).await?;
    Ok(sqlx::query_as!(
        SqlPair,
        r#"INSERT INTO sql_pairs (id, project_id, question, sql, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id, project_id, question, sql, created_at, updated_at"#,
        Uuid::new_v4(),
        project_id,
        question,
        sql,
        acting.account.id,
    )
    .fetch_one(pool)
    .await?)
}

/// Changes a pair's question or SQL (ManageKnowledge); the SQL is checked over the models again.
pub async fn update_sql_pair(pool: &Pool, acting: &Acting, project_id: Uuid, id: Uuid, question: Option<&str>, sql: Option<&str>) -> Result<SqlPair> {
    acting.may(pool, Operation::ManageKnowledge, project_id).await?;
    let current = sql_pair(pool, project_id, id).await?;
    let question = match question {
        Some(q) => asking::check_question(q)?,
        None => current.question,
    };
    let sql = match sql {
        Some(s) => check_sql(pool, project_id, s).await?,
        None => current.sql,
    };
    let updated = sqlx::query_as!(
        SqlPair,
        r#"UPDATE sql_pairs SET question = $3, sql = $4, updated_at = now() WHERE project_id = $1 AND id = $2 RETURNING id, project_id, question, sql, created_at, updated_at"#,
        project_id,
        id,
        question,
        sql,
    )
    .fetch_one(pool)
    .await?;
    forget(pool, project_id, "SQL_PAIR", id).await?;
    Ok(updated)
}

/// Deletes a pair and its vectors (ManageKnowledge).
pub async fn delete_sql_pair(pool: &Pool, acting: &Acting, project_id: Uuid, id: Uuid) -> Result<()> {
    acting.may(pool, Operation::ManageKnowledge, project_id).await?;
    sql_pair(pool, project_id, id).await?;
    sqlx::query!("DELETE FROM sql_pairs WHERE project_id = $1 AND id = $2", project_id, id).execute(pool).await?;
    forget(pool, project_id, "SQL_PAIR", id).await
}

/// The project's instructions, newest first, for whoever may read its knowledge (ReadKnowledge).
pub async fn instructions(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<Instruction>> {
    acting.may(pool, Operation::ReadKnowledge, project_id).await?;
    project_instructions(pool, project_id).await
}

/// The project's instructions, for retrieval inside a task that was allowed when it started.
pub(crate) async fn project_instructions(pool: &Pool, project_id: Uuid) -> Result<Vec<Instruction>> {
    Ok(sqlx::query_as!(
        Instruction,
        r#"SELECT id, project_id, instruction, is_global, questions, created_at, updated_at FROM instructions WHERE project_id = $1 ORDER BY created_at DESC"#,
        project_id,
    )
    .fetch_all(pool)
    .await?)
}

async fn instruction(pool: &Pool, project_id: Uuid, id: Uuid) -> Result<Instruction> {
    sqlx::query_as!(
        Instruction,
        r#"SELECT id, project_id, instruction, is_global, questions, created_at, updated_at FROM instructions WHERE project_id = $1 AND id = $2"#,
        project_id,
        id,
    )
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| Error::not_found("instruction"))
}

/// Example questions one instruction may have (each is embedded when it is saved).
pub const MAX_INSTRUCTION_QUESTIONS: usize = 20;

/// The instruction and its example questions, trimmed, or why they cannot be saved: an
/// instruction that is not global applies to questions like its examples, so it needs one.
pub fn check_instruction(text: &str, is_global: bool, questions: &[String]) -> Result<(String, Vec<String>)> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Error::invalid("Please enter an instruction."));
    }
    if text.chars().count() > INSTRUCTION_MAX_CHARS {
        return Err(Error::invalid(format!("An instruction can be at most {INSTRUCTION_MAX_CHARS} characters long.")));
    }
    if questions.len() > MAX_INSTRUCTION_QUESTIONS {
        return Err(Error::invalid(format!("An instruction applies to at most {MAX_INSTRUCTION_QUESTIONS} example questions.")));
    }
    let questions: Vec<String> = questions.iter().map(|q| asking::check_question(q)).collect::<Result<Vec<_>>>()?;
    if !is_global && questions.is_empty() {
        return Err(Error::invalid("Add at least one question this instruction applies to, or make it apply to all questions."));
    }
    Ok((text.to_owned(), if is_global { Vec::new() } else { questions }))
}

/// Saves an instruction (ManageKnowledge), for every question or for questions like its
/// examples; `acting` is its author.
pub async fn create_instruction(pool: &Pool, acting: &Acting, project_id: Uuid, text: &str, is_global: bool, questions: &[String]) -> Result<Instruction> {
    acting.may(pool, Operation::ManageKnowledge, project_id).await?;
    let (text, questions) = check_instruction(text, is_global, questions)?;
    Ok(sqlx::query_as!(
        Instruction,
        r#"INSERT INTO instructions (id, project_id, instruction, is_global, questions, created_by)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, project_id, instruction, is_global, questions, created_at, updated_at"#,
        Uuid::new_v4(),
        project_id,
        text,
        is_global,
        &questions,
        acting.account.id,
    )
    .fetch_one(pool)
    .await?)
}

/// Replaces an instruction's text, reach and examples (ManageKnowledge).
pub async fn update_instruction(
    pool: &Pool,
    acting: &Acting,
    project_id: Uuid,
    id: Uuid,
    text: &str,
    is_global: bool,
    questions: &[String],
) -> Result<Instruction> {
    acting.may(pool, Operation::ManageKnowledge, project_id).await?;
    instruction(pool, project_id, id).await?;
    let (text, questions) = check_instruction(text, is_global, questions)?;
    let updated = sqlx::query_as!(
        Instruction,
        r#"UPDATE instructions SET instruction = $3, is_global = $4, questions = $5, updated_at = now()
         WHERE project_id = $1 AND id = $2 RETURNING id, project_id, instruction, is_global, questions, created_at, updated_at"#,
        project_id,
        id,
        text,
        is_global,
        &questions,
    )
    .fetch_one(pool)
    .await?;
    forget(pool, project_id, "INSTRUCTION", id).await?;
    Ok(updated)
}

/// Deletes an instruction and its vectors (ManageKnowledge).
pub async fn delete_instruction(pool: &Pool, acting: &Acting, project_id: Uuid, id: Uuid) -> Result<()> {
    acting.may(pool, Operation::ManageKnowledge, project_id).await?;
    instruction(pool, project_id, id).await?;
    sqlx::query!("DELETE FROM instructions WHERE project_id = $1 AND id = $2", project_id, id).execute(pool).await?;
    forget(pool, project_id, "INSTRUCTION", id).await
}

/// Drops an item's vectors; the next retrieval embeds what it now says.
async fn forget(pool: &Pool, project_id: Uuid, kind: &str, id: Uuid) -> Result<()> {
    sqlx::query!("DELETE FROM knowledge_vectors WHERE project_id = $1 AND kind = $2 AND split_part(item_key, '#', 1) = $3", project_id, kind, id.to_string(),)
        .execute(pool)
        .await?;
    Ok(())
}
