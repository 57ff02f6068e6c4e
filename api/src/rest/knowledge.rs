//! `knowledge/sql_pairs` and `knowledge/instructions`: the same CRUD as the knowledge pages,
//! through the same domain calls (SQL pairs are checked against the models; both are
//! embedded for retrieval). `knowledge/terms`: what the project taught the question engine
//! its words mean, as an answer's teach offers and the modeling page teach it.

use super::{Caller, data::ProjectQuery, parse_id};
use crate::{
    error::{ApiResult, JsonBody},
    state::AppState,
};
use axum::{
    Extension, Json,
    extract::{Path, Query, State},
    http::StatusCode,
};
use chrono::{DateTime, Utc};
use quarry_domain::{
    access::Acting,
    api_key::ApiScope,
    knowledge::{self, terms},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SqlPair {
    pub id: Uuid,
    pub question: String,
    pub sql: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<knowledge::SqlPair> for SqlPair {
    fn from(p: knowledge::SqlPair) -> Self {
        Self { id: p.id, question: p.question, sql: p.sql, created_at: p.created_at, updated_at: p.updated_at }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SqlPairInput {
    pub question: String,
    /// SQL over the models that answers the question.
    pub sql: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SqlPairUpdate {
    pub question: Option<String>,
    pub sql: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Instruction {
    pub id: Uuid,
    pub instruction: String,
    /// Applies to every question; otherwise to questions like `questions`.
    pub is_global: bool,
    pub questions: Vec<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<knowledge::Instruction> for Instruction {
    fn from(i: knowledge::Instruction) -> Self {
        Self { id: i.id, instruction: i.instruction, is_global: i.is_global, questions: i.questions, created_at: i.created_at, updated_at: i.updated_at }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InstructionInput {
    pub instruction: String,
    #[serde(default)]
    pub is_global: bool,
    #[serde(default)]
    pub questions: Vec<String>,
}

/// The project of a knowledge call, and the key's creator acting there.
async fn knowledge_of(state: &AppState, caller: &Caller, project_id: Option<Uuid>) -> ApiResult<(Uuid, Acting)> {
    let (project, acting) = caller.reach(state, project_id, ApiScope::Knowledge).await?;
    Ok((project.id, acting))
}

/// The project's SQL pairs, newest first.
#[utoipa::path(get, path = "/api/v1/knowledge/sql_pairs", tag = "knowledge", params(ProjectQuery),
    responses((status = 200, body = Vec<SqlPair>), (status = "4XX", body = super::openapi::ErrorBody)), security(("apiKey" = [])))]
pub async fn list_sql_pairs(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Query(q): Query<ProjectQuery>,
) -> ApiResult<Json<Vec<SqlPair>>> {
    let (project_id, acting) = knowledge_of(&state, &caller, q.project_id).await?;
    Ok(Json(knowledge::sql_pairs(&state.pool, &acting, project_id).await?.into_iter().map(Into::into).collect()))
}

/// Saves a question with the SQL that answers it (checked against the models).
#[utoipa::path(post, path = "/api/v1/knowledge/sql_pairs", tag = "knowledge", params(ProjectQuery), request_body = SqlPairInput,
    responses((status = 201, body = SqlPair), (status = "4XX", body = super::openapi::ErrorBody)), security(("apiKey" = [])))]
pub async fn create_sql_pair(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Query(q): Query<ProjectQuery>,
    JsonBody(input): JsonBody<SqlPairInput>,
) -> ApiResult<(StatusCode, Json<SqlPair>)> {
    let (project_id, acting) = knowledge_of(&state, &caller, q.project_id).await?;
    let pair = knowledge::create_sql_pair(&state.pool, &acting, project_id, &input.question, &input.sql).await?;
    Ok((StatusCode::CREATED, Json(pair.into())))
}

/// Changes a SQL pair's question or SQL (the SQL is checked against the models again).
#[utoipa::path(put, path = "/api/v1/knowledge/sql_pairs/{id}", tag = "knowledge", params(("id" = Uuid, Path), ProjectQuery), request_body = SqlPairUpdate,
    responses((status = 200, body = SqlPair), (status = "4XX", body = super::openapi::ErrorBody)), security(("apiKey" = [])))]
pub async fn update_sql_pair(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Query(q): Query<ProjectQuery>,
    JsonBody(input): JsonBody<SqlPairUpdate>,
) -> ApiResult<Json<SqlPair>> {
    let (project_id, acting) = knowledge_of(&state, &caller, q.project_id).await?;
    let pair =
        knowledge::update_sql_pair(&state.pool, &acting, project_id, parse_id(&id, "SQL pair")?, input.question.as_deref(), input.sql.as_deref()).await?;
    Ok(Json(pair.into()))
}

/// Deletes a SQL pair.
#[utoipa::path(delete, path = "/api/v1/knowledge/sql_pairs/{id}", tag = "knowledge", params(("id" = Uuid, Path), ProjectQuery),
    responses((status = 204, description = "Deleted"), (status = "4XX", body = super::openapi::ErrorBody)), security(("apiKey" = [])))]
pub async fn delete_sql_pair(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Query(q): Query<ProjectQuery>,
) -> ApiResult<StatusCode> {
    let (project_id, acting) = knowledge_of(&state, &caller, q.project_id).await?;
    knowledge::delete_sql_pair(&state.pool, &acting, project_id, parse_id(&id, "SQL pair")?).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The project's instructions, newest first.
#[utoipa::path(get, path = "/api/v1/knowledge/instructions", tag = "knowledge", params(ProjectQuery),
    responses((status = 200, body = Vec<Instruction>), (status = "4XX", body = super::openapi::ErrorBody)), security(("apiKey" = [])))]
