//! Graceful shutdown: the first Ctrl-C or SIGTERM asks every part of the worker to finish
//! what it holds and stop; a second one exits at once.

use std::sync::Arc;

use tokio::sync::watch;
use tracing::{info, warn};

#[derive(Clone)]
pub struct Shutdown {
    sender: Arc<watch::Sender<bool>>,
}

impl Shutdown {
    pub fn new() -> Self {
        Self { sender: Arc::new(watch::Sender::new(false)) }
    }

    pub fn trigger(&self) {
        self.sender.send_replace(true);
    }

    pub fn is_triggered(&self) -> bool {
        *self.sender.borrow()
    }

    /// Resolves once shutdown has been asked for (at once if it already was).
    pub async fn wait(&self) {
        let mut receiver = self.sender.subscribe();
        // The sender lives as long as `self`, so this cannot fail.
        let _ = receiver.wait_for(|stopping| *stopping).await;
    }

    /// Spawns the task that turns signals into a shutdown.
    pub fn listen_for_signals(&self) -> std::io::Result<()> {
        use tokio::signal::unix::{SignalKind, signal};
        let mut terminate = signal(SignalKind::terminate())?;
        let mut interrupt = signal(SignalKind::interrupt())?;
        let shutdown = self.clone();
        tokio::spawn(async move {
            for round in 0.. {
                let name = tokio::select! {
                    _ = terminate.recv() => "SIGTERM",
                    _ = interrupt.recv() => "SIGINT",
                };
                if round == 0 {
                    info!(signal = name, "shutting down: finishing work in hand (send it again to exit at once)");
                    shutdown.trigger();
                } else {
                    warn!(signal = name, "exiting at once");
                    std::process::exit(130);
                }
            }
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn waiters_wake_up_even_when_late() {
        let shutdown = Shutdown::new();
        assert!(!shutdown.is_triggered());
        let early = tokio::spawn({
            let shutdown = shutdown.clone();
            async move { shutdown.wait().await }
        });
        shutdown.trigger();
        early.await.unwrap();
        shutdown.wait().await;
        assert!(shutdown.is_triggered());
    }
}
