//! The org's activity log and usage records, for its admins. Read-only: nothing in the
//! schema changes or deletes an entry.

use super::{context, group::org_or_current};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::{
    activity::{self, Activity, ActivityFilter, ActivityKind},
    org::{self, UsageFilter, UsageLog},
    permissions::Operation,
};
use serde_json::Value;

#[derive(SimpleObject)]
#[graphql(name = "ActivityLog")]
struct ActivityGql {
    id: ID,
    kind: ActivityKind,
    /// Who did it; null for events without a signed-in actor.
    actor_id: Option<ID>,
    actor_email: Option<String>,
    /// What it was about: USER, GROUP, INVITATION, MEMBER, PROJECT, DATA_SOURCE, LLM, ORG.
    target_kind: Option<String>,
    target_id: Option<String>,
    target_label: Option<String>,
    project_id: Option<ID>,
    detail: async_graphql::Json<Value>,
    client_address: Option<String>,
    created_at: DateTime<Utc>,
}

impl From<Activity> for ActivityGql {
    fn from(a: Activity) -> Self {
        Self {
            id: ID(a.id.to_string()),
            kind: a.kind,
            actor_id: a.actor_id.map(|id| ID(id.to_string())),
            actor_email: a.actor_email,
            target_kind: a.target_kind,
            target_id: a.target_id,
            target_label: a.target_label,
            project_id: a.project_id.map(|id| ID(id.to_string())),
            detail: async_graphql::Json(a.detail),
            client_address: a.client_address,
            created_at: a.created_at,
        }
    }
}

#[derive(SimpleObject)]
struct ActivityLogPage {
    items: Vec<ActivityGql>,
    /// How many entries match the filter in all.
    total: i64,
}

#[derive(InputObject, Default)]
struct ActivityLogFilter {
    actor_id: Option<ID>,
    #[graphql(default)]
    kinds: Vec<ActivityKind>,
    /// From this instant (inclusive).
    from: Option<DateTime<Utc>>,
    /// Until this instant (exclusive).
    to: Option<DateTime<Utc>>,
}

#[derive(SimpleObject)]
#[graphql(name = "UsageLog")]
struct UsageLogGql {
    id: ID,
    org_id: ID,
    project_id: Option<ID>,
    r#type: String,
    value: i64,
    user_id: Option<ID>,
    user_email: Option<String>,
    detail: async_graphql::Json<Value>,
    created_at: DateTime<Utc>,
}

impl From<UsageLog> for UsageLogGql {
    fn from(u: UsageLog) -> Self {
        Self {
            id: ID(u.id.to_string()),
            org_id: ID(u.org_id.to_string()),
            project_id: u.project_id.map(|id| ID(id.to_string())),
            r#type: u.r#type,
            value: u.value,
            user_id: u.user_id.map(|id| ID(id.to_string())),
            user_email: u.user_email,
            detail: async_graphql::Json(u.detail),
            created_at: u.created_at,
        }
    }
}

#[derive(SimpleObject)]
struct UsageLogPage {
    items: Vec<UsageLogGql>,
    total: i64,
}

#[derive(InputObject, Default)]
struct UsageLogFilter {
    /// QUESTION, API_CALL or ROWS_EXPORTED.
    r#type: Option<String>,
    project_id: Option<ID>,
    user_id: Option<ID>,
    from: Option<DateTime<Utc>>,
    to: Option<DateTime<Utc>>,
}

/// Offset 0 and 50 entries unless asked otherwise; at most 200 per page.
fn page(offset: Option<i64>, limit: Option<i64>) -> (i64, i64) {
    (offset.unwrap_or(0), limit.unwrap_or(50))
}

fn opt_id(id: Option<&ID>) -> ApiResult<Option<uuid::Uuid>> {
    id.map(context::parse_id).transpose()
}

#[derive(Default)]
pub struct ActivityQuery;

#[Object]
impl ActivityQuery {
    /// A page of the org's activity log (the current org when no id is given), newest first.
    async fn activity_logs(
        &self,
        ctx: &Context<'_>,
        org_id: Option<ID>,
        filter: Option<ActivityLogFilter>,
        offset: Option<i64>,
        limit: Option<i64>,
    ) -> ApiResult<ActivityLogPage> {
        let (offset, limit) = page(offset, limit);
        let org_id = org_or_current(ctx, org_id.as_ref())?;
        context::in_org(ctx, Operation::ReadActivityLog, org_id).await?;
        let f = filter.unwrap_or_default();
        let filter = ActivityFilter { actor_id: opt_id(f.actor_id.as_ref())?, kinds: f.kinds, from: f.from, to: f.to };
        let (rows, total) = activity::list(&context::state(ctx).pool, org_id, &filter, offset, limit).await?;
        Ok(ActivityLogPage { items: rows.into_iter().map(Into::into).collect(), total })
    }

    /// A page of the org's usage records (questions asked, API calls, rows exported), newest first.
    async fn usage_logs(
        &self,
        ctx: &Context<'_>,
        org_id: Option<ID>,
        filter: Option<UsageLogFilter>,
        offset: Option<i64>,
        limit: Option<i64>,
    ) -> ApiResult<UsageLogPage> {
        let (offset, limit) = page(offset, limit);
        let org_id = org_or_current(ctx, org_id.as_ref())?;
        context::in_org(ctx, Operation::ReadUsageLogs, org_id).await?;
        let f = filter.unwrap_or_default();
        let filter = UsageFilter { r#type: f.r#type, project_id: opt_id(f.project_id.as_ref())?, user_id: opt_id(f.user_id.as_ref())?, from: f.from, to: f.to };
        let (rows, total) = org::usage_logs(&context::state(ctx).pool, org_id, &filter, offset, limit).await?;
        Ok(UsageLogPage { items: rows.into_iter().map(Into::into).collect(), total })
    }
}
