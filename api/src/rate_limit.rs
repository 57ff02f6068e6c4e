//! Fixed-window counters in Redis: login throttling, the client-log endpoint and the per-user
//! GraphQL request limit.

use crate::{error::ApiError, state::AppState};
use quarry_domain::{Error, ErrorCode};
use redis::AsyncCommands;

pub struct Window {
    pub limit: u64,
    pub seconds: u64,
}

/// Counts a hit and starts the window's expiry in one step, so a crash between the two can
/// never leave a counter that does not expire. Answers the count and the seconds left.
const HIT: &str = r"
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
";

/// A refused hit: how long until the window ends.
#[derive(Debug, Clone, Copy)]
pub struct Exceeded {
    pub retry_after_secs: u64,
}

/// Counts one hit against `key`; errors with TOO_MANY_REQUESTS once the window is full.
pub async fn hit(state: &AppState, key: &str, window: Window) -> Result<(), ApiError> {
    match check(state, key, window).await? {
        Ok(_) => Ok(()),
        Err(_) => Err(Error::of(ErrorCode::TooManyRequests).into()),
    }
}

/// Counts one hit against `key`; `Err(Exceeded)` once the window is full.
pub async fn check(state: &AppState, key: &str, window: Window) -> Result<Result<u64, Exceeded>, ApiError> {
    let (count, ttl) = counted(state, key, window.seconds).await?;
    if count > window.limit {
        return Ok(Err(Exceeded { retry_after_secs: ttl.max(1) }));
    }
    Ok(Ok(count))
}

async fn counted(state: &AppState, key: &str, seconds: u64) -> Result<(u64, u64), ApiError> {
    let mut redis = state.redis.clone();
    let (count, ttl): (u64, i64) = redis::Script::new(HIT)
        .key(format!("quarry:rate:{key}"))
        .arg(seconds.max(1))
        .invoke_async(&mut redis)
        .await
        .map_err(Error::internal)?;
    Ok((count, ttl.max(0) as u64))
}

pub async fn increment(state: &AppState, key: &str, seconds: u64) -> Result<u64, ApiError> {
    Ok(counted(state, key, seconds).await?.0)
}

pub async fn count(state: &AppState, key: &str) -> Result<u64, ApiError> {
    let mut redis = state.redis.clone();
    let value: Option<u64> = redis.get(format!("quarry:rate:{key}")).await.map_err(Error::internal)?;
    Ok(value.unwrap_or(0))
}

pub async fn clear(state: &AppState, key: &str) -> Result<(), ApiError> {
    let mut redis = state.redis.clone();
    let _: () = redis.del(format!("quarry:rate:{key}")).await.map_err(Error::internal)?;
    Ok(())
}
