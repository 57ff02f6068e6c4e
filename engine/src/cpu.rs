//! The pool CPU-heavy work runs on: DuckDB queries, understanding a question, local
//! embeddings. A fixed number of blocking threads at a time (the number of cores unless a
//! process configures it), so a burst of work queues here, where its wait is visible, instead
//! of oversubscribing the CPU and growing memory with every task that started at once.

use std::sync::{Arc, OnceLock};

use tokio::{sync::Semaphore, task::JoinError};

struct Pool {
    permits: Arc<Semaphore>,
    size: usize,
}

static POOL: OnceLock<Pool> = OnceLock::new();

fn pool() -> &'static Pool {
    POOL.get_or_init(|| new_pool(std::thread::available_parallelism().map_or(2, usize::from)))
}

fn new_pool(size: usize) -> Pool {
    let size = size.max(1);
    Pool { permits: Arc::new(Semaphore::new(size)), size }
}

/// Sets the pool's size; only before its first use (false when it is already in use).
pub fn configure(size: usize) -> bool {
    POOL.set(new_pool(size)).is_ok()
}

/// How many may run at once.
pub fn size() -> usize {
    pool().size
}

/// How many are running now.
pub fn in_use() -> usize {
    let pool = pool();
    pool.size.saturating_sub(pool.permits.available_permits())
}

/// Runs `work` on a blocking thread once the pool has room for it. Dropping the future while
/// it waits gives up its turn.
pub async fn run<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, JoinError> {
    let permit = pool().permits.clone().acquire_owned().await.expect("the pool's semaphore is never closed");
    tokio::task::spawn_blocking(move || {
        let _turn = permit;
        work()
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn no_more_than_the_pool_runs_at_once() {
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..4 * size())
            .map(|_| {
                let (running, most) = (running.clone(), most.clone());
                tokio::spawn(run(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(20));
                    running.fetch_sub(1, Ordering::SeqCst);
                }))
            })
            .collect();
        for job in jobs {
            job.await.unwrap().unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), size(), "the pool fills up but never beyond");
        assert_eq!(in_use(), 0);
    }
}
