//! The task queues Quarry's workers poll, named after a configured prefix so that test runs
//! and deployments sharing one Temporal server stay apart.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskQueues {
    pub workflows: String,
    pub sql: String,
    pub llm: String,
    pub billing: String,
}

impl TaskQueues {
    pub fn new(prefix: &str) -> Self {
        Self { workflows: format!("{prefix}-workflows"), sql: format!("{prefix}-sql"), llm: format!("{prefix}-llm"), billing: format!("{prefix}-billing") }
    }
}
