//! Temporal activities: the side effects of the workflows in `quarry_workflows`. Each
//! struct holds its dependencies and implements the contracts declared there.

mod csv_import;
mod project_removal;
mod support;

pub use csv_import::CsvImportActivities;
pub use project_removal::ProjectRemovalActivities;
pub use support::Chaos;
