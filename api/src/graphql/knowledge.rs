//! Knowledge (knowledge/question-sql-pairs and knowledge/instructions): SQL pairs and
//! instructions of a project, and the terms it taught the question engine (taught from an
//! answer, listed on the modeling page).

use super::context::{self, parse_id};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::knowledge::{
    self, Instruction, SqlPair,
    terms::{self, TaughtTerm, TermTarget},
};

#[derive(SimpleObject)]
#[graphql(name = "SqlPair")]
pub struct SqlPairGql {
    id: ID,
    question: String,
    sql: String,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<SqlPair> for SqlPairGql {
    fn from(p: SqlPair) -> Self {
        Self { id: ID(p.id.to_string()), question: p.question, sql: p.sql, created_at: p.created_at, updated_at: p.updated_at }
    }
}

#[derive(SimpleObject)]
#[graphql(name = "Instruction")]
pub struct InstructionGql {
    id: ID,
    instruction: String,
    /// Applies to every question; otherwise to questions like `questions`.
    is_global: bool,
    questions: Vec<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<Instruction> for InstructionGql {
    fn from(i: Instruction) -> Self {
        Self {
            id: ID(i.id.to_string()),
            instruction: i.instruction,
            is_global: i.is_global,
            questions: i.questions,
            created_at: i.created_at,
            updated_at: i.updated_at,
        }
    }
}

/// A phrase the project taught as a term of a model or column, or a term derived from a
/// name that was removed.
#[derive(SimpleObject)]
#[graphql(name = "TaughtTerm")]
pub struct TaughtTermGql {
    id: ID,
    phrase: String,
    model: String,
    /// Empty when the phrase means the model itself.
    column: Option<String>,
    /// A derived term removed (deleting this restores it), not a phrase taught.
    removed: bool,
    created_at: DateTime<Utc>,
}

impl From<TaughtTerm> for TaughtTermGql {
    fn from(t: TaughtTerm) -> Self {
        Self { id: ID(t.id.to_string()), phrase: t.phrase, model: t.model, column: t.column, removed: t.removed, created_at: t.created_at }
    }
}

/// A phrase and the model, or column of a model, it is about.
#[derive(InputObject)]
pub struct TermInput {
    /// At most 100 characters; kept in lower case.
    phrase: String,
    /// A deployed model's reference name.
    model: String,
    /// One of the model's columns; empty for the model itself.
    column: Option<String>,
}

impl From<TermInput> for TermTarget {
    fn from(t: TermInput) -> Self {
        Self { phrase: t.phrase, model: t.model, column: t.column }
    }
}

#[derive(InputObject)]
pub struct CreateSqlPairInput {
    question: String,
    sql: String,
}

#[derive(InputObject)]
pub struct UpdateSqlPairInput {
    question: Option<String>,
    sql: Option<String>,
}

#[derive(InputObject)]
pub struct InstructionInput {
    instruction: String,
    is_global: bool,
    #[graphql(default)]
    questions: Vec<String>,
}

#[derive(Default)]
pub struct KnowledgeQuery;

#[Object]
impl KnowledgeQuery {
    /// The project's SQL pairs, newest first.
    async fn sql_pairs(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<SqlPairGql>> {
        let project_id = parse_id(&project_id)?;
        Ok(knowledge::sql_pairs(&context::state(ctx).pool, &context::acting(ctx)?, project_id).await?.into_iter().map(Into::into).collect())
    }

    /// The project's instructions, newest first.
    async fn instructions(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<InstructionGql>> {
        let project_id = parse_id(&project_id)?;
        Ok(knowledge::instructions(&context::state(ctx).pool, &context::acting(ctx)?, project_id).await?.into_iter().map(Into::into).collect())
    }

    /// The terms the project taught, and the derived ones it removed, newest first.
    async fn taught_terms(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<TaughtTermGql>> {
        let project_id = parse_id(&project_id)?;
        Ok(terms::list(&context::state(ctx).pool, &context::acting(ctx)?, project_id).await?.into_iter().map(Into::into).collect())
    }
}

#[derive(Default)]
pub struct KnowledgeMutation;

#[Object]
impl KnowledgeMutation {
    /// Saves a question with its SQL; the SQL must compile over the project's models.
    async fn create_sql_pair(&self, ctx: &Context<'_>, project_id: ID, data: CreateSqlPairInput) -> ApiResult<SqlPairGql> {
        let project_id = parse_id(&project_id)?;
        let pool = &context::state(ctx).pool;
        Ok(knowledge::create_sql_pair(pool, &context::acting(ctx)?, project_id, &data.question, &data.sql).await?.into())
    }

    async fn update_sql_pair(&self, ctx: &Context<'_>, project_id: ID, id: ID, data: UpdateSqlPairInput) -> ApiResult<SqlPairGql> {
        let (project_id, id) = (parse_id(&project_id)?, parse_id(&id)?);
        let pool = &context::state(ctx).pool;
        Ok(knowledge::update_sql_pair(pool, &context::acting(ctx)?, project_id, id, data.question.as_deref(), data.sql.as_deref()).await?.into())
    }

    async fn delete_sql_pair(&self, ctx: &Context<'_>, project_id: ID, id: ID) -> ApiResult<bool> {
        let (project_id, id) = (parse_id(&project_id)?, parse_id(&id)?);
        knowledge::delete_sql_pair(&context::state(ctx).pool, &context::acting(ctx)?, project_id, id).await?;
        Ok(true)
    }

    /// Saves an instruction, for every question or for questions like the ones given.
    async fn create_instruction(&self, ctx: &Context<'_>, project_id: ID, data: InstructionInput) -> ApiResult<InstructionGql> {
        let project_id = parse_id(&project_id)?;
        let pool = &context::state(ctx).pool;
        Ok(knowledge::create_instruction(pool, &context::acting(ctx)?, project_id, &data.instruction, data.is_global, &data.questions).await?.into())
    }

    async fn update_instruction(&self, ctx: &Context<'_>, project_id: ID, id: ID, data: InstructionInput) -> ApiResult<InstructionGql> {
        let (project_id, id) = (parse_id(&project_id)?, parse_id(&id)?);
        let pool = &context::state(ctx).pool;
        Ok(knowledge::update_instruction(pool, &context::acting(ctx)?, project_id, id, &data.instruction, data.is_global, &data.questions).await?.into())
    }

    async fn delete_instruction(&self, ctx: &Context<'_>, project_id: ID, id: ID) -> ApiResult<bool> {
        let (project_id, id) = (parse_id(&project_id)?, parse_id(&id)?);
        knowledge::delete_instruction(&context::state(ctx).pool, &context::acting(ctx)?, project_id, id).await?;
        Ok(true)
    }

    /// Teaches a phrase as a term of a deployed model or column: every question of the
    /// project places it there from the next one on.
    async fn teach_term(&self, ctx: &Context<'_>, project_id: ID, data: TermInput) -> ApiResult<TaughtTermGql> {
        let project_id = parse_id(&project_id)?;
        Ok(terms::teach(&context::state(ctx).pool, &context::acting(ctx)?, project_id, &data.into()).await?.into())
    }

    /// Removes a term derived from a model's or column's name: questions no longer place the
    /// phrase there (deleting the removal restores it).
    async fn remove_derived_term(&self, ctx: &Context<'_>, project_id: ID, data: TermInput) -> ApiResult<TaughtTermGql> {
        let project_id = parse_id(&project_id)?;
        Ok(terms::remove_derived(&context::state(ctx).pool, &context::acting(ctx)?, project_id, &data.into()).await?.into())
    }

    /// Deletes a taught term, or undoes the removal of a derived one.
    async fn delete_taught_term(&self, ctx: &Context<'_>, project_id: ID, id: ID) -> ApiResult<bool> {
        let (project_id, id) = (parse_id(&project_id)?, parse_id(&id)?);
        terms::delete(&context::state(ctx).pool, &context::acting(ctx)?, project_id, id).await?;
        Ok(true)
    }
}
