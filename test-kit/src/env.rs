//! The environment of a test: the services `make test` starts (exported by `scripts/lib.sh`
//! `export_test_environment`), names no other test or test run uses, the workspace's binaries.

use std::{fs, path::PathBuf};

use uuid::Uuid;

/// A setting the test cannot run without; a clear failure when it is missing.
pub fn required_env(name: &str) -> String {
    match std::env::var(name) {
        Ok(value) if !value.trim().is_empty() => value,
        _ => panic!(
            "{name} is not set. This test needs the test services: run `make test` (scripts/test.sh), \
             or start them with `scripts/services.sh start test` and `source <(scripts/services.sh env test)` \
             plus the exports of `export_test_environment` (scripts/lib.sh) before `cargo nextest run`."
        ),
    }
}

pub fn namespace() -> String {
    std::env::var("QUARRY_TEMPORAL_NAMESPACE").ok().filter(|n| !n.is_empty()).unwrap_or_else(|| "default".into())
}

/// A name no other test (or test run) uses: task queue prefixes, e-mail queues, temp dirs;
/// under QUARRY_TASK_QUEUE_PREFIX, so that one checkout's runs can be told from another's.
pub fn unique(kind: &str) -> String {
    let base = std::env::var("QUARRY_TASK_QUEUE_PREFIX").ok().filter(|p| !p.is_empty()).unwrap_or_else(|| "quarry-test".into());
    format!("{base}-{kind}-{}", &Uuid::new_v4().simple().to_string()[..12])
}

pub fn temp_dir(kind: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(unique(kind));
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A binary of the workspace: from QUARRY_TEST_BIN_DIR when set (checkouts that share one
/// target directory overwrite each other's binaries), else beside the tests. A package's own
/// tests have `env!("CARGO_BIN_EXE_<name>")` instead.
pub fn binary(name: &str) -> PathBuf {
    if let Some(dir) = std::env::var_os("QUARRY_TEST_BIN_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir).join(name);
    }
    // tests live in target/<profile>/deps; binaries one level up.
    let exe = std::env::current_exe().unwrap();
    exe.parent().unwrap().parent().unwrap().join(name)
}
