//! One error type for REST and GraphQL: a catalogue code (PRODUCT.md §8), a message for
//! people and a short message for toasts. Internal causes are logged, never sent.

use async_graphql::ErrorExtensions;
use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use quarry_domain::{Error, ErrorCode};
use serde_json::json;

/// Deliberately not `Display`: that keeps async-graphql's catch-all conversion from
/// applying, so every resolver error goes through `From<ApiError>` below.
#[derive(Debug, Clone)]
pub struct ApiError(pub std::sync::Arc<Error>);

pub type ApiResult<T> = Result<T, ApiError>;

impl From<Error> for ApiError {
    fn from(err: Error) -> Self {
        Self(std::sync::Arc::new(err))
    }
}

impl From<ErrorCode> for ApiError {
    fn from(code: ErrorCode) -> Self {
        Self::from(Error::of(code))
    }
}

impl ApiError {
    pub fn code(&self) -> ErrorCode {
        self.0.code()
    }

    fn log(&self) {
        if let Error::Internal(cause) = &*self.0 {
            let mut chain = cause.to_string();
            let mut source = cause.source();
            while let Some(next) = source {
                chain.push_str(": ");
                chain.push_str(&next.to_string());
                source = next.source();
            }
            tracing::error!(error = %chain, "internal error");
        }
    }

    fn body(&self) -> serde_json::Value {
        let code = self.code();
        json!({ "code": code.as_str(), "message": self.0.public_message(), "shortMessage": code.short_message() })
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        self.log();
        let status = StatusCode::from_u16(self.code().http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (status, Json(json!({ "error": self.body() }))).into_response()
    }
}

impl From<ApiError> for async_graphql::Error {
    fn from(err: ApiError) -> Self {
        err.log();
        let code = err.code();
        let message = err.0.public_message();
        let stack = cfg!(debug_assertions).then(|| format!("{:?}", err.0));
        async_graphql::Error::new(message.clone()).extend_with(|_, ext| {
            ext.set("code", code.as_str());
            ext.set("message", message.clone());
            ext.set("shortMessage", code.short_message());
            if let Some(stack) = &stack {
                ext.set("stacktrace", stack.as_str());
            }
        })
    }
}

/// A GraphQL-shaped error body for failures before the schema runs (bad JSON, too large).
pub fn graphql_error_response(status: StatusCode, code: ErrorCode, message: &str) -> Response {
    let body = json!({
        "data": null,
        "errors": [{ "message": message, "extensions": {
            "code": code.as_str(), "message": message, "shortMessage": code.short_message() } }]
    });
    (status, Json(body)).into_response()
}

impl From<axum::extract::rejection::JsonRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::JsonRejection) -> Self {
        Self::from(Error::invalid(format!("The request body is not valid: {}", rejection.body_text())))
    }
}

/// `Json` whose rejections are catalogue errors rather than plain text.
#[derive(axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct JsonBody<T>(pub T);
