//! `/api/v1`: the REST API for API keys (api-management). Every call sends
//! `Authorization: Bearer <key>`; the layer here authenticates the key, limits its rate,
//! and records the call in the project's API history (redacted) once it has answered.
//! Handlers resolve the project the call is about through [`Caller::reach`] (the key reaches
//! the project and has the scope) and hand the key's creator, acting there, to the same use
//! case the web app calls, which asks the creator's rights ([`Acting::may`]).

mod ask;
mod data;
mod knowledge;
pub mod openapi;

use crate::{error::ApiError, rate_limit, state::AppState};
use axum::{
    Router,
    body::{Body, to_bytes},
    extract::{ConnectInfo, MatchedPath, OriginalUri, Request, State},
    http::{HeaderValue, Method, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::{delete, get, post, put},
};
use quarry_domain::{
    Error, ErrorCode,
    access::Acting,
    api_history::{self, ApiCallType, NewCall},
    api_key::{self, ApiKey, ApiScope},
    data_security::{self, KeyIdentity},
    project::{self, Project},
};
use serde_json::Value;
use std::{
    net::{IpAddr, SocketAddr},
    sync::{Arc, Mutex},
    time::Instant,
};
use uuid::Uuid;

pub fn routes(state: &AppState) -> Router<AppState> {
    let keyed = Router::new()
        .route("/ask", post(ask::ask))
        .route("/asks/{task_id}", get(ask::get_ask))
        .route("/stream/ask", post(ask::stream_ask))
        .route("/generate_sql", post(ask::generate_sql))
        .route("/generate_summary", post(ask::generate_summary))
        .route("/generate_chart", post(ask::generate_chart))
        .route("/threads/{thread_id}", get(ask::get_thread))
        .route("/run_sql", post(data::run_sql))
        .route("/models", get(data::models))
        .route("/knowledge/sql_pairs", get(knowledge::list_sql_pairs).post(knowledge::create_sql_pair))
        .route("/knowledge/sql_pairs/{id}", put(knowledge::update_sql_pair).delete(knowledge::delete_sql_pair))
        .route("/knowledge/instructions", get(knowledge::list_instructions).post(knowledge::create_instruction))
        .route("/knowledge/instructions/{id}", put(knowledge::update_instruction).delete(knowledge::delete_instruction))
        .route("/knowledge/terms", get(knowledge::list_terms).post(knowledge::create_term))
        .route("/knowledge/terms/{id}", delete(knowledge::delete_term))
        .route_layer(middleware::from_fn_with_state(state.clone(), keyed_call));
    Router::new().route("/openapi.json", get(openapi::document)).merge(keyed)
}

/// The authenticated key of a call, and what the handler learned that its history row needs.
#[derive(Clone)]
pub struct Caller {
    pub key: ApiKey,
    /// What the call was, as its history row names it.
    request: Arc<Called>,
    notes: Arc<Mutex<Notes>>,
}

struct Called {
    call_type: ApiCallType,
    method: String,
    path: String,
    started: Instant,
    client_address: IpAddr,
    /// The `X-Session-Properties` header as sent (impersonation), unread.
    session_properties: Option<String>,
}

/// The header in which a key with the impersonation scope sends the session property values
/// a call sees data with: a JSON object, property name → a value or a list of values.
pub const SESSION_PROPERTIES_HEADER: &str = "x-session-properties";

/// Most bytes of the `X-Session-Properties` header.
const SESSION_PROPERTIES_MAX_BYTES: usize = 16 * 1024;

#[derive(Default)]
struct Notes {
    project_id: Option<Uuid>,
    thread_id: Option<Uuid>,
    /// The handler writes the history row itself (a stream, which outlives the response).
    recorded_by_handler: bool,
}

impl Caller {
    /// The project a call is about (`requested`, or the key's own project) and the key's creator
    /// acting there, from this call's address. Refused when the key does not reach the project
    /// (NOT_FOUND, as for a project that does not exist) or lacks `scope`
    /// (UNAUTHORIZED_ROLE_ACCESS). What the creator may do there is the use case's to decide.
    pub async fn reach(&self, state: &AppState, requested: Option<Uuid>, scope: ApiScope) -> Result<(Project, Acting), ApiError> {
        let Some(project_id) = requested.or(self.key.project_id) else {
            return Err(Error::invalid("An organization key must name the project: send projectId.").into());
        };
        let project = match project::get(&state.pool, project_id).await {
            Ok(project) if self.key.reaches(project.id, project.org_id) => project,
            _ => return Err(Error::not_found("Project").into()),
        };
        self.note(|n| n.project_id = Some(project.id));
        if !self.key.allows(scope) {
            return Err(Error::new(ErrorCode::UnauthorizedRoleAccess, format!("This API key does not have the {} scope.", scope.label())).into());
        }
        let Some(creator) = self.key.created_by else {
            return Err(Error::new(ErrorCode::UnauthorizedRoleAccess, "The account that created this API key no longer exists.").into());
        };
        let impersonated = self.impersonated(state, project.id).await?;
        Ok((project, self.acting_for(creator).through(KeyIdentity { key_id: self.key.id, impersonated })))
    }

    /// The session property values sent with the call, checked: only a key with the
    /// impersonation scope may send them, and each must name a property of the project with
    /// a value of its type.
    async fn impersonated(&self, state: &AppState, project_id: Uuid) -> Result<Option<serde_json::Map<String, Value>>, ApiError> {
        let Some(sent) = &self.request.session_properties else { return Ok(None) };
        if !self.key.allows(ApiScope::Impersonate) {
            return Err(
                Error::new(ErrorCode::UnauthorizedRoleAccess, format!("This API key does not have the {} scope.", ApiScope::Impersonate.label())).into()
            );
        }
        let too_big = sent.len() > SESSION_PROPERTIES_MAX_BYTES;
        let Some(Value::Object(values)) = (!too_big).then(|| serde_json::from_str::<Value>(sent).ok()).flatten() else {
            return Err(Error::invalid("X-Session-Properties must be a JSON object of session property names and values (at most 16 KB).").into());
        };
        data_security::check_impersonated(&state.pool, project_id, &values).await?;
        Ok(Some(values))
    }

    /// The key's creator acting from this call's address.
    fn acting_for(&self, creator: Uuid) -> Acting {
        Acting::new(creator, self.key.created_by_email.clone().unwrap_or_default(), Some(self.request.client_address.to_string()))
    }

    pub fn note_thread(&self, thread_id: Uuid) {
        self.note(|n| n.thread_id = Some(thread_id));
    }

    fn note(&self, change: impl FnOnce(&mut Notes)) {
        if let Ok(mut notes) = self.notes.lock() {
            change(&mut notes);
        }
    }

    fn notes(&self) -> (Option<Uuid>, Option<Uuid>, bool) {
        self.notes.lock().map(|n| (n.project_id, n.thread_id, n.recorded_by_handler)).unwrap_or_default()
    }

    /// The history row of this call, for a handler that records it itself.
    pub fn call(&self, status: u16, request: Option<Value>, response: Option<Value>) -> NewCall {
        let (project_id, thread_id, _) = self.notes();
        NewCall {
            org_id: self.key.org_id,
            project_id: project_id.or(self.key.project_id),
            api_key_id: self.key.id,
            key_prefix: self.key.prefix.clone(),
            call_type: self.request.call_type,
            method: self.request.method.clone(),
            path: self.request.path.clone(),
            status_code: status,
            duration_ms: self.request.started.elapsed().as_millis() as u64,
            thread_id,
            request_body: request,
            response_body: response,
        }
    }

    /// Says the handler records the call itself; the layer then does not.
    pub fn records_itself(&self) {
        self.note(|n| n.recorded_by_handler = true);
    }
}

/// The most an answer may weigh (it is held once to be recorded).
const RESPONSE_MAX_BYTES: usize = 64 * 1024 * 1024;

/// Failed authentications a client address may make per minute before it is refused.
const FAILED_AUTH_PER_MINUTE: u64 = 30;

fn bearer(request: &Request) -> Option<&str> {
    let value = request.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then_some(token.trim())
}

/// Authenticates the key, limits its rate, runs the handler and records the call.
async fn keyed_call(State(state): State<AppState>, ConnectInfo(peer): ConnectInfo<SocketAddr>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let address = rate_limit::client_ip(&state.config, peer, request.headers());
    let failed_key = format!("api-auth:{address}");
    let key = match bearer(&request) {
        None => Err(Error::new(ErrorCode::UnauthorizedAccess, "Send the API key as \"Authorization: Bearer <key>\".")),
        Some(secret) => api_key::authenticate(&state.pool, secret).await,
    };
    let key = match key {
        Ok(key) => key,
        Err(refused) => {
            // Not recorded (no tenant is known), but counted per address so keys cannot be
            // guessed at speed.
            let window = rate_limit::Window { limit: FAILED_AUTH_PER_MINUTE, seconds: 60 };
            return match rate_limit::check(&state, &failed_key, window).await {
                Ok(Err(exceeded)) => too_many(exceeded),
                Err(error) => error.into_response(),
                Ok(Ok(_)) => ApiError::from(refused).into_response(),
            };
        }
    };
    let called = Called {
        call_type: call_type(request.method(), request.extensions().get::<MatchedPath>().map(MatchedPath::as_str).unwrap_or_default()),
        method: request.method().to_string(),
        // The whole path: inside the nested router the URI has lost `/api/v1`.
        path: request.extensions().get::<OriginalUri>().map_or_else(|| request.uri().path().to_owned(), |uri| uri.path().to_owned()),
        started,
        client_address: address,
        session_properties: request.headers().get(SESSION_PROPERTIES_HEADER).map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned()),
    };
    let caller = Caller { key, request: Arc::new(called), notes: Arc::default() };
    // Over the key's limit: refused before the body is read, and neither recorded nor counted.
    if state.config.api_key_rate_limit > 0 {
        let window = rate_limit::Window { limit: state.config.api_key_rate_limit, seconds: state.config.rate_limit_window.as_secs().max(1) };
        match rate_limit::check(&state, &format!("api-key:{}", caller.key.id), window).await {
            Ok(Ok(_)) => {}
            Ok(Err(exceeded)) => return too_many(exceeded),
            Err(error) => return error.into_response(),
        }
    }
    let (parts, body) = request.into_parts();
    let bytes = match to_bytes(body, state.config.max_body_bytes).await {
        Ok(bytes) => bytes,
        Err(_) => return ApiError::from(Error::invalid("The request body is too large.")).into_response(),
    };
    let request_body = api_history::body_of(&bytes);
    let mut request = Request::from_parts(parts, Body::from(bytes));
    request.extensions_mut().insert(caller.clone());
    // The call and its recording run on their own: a client that leaves mid-call (an ask
    // waits for its answer) still leaves its history row and its usage.
    let handled = tokio::spawn(async move {
        let response = next.run(request).await;
        record(&state, &caller, request_body, response).await
    });
    handled.await.unwrap_or_else(|error| ApiError::from(Error::internal(error)).into_response())
}

