//! Fixed-window counters in Redis: login throttling and the client-log endpoint.

use crate::{error::ApiError, state::AppState};
use quarry_domain::{Error, ErrorCode};
use redis::AsyncCommands;

pub struct Window {
    pub limit: u64,
    pub seconds: u64,
}

/// Counts one hit against `key`; errors with TOO_MANY_REQUESTS once the window is full.
pub async fn hit(state: &AppState, key: &str, window: Window) -> Result<(), ApiError> {
    let count = increment(state, key, window.seconds).await?;
    if count > window.limit {
        return Err(Error::of(ErrorCode::TooManyRequests).into());
    }
    Ok(())
}

pub async fn increment(state: &AppState, key: &str, seconds: u64) -> Result<u64, ApiError> {
    let mut redis = state.redis.clone();
    let key = format!("quarry:rate:{key}");
    let count: u64 = redis.incr(&key, 1).await.map_err(Error::internal)?;
    if count == 1 {
        let _: () = redis.expire(&key, seconds as i64).await.map_err(Error::internal)?;
    }
    Ok(count)
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
