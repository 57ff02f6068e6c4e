//! Quarry's Temporal workflows: deterministic code only (no clocks, randomness or I/O);
//! every side effect is an activity implemented in the worker crate. Nothing here depends on
//! Quarry's domain, so no database, DuckDB or provider SDK reaches deterministic code.
//!
//! With the `client` feature, [`client`]: the connection the api starts workflows through
//! (and reports whether Temporal and its workers are up with) and the worker polls on.

pub mod ask;
#[cfg(feature = "client")]
pub mod client;
pub mod csv_import;
pub mod dashboard_refresh;
pub mod data_sync;
pub mod deploy;
pub mod generation;
pub mod ids;
pub mod org_removal;
pub mod project_removal;
pub mod queues;
pub mod registration;
pub mod spreadsheet_export;
pub mod steps;
pub mod worker_call;

pub use ask::{AskInput, AskWorkflow};
pub use csv_import::{CsvImportInput, CsvImportOutcome, CsvImportWorkflow};
pub use dashboard_refresh::{DashboardRefreshInput, DashboardRefreshWorkflow};
pub use data_sync::{DataSyncInput, DataSyncWorkflow};
pub use deploy::{DeployInput, DeployWorkflow};
pub use generation::{GenerationInput, GenerationWorkflow};
pub use org_removal::{OrgRemovalInput, OrgRemovalWorkflow};
pub use project_removal::{ProjectRemovalInput, ProjectRemovalWorkflow, RemovalMode};
pub use queues::TaskQueues;
pub use registration::register_workflows;
pub use spreadsheet_export::{SpreadsheetExportInput, SpreadsheetExportWorkflow};
pub use worker_call::{WorkerCallInput, WorkerCallWorkflow};
