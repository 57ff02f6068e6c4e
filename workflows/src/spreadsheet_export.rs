//! Exporting a spreadsheet as CSV: one long step on the `sql` pool writes the file in pages
//! (heartbeating; a worker dying midway means the file is written again elsewhere), and a
//! step that records the failure when the writing kept failing.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use temporalio_macros::{activity_definitions, workflow, workflow_methods};
use temporalio_sdk::{WorkflowContext, WorkflowResult, activities::ActivityError};
use uuid::Uuid;

use crate::steps;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SpreadsheetExportInput {
    pub project_id: Uuid,
    pub export_id: Uuid,
    /// Where the rows are read (the `sql` pool's task queue).
    pub sql_queue: String,
}

/// Contracts of the export steps, implemented in the worker crate.
pub struct SpreadsheetExportActivities;

#[activity_definitions]
impl SpreadsheetExportActivities {
    /// Writes the file and records the export SUCCEEDED (or FAILED with the source's reason).
    #[activity(name = "WriteSpreadsheetExport")]
    pub fn write_spreadsheet_export(input: SpreadsheetExportInput) -> Result<(), ActivityError> {
        unimplemented!()
    }

    /// Records an export whose writing kept failing as FAILED.
    #[activity(name = "FailSpreadsheetExport")]
    pub fn fail_spreadsheet_export(input: SpreadsheetExportInput) -> Result<(), ActivityError> {
        unimplemented!()
    }
}

pub mod activities {
    pub use super::spreadsheet_export_activities::{FailSpreadsheetExport, WriteSpreadsheetExport};
}

#[workflow]
#[derive(Default)]
pub struct SpreadsheetExportWorkflow;

#[workflow_methods]
impl SpreadsheetExportWorkflow {
    #[run(name = "SpreadsheetExport")]
    pub async fn run(ctx: &mut WorkflowContext<Self>, input: SpreadsheetExportInput) -> WorkflowResult<()> {
        let mut options = steps::long("write-spreadsheet-export", Duration::from_secs(60 * 60), steps::backoff(Duration::from_secs(30), 5));
        options.task_queue = Some(input.sql_queue.clone());
        if ctx.execute_activity(SpreadsheetExportActivities::write_spreadsheet_export, input.clone(), options).await.is_err() {
            ctx.execute_activity(SpreadsheetExportActivities::fail_spreadsheet_export, input, steps::short("fail-spreadsheet-export")).await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use temporalio_common::{ActivityDefinition, WorkflowDefinition};

    #[test]
    fn names_are_explicit() {
        assert_eq!(SpreadsheetExportWorkflow::run.name(), "SpreadsheetExport");
        assert_eq!(activities::WriteSpreadsheetExport.name(), "WriteSpreadsheetExport");
        assert_eq!(activities::FailSpreadsheetExport.name(), "FailSpreadsheetExport");
    }
}
