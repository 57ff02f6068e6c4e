//! Shared by the worker's integration tests: the services they need (from the env the
//! test script exports) and the real `quarry-worker` binary as a child process.

#![allow(dead_code)] // each test binary uses its own subset

use std::{
    fs,
    future::Future,
    path::{Path, PathBuf},
    process::{Child, Command, ExitStatus, Stdio},
    time::{Duration, Instant},
};

use uuid::Uuid;

/// A service URL the test cannot run without; a clear failure when it is missing.
pub fn required_env(name: &str) -> String {
    match std::env::var(name) {
        Ok(value) if !value.trim().is_empty() => value,
        _ => panic!(
            "{name} is not set. This test needs the test services: run `make test` (scripts/test.sh), \
             or start them with `scripts/services.sh start test` and export \
             `eval \"$(scripts/services.sh env test)\"` before `cargo test`."
        ),
    }
}

pub fn namespace() -> String {
    std::env::var("QUARRY_TEMPORAL_NAMESPACE").ok().filter(|n| !n.is_empty()).unwrap_or_else(|| "default".into())
}

/// A name no other test (or test run) uses: task queue prefixes, e-mail queues, temp dirs.
pub fn unique(kind: &str) -> String {
    format!("quarry-test-{kind}-{}", &Uuid::new_v4().simple().to_string()[..12])
}

pub fn temp_dir(kind: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(unique(kind));
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Polls `check` until it yields a value, or panics with `what` after `timeout`.
pub async fn eventually<T, F, Fut>(what: &str, timeout: Duration, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let start = Instant::now();
    loop {
        if let Some(value) = check().await {
            return value;
        }
        assert!(start.elapsed() < timeout, "timed out after {timeout:?} waiting for {what}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The real `quarry-worker` binary, its output captured in a log file that is printed
/// when the test fails. Killed when dropped.
pub struct WorkerProcess {
    child: Child,
    log: PathBuf,
    label: String,
}

impl WorkerProcess {
    pub fn spawn(label: &str, queues: &str, env: &[(&str, String)]) -> Self {
        let log = std::env::temp_dir().join(format!("{}.log", unique(&format!("worker-{label}"))));
        let out = fs::File::create(&log).unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_quarry-worker"));
        command
            .args(["--queues", queues])
            .env_remove("QUARRY_CHAOS_STEP_DELAY_MS")
            .env("RUST_LOG", "info,quarry_worker=debug")
            .stdin(Stdio::null())
            .stdout(out.try_clone().unwrap())
            .stderr(out);
        for (name, value) in env {
            command.env(name, value);
        }
        let child = command.spawn().expect("spawning quarry-worker");
        Self { child, log, label: label.to_owned() }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGKILL: no chance to finish anything, as when a machine dies.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM, then waits for a graceful exit.
    pub async fn terminate(&mut self, timeout: Duration) -> ExitStatus {
        let status = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().unwrap();
        assert!(status.success(), "could not signal the worker");
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(start.elapsed() < timeout, "worker {} did not exit within {timeout:?} of SIGTERM", self.label);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    pub fn is_running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    pub fn log(&self) -> String {
        fs::read_to_string(&self.log).unwrap_or_default()
    }

    pub fn log_path(&self) -> &Path {
        &self.log
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        if self.is_running() {
            self.kill();
        }
        if std::thread::panicking() {
            eprintln!("----- quarry-worker ({}) log {} -----\n{}", self.label, self.log.display(), self.log());
        } else {
            let _ = fs::remove_file(&self.log);
        }
    }
}
