//! The real `quarry-worker` binary as a child process, its output in a log file that is
//! printed when the test fails. Killed when dropped.

use std::{
    fs,
    path::{Path, PathBuf},
    process::{Child, Command, ExitStatus, Stdio},
    time::{Duration, Instant},
};

use crate::env::unique;

pub struct WorkerProcess {
    child: Child,
    log: PathBuf,
    label: String,
}

impl WorkerProcess {
    /// Starts `binary` (the api tests' [`crate::binary`], the worker's own tests'
    /// `CARGO_BIN_EXE_quarry-worker`) with this process's environment, no chaos delay and
    /// `RUST_LOG=info,quarry_worker=debug`; `configure` adds the test's own arguments and
    /// environment, and may override those.
    pub fn spawn(binary: &Path, label: &str, configure: impl FnOnce(&mut Command)) -> Self {
        let log = std::env::temp_dir().join(format!("{}.log", unique(&format!("worker-{label}"))));
        let out = fs::File::create(&log).unwrap();
        let mut command = Command::new(binary);
        command
            .env_remove("QUARRY_CHAOS_STEP_DELAY_MS")
            .env("RUST_LOG", "info,quarry_worker=debug")
            .stdin(Stdio::null())
            .stdout(out.try_clone().unwrap())
            .stderr(out);
        configure(&mut command);
        let child = command.spawn().unwrap_or_else(|e| panic!("starting {} (build the workspace first): {e}", binary.display()));
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
