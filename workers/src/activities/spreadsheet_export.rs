//! The steps of `SpreadsheetExportWorkflow`: writing the file on the `sql` pool (heartbeating
//! page by page; a step that runs again writes the file again from the start), and recording
//! an export whose writing kept failing.

use std::sync::Arc;

use quarry_domain::{config::Config, db::Pool, spreadsheet::export};
use quarry_workflows::spreadsheet_export::{
    SpreadsheetExportInput,
    activities::{FailSpreadsheetExport, WriteSpreadsheetExport},
};
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};
use tracing::info;

use super::support::{Chaos, step_error, with_heartbeats};

/// Said when writing the file kept failing for reasons that are not the spreadsheet's.
pub const EXPORT_FAILED: &str = "The export could not be written right now. Please try again.";

pub struct SpreadsheetExportActivities {
    pool: Pool,
    config: Config,
    chaos: Chaos,
}

impl SpreadsheetExportActivities {
    pub fn new(pool: Pool, config: Config, chaos: Chaos) -> Self {
        Self { pool, config, chaos }
    }
}

#[activities]
impl SpreadsheetExportActivities {
    #[activity(definition = WriteSpreadsheetExport)]
    #[allow(dead_code)]
    pub async fn write_spreadsheet_export(self: Arc<Self>, ctx: ActivityContext, input: SpreadsheetExportInput) -> Result<(), ActivityError> {
        self.chaos.before_step(&ctx).await?;
        let work = export::write(&self.pool, &self.config, input.project_id, input.export_id);
        with_heartbeats(&ctx, work).await?.map_err(step_error)?;
        info!(export_id = %input.export_id, "spreadsheet export written");
        Ok(())
    }

    #[activity(definition = FailSpreadsheetExport)]
    #[allow(dead_code)]
    pub async fn fail_spreadsheet_export(self: Arc<Self>, _ctx: ActivityContext, input: SpreadsheetExportInput) -> Result<(), ActivityError> {
        export::fail(&self.pool, input.export_id, EXPORT_FAILED).await.map_err(step_error)
    }
}
