//! The activity log: an append-only record of an org's security-relevant events, for its
//! admins (settings/organization/activity-log). Nothing in the product updates or deletes
//! an entry; the table's trigger refuses both, except when the org itself is deleted.

use crate::{db::Pool, error::Result};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ActivityKind {
    SignIn,
    SignInFailed,
    OrgUpdated,
    OrgDeletionStarted,
    MemberCreated,
    MemberUpdated,
    MemberRemoved,
    InvitationSent,
    InvitationDeleted,
    InvitationAccepted,
    GroupCreated,
    GroupUpdated,
    GroupDeleted,
    GroupMemberAdded,
    GroupMemberRemoved,
    ProjectCreated,
    ProjectDeleted,
    ProjectReset,
    ProjectMemberAdded,
    ProjectMemberUpdated,
    ProjectMemberRemoved,
    ProjectGroupAdded,
    ProjectGroupUpdated,
    ProjectGroupRemoved,
    DataSourceChanged,
    LlmConfigChanged,
    Deployed,
    ApiKeyCreated,
    ApiKeyRevoked,
    /// A phrase taught as a term of a model or column (knowledge).
    TermTaught,
    /// A term derived from a model's or column's name removed (knowledge).
    TermRemoved,
    /// A taught term, or the removal of a derived one, undone (knowledge).
    TaughtTermDeleted,
    SessionPropertyCreated,
    SessionPropertyDeleted,
    /// A member's or group's value of a session property set or taken away.
    SessionPropertyValueSet,
    PolicyCreated,
    PolicyUpdated,
    PolicyDeleted,
}

/// Who did it: a signed-in user, copied as text so the entry outlives the account.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ActivityActor {
    pub id: Uuid,
    pub email: String,
}

/// One event, as recorded.
#[derive(Debug, Clone)]
pub struct NewActivity {
    pub org_id: Uuid,
    pub kind: ActivityKind,
    pub actor: Option<ActivityActor>,
    pub target_kind: Option<&'static str>,
    pub target_id: Option<String>,
    pub target_label: Option<String>,
    pub project_id: Option<Uuid>,
    pub detail: Value,
    pub client_address: Option<String>,
}

impl NewActivity {
    pub fn new(org_id: Uuid, kind: ActivityKind) -> Self {
        Self {
            org_id,
            kind,
            actor: None,
            target_kind: None,
            target_id: None,
            target_label: None,
            project_id: None,
            detail: Value::Object(Default::default()),
            client_address: None,
        }
    }

    /// What the event was about: its kind (`USER`, `GROUP`, `PROJECT`…), id and a readable label.
    pub fn target(mut self, kind: &'static str, id: impl ToString, label: impl Into<String>) -> Self {
        self.target_kind = Some(kind);
        self.target_id = Some(id.to_string());
        self.target_label = Some(label.into());
        self
    }

    pub fn project(mut self, project_id: Uuid) -> Self {
        self.project_id = Some(project_id);
        self
    }

    pub fn detail(mut self, detail: Value) -> Self {
        self.detail = detail;
        self
    }

    pub fn by(mut self, actor: Option<ActivityActor>, client_address: Option<String>) -> Self {
        self.actor = actor;
        self.client_address = client_address;
        self
    }
}

#[derive(Debug, Clone)]
pub struct Activity {
    pub id: Uuid,
    pub org_id: Uuid,
    pub kind: ActivityKind,
    pub actor_id: Option<Uuid>,
    pub actor_email: Option<String>,
    pub target_kind: Option<String>,
    pub target_id: Option<String>,
    pub target_label: Option<String>,
    pub project_id: Option<Uuid>,
    pub detail: Value,
    pub client_address: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// Records an event, on the pool or inside the transaction of the change it records.
pub async fn record<'e>(executor: impl sqlx::PgExecutor<'e>, a: NewActivity) -> Result<()> {
    let (actor_id, actor_email) = a.actor.map(|x| (x.id, x.email)).unzip();
    sqlx::query!(
        "INSERT INTO activity_logs (id, org_id, actor_id, actor_email, kind, target_kind, target_id, target_label, project_id, detail, client_address)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        Uuid::new_v4(),
        a.org_id,
        actor_id,
        actor_email,
        a.kind as _,
        a.target_kind,
        a.target_id,
        a.target_label,
        a.project_id,
        a.detail,
        a.client_address,
    )
    .execute(executor)
    .await?;
    Ok(())
}

/// Records the same event in each org the account belongs to (sign-in events concern the
/// account, and each of its orgs' admins may need to see them).
pub async fn record_for_account(pool: &Pool, user_id: Uuid, make: impl Fn(Uuid) -> NewActivity) -> Result<()> {
    let orgs = sqlx::query_scalar!("SELECT org_id FROM org_members WHERE user_id = $1", user_id).fetch_all(pool).await?;
    for org_id in orgs {
        record(pool, make(org_id)).await?;
    }
    Ok(())
}

#[derive(Debug, Clone, Default)]
pub struct ActivityFilter {
    pub actor_id: Option<Uuid>,
    pub kinds: Vec<ActivityKind>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

/// Most page sizes a caller may ask for.
pub const MAX_PAGE: i64 = 200;

/// A page of the org's log, newest first, and how many entries match in all.
pub async fn list(pool: &Pool, org_id: Uuid, filter: &ActivityFilter, offset: i64, limit: i64) -> Result<(Vec<Activity>, i64)> {
    let kinds: Vec<String> =
        filter.kinds.iter().map(|k| serde_json::to_value(k).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()).collect();
    let limit = limit.clamp(1, MAX_PAGE);
    let offset = offset.max(0);
    let rows = sqlx::query_as!(
        Activity,
        r#"SELECT id, org_id, kind AS "kind: ActivityKind", actor_id, actor_email, target_kind, target_id, target_label, project_id, detail,
                  client_address, created_at
           FROM activity_logs
           WHERE org_id = $1 AND ($2::uuid IS NULL OR actor_id = $2) AND (cardinality($3::text[]) = 0 OR kind = ANY($3))
             AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at < $5)
           ORDER BY created_at DESC, id DESC OFFSET $6 LIMIT $7"#,
        org_id,
        filter.actor_id,
        &kinds,
        filter.from,
        filter.to,
        offset,
        limit,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM activity_logs
           WHERE org_id = $1 AND ($2::uuid IS NULL OR actor_id = $2) AND (cardinality($3::text[]) = 0 OR kind = ANY($3))
             AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at < $5)"#,
        org_id,
        filter.actor_id,
        &kinds,
        filter.from,
        filter.to,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}
