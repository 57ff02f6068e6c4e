//! API management (api-management/keys and api-management/history): the API secret keys that
//! reach a project and the history of the REST calls made into it.

use super::context::{self, parse_id};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::{
    api_history::{self, ApiCall, ApiCallType, HistoryFilter},
    api_key::{self, ApiKey, ApiScope, NewApiKey},
};
use serde_json::Value;

#[derive(SimpleObject)]
#[graphql(name = "ApiKey")]
struct ApiKeyGql {
    id: ID,
    name: String,
    /// The secret's first characters, enough to tell keys apart; the secret itself is shown
    /// only once, when the key is created.
    prefix: String,
    /// An organization key reaches every project of the organization.
    organization_wide: bool,
    project_id: Option<ID>,
    scopes: Vec<ApiScope>,
    created_by_email: Option<String>,
    expires_at: Option<DateTime<Utc>>,
    last_used_at: Option<DateTime<Utc>>,
    revoked_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    /// Not revoked and not expired.
    active: bool,
}

impl From<ApiKey> for ApiKeyGql {
    fn from(k: ApiKey) -> Self {
        let active = k.revoked_at.is_none() && !k.is_expired(Utc::now());
        Self {
            id: ID(k.id.to_string()),
            name: k.name,
            prefix: k.prefix,
            organization_wide: k.project_id.is_none(),
            project_id: k.project_id.map(|id| ID(id.to_string())),
            scopes: k.scopes,
            created_by_email: k.created_by_email,
            expires_at: k.expires_at,
            last_used_at: k.last_used_at,
            revoked_at: k.revoked_at,
            created_at: k.created_at,
            active,
        }
    }
}

/// A key just created: the only time its secret is ever returned.
#[derive(SimpleObject)]
struct CreatedApiKey {
    key: ApiKeyGql,
    secret: String,
}

#[derive(InputObject)]
struct CreateApiKeyInput {
    name: String,
    scopes: Vec<ApiScope>,
    expires_at: Option<DateTime<Utc>>,
    /// Reach every project of the organization (organization admins only).
    #[graphql(default)]
    organization_wide: bool,
}

#[derive(SimpleObject)]
#[graphql(name = "ApiHistoryItem")]
struct ApiCallGql {
    id: ID,
    call_type: ApiCallType,
    method: String,
    path: String,
    status_code: i32,
    duration_ms: i32,
    api_key_id: Option<ID>,
    key_prefix: String,
    project_id: Option<ID>,
    thread_id: Option<ID>,
    /// Stored redacted: no Authorization header, secret-looking field or key-shaped text.
    request_body: Option<async_graphql::Json<Value>>,
    response_body: Option<async_graphql::Json<Value>>,
    created_at: DateTime<Utc>,
}

impl From<ApiCall> for ApiCallGql {
    fn from(c: ApiCall) -> Self {
        Self {
            id: ID(c.id.to_string()),
            call_type: c.call_type,
            method: c.method,
            path: c.path,
            status_code: c.status_code,
            duration_ms: c.duration_ms,
            api_key_id: c.api_key_id.map(|id| ID(id.to_string())),
            key_prefix: c.key_prefix,
            project_id: c.project_id.map(|id| ID(id.to_string())),
            thread_id: c.thread_id.map(|id| ID(id.to_string())),
            request_body: c.request_body.map(async_graphql::Json),
            response_body: c.response_body.map(async_graphql::Json),
            created_at: c.created_at,
        }
    }
}

#[derive(SimpleObject)]
struct ApiHistoryPage {
    items: Vec<ApiCallGql>,
    /// How many calls match the filter in all.
    total: i64,
    /// Calls older than this many days are not kept.
    retention_days: i32,
}

#[derive(InputObject, Default)]
struct ApiHistoryFilter {
    call_type: Option<ApiCallType>,
    status_code: Option<i32>,
    api_key_id: Option<ID>,
    thread_id: Option<ID>,
    from: Option<DateTime<Utc>>,
    to: Option<DateTime<Utc>>,
}

fn optional_id(id: Option<&ID>) -> ApiResult<Option<uuid::Uuid>> {
    id.map(parse_id).transpose()
}

#[derive(Default)]
pub struct ApiManagementQuery;

#[Object]
impl ApiManagementQuery {
    /// The keys that reach the project: its own and the organization's, newest first.
    async fn api_keys(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<ApiKeyGql>> {
        let project_id = parse_id(&project_id)?;
        Ok(api_key::list(&context::state(ctx).pool, &context::acting(ctx)?, project_id).await?.into_iter().map(Into::into).collect())
    }

    /// The REST calls made into the project, newest first, within its retention.
    async fn api_history(
        &self,
        ctx: &Context<'_>,
        project_id: ID,
        filter: Option<ApiHistoryFilter>,
        #[graphql(default)] offset: i64,
        #[graphql(default = 20)] limit: i64,
    ) -> ApiResult<ApiHistoryPage> {
        let project_id = parse_id(&project_id)?;
        let f = filter.unwrap_or_default();
        let filter = HistoryFilter {
            call_type: f.call_type,
            status_code: f.status_code,
            api_key_id: optional_id(f.api_key_id.as_ref())?,
            thread_id: optional_id(f.thread_id.as_ref())?,
            from: f.from,
            to: f.to,
        };
        let page = api_history::list(&context::state(ctx).pool, &context::acting(ctx)?, project_id, &filter, offset, limit).await?;
        Ok(ApiHistoryPage { items: page.items.into_iter().map(Into::into).collect(), total: page.total, retention_days: page.retention_days })
    }
}

#[derive(Default)]
pub struct ApiManagementMutation;

#[Object]
impl ApiManagementMutation {
    /// Creates a key for the project, or for the whole organization (organization admins
    /// only). The answer holds the secret; it is never shown again.
    async fn create_api_key(&self, ctx: &Context<'_>, project_id: ID, data: CreateApiKeyInput) -> ApiResult<CreatedApiKey> {
        let project_id = parse_id(&project_id)?;
        let new = NewApiKey { name: data.name, project_id: (!data.organization_wide).then_some(project_id), scopes: data.scopes, expires_at: data.expires_at };
        let state = context::state(ctx);
        let created = api_key::create(&state.pool, &context::acting(ctx)?, state.config.limits.api_keys_per_project, project_id, new).await?;
        Ok(CreatedApiKey { key: created.key.into(), secret: created.secret })
    }

    /// Revokes a key at once: every later call with it is refused.
    async fn revoke_api_key(&self, ctx: &Context<'_>, project_id: ID, key_id: ID) -> ApiResult<ApiKeyGql> {
        let (project_id, key_id) = (parse_id(&project_id)?, parse_id(&key_id)?);
        Ok(api_key::revoke(&context::state(ctx).pool, &context::acting(ctx)?, project_id, key_id).await?.into())
    }

    /// How many days of API history the project keeps (1–365); older calls are dropped.
    async fn set_api_history_retention(&self, ctx: &Context<'_>, project_id: ID, days: i32) -> ApiResult<i32> {
        let project_id = parse_id(&project_id)?;
        Ok(api_history::set_retention(&context::state(ctx).pool, &context::acting(ctx)?, project_id, days).await?)
    }
}
