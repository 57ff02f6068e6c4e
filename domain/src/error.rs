//! The error catalogue (PRODUCT.md §8). Every failure a user can meet maps to one code.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    // PRODUCT.md §8
    InvalidCalculatedField,
    ConnectionRefused,
    UnauthorizedAccess,
    UnsubscribedAccess,
    UnauthorizedRoleAccess,
    NoChart,
    PlanLimitReached,
    SoftLimitReached,
    CreditLimitReached,
    EmailAlreadyVerified,
    AirbyteRateLimitReached,
    ModelLimitReached,
    InvitationNotFound,
    InvitationExpired,
    InvitationNotMatchUser,
    AbortError,
    DuplicatedSessionPropertyName,
    InvalidPolicy,
    // The REST API's own (api-management): the project has no deployed models to answer
    // from; the text sent as SQL is not one read-only query.
    NoDeploymentFound,
    NonSqlQuery,
    // The catalogue's "other errors": input, lookup, auth-flow and server failures.
    InvalidInput,
    NotFound,
    EmailAlreadyExists,
    EmailNotVerified,
    InvalidToken,
    InvalidCsrfToken,
    TooManyRequests,
    InternalServerError,
}

/// Appended to every UNAUTHORIZED_ROLE_ACCESS message (PRODUCT.md §6).
pub const ROLE_ACCESS_SUFFIX: &str = "Please contact the project owner or an organization admin to perform this action.";