/// Records an answered call (unless its handler records it itself) and gives the answer back.
async fn record(state: &AppState, caller: &Caller, request_body: Option<Value>, response: Response) -> Response {
    if let Err(error) = api_key::touch(&state.pool, &caller.key).await {
        tracing::warn!(error = %error, "could not mark the API key used");
    }
    if caller.notes().2 {
        return response;
    }
    let (parts, body) = response.into_parts();
    // Answers are bounded by what they hold (5000 kept rows at most); past this something is
    // wrong, and the caller gets an error rather than a cut body.
    let bytes = match to_bytes(body, RESPONSE_MAX_BYTES).await {
        Ok(bytes) => bytes,
        Err(error) => return ApiError::from(Error::internal(format!("a REST answer did not fit in {RESPONSE_MAX_BYTES} bytes: {error}"))).into_response(),
    };
    let call = caller.call(parts.status.as_u16(), request_body, api_history::body_of(&bytes));
    if let Err(error) = api_history::record(&state.pool, call).await {
        tracing::error!(error = %error, "could not record an API call");
    }
    Response::from_parts(parts, Body::from(bytes))
}

fn too_many(exceeded: rate_limit::Exceeded) -> Response {
    let mut response =
        ApiError::from(Error::new(ErrorCode::TooManyRequests, "Too many requests with this API key. Please wait and try again.")).into_response();
    if let Ok(value) = HeaderValue::from_str(&exceeded.retry_after_secs.to_string()) {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

fn call_type(method: &Method, route: &str) -> ApiCallType {
    let path = route.trim_start_matches("/api/v1");
    match (method.as_str(), path) {
        (_, "/ask") => ApiCallType::Ask,
        (_, "/stream/ask") => ApiCallType::StreamAsk,
        (_, "/generate_sql") => ApiCallType::GenerateSql,
        (_, "/generate_summary") => ApiCallType::GenerateSummary,
        (_, "/generate_chart") => ApiCallType::GenerateChart,
        (_, "/run_sql") => ApiCallType::RunSql,
        (_, "/models") => ApiCallType::GetModels,
        (_, p) if p.starts_with("/threads/") => ApiCallType::GetThread,
        ("GET", "/knowledge/sql_pairs") => ApiCallType::ListSqlPairs,
        ("POST", "/knowledge/sql_pairs") => ApiCallType::CreateSqlPair,
        ("PUT", _) if path.starts_with("/knowledge/sql_pairs/") => ApiCallType::UpdateSqlPair,
        ("DELETE", _) if path.starts_with("/knowledge/sql_pairs/") => ApiCallType::DeleteSqlPair,
        ("GET", "/knowledge/instructions") => ApiCallType::ListInstructions,
        ("POST", "/knowledge/instructions") => ApiCallType::CreateInstruction,
        ("PUT", _) if path.starts_with("/knowledge/instructions/") => ApiCallType::UpdateInstruction,
        ("DELETE", _) if path.starts_with("/knowledge/instructions/") => ApiCallType::DeleteInstruction,
        ("GET", "/knowledge/terms") => ApiCallType::ListTerms,
        ("POST", "/knowledge/terms") => ApiCallType::CreateTerm,
        ("DELETE", _) if path.starts_with("/knowledge/terms/") => ApiCallType::DeleteTerm,
        _ => ApiCallType::GetAsk,
    }
}

/// A path or query id, or NOT_FOUND.
pub(crate) fn parse_id(id: &str, what: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(id).map_err(|_| Error::not_found(what).into())
}