pub async fn list_instructions(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Query(q): Query<ProjectQuery>,
) -> ApiResult<Json<Vec<Instruction>>> {
    let (project_id, acting) = knowledge_of(&state, &caller, q.project_id).await?;
    Ok(Json(knowledge::instructions(&state.pool, &acting, project_id).await?.into_iter().map(Into::into).collect()))
}

/// Saves an instruction, for every question or for questions like the ones given.
#[utoipa::path(post, path = "/api/v1/knowledge/instructions", tag = "knowledge", params(ProjectQuery), request_body = InstructionInput,
    responses((status = 201, body = Instruction), (status = "4XX", body = super::openapi::ErrorBody)), security(("apiKey" = [])))]
pub async fn create_instruction(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Query(q): Query<ProjectQuery>,
    JsonBody(input): JsonBody<InstructionInput>,
) -> ApiResult<(StatusCode, Json<Instruction>)> {
    let (project_id, acting) = knowledge_of(&state, &caller, q.project_id).await?;
    let made = knowledge::create_instruction(&state.pool, &acting, project_id, &input.instruction, input.is_global, &input.questions).await?;
    Ok((StatusCode::CREATED, Json(made.into())))
}

/// Replaces an instruction's text, reach and example questions.
#[utoipa::path(put, path = "/api/v1/knowledge/instructions/{id}", tag = "knowledge", params(("id" = Uuid, Path), ProjectQuery), request_body = InstructionInput,
    responses((status = 200, body = Instruction), (status = "4XX", body = super::openapi::ErrorBody)), security(("apiKey" = [])))]
pub async fn update_instruction(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Query(q): Query<ProjectQuery>,
    JsonBody(input): JsonBody<InstructionInput>,
) -> ApiResult<Json<Instruction>> {
    let (project_id, acting) = knowledge_of(&state, &caller, q.project_id).await?;
    let id = parse_id(&id, "Instruction")?;
    Ok(Json(knowledge::update_instruction(&state.pool, &acting, project_id, id, &input.instruction, input.is_global, &input.questions).await?.into()))
}

/// Deletes an instruction.
#[utoipa::path(delete, path = "/api/v1/knowledge/instructions/{id}", tag = "knowledge", params(("id" = Uuid, Path), ProjectQuery),
    responses((status = 204, description = "Deleted"), (status = "4XX", body = super::openapi::ErrorBody)), security(("apiKey" = [])))]