impl ErrorCode {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::InvalidCalculatedField => "INVALID_CALCULATED_FIELD",
            Self::ConnectionRefused => "CONNECTION_REFUSED",
            Self::UnauthorizedAccess => "UNAUTHORIZED_ACCESS",
            Self::UnsubscribedAccess => "UNSUBSCRIBED_ACCESS",
            Self::UnauthorizedRoleAccess => "UNAUTHORIZED_ROLE_ACCESS",
            Self::NoChart => "NO_CHART",
            Self::PlanLimitReached => "PLAN_LIMIT_REACHED",
            Self::SoftLimitReached => "SOFT_LIMIT_REACHED",
            Self::CreditLimitReached => "CREDIT_LIMIT_REACHED",
            Self::EmailAlreadyVerified => "EMAIL_ALREADY_VERIFIED",
            Self::AirbyteRateLimitReached => "AIRBYTE_RATE_LIMIT_REACHED",
            Self::ModelLimitReached => "MODEL_LIMIT_REACHED",
            Self::InvitationNotFound => "INVITATION_NOT_FOUND",
            Self::InvitationExpired => "INVITATION_EXPIRED",
            Self::InvitationNotMatchUser => "INVITATION_NOT_MATCH_USER",
            Self::AbortError => "ABORT_ERROR",
            Self::DuplicatedSessionPropertyName => "DUPLICATED_SESSION_PROPERTY_NAME",
            Self::InvalidPolicy => "INVALID_POLICY",
            Self::NoDeploymentFound => "NO_DEPLOYMENT_FOUND",
            Self::NonSqlQuery => "NON_SQL_QUERY",
            Self::InvalidInput => "INVALID_INPUT",
            Self::NotFound => "NOT_FOUND",
            Self::EmailAlreadyExists => "EMAIL_ALREADY_EXISTS",
            Self::EmailNotVerified => "EMAIL_NOT_VERIFIED",
            Self::InvalidToken => "INVALID_TOKEN",
            Self::InvalidCsrfToken => "INVALID_CSRF_TOKEN",
            Self::TooManyRequests => "TOO_MANY_REQUESTS",
            Self::InternalServerError => "INTERNAL_SERVER_ERROR",
        }
    }

    /// A few words for toasts and panels.
    pub fn short_message(self) -> &'static str {
        match self {
            Self::InvalidCalculatedField => "Invalid calculated field",
            Self::ConnectionRefused => "Connection refused",
            Self::UnauthorizedAccess => "Unauthorized",
            Self::UnsubscribedAccess => "Subscription required",
            Self::UnauthorizedRoleAccess => "Permission denied",
            Self::NoChart => "No chart",
            Self::PlanLimitReached => "Plan limit reached",
            Self::SoftLimitReached => "Soft limit reached",
            Self::CreditLimitReached => "Credit limit reached",
            Self::EmailAlreadyVerified => "E-mail already verified",
            Self::AirbyteRateLimitReached => "Rate limit reached",
            Self::ModelLimitReached => "Model limit reached",
            Self::InvitationNotFound => "Invitation not found",
            Self::InvitationExpired => "Invitation expired",
            Self::InvitationNotMatchUser => "Invitation is for another user",
            Self::AbortError => "Aborted",
            Self::DuplicatedSessionPropertyName => "Duplicated session property name",
            Self::InvalidPolicy => "Invalid policy",
            Self::NoDeploymentFound => "No deployment found",
            Self::NonSqlQuery => "Not an SQL query",
            Self::InvalidInput => "Invalid input",
            Self::NotFound => "Not found",
            Self::EmailAlreadyExists => "E-mail already registered",
            Self::EmailNotVerified => "E-mail not verified",
            Self::InvalidToken => "Invalid or expired link",
            Self::InvalidCsrfToken => "Invalid CSRF token",
            Self::TooManyRequests => "Too many requests",
            Self::InternalServerError => "Internal server error",
        }
    }

    /// The message shown when the caller has nothing more specific to say.
    pub fn default_message(self) -> &'static str {
        match self {
            Self::SoftLimitReached => "The soft limit of the current plan has been reached and the operation cannot be performed.",
            Self::ModelLimitReached => "The current model limit has been reached and the operation cannot be performed.",
            Self::AirbyteRateLimitReached => "You've hit a temporary limit on the data syncing status update. Please try again later.",
            Self::DuplicatedSessionPropertyName => "Session property name already exists.",
            Self::NoChart => "No chart could be generated. No charges applied.",
            Self::UnauthorizedAccess => "You are not signed in or your session has expired.",
            Self::UnauthorizedRoleAccess => ROLE_ACCESS_SUFFIX,
            Self::EmailAlreadyVerified => "This e-mail address is already verified.",
            Self::EmailAlreadyExists => "An account with this e-mail address already exists.",
            Self::EmailNotVerified => "Please verify your e-mail address before signing in.",
            Self::InvalidToken => "This link is invalid or has expired.",
            Self::InvalidCsrfToken => "The request is missing a valid CSRF token. Reload the page and try again.",
            Self::TooManyRequests => "Too many attempts. Please wait a few minutes and try again.",
            Self::NotFound => "The requested item does not exist.",
            Self::InternalServerError => "Something went wrong on our side. Please try again.",
            Self::NoDeploymentFound => "The project has no deployed models yet. Deploy the models, then try again.",
            Self::NonSqlQuery => "Only one read-only SELECT query can be run.",
            other => other.short_message(),
        }
    }

    /// The HTTP status for REST endpoints (GraphQL always answers 200).
    pub fn http_status(self) -> u16 {
        match self {
            Self::UnauthorizedAccess => 401,
            Self::UnauthorizedRoleAccess | Self::UnsubscribedAccess | Self::EmailNotVerified | Self::InvalidCsrfToken => 403,
            Self::NotFound | Self::InvitationNotFound | Self::NoDeploymentFound => 404,
            Self::EmailAlreadyExists | Self::DuplicatedSessionPropertyName => 409,
            Self::TooManyRequests | Self::AirbyteRateLimitReached => 429,
            Self::InternalServerError => 500,
            Self::ConnectionRefused => 502,
            _ => 400,
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why an asking task ended without an answer (`AskingTask.error.code`): the catalogue's
/// codes for work that fails after the request that started it has returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TaskErrorCode {
    /// The project has no deployed model to answer from.
    DeployFailed,
    /// The question was not understood; the task says which words and suggests others.
    NoResult,
    /// The SQL did not compile or the source refused it.
    InvalidSql,
    /// The language-model provider refused the request.
    LlmRefused,
    /// The language model read it as a question about the assistant or the data in general,
    /// and replied.
    GeneralQuestion,
    /// The language model read it as unrelated to the data, and said so.
    MisleadingQuestion,
    /// Something failed on Quarry's side (the task could not start, or a step kept failing).
    InternalServerError,
}

impl TaskErrorCode {
    /// A few words for the response card.
    pub fn short_message(self) -> &'static str {
        match self {
            Self::DeployFailed => "Failed to deploy",
            Self::NoResult => "Not understood",
            Self::InvalidSql => "Invalid SQL",
            Self::LlmRefused => "The language model refused the request",
            Self::GeneralQuestion | Self::MisleadingQuestion => "Not a data question",
            Self::InternalServerError => ErrorCode::InternalServerError.short_message(),
        }
    }
}

