//! `POST /api/graphql`: one schema, operations named as in PRODUCT.md §7, one module per area.

mod activity;
mod api_management;
mod asking;
pub mod authorization;
mod context;
mod csv_import;
mod dashboard;
mod data_security;
mod data_sync;
mod datasource;
mod folder;
mod generation;
mod group;
mod invitation;
mod knowledge;
mod llm;
mod modeling;
mod org;
mod project;
mod sample_dataset;
mod spreadsheet;
mod timing;
mod user;

use crate::{
    auth::session,
    error::{ApiError, graphql_error_response},
    rate_limit,
    state::AppState,
};
use async_graphql::{EmptySubscription, MergedObject, Schema, http::GraphiQLSource};
use axum::{
    body::{Body, to_bytes},
    extract::{ConnectInfo, State},
    http::{HeaderMap, StatusCode, header},
    response::{Html, IntoResponse, Response},
};
use axum_extra::extract::cookie::CookieJar;
use quarry_domain::ErrorCode;
use std::net::SocketAddr;

#[derive(MergedObject, Default)]
pub struct Query(
    user::UserQuery,
    org::OrgQuery,
    group::GroupQuery,
    invitation::InvitationQuery,
    activity::ActivityQuery,
    project::ProjectQuery,
    modeling::ModelingQuery,
    modeling::DeployQuery,
    datasource::DataSourceQuery,
    data_sync::DataSyncQuery,
    csv_import::CsvImportQuery,
    sample_dataset::SampleDatasetQuery,
    asking::AskingQuery,
    llm::LlmQuery,
    knowledge::KnowledgeQuery,
    generation::GenerationQuery,
    dashboard::DashboardQuery,
    folder::FolderQuery,
    spreadsheet::SpreadsheetQuery,
    api_management::ApiManagementQuery,
    data_security::DataSecurityQuery,
);

#[derive(MergedObject, Default)]
pub struct Mutation(
    user::UserMutation,
    org::OrgMutation,
    group::GroupMutation,
    invitation::InvitationMutation,
    project::ProjectMutation,
    modeling::ModelingMutation,
    modeling::ModelingEditMutation,
    modeling::DeployMutation,
    datasource::DataSourceMutation,
    data_sync::DataSyncMutation,
    csv_import::CsvImportMutation,
    sample_dataset::SampleDatasetMutation,
    asking::AskingMutation,
    llm::LlmMutation,
    knowledge::KnowledgeMutation,
    generation::GenerationMutation,
    dashboard::DashboardMutation,
    folder::FolderMutation,
    spreadsheet::SpreadsheetMutation,
    api_management::ApiManagementMutation,
    data_security::DataSecurityMutation,
);

pub type QuarrySchema = Schema<Query, Mutation, EmptySubscription>;

/// The most a request may weigh: every field counts 1 plus what it selects, an [`EXPENSIVE`]
/// field counts that much more, so one request holds at most a handful of them however it is
/// written (aliases included). The web app's heaviest page weighs well under a tenth of this.
pub const COMPLEXITY_LIMIT: usize = 2000;
pub const DEPTH_LIMIT: usize = 12;

/// The weight of a field that runs a query at a source, previews or pages rows, starts a
/// workflow or may call a language model (`#[graphql(complexity = "EXPENSIVE + child_complexity")]`).
pub const EXPENSIVE: usize = 200;

const TOO_COMPLEX: &str = "Query is too complex.";
const TOO_DEEP: &str = "Query is nested too deep.";

