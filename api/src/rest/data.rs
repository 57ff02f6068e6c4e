//! `run_sql` (SQL over the models, run on the `sql` worker pool) and `models` (the
//! deployed model).

use super::{Caller, ask::Column};
use crate::{
    error::{ApiResult, JsonBody},
    state::AppState,
};
use axum::{
    Extension, Json,
    extract::{Query, State},
};
use quarry_domain::{Error, api_key::ApiScope, asking::answer::RUN_SQL_MAX_ROWS, deploy, on_worker};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunSqlRequest {
    /// One read-only SELECT written over the models (their names, not the source's tables).
    pub sql: String,
    pub project_id: Option<Uuid>,
    /// At most this many rows (1000 unless given; never more than 1000).
    pub limit: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunSqlResult {
    pub columns: Vec<Column>,
    /// One array per row, one value per column (numbers, text, booleans or null).
    pub rows: Vec<Vec<Value>>,
    /// The query had more rows than the limit.
    pub truncated: bool,
}

/// Runs SQL written over the models at the data source.
#[utoipa::path(post, path = "/api/v1/run_sql", tag = "data", request_body = RunSqlRequest,
    responses((status = 200, body = RunSqlResult), (status = "4XX", body = super::openapi::ErrorBody)),
    security(("apiKey" = [])))]
pub async fn run_sql(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    JsonBody(request): JsonBody<RunSqlRequest>,
) -> ApiResult<Json<RunSqlResult>> {
    let (project, acting) = caller.reach(&state, request.project_id, ApiScope::RunSql).await?;
    let limit = request.limit.map_or(RUN_SQL_MAX_ROWS, |l| l as usize);
    let result = on_worker::run_sql(&state.services, &acting, project.id, &request.sql, limit).await?;
    Ok(Json(RunSqlResult {
        columns: result.columns.iter().map(|c| Column { name: c.name.clone(), r#type: c.type_name.clone() }).collect(),
        rows: result.rows,
        truncated: result.truncated,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProjectQuery {
    /// Required for organization keys.
    pub project_id: Option<Uuid>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModelsResult {
    pub deploy_id: Uuid,
    /// The deployed semantic model: models, relationships, views and metrics.
    #[schema(value_type = Object)]
    pub manifest: Value,
}

/// The deployed semantic model.
#[utoipa::path(get, path = "/api/v1/models", tag = "data", params(ProjectQuery),
    responses((status = 200, body = ModelsResult), (status = "4XX", body = super::openapi::ErrorBody)),
    security(("apiKey" = [])))]
pub async fn models(State(state): State<AppState>, Extension(caller): Extension<Caller>, Query(query): Query<ProjectQuery>) -> ApiResult<Json<ModelsResult>> {
    let (project, acting) = caller.reach(&state, query.project_id, ApiScope::ModelsRead).await?;
    let (deploy, manifest) = deploy::models(&state.pool, &acting, project.id).await?;
    Ok(Json(ModelsResult { deploy_id: deploy.id, manifest: serde_json::to_value(manifest).map_err(Error::internal)? }))
}
