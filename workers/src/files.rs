//! Where projects keep their files (CSV uploads, DuckDB databases):
//! `${QUARRY_DATA_DIR:-~/.local/share/quarry/data}/projects/<uuid>`.

use std::{
    io,
    path::{Path, PathBuf},
};

use uuid::Uuid;

pub const DATA_DIR_VAR: &str = "QUARRY_DATA_DIR";

pub fn data_dir() -> PathBuf {
    match std::env::var_os(DATA_DIR_VAR).filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => {
            let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
            home.join(".local/share/quarry/data")
        }
    }
}

pub fn project_dir(data_dir: &Path, project_id: Uuid) -> PathBuf {
    data_dir.join("projects").join(project_id.to_string())
}

/// Removes `dir` and everything in it; `false` when it was not there (already removed by
/// an earlier attempt, or the project never stored a file).
pub async fn remove_dir_if_present(dir: &Path) -> io::Result<bool> {
    match tokio::fs::remove_dir_all(dir).await {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn removal_is_idempotent() {
        let base = std::env::temp_dir().join(format!("quarry-files-test-{}", Uuid::new_v4()));
        let id = Uuid::new_v4();
        let dir = project_dir(&base, id);
        tokio::fs::create_dir_all(dir.join("uploads")).await.unwrap();
        tokio::fs::write(dir.join("uploads/orders.csv"), "id\n1\n").await.unwrap();
        assert!(remove_dir_if_present(&dir).await.unwrap());
        assert!(!dir.exists());
        assert!(!remove_dir_if_present(&dir).await.unwrap());
        tokio::fs::remove_dir_all(&base).await.unwrap();
    }
}
