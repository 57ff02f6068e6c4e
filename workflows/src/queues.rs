//! The task queues Quarry's workers poll, named after a configured prefix so that test runs
//! and deployments sharing one Temporal server stay apart.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskQueues {
    pub workflows: String,
    pub sql: String,
    pub llm: String,
    pub billing: String,
    /// Copies of sources into projects' stores (the sync engine).
    pub sync: String,
}

impl TaskQueues {
    pub fn new(prefix: &str) -> Self {
        Self {
            workflows: format!("{prefix}-workflows"),
            sql: format!("{prefix}-sql"),
            llm: format!("{prefix}-llm"),
            billing: format!("{prefix}-billing"),
            sync: format!("{prefix}-sync"),
        }
    }
}
