//! The OpenAPI 3.1 document of `/api/v1`, generated from the handlers' annotations and the
//! request and response types, and served at `/api/v1/openapi.json` (the api-management
//! reference tab renders it; the test suite generates a client from it).

use super::{ask, data, knowledge};
use axum::Json;
use serde::Serialize;
use utoipa::{
    Modify, OpenApi, ToSchema,
    openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
};

/// Every refusal: a code from the error catalogue, a message for people and a short one.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorDetail {
    /// For example UNAUTHORIZED_ACCESS (401), UNAUTHORIZED_ROLE_ACCESS (403), NOT_FOUND or
    /// NO_DEPLOYMENT_FOUND (404), INVALID_INPUT or NON_SQL_QUERY (400), TOO_MANY_REQUESTS (429).
    pub code: String,
    pub message: String,
    pub short_message: String,
}

struct BearerKey;

impl Modify for BearerKey {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "apiKey",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).description(Some("An API secret key from api-management/keys")).build()),
        );
    }
}

#[derive(OpenApi)]
#[openapi(
    info(title = "Quarry API", version = "1", description = "Ask questions, run SQL over the semantic model and manage knowledge with an API key.

Data security: a key sees data as itself, with the session property values an owner set for it on the data security page (never those of the person who created it). A key with the IMPERSONATE scope may send `X-Session-Properties: {\"sales_region\": [\"East\", \"West\"]}` on any call: each named property then has the values sent (one value of its type, or a list). Naming a property the project does not have, or a value of another type, is refused with INVALID_INPUT."),
    paths(
        ask::ask,
        ask::get_ask,
        ask::stream_ask,
        ask::generate_sql,
        ask::generate_summary,
        ask::generate_chart,
        ask::get_thread,
        data::run_sql,
        data::models,
        knowledge::list_sql_pairs,
        knowledge::create_sql_pair,
        knowledge::update_sql_pair,
        knowledge::delete_sql_pair,
        knowledge::list_instructions,
        knowledge::create_instruction,
        knowledge::update_instruction,
        knowledge::delete_instruction,
        knowledge::list_terms,
        knowledge::create_term,
        knowledge::delete_term,
    ),
    components(schemas(ErrorBody, ErrorDetail)),
    modifiers(&BearerKey),
    tags((name = "asking"), (name = "data"), (name = "knowledge")),
)]
pub struct ApiDoc;

pub fn spec() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// `GET /api/v1/openapi.json`: public, like any API reference.
pub async fn document() -> Json<utoipa::openapi::OpenApi> {
    Json(spec())
}
