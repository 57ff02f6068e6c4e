//! Waiting for the services the worker needs: they may start after it (or restart under
//! it), so connecting is retried with backoff and logged, until shutdown.

use std::{fmt::Display, future::Future, time::Duration};

use tracing::{info, warn};

use crate::shutdown::Shutdown;

const FIRST_DELAY: Duration = Duration::from_millis(500);
const MAX_DELAY: Duration = Duration::from_secs(10);

/// Calls `connect` until it succeeds; `None` when shutdown came first.
pub async fn until_ready<T, E, F, Fut>(service: &str, shutdown: &Shutdown, mut connect: F) -> Option<T>
where
    E: Display,
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, E>>,
{
    let mut delay = FIRST_DELAY;
    for attempt in 1u32.. {
        let outcome = tokio::select! {
            outcome = connect() => outcome,
            _ = shutdown.wait() => return None,
        };
        match outcome {
            Ok(value) => {
                if attempt > 1 {
                    info!(service, attempt, "connected");
                }
                return Some(value);
            }
            Err(error) => warn!(service, attempt, retry_in = ?delay, "not reachable yet: {error}"),
        }
        tokio::select! {
            _ = tokio::time::sleep(delay) => {}
            _ = shutdown.wait() => return None,
        }
        delay = (delay * 2).min(MAX_DELAY);
    }
    unreachable!("the attempt counter does not run out")
}

/// An error with its causes, `outer: inner: innermost`, for logs.
pub fn chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.ends_with(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    #[tokio::test(start_paused = true)]
    async fn retries_until_the_service_answers() {
        let calls = AtomicU32::new(0);
        let value = until_ready("test", &Shutdown::new(), || async {
            match calls.fetch_add(1, Ordering::SeqCst) {
                0 | 1 => Err("refused"),
                _ => Ok(42),
            }
        })
        .await;
        assert_eq!(value, Some(42));
        assert_eq!(calls.load(Ordering::SeqCst), 3);
    }

    #[tokio::test(start_paused = true)]
    async fn gives_up_on_shutdown() {
        let shutdown = Shutdown::new();
        shutdown.trigger();
        let value: Option<()> = until_ready("test", &shutdown, || async { Err::<(), _>("refused") }).await;
        assert_eq!(value, None);
    }
}
