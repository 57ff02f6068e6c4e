//! Refreshing every tile of a dashboard as one workflow run (a scheduled run or "refresh
//! all"): the run's record, each tile's outcome, and the run's end. Each step may run again
//! after a worker died; each write is keyed so that it changes nothing the second time.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{cache::ResultCache, tile};
use crate::{config::Config, db::Pool, error::Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum), graphql(name = "DashboardRefreshStatus"))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RefreshStatus {
    Running,
    /// Every tile refreshed.
    Succeeded,
    /// Some tiles failed; the others refreshed.
    Partial,
    /// Every tile failed.
    Failed,
    /// Not run: no one with access stands behind it (`reason` says who is missing).
    Stopped,
}

#[derive(Debug, Clone)]
pub struct RefreshRun {
    pub id: Uuid,
    pub dashboard_id: Uuid,
    pub scheduled: bool,
    pub status: RefreshStatus,
    pub tiles_refreshed: i64,
    pub tiles_failed: i64,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// Why a run stopped.
    pub reason: Option<String>,
}

/// Records the run of workflow `workflow_id` (once, however often this is called) and
/// returns its id with the tiles to refresh. None when the dashboard is gone.
pub async fn begin(pool: &Pool, dashboard_id: Uuid, workflow_id: &str, scheduled: bool) -> Result<Option<(Uuid, Vec<Uuid>)>> {
    let id = sqlx::query_scalar!(
        "INSERT INTO dashboard_refreshes (id, dashboard_id, workflow_id, scheduled)
         SELECT $1, d.id, $3, $4 FROM dashboards d WHERE d.id = $2
         ON CONFLICT (workflow_id) DO UPDATE SET workflow_id = EXCLUDED.workflow_id
         RETURNING id",
        Uuid::new_v4(),
        dashboard_id,
        workflow_id,
        scheduled,
    )
    .fetch_optional(pool)
    .await?;
    let Some(id) = id else { return Ok(None) };
    // A scheduled run acts for the dashboard's creator: it reads what they may read, and
    // nothing once they may not.
    if scheduled && !creator_still_sees(pool, dashboard_id).await? {
        sqlx::query!(
            "UPDATE dashboard_refreshes SET status = 'STOPPED', reason = $2, finished_at = coalesce(finished_at, now()) WHERE id = $1",
            id,
            CREATOR_GONE,
        )
        .execute(pool)
        .await?;
        return Ok(None);
    }
    let items = sqlx::query_scalar!("SELECT id FROM dashboard_items WHERE dashboard_id = $1 AND display <> 'TEXT' ORDER BY y, x, created_at", dashboard_id)
        .fetch_all(pool)
        .await?;
    Ok(Some((id, items)))
}

/// Why a scheduled run stopped when the person it acts for lost access.
pub const CREATOR_GONE: &str =
    "The scheduled refresh stopped: the person who created this dashboard no longer has access to the project. Ask an owner to recreate the schedule.";

/// Whether the dashboard's creator may still read dashboards in its project and sees this one.
async fn creator_still_sees(pool: &Pool, dashboard_id: Uuid) -> Result<bool> {
    let row = sqlx::query!("SELECT created_by, project_id FROM dashboards WHERE id = $1", dashboard_id).fetch_optional(pool).await?;
    let Some((Some(creator), project_id)) = row.map(|r| (r.created_by, r.project_id)) else { return Ok(false) };
    sees(pool, project_id, dashboard_id, creator).await
}

/// Whether `user` may read dashboards in the project and sees this one.
async fn sees(pool: &Pool, project_id: Uuid, dashboard_id: Uuid, user: Uuid) -> Result<bool> {
    let actor = crate::access::project_actor(pool, user, project_id).await?;
    if crate::permissions::authorize(crate::permissions::Operation::ReadDashboards, Some(actor)).is_err() {
        return Ok(false);
    }
    crate::folder::sees_dashboard(pool, project_id, dashboard_id, crate::folder::Viewer::of(user, actor)).await
}

