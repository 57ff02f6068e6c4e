//! Temporal activities: the side effects of the workflows in `quarry_workflows`. Each
//! struct holds its dependencies and implements the contracts declared there.

mod ask;
mod csv_import;
mod dashboard_refresh;
mod data_sync;
mod deploy;
mod embedding;
mod generation;
mod org_removal;
mod project_removal;
mod spreadsheet_export;
mod support;
mod worker_call;

pub use ask::AskActivities;
pub use csv_import::CsvImportActivities;
pub use dashboard_refresh::DashboardRefreshActivities;
pub use data_sync::DataSyncActivities;
pub use deploy::DeployActivities;
pub use embedding::LocalModel;
pub use generation::GenerationActivities;
pub use org_removal::OrgRemovalActivities;
pub use project_removal::ProjectRemovalActivities;
pub use spreadsheet_export::SpreadsheetExportActivities;
pub use support::Chaos;
pub use worker_call::WorkerCallActivities;
