//! What every activity needs: error classification, heartbeats, and the chaos knob.

use std::{future::Future, time::Duration};

use quarry_domain::Error;
use temporalio_common::error::ApplicationFailure;
use temporalio_sdk::activities::{ActivityContext, ActivityError};
use tracing::warn;

/// User errors would fail the same way on every attempt, so they end the workflow;
/// anything else (database down, timeouts…) is retried under the workflow's policy.
pub fn step_error(error: Error) -> ActivityError {
    match &error {
        Error::User { code, .. } => {
            let code = code.as_str();
            ActivityError::application(ApplicationFailure::builder(error).type_name(code.to_owned()).non_retryable(true).build())
        }
        Error::Internal(_) => {
            warn!("activity failed, will retry: {}", crate::services::chain(&error));
            ActivityError::application(ApplicationFailure::new(error))
        }
    }
}

/// How often long steps tell Temporal they are alive; well under the workflow's
/// heartbeat timeout, and the SDK throttles anyway.
const HEARTBEAT_EVERY: Duration = Duration::from_secs(2);

/// Runs `work`, heartbeating meanwhile. A cancelled activity drops `work`: every step is
/// idempotent, so stopping midway only means the next attempt redoes part of it.
pub async fn with_heartbeats<T>(ctx: &ActivityContext, work: impl Future<Output = T>) -> Result<T, ActivityError> {
    let mut work = std::pin::pin!(work);
    let mut ticks = tokio::time::interval(HEARTBEAT_EVERY);
    loop {
        tokio::select! {
            output = &mut work => return Ok(output),
            _ = ticks.tick() => ctx.record_heartbeat(()).await?,
            _ = ctx.cancelled() => return Err(ActivityError::cancelled()),
        }
    }
}

/// Chaos-testing aid: `QUARRY_CHAOS_STEP_DELAY_MS` makes every workflow step wait that long
/// (heartbeating) before doing its work, so tests and operators can kill a worker midway
/// through a workflow and watch another one finish it. Zero or unset in production.
#[derive(Debug, Clone, Copy, Default)]
pub struct Chaos {
    step_delay: Duration,
}

impl Chaos {
    pub const STEP_DELAY_VAR: &'static str = "QUARRY_CHAOS_STEP_DELAY_MS";

    pub fn from_env() -> anyhow::Result<Self> {
        let millis = match std::env::var(Self::STEP_DELAY_VAR) {
            Ok(raw) if !raw.trim().is_empty() => {
                raw.trim().parse::<u64>().map_err(|e| anyhow::anyhow!("{} must be a number of milliseconds: {e}", Self::STEP_DELAY_VAR))?
            }
            _ => 0,
        };
        Ok(Self { step_delay: Duration::from_millis(millis) })
    }

    pub fn step_delay(&self) -> Duration {
        self.step_delay
    }

    pub async fn before_step(&self, ctx: &ActivityContext) -> Result<(), ActivityError> {
        if self.step_delay.is_zero() {
            return Ok(());
        }
        with_heartbeats(ctx, tokio::time::sleep(self.step_delay)).await
    }
}