/// Notes that `user` opened the dashboard (under policies): written at most once an hour.
pub(super) async fn note_viewer(pool: &Pool, dashboard_id: Uuid, user: Uuid) -> Result<()> {
    sqlx::query!(
        "INSERT INTO dashboard_viewers (dashboard_id, user_id) VALUES ($1, $2)
         ON CONFLICT (dashboard_id, user_id) DO UPDATE SET seen_at = now() WHERE dashboard_viewers.seen_at < now() - interval '1 hour'",
        dashboard_id,
        user,
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Most contexts a refresh warms beside nobody's.
pub const WARMED_CONTEXTS: usize = 10;
/// Members who opened the dashboard within this many days count as recent.
const RECENT_DAYS: i32 = 7;
/// Most recent members read to find the contexts.
const RECENT_MEMBERS: i64 = 200;

/// One member for each context (distinct session property values, so distinct cached
/// results) that opened the dashboard lately and still sees it, most recent first, at most
/// [`WARMED_CONTEXTS`]. Members whose values are the same share one entry; none of these is
/// ever served to a member with other values.
async fn recent_contexts(pool: &Pool, project_id: Uuid, dashboard_id: Uuid) -> Result<Vec<Uuid>> {
    let members = sqlx::query_scalar!(
        "SELECT user_id FROM dashboard_viewers WHERE dashboard_id = $1 AND seen_at > now() - make_interval(days => $2) ORDER BY seen_at DESC LIMIT $3",
        dashboard_id,
        RECENT_DAYS,
        RECENT_MEMBERS,
    )
    .fetch_all(pool)
    .await?;
    let mut contexts = std::collections::HashSet::new();
    let mut out = Vec::new();
    for member in members {
        if out.len() == WARMED_CONTEXTS {
            break;
        }
        let viewer = crate::data_security::viewer(pool, project_id, member).await?;
        if contexts.insert(viewer.fingerprint()) && sees(pool, project_id, dashboard_id, member).await? {
            out.push(member);
        }
    }
    Ok(out)
}

/// Refreshes one tile of a run and records its outcome. A tile that cannot run records its
/// error and the run goes on; a tile refreshed by an earlier attempt of this step is not run
/// again. Errors returned are transient (the source or Redis unreachable): the step retries.
pub async fn refresh_tile(pool: &Pool, config: &Config, results: &ResultCache, refresh_id: Uuid, item_id: Uuid) -> Result<()> {
    let done =
        sqlx::query_scalar!(r#"SELECT EXISTS (SELECT 1 FROM dashboard_refresh_tiles WHERE refresh_id = $1 AND item_id = $2) AS "done!""#, refresh_id, item_id)
            .fetch_one(pool)
            .await?;
    if done {
        return Ok(());
    }
    let Some((dashboard_id, project_id)) = super::dashboard_of_item(pool, item_id).await? else {
        return Ok(()); // the tile was deleted meanwhile
    };
    let dashboard = super::get(pool, project_id, dashboard_id).await?;
    // A refresh runs for no member: under policies it fills nobody's entry, then the entry of
    // each context seen lately, each run as a member of that context.
    let error = match tile::run(pool, config, item_id, &[], None).await {
        Ok(run) => {
            let secured = run.fingerprint != super::cache::NO_SECURITY;
            tile::keep(pool, results, &dashboard, item_id, run, true).await?;
            if secured && dashboard.cache_enabled {
                for member in recent_contexts(pool, project_id, dashboard_id).await? {
                    match tile::run(pool, config, item_id, &[], Some(member)).await {
                        Ok(run) => {
                            tile::keep(pool, results, &dashboard, item_id, run, true).await?;
                        }
                        // Their context fails (a column restricted to them): they see the error when they open it.
                        Err(crate::Error::User { message, .. }) => tracing::debug!(%item_id, %member, %message, "a context was not warmed"),
                        Err(error) => return Err(error),
                    }
                }
            }
            None
        }
        Err(crate::Error::User { message, .. }) => {
            tile::record_failure(pool, item_id, &message).await?;
            Some(message)
        }
        Err(error) => return Err(error),
    };
    sqlx::query!("INSERT INTO dashboard_refresh_tiles (refresh_id, item_id, error) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", refresh_id, item_id, error,)
        .execute(pool)
        .await?;
    Ok(())
}

/// Ends a run: SUCCEEDED when every tile refreshed, FAILED when none did, else PARTIAL. A
/// tile whose step gave up (its source stayed unreachable) recorded nothing and counts as
/// not refreshed.
pub async fn finish(pool: &Pool, refresh_id: Uuid) -> Result<()> {
    sqlx::query!(
        "UPDATE dashboard_refreshes r SET finished_at = coalesce(r.finished_at, now()), status = (
             SELECT CASE WHEN refreshed >= tiles THEN 'SUCCEEDED' WHEN refreshed = 0 THEN 'FAILED' ELSE 'PARTIAL' END
               FROM (SELECT (SELECT count(*) FROM dashboard_refresh_tiles t WHERE t.refresh_id = r.id AND t.error IS NULL) AS refreshed,
                            (SELECT count(*) FROM dashboard_items i WHERE i.dashboard_id = r.dashboard_id AND i.display <> 'TEXT') AS tiles) counts)
         WHERE r.id = $1",
        refresh_id,
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// The dashboard's latest run.
pub async fn latest(pool: &Pool, dashboard_id: Uuid) -> Result<Option<RefreshRun>> {
    Ok(sqlx::query_as!(
        RefreshRun,
        r#"SELECT r.id, r.dashboard_id, r.scheduled, r.status AS "status: RefreshStatus", r.started_at, r.finished_at, r.reason,
                  (SELECT count(*) FROM dashboard_refresh_tiles t WHERE t.refresh_id = r.id AND t.error IS NULL) AS "tiles_refreshed!",
                  (SELECT count(*) FROM dashboard_refresh_tiles t WHERE t.refresh_id = r.id AND t.error IS NOT NULL) AS "tiles_failed!"
           FROM dashboard_refreshes r WHERE r.dashboard_id = $1 ORDER BY r.started_at DESC LIMIT 1"#,
        dashboard_id,
    )
    .fetch_optional(pool)
    .await?)
}
