//! Activity options shared by the workflows: how long a step may take, how a dead worker is
//! noticed, and how often a failing step is tried again.

use std::time::Duration;

use temporalio_common::RetryPolicy;
use temporalio_sdk::{ActivityOptions, LocalActivityOptions};

/// How often a long step reports that it is alive; a worker that stops reporting is
/// presumed dead after this long and the step moves to another worker.
pub const HEARTBEAT_TIMEOUT: Duration = Duration::from_secs(10);

/// Exponential backoff from one second up to `max_interval`; `max_attempts` 0 means until
/// it succeeds (for steps whose transient failures must not leave work half done).
pub fn backoff(max_interval: Duration, max_attempts: u32) -> RetryPolicy {
    RetryPolicy::builder()
        .initial_interval(Duration::from_secs(1))
        .backoff_coefficient(2.0)
        .maximum_interval(max_interval)
        .maximum_attempts(max_attempts)
        .build()
}

/// A quick bookkeeping step (a database write), retried until it succeeds.
pub fn short(id: &str) -> ActivityOptions {
    ActivityOptions::with_start_to_close_timeout(Duration::from_secs(60)).activity_id(id.to_owned()).retry_policy(backoff(Duration::from_secs(60), 0)).build()
}

/// A step that may take a while and heartbeats meanwhile.
pub fn long(id: &str, start_to_close: Duration, retry: RetryPolicy) -> ActivityOptions {
    ActivityOptions::with_start_to_close_timeout(start_to_close).activity_id(id.to_owned()).heartbeat_timeout(HEARTBEAT_TIMEOUT).retry_policy(retry).build()
}

/// A quick bookkeeping step run by the workflow's own worker without a round trip through
/// the server's task queue (a local activity), retried until it succeeds.
pub fn local(id: &str) -> LocalActivityOptions {
    LocalActivityOptions::builder()
        .activity_id(id.to_owned())
        .retry_policy(backoff(Duration::from_secs(60), 0))
        .start_to_close_timeout(Duration::from_secs(30))
        .build()
}
