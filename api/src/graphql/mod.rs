//! `POST /api/graphql`: one schema, operations named as in PRODUCT.md §7, one module per area.

mod asking;
mod context;
mod csv_import;
mod datasource;
mod generation;
mod knowledge;
mod llm;
mod modeling;
mod org;
mod project;
mod sample_dataset;
mod user;

use crate::{
    auth::session,
    error::{ApiError, graphql_error_response},
    state::AppState,
};
use async_graphql::{EmptySubscription, MergedObject, Schema, http::GraphiQLSource};
use axum::{
    body::{Body, to_bytes},
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{Html, IntoResponse, Response},
};
use axum_extra::extract::cookie::CookieJar;
use quarry_domain::ErrorCode;

#[derive(MergedObject, Default)]
pub struct Query(user::UserQuery, org::OrgQuery, project::ProjectQuery, modeling::ModelingQuery, modeling::DeployQuery, datasource::DataSourceQuery, csv_import::CsvImportQuery, sample_dataset::SampleDatasetQuery, asking::AskingQuery, llm::LlmQuery, knowledge::KnowledgeQuery, generation::GenerationQuery);

#[derive(MergedObject, Default)]
pub struct Mutation(user::UserMutation, org::OrgMutation, project::ProjectMutation, modeling::ModelingMutation, modeling::ModelingEditMutation, modeling::DeployMutation, datasource::DataSourceMutation, sample_dataset::SampleDatasetMutation, asking::AskingMutation, llm::LlmMutation, knowledge::KnowledgeMutation, generation::GenerationMutation);

pub type QuarrySchema = Schema<Query, Mutation, EmptySubscription>;

pub fn schema(state: Option<AppState>) -> QuarrySchema {
    let builder = Schema::build(Query::default(), Mutation::default(), EmptySubscription)
        .limit_depth(12)
        .limit_complexity(2000);
    match state {
        Some(state) => builder.data(state).finish(),
        None => builder.finish(),
    }
}

/// The SDL that the web app's types are generated from.
pub fn sdl() -> String {
    schema(None).sdl()
}

pub async fn graphiql() -> impl IntoResponse {
    Html(GraphiQLSource::build().endpoint("/api/graphql").finish())
}

/// Runs one GraphQL request. JSON only: requiring a JSON content type means a cross-site
/// form cannot post here, which together with the SameSite cookie stops CSRF.
pub async fn execute(
    State(state): State<AppState>,
    schema: axum::Extension<QuarrySchema>,
    jar: CookieJar,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let is_json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !is_json {
        return graphql_error_response(StatusCode::UNSUPPORTED_MEDIA_TYPE, ErrorCode::InvalidInput,
            "GraphQL requests must be sent as application/json.");
    }
    let bytes = match to_bytes(body, state.config.max_body_bytes).await {
        Ok(bytes) => bytes,
        Err(_) => {
            return graphql_error_response(StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::InvalidInput,
                "The request is too large.");
        }
    };
    let request: async_graphql::Request = match serde_json::from_slice(&bytes) {
        Ok(request) => request,
        Err(err) => {
            return graphql_error_response(StatusCode::BAD_REQUEST, ErrorCode::InvalidInput,
                &format!("The request body is not a valid GraphQL request: {err}."));
        }
    };
    let session = match session::current(&state, &jar).await {
        Ok(session) => session,
        Err(err) => return ApiError::from(err).into_response(),
    };
    let request = match session {
        Some(session) => request.data(session),
        None => request,
    };
    let response = schema.execute(request).await;
    axum::Json(response).into_response()
}