pub async fn delete_instruction(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Query(q): Query<ProjectQuery>,
) -> ApiResult<StatusCode> {
    let (project_id, acting) = knowledge_of(&state, &caller, q.project_id).await?;
    knowledge::delete_instruction(&state.pool, &acting, project_id, parse_id(&id, "Instruction")?).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A phrase taught as a term of a model or column, or a term derived from a name that was
/// removed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Term {
    pub id: Uuid,
    /// Lower case, single-spaced.
    pub phrase: String,
    pub model: String,
    /// Empty when the phrase means the model itself.
    pub column: Option<String>,
    /// A derived term removed (deleting this restores it), not a phrase taught.
    pub removed: bool,
    pub created_at: DateTime<Utc>,
}

impl From<terms::TaughtTerm> for Term {
    fn from(t: terms::TaughtTerm) -> Self {
        Self { id: t.id, phrase: t.phrase, model: t.model, column: t.column, removed: t.removed, created_at: t.created_at }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TermInput {
    /// At most 100 characters.
    pub phrase: String,
    /// A deployed model's reference name (a `teachOffers` candidate's `model`).
    pub model: String,
    /// One of the model's columns; empty for the model itself.
    pub column: Option<String>,
    /// Remove this term derived from the name instead of teaching a new one.
    #[serde(default)]
    pub removed: bool,
}

/// The terms the project taught, and the derived ones it removed, newest first.
#[utoipa::path(get, path = "/api/v1/knowledge/terms", tag = "knowledge", params(ProjectQuery),
    responses((status = 200, body = Vec<Term>), (status = "4XX", body = super::openapi::ErrorBody)), security(("apiKey" = [])))]
pub async fn list_terms(State(state): State<AppState>, Extension(caller): Extension<Caller>, Query(q): Query<ProjectQuery>) -> ApiResult<Json<Vec<Term>>> {
    let (project_id, acting) = knowledge_of(&state, &caller, q.project_id).await?;
    Ok(Json(terms::list(&state.pool, &acting, project_id).await?.into_iter().map(Into::into).collect()))
}

/// Teaches a phrase as a term of a deployed model or column (questions place it there from the
/// next one on), or with `removed` removes a term derived from its name.
#[utoipa::path(post, path = "/api/v1/knowledge/terms", tag = "knowledge", params(ProjectQuery), request_body = TermInput,
    responses((status = 201, body = Term), (status = "4XX", body = super::openapi::ErrorBody)), security(("apiKey" = [])))]
pub async fn create_term(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Query(q): Query<ProjectQuery>,
    JsonBody(input): JsonBody<TermInput>,
) -> ApiResult<(StatusCode, Json<Term>)> {
    let (project_id, acting) = knowledge_of(&state, &caller, q.project_id).await?;
    let term = terms::TermTarget { phrase: input.phrase, model: input.model, column: input.column };
    let made = if input.removed {
        terms::remove_derived(&state.pool, &acting, project_id, &term).await?
    } else {
        terms::teach(&state.pool, &acting, project_id, &term).await?
    };
    Ok((StatusCode::CREATED, Json(made.into())))
}

/// Deletes a taught term, or undoes the removal of a derived one.
#[utoipa::path(delete, path = "/api/v1/knowledge/terms/{id}", tag = "knowledge", params(("id" = Uuid, Path), ProjectQuery),
    responses((status = 204, description = "Deleted"), (status = "4XX", body = super::openapi::ErrorBody)), security(("apiKey" = [])))]
pub async fn delete_term(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Query(q): Query<ProjectQuery>,
) -> ApiResult<StatusCode> {
    let (project_id, acting) = knowledge_of(&state, &caller, q.project_id).await?;
    terms::delete(&state.pool, &acting, project_id, parse_id(&id, "Term")?).await?;
    Ok(StatusCode::NO_CONTENT)
}
