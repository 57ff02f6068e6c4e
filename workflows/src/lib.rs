//! Quarry's Temporal workflows: deterministic code only (no clocks, randomness or I/O);
//! every side effect is an activity implemented in the worker crate. Plus [`client`], which
//! the api uses to start workflows and to report whether Temporal and its workers are up.

pub mod ask;
pub mod client;
pub mod csv_import;
pub mod deploy;
pub mod generation;
pub mod ids;
pub mod project_removal;
pub mod steps;

pub use ask::{AskInput, AskWorkflow};
pub use csv_import::{CsvImportInput, CsvImportOutcome, CsvImportWorkflow};
pub use deploy::{DeployInput, DeployWorkflow};
pub use generation::{GenerationInput, GenerationWorkflow};
pub use project_removal::{ProjectRemovalInput, ProjectRemovalWorkflow, RemovalMode};