pub fn schema(state: Option<AppState>) -> QuarrySchema {
    let builder = Schema::build(Query::default(), Mutation::default(), EmptySubscription)
        .extension(authorization::Guard)
        .extension(timing::RootFieldTiming)
        .limit_depth(DEPTH_LIMIT)
        .limit_complexity(COMPLEXITY_LIMIT);
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
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    schema: axum::Extension<QuarrySchema>,
    jar: CookieJar,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let is_json = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("application/json"));
    if !is_json {
        return graphql_error_response(StatusCode::UNSUPPORTED_MEDIA_TYPE, ErrorCode::InvalidInput, "GraphQL requests must be sent as application/json.");
    }
    let bytes = match to_bytes(body, state.config.max_body_bytes).await {
        Ok(bytes) => bytes,
        Err(_) => {
            return graphql_error_response(StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::InvalidInput, "The request is too large.");
        }
    };
    let request: async_graphql::Request = match serde_json::from_slice(&bytes) {
        Ok(request) => request,
        Err(err) => {
            return graphql_error_response(
                StatusCode::BAD_REQUEST,
                ErrorCode::InvalidInput,
                &format!("The request body is not a valid GraphQL request: {err}."),
            );
        }
    };
    let session = match session::current(&state, &jar).await {
        Ok(session) => session,
        Err(err) => return ApiError::from(err).into_response(),
    };
    let caller = match &session {
        Some(session) => format!("user:{}", session.user.id),
        None => format!("ip:{}", rate_limit::client_ip(&state.config, peer, &headers)),
    };
    if let Some(refused) = rate_limited(&state, &caller).await {
        return refused;
    }
    let request = request.data(context::ClientAddress(rate_limit::client_ip(&state.config, peer, &headers)));
    let request = match session {
        Some(session) => request.data(session),
        None => request,
    };
    let started = std::time::Instant::now();
    let mut response = schema.execute(request).await;
    quarry_domain::metrics::GRAPHQL_REQUESTS
        .with_label_values(&[if response.errors.is_empty() { "ok" } else { "error" }])
        .observe(started.elapsed().as_secs_f64());
    for error in &mut response.errors {
        if error.message == TOO_COMPLEX || error.message == TOO_DEEP {
            *error = too_much(&error.message);
        }
    }
    axum::Json(response).into_response()
}

/// The per-caller request limit (`QUARRY_RATE_LIMIT_PER_MINUTE`): 429 with a GraphQL-shaped
/// TOO_MANY_REQUESTS error and Retry-After once the window is used up.
async fn rate_limited(state: &AppState, caller: &str) -> Option<Response> {
    let limit = state.config.rate_limit_requests;
    if limit == 0 {
        return None;
    }
    let window = rate_limit::Window { limit, seconds: state.config.rate_limit_window.as_secs().max(1) };
    // rate_limit namespaces keys per deployment (its task-queue prefix, shared by its api
    // replicas), so test apps sharing one Redis do not count each other's requests.
    let key = format!("graphql:{caller}");
    match rate_limit::check(state, &key, window).await {
        Ok(Ok(_)) => None,
        Ok(Err(exceeded)) => {
            let message =
                format!("Too many requests: at most {limit} every {} seconds. Please try again in {} seconds.", window_secs(state), exceeded.retry_after_secs);
            let mut response = graphql_error_response(StatusCode::TOO_MANY_REQUESTS, ErrorCode::TooManyRequests, &message);
            response.headers_mut().insert(header::RETRY_AFTER, exceeded.retry_after_secs.into());
            Some(response)
        }
        // Redis being down must not take the product down with it.
        Err(error) => {
            tracing::warn!("rate limit not checked: {}", error.0);
            None
        }
    }
}

fn window_secs(state: &AppState) -> u64 {
    state.config.rate_limit_window.as_secs().max(1)
}

/// The validation refusal, in the catalogue's shape and with a reason a person can act on.
fn too_much(reason: &str) -> async_graphql::ServerError {
    let message = if reason == TOO_COMPLEX {
        format!(
            "This request asks for too much at once (more than {COMPLEXITY_LIMIT} complexity points; a field that queries a data source, previews rows, starts work or calls a language model weighs {EXPENSIVE}). Split it into smaller requests."
        )
    } else {
        format!("This request is nested more than {DEPTH_LIMIT} levels deep. Split it into smaller requests.")
    };
    let code = ErrorCode::InvalidInput;
    let mut error = async_graphql::ServerError::new(message.clone(), None);
    let mut extensions = async_graphql::ErrorExtensionValues::default();
    extensions.set("code", code.as_str());
    extensions.set("message", message);
    extensions.set("shortMessage", code.short_message());
    error.extensions = Some(extensions);
    error
}
