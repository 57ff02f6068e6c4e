//! Every workflow the worker runs, registered in one place: on the worker's `workflows` task
//! queue and in the replay tests (`tests/replay.rs`), which fail for a workflow registered
//! here that has no recorded history to replay.

use temporalio_common::WorkflowDefinition;
use temporalio_sdk::{
    WorkerOptionsBuilder, WorkflowRegistrationError, worker_options_builder,
    workflow_replayer::{WorkflowReplayerOptionsBuilder, workflow_replayer_options_builder},
};
use temporalio_workflow::workflows::WorkflowImplementation;

use crate::{
    AskWorkflow, CsvImportWorkflow, DashboardRefreshWorkflow, DataSyncWorkflow, DeployWorkflow, GenerationWorkflow, OrgRemovalWorkflow, ProjectRemovalWorkflow,
    SpreadsheetExportWorkflow, WorkerCallWorkflow,
};

/// Registers every Quarry workflow on a worker's or a replayer's options.
pub fn register_workflows<O: RegistersWorkflows>(options: O) -> Result<O, WorkflowRegistrationError> {
    options
        .register::<AskWorkflow>()?
        .register::<CsvImportWorkflow>()?
        .register::<DashboardRefreshWorkflow>()?
        .register::<DataSyncWorkflow>()?
        .register::<DeployWorkflow>()?
        .register::<GenerationWorkflow>()?
        .register::<OrgRemovalWorkflow>()?
        .register::<ProjectRemovalWorkflow>()?
        .register::<SpreadsheetExportWorkflow>()?
        .register::<WorkerCallWorkflow>()
}

/// Options that workflows are registered on: a worker's and a replayer's.
pub trait RegistersWorkflows: Sized {
    fn register<W>(self) -> Result<Self, WorkflowRegistrationError>
    where
        W: WorkflowImplementation,
        <W::Run as WorkflowDefinition>::Input: Send;
}

impl<S: worker_options_builder::State> RegistersWorkflows for WorkerOptionsBuilder<S> {
    fn register<W>(self) -> Result<Self, WorkflowRegistrationError>
    where
        W: WorkflowImplementation,
        <W::Run as WorkflowDefinition>::Input: Send,
    {
        self.register_workflow::<W>()
    }
}

impl<S: workflow_replayer_options_builder::State> RegistersWorkflows for WorkflowReplayerOptionsBuilder<S> {
    fn register<W>(self) -> Result<Self, WorkflowRegistrationError>
    where
        W: WorkflowImplementation,
        <W::Run as WorkflowDefinition>::Input: Send,
    {
        self.register_workflow::<W>()
    }
}
