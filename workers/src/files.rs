//! Where projects keep their files (CSV uploads, DuckDB databases):
//! `<Config::data_dir>/projects/<uuid>`.

use std::{
    io,
    path::{Path, PathBuf},
};

use uuid::Uuid;

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
