//! Bounds on the work one org or project can start, so that no member — a viewer asking for
//! exports, a contributor making keys or dashboards — can grow Quarry's load without end. Each
//! is a configuration value; a request past one is refused with PLAN_LIMIT_REACHED and a
//! sentence that says which limit and how to go on.

use crate::error::{Error, ErrorCode};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Active (not revoked, not expired) API keys of one project, and org-wide keys of one org.
    pub api_keys_per_project: i64,
    /// Dashboards of one project (each holds at most `dashboard::MAX_ITEMS` tiles).
    pub dashboards_per_project: i64,
    /// Spreadsheet exports running at once in one org.
    pub running_exports_per_org: i64,
    /// Dashboards of one org refreshed on a schedule (each schedule runs every tile).
    pub scheduled_dashboards_per_org: i64,
    /// Rows one export writes at most; past it the export fails with the reason.
    pub export_max_rows: i64,
    /// Bytes one export file holds at most.
    pub export_max_bytes: i64,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            api_keys_per_project: 25,
            dashboards_per_project: 100,
            running_exports_per_org: 3,
            scheduled_dashboards_per_org: 20,
            export_max_rows: 1_000_000,
            export_max_bytes: 512 * 1024 * 1024,
        }
    }
}

/// The refusal when `what` has reached its `limit`; `then` says how to go on.
pub fn reached(what: &str, limit: i64, then: &str) -> Error {
    Error::new(ErrorCode::PlanLimitReached, format!("{what} has reached its limit of {limit}. {then}"))
}
