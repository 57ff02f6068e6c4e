//! Quarry's api: thin HTTP and GraphQL over the domain, Temporal for anything long.

pub mod auth;
pub mod csv_upload;
pub mod error;
pub mod graphql;
pub mod health;
pub mod rate_limit;
pub mod rest;
pub mod spreadsheet_download;
pub mod state;
pub mod temporal;
pub mod web;

use axum::{
    Extension, Router,
    extract::DefaultBodyLimit,
    routing::{get, post},
};
use state::AppState;
use tower_http::trace::TraceLayer;

pub fn router(state: AppState) -> Router {
    let schema = graphql::schema(Some(state.clone()));
    // The playground is a developer tool: it invites anyone to explore the whole schema, so
    // release builds serve it only when QUARRY_GRAPHIQL asks for it.
    let graphql_route = if state.config.graphiql { get(graphql::graphiql).post(graphql::execute) } else { post(graphql::execute) };
    let api = Router::new()
        .route("/graphql", graphql_route)
        .route("/config", get(health::config))
        .nest("/auth", auth::routes())
        .merge(csv_upload::routes(&state))
        .merge(spreadsheet_download::routes())
        .nest("/v1", rest::routes(&state))
        .fallback(api_not_found);
    Router::new()
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/metrics", get(health::metrics))
        .nest("/api", api)
        .layer(Extension(schema))
        .layer(DefaultBodyLimit::max(state.config.max_body_bytes))
        .with_state(state.clone())
        .merge(web::routes(&state.config.web_dist))
        .layer(TraceLayer::new_for_http())
}

async fn api_not_found() -> error::ApiError {
    quarry_domain::Error::not_found("Endpoint").into()
}
