//! Counters in Redis: sign-in throttling, sign-up and mail limits, the client log, the
//! per-caller GraphQL request limit. Each
//! check is one atomic script, so concurrent requests cannot all read "under the limit"
//! and then all go ahead; and also who the client is, for the per-address limits.

use crate::{error::ApiError, state::AppState};
use axum::http::HeaderMap;
use quarry_domain::{Error, ErrorCode, config::Config};
use std::net::{IpAddr, SocketAddr};

pub struct Window {
    pub limit: u64,
    pub seconds: u64,
}

/// A window whose lock-out grows: once `limit` is passed, each further attempt restarts
/// the lock-out at twice the previous length, up to `max_seconds`.
pub struct Backoff {
    pub limit: u64,
    pub seconds: u64,
    pub max_seconds: u64,
}

// INCR and the expiry in one step: a crash between two commands cannot leave a counter that
// never expires, and the backoff is computed from the very count INCR returned.
const HIT: &str = r"
local count = redis.call('INCR', KEYS[1])
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
if count == 1 then
  redis.call('EXPIRE', KEYS[1], window)
elseif count > limit and max > window then
  local ttl = window * 2 ^ math.min(count - limit - 1, 30)
  if ttl > max then ttl = max end
  redis.call('EXPIRE', KEYS[1], math.floor(ttl))
end
return count
";

// Gives one attempt back without creating a counter that has expired meanwhile.
const RELEASE: &str = r"
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count
";

/// Counters are namespaced like the task queues, so deployments (and test apps) sharing
/// one Redis do not count each other's attempts.
fn redis_key(state: &AppState, key: &str) -> String {
    format!("quarry:rate:{}:{key}", state.config.task_queue_prefix)
}

/// Counts one hit against `key`; errors with TOO_MANY_REQUESTS once the window is full.
pub async fn hit(state: &AppState, key: &str, window: Window) -> Result<(), ApiError> {
    attempt(state, key, Backoff { limit: window.limit, seconds: window.seconds, max_seconds: window.seconds }).await
}

/// Counts one attempt against `key` before the attempt is made; errors with
/// TOO_MANY_REQUESTS when it is over the limit (the attempt must then not be made).
pub async fn attempt(state: &AppState, key: &str, backoff: Backoff) -> Result<(), ApiError> {
    let mut redis = state.redis.clone();
    // EVAL rather than redis::Script: the crate is built without its `script` feature.
    let count: u64 = redis::cmd("EVAL")
        .arg(HIT)
        .arg(1)
        .arg(redis_key(state, key))
        .arg(backoff.limit)
        .arg(backoff.seconds)
        .arg(backoff.max_seconds)
        .query_async(&mut redis)
        .await
        .map_err(Error::internal)?;
    if count > backoff.limit {
        return Err(Error::of(ErrorCode::TooManyRequests).into());
    }
    Ok(())
}

/// A refused hit: how long until the window ends.
#[derive(Debug, Clone, Copy)]
pub struct Exceeded {
    pub retry_after_secs: u64,
}

// Counts a hit, starts the window's expiry and answers the seconds left, in one step.
const COUNT: &str = r"
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
";

/// Counts one hit against `key`; `Err(Exceeded)` once the window is full.
pub async fn check(state: &AppState, key: &str, window: Window) -> Result<Result<u64, Exceeded>, ApiError> {
    let mut redis = state.redis.clone();
    let (count, ttl): (u64, i64) =
        redis::cmd("EVAL").arg(COUNT).arg(1).arg(redis_key(state, key)).arg(window.seconds.max(1)).query_async(&mut redis).await.map_err(Error::internal)?;
    if count > window.limit {
        return Ok(Err(Exceeded { retry_after_secs: (ttl.max(0) as u64).max(1) }));
    }
    Ok(Ok(count))
}

/// Gives back one attempt counted by [`attempt`] (it turned out not to be a failure).
pub async fn release(state: &AppState, key: &str) -> Result<(), ApiError> {
    let mut redis = state.redis.clone();
    let _: i64 = redis::cmd("EVAL").arg(RELEASE).arg(1).arg(redis_key(state, key)).query_async(&mut redis).await.map_err(Error::internal)?;
    Ok(())
}

pub async fn clear(state: &AppState, key: &str) -> Result<(), ApiError> {
    use redis::AsyncCommands;
    let mut redis = state.redis.clone();
    let _: () = redis.del(redis_key(state, key)).await.map_err(Error::internal)?;
    Ok(())
}

/// The client's address: the connection's peer, unless the peer is a trusted proxy
/// (`QUARRY_TRUSTED_PROXIES`), in which case `X-Forwarded-For` is read from the right and
/// the first address that is not a trusted proxy is the client. Addresses further left
/// were written by the client itself and prove nothing, so they are never used.
pub fn client_ip(config: &Config, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    let trusted = |ip: IpAddr| config.trusted_proxies.iter().any(|p| p.contains(ip));
    let mut client = peer.ip().to_canonical();
    if !trusted(client) {
        return client;
    }
    let hops: Vec<&str> = headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).map(str::trim).collect();
    for hop in hops.into_iter().rev() {
        let Ok(ip) = hop.parse::<IpAddr>() else { break };
        client = ip.to_canonical();
        if !trusted(client) {
            break;
        }
    }
    client
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn config(proxies: &str) -> Config {
        let mut config = Config::from_env().unwrap();
        config.trusted_proxies = proxies.split(',').filter(|s| !s.is_empty()).map(|s| s.parse().unwrap()).collect();
        config
    }

    fn headers(xff: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", HeaderValue::from_str(xff).unwrap());
        h
    }

    #[test]
    fn forwarded_for_is_ignored_unless_the_peer_is_trusted() {
        let peer: SocketAddr = "203.0.113.9:5000".parse().unwrap();
        assert_eq!(client_ip(&config(""), peer, &headers("1.2.3.4")), peer.ip());
        let proxy: SocketAddr = "10.0.0.2:5000".parse().unwrap();
        let trusted = config("10.0.0.0/8");
        assert_eq!(client_ip(&trusted, proxy, &headers("1.2.3.4")).to_string(), "1.2.3.4");
        // A forged left-most entry is skipped: the proxy appended the real address last.
        assert_eq!(client_ip(&trusted, proxy, &headers("6.6.6.6, 1.2.3.4")).to_string(), "1.2.3.4");
        // Chained trusted proxies are walked through.
        assert_eq!(client_ip(&trusted, proxy, &headers("1.2.3.4, 10.0.0.7")).to_string(), "1.2.3.4");
        assert_eq!(client_ip(&trusted, proxy, &HeaderMap::new()), proxy.ip());
        assert_eq!(client_ip(&trusted, proxy, &headers("garbage")), proxy.ip());
    }
}
