//! Importing one uploaded CSV file into the project's CSV database.
//!
//! The api stores the upload, creates the job (INIT) and starts this workflow. Each step
//! writes the job's state to Postgres, which the client polls:
//! INIT → IMPORTING | OVERRIDING → SUCCESS | ERROR. The import is one transaction in
//! DuckDB, so a worker dying midway leaves nothing behind and the retried step on another
//! worker imports every row exactly once.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use temporalio_common::error::ActivityExecutionError;
use temporalio_macros::{activity_definitions, workflow, workflow_methods};
use temporalio_sdk::{ActivityOptions, WorkflowContext, WorkflowResult, activities::ActivityError};
use uuid::Uuid;

use crate::steps;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CsvImportInput {
    pub project_id: Uuid,
    pub job_id: Uuid,
}

/// How the import step ended. A file the user must fix is an outcome, not a failure: the
/// workflow still records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum CsvImportOutcome {
    Imported {
        rows: u64,
        /// What the import did that the user should know (histories from before notes have none).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        notes: Vec<String>,
    },
    Rejected {
        reason: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FinishCsvImportInput {
    pub job: CsvImportInput,
    pub outcome: CsvImportOutcome,
}

/// Said when the import step itself kept failing (not the file's fault).
pub const IMPORT_FAILED: &str = "The import failed. Please try again.";

pub struct CsvImportActivities;

#[activity_definitions]
impl CsvImportActivities {
    /// Moves the job to IMPORTING, or OVERRIDING when its table already exists.
    #[activity(name = "BeginCsvImport")]
    pub fn begin_csv_import(input: CsvImportInput) -> Result<(), ActivityError> {
        unimplemented!()
    }

    /// Loads the upload into the project's CSV database as one table (heartbeats).
    #[activity(name = "ImportCsvFile")]
    pub fn import_csv_file(input: CsvImportInput) -> Result<CsvImportOutcome, ActivityError> {
        unimplemented!()
    }

    /// Records SUCCESS or ERROR and removes the upload.
    #[activity(name = "FinishCsvImport")]
    pub fn finish_csv_import(input: FinishCsvImportInput) -> Result<(), ActivityError> {
        unimplemented!()
    }
}

pub mod activities {
    pub use super::csv_import_activities::{BeginCsvImport, FinishCsvImport, ImportCsvFile};
}

/// The import retries a bounded number of times (the database file busy, a worker gone);
/// after that the job ends in ERROR rather than waiting forever.
fn import_step() -> ActivityOptions {
    steps::long("import-csv-file", Duration::from_secs(30 * 60), steps::backoff(Duration::from_secs(20), 8))
}

#[workflow]
#[derive(Default)]
pub struct CsvImportWorkflow;

#[workflow_methods]
impl CsvImportWorkflow {
    #[run(name = "CsvImport")]
    pub async fn run(ctx: &mut WorkflowContext<Self>, input: CsvImportInput) -> WorkflowResult<()> {
        ctx.execute_activity(CsvImportActivities::begin_csv_import, input, steps::short("begin-csv-import")).await?;
        let outcome = match ctx.execute_activity(CsvImportActivities::import_csv_file, input, import_step()).await {
            Ok(outcome) => outcome,
            Err(error @ ActivityExecutionError::Cancelled(_)) => return Err(error.into()),
            Err(_) => CsvImportOutcome::Rejected { reason: IMPORT_FAILED.to_owned() },
        };
        ctx.execute_activity(CsvImportActivities::finish_csv_import, FinishCsvImportInput { job: input, outcome }, steps::short("finish-csv-import")).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use temporalio_common::{ActivityDefinition, WorkflowDefinition};

    #[test]
    fn names_are_explicit() {
        assert_eq!(CsvImportWorkflow::run.name(), "CsvImport");
        assert_eq!(activities::BeginCsvImport.name(), "BeginCsvImport");
        assert_eq!(activities::ImportCsvFile.name(), "ImportCsvFile");
        assert_eq!(activities::FinishCsvImport.name(), "FinishCsvImport");
    }

    #[test]
    fn outcome_wire_format_is_stable() {
        let json = serde_json::to_string(&CsvImportOutcome::Rejected { reason: "Line 3: bad".into() }).unwrap();
        assert_eq!(json, r#"{"kind":"rejected","reason":"Line 3: bad"}"#);
        let json = serde_json::to_string(&CsvImportOutcome::Imported { rows: 7, notes: vec![] }).unwrap();
        assert_eq!(json, r#"{"kind":"imported","rows":7}"#);
        let noted = CsvImportOutcome::Imported { rows: 7, notes: vec!["2 values 'NA' read as missing (a 2)".into()] };
        let json = serde_json::to_string(&noted).unwrap();
        assert_eq!(json, r#"{"kind":"imported","rows":7,"notes":["2 values 'NA' read as missing (a 2)"]}"#);
        assert_eq!(serde_json::from_str::<CsvImportOutcome>(&json).unwrap(), noted);
    }
}