type Cause = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A failure the user can act on; the message is shown as is.
    #[error("{code}: {message}")]
    User { code: ErrorCode, message: String },
    /// Anything else: logged with its chain, never sent to the client.
    #[error("internal error: {0}")]
    Internal(#[source] Cause),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::User { code, message: message.into() }
    }

    /// The code's catalogue message.
    pub fn of(code: ErrorCode) -> Self {
        Self::new(code, code.default_message())
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InvalidInput, message)
    }

    pub fn not_found(what: &str) -> Self {
        Self::new(ErrorCode::NotFound, format!("{what} not found."))
    }

    /// UNAUTHORIZED_ROLE_ACCESS with the sentence PRODUCT.md §6 requires.
    pub fn role_access(action: &str) -> Self {
        Self::new(ErrorCode::UnauthorizedRoleAccess, format!("You do not have permission to {action}. {ROLE_ACCESS_SUFFIX}"))
    }

    pub fn internal(cause: impl Into<Cause>) -> Self {
        Self::Internal(cause.into())
    }

    /// `message` when `err` broke the unique constraint `constraint` (a name already taken),
    /// otherwise the usual mapping.
    pub fn unique_violation(err: sqlx::Error, constraint: &str, message: impl FnOnce() -> String) -> Self {
        if let sqlx::Error::Database(db) = &err
            && db.constraint() == Some(constraint)
        {
            return Self::invalid(message());
        }
        err.into()
    }

    pub fn code(&self) -> ErrorCode {
        match self {
            Self::User { code, .. } => *code,
            Self::Internal(_) => ErrorCode::InternalServerError,
        }
    }

    /// What the client may see.
    pub fn public_message(&self) -> String {
        match self {
            Self::User { message, .. } => message.clone(),
            Self::Internal(_) => ErrorCode::InternalServerError.default_message().to_owned(),
        }
    }
}

/// Unique violations become user errors by constraint name; everything else is internal.
impl From<sqlx::Error> for Error {
    fn from(err: sqlx::Error) -> Self {
        if let sqlx::Error::Database(db) = &err {
            match db.constraint() {
                Some("users_email_key") => return Self::of(ErrorCode::EmailAlreadyExists),
                Some("org_members_org_user_key") => {
                    return Self::invalid("This person is already a member of the organization.");
                }
                Some("project_members_project_user_key") => {
                    return Self::invalid("This person is already a member of the project.");
                }
                _ => {}
            }
        }
        if matches!(err, sqlx::Error::RowNotFound) {
            return Self::not_found("Item");
        }
        Self::internal(err)
    }
}

/// Connector failures keep the source's own reason.
impl From<quarry_engine::ConnectorError> for Error {
    fn from(err: quarry_engine::ConnectorError) -> Self {
        use quarry_engine::ConnectorError as E;
        match err {
            E::ConnectionRefused(reason) => Self::new(ErrorCode::ConnectionRefused, reason),
            E::NotSupported(message) | E::InvalidProperties(message) => Self::invalid(message),
            other => Self::invalid(other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn role_access_appends_the_contact_sentence() {
        let err = Error::role_access("delete this project");
        assert_eq!(err.code(), ErrorCode::UnauthorizedRoleAccess);
        assert!(err.public_message().ends_with(ROLE_ACCESS_SUFFIX));
    }

    #[test]
    fn internal_errors_hide_their_cause() {
        let err = Error::internal(std::io::Error::other("password=hunter2"));
        assert_eq!(err.code(), ErrorCode::InternalServerError);
        assert!(!err.public_message().contains("hunter2"));
    }

    #[test]
    fn codes_serialize_as_catalogue_names() {
        assert_eq!(serde_json::to_string(&ErrorCode::UnauthorizedRoleAccess).unwrap(), "\"UNAUTHORIZED_ROLE_ACCESS\"");
        assert_eq!(ErrorCode::DuplicatedSessionPropertyName.as_str(), "DUPLICATED_SESSION_PROPERTY_NAME");
        assert_eq!(ErrorCode::SoftLimitReached.default_message(), "The soft limit of the current plan has been reached and the operation cannot be performed.");
    }
}
