//! The api's handle on Temporal: start workflows, and tell `/readyz` whether Temporal is
//! reachable and a worker is polling.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use temporalio_client::{
    Client, ClientOptions, Connection, ConnectionOptions, Url, WorkflowCancelOptions, WorkflowGetResultOptions, WorkflowIdConflictPolicy,
    WorkflowIdReusePolicy, WorkflowStartOptions,
    errors::{ClientConnectError, WorkflowGetResultError, WorkflowStartError},
    grpc::WorkflowService,
    schedules::{CreateScheduleOptions, ScheduleAction, ScheduleError, ScheduleOverlapPolicy, ScheduleSpec},
    tonic,
};
use temporalio_common::UntypedWorkflow;
use temporalio_common::protos::temporal::api::{
    enums::v1::{TaskQueueKind, TaskQueueType},
    taskqueue::v1::TaskQueue,
    workflowservice::v1::{DescribeTaskQueueRequest, GetSystemInfoRequest},
};
use uuid::Uuid;

use crate::{
    AskInput, AskWorkflow, CsvImportInput, CsvImportWorkflow, DashboardRefreshInput, DashboardRefreshWorkflow, DataSyncInput, DataSyncWorkflow, DeployInput,
    DeployWorkflow, GenerationInput, GenerationWorkflow, OrgRemovalInput, OrgRemovalWorkflow, ProjectRemovalInput, ProjectRemovalWorkflow, RemovalMode,
    SpreadsheetExportInput, SpreadsheetExportWorkflow, TaskQueues, WorkerCallInput, WorkerCallWorkflow, ids,
};

/// How long a new removal waits for the previous one of the same project to close.
const PREVIOUS_RUN_CLOSING: Duration = Duration::from_secs(30);
/// How long a health probe may take before Temporal counts as unreachable.
const HEALTH_TIMEOUT: Duration = Duration::from_secs(3);
/// A poller seen within this window counts as live. Workers long-poll for up to a minute,
/// so a healthy worker is always seen more recently than that.
const POLLER_FRESHNESS: Duration = Duration::from_secs(90);

#[derive(Debug, thiserror::Error)]
pub enum TemporalError {
    #[error("invalid Temporal URL {url:?}: {reason}")]
    InvalidUrl { url: String, reason: String },
    #[error("cannot connect to Temporal at {url}")]
    Connect {
        url: String,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    #[error("cannot cancel workflow {workflow_id}")]
    Cancel {
        workflow_id: String,
        #[source]
        source: temporalio_client::errors::WorkflowInteractionError,
    },
    #[error("cannot start workflow {workflow_id}")]
    Start {
        workflow_id: String,
        #[source]
        source: WorkflowStartError,
    },
    #[error("worker call {workflow_id} did not complete")]
    Call {
        workflow_id: String,
        #[source]
        source: WorkflowGetResultError,
    },
    #[error("cannot read the history of workflow {workflow_id}")]
    History {
        workflow_id: String,
        #[source]
        source: temporalio_client::errors::WorkflowInteractionError,
    },
    #[error("cannot change or read schedule {schedule_id}")]
    Schedule {
        schedule_id: String,
        #[source]
        source: ScheduleError,
    },
    /// No worker of the pool finished the call in time (none running, or all busy).
    #[error("no worker answered worker call {workflow_id} within {within:?}")]
    CallTimedOut { workflow_id: String, within: Duration },
}

/// A dashboard's schedule as Temporal describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DescribedSchedule {
    pub next_runs: Vec<SystemTime>,
    pub timezone: String,
    /// Cron expressions as given (the server may keep them as calendars instead).
    pub cron: Vec<String>,
    pub calendars: usize,
    /// Workflow ids of the latest runs it started.
    pub recent_runs: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TemporalHealth {
    /// The frontend answered.
    pub reachable: bool,
    /// Some worker polled the workflows task queue recently.
    pub workers_polling: bool,
}

/// A namespace-bound Temporal client plus Quarry's task queue names. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Temporal {
    client: Client,
    queues: TaskQueues,
}

impl Temporal {
    /// Connects once; fails when the server is not reachable (callers that must wait for it,
    /// like the worker, retry).
    pub async fn connect(url: &str, namespace: &str, queues: TaskQueues) -> Result<Self, TemporalError> {
        let target = Url::parse(url).map_err(|e| TemporalError::InvalidUrl { url: url.to_owned(), reason: e.to_string() })?;
        let options = ConnectionOptions::new(target).identity(identity()).connect_timeout(Duration::from_secs(5)).build();
        let connect_error = |source: Box<dyn std::error::Error + Send + Sync>| TemporalError::Connect { url: url.to_owned(), source };
        let connection = Connection::connect(options).await.map_err(|e: ClientConnectError| connect_error(e.into()))?;
        let client = Client::new(connection, ClientOptions::new(namespace).build()).map_err(|e| connect_error(e.into()))?;
        Ok(Self { client, queues })
    }

    /// The underlying SDK client (the worker runs its `Worker` on it).
    pub fn client(&self) -> &Client {
        &self.client
    }

    pub fn queues(&self) -> &TaskQueues {
        &self.queues
    }

    /// Starts deleting or resetting a project, with workflow id `project-removal-<uuid>`.
    ///
    /// `fresh`: the caller has just moved the project into DELETING/RESETTING. A removal
    /// still running under that id is then the previous one, past its last step and closing
    /// (the project was ACTIVE again): wait for it to close and start a new one, or the new
    /// request would attach to the old run and never happen. Otherwise (a retried request)
    /// a running removal is the one asked for, and starting again is a no-op.
    pub async fn start_project_removal(&self, project_id: Uuid, mode: RemovalMode, fresh: bool) -> Result<(), TemporalError> {
        let workflow_id = ids::project_removal(project_id);
        let policy = if fresh { WorkflowIdConflictPolicy::Fail } else { WorkflowIdConflictPolicy::UseExisting };
        for attempt in 0..2 {
            let options = WorkflowStartOptions::new(self.queues.workflows.clone(), workflow_id.clone())
                .id_conflict_policy(policy)
                // A project can be reset several times over its life.
                .id_reuse_policy(WorkflowIdReusePolicy::AllowDuplicate)
                .static_summary(format!("{mode:?} project {project_id}"))
                .build();
            match self.client.start_workflow(ProjectRemovalWorkflow::run, ProjectRemovalInput { project_id, mode }, options).await {
                Ok(_) => return Ok(()),
                Err(WorkflowStartError::AlreadyStarted { .. }) if fresh && attempt == 0 => {
                    let previous = self.client.get_workflow_handle::<UntypedWorkflow>(workflow_id.clone());
                    let closing = previous.get_result(WorkflowGetResultOptions::default());
                    let _ = tokio::time::timeout(PREVIOUS_RUN_CLOSING, closing).await;
                }
                Err(WorkflowStartError::AlreadyStarted { .. }) => return Ok(()),
                Err(source) => return Err(TemporalError::Start { workflow_id, source }),
            }
        }
        Ok(())
    }

    /// Starts deleting an org (workflow id `org-removal-<uuid>`); starting it again while it
    /// runs is a no-op.
    pub async fn start_org_removal(&self, org_id: Uuid) -> Result<(), TemporalError> {
        let workflow_id = ids::org_removal(org_id);
        let options = WorkflowStartOptions::new(self.queues.workflows.clone(), workflow_id.clone())
            .id_conflict_policy(WorkflowIdConflictPolicy::UseExisting)
            .id_reuse_policy(WorkflowIdReusePolicy::AllowDuplicate)
            .static_summary(format!("Delete organization {org_id}"))
            .build();
        match self.client.start_workflow(OrgRemovalWorkflow::run, OrgRemovalInput { org_id }, options).await {
            Ok(_) | Err(WorkflowStartError::AlreadyStarted { .. }) => Ok(()),
            Err(source) => Err(TemporalError::Start { workflow_id, source }),
        }
    }

    /// Starts importing an uploaded CSV file (workflow id `project-<uuid>-csv-import-<job>`);
    /// starting it again is a no-op.
    pub async fn start_csv_import(&self, project_id: Uuid, job_id: Uuid) -> Result<(), TemporalError> {
        let workflow_id = ids::csv_import(project_id, job_id);
        let options = WorkflowStartOptions::new(self.queues.workflows.clone(), workflow_id.clone())
            .id_conflict_policy(WorkflowIdConflictPolicy::UseExisting)
            .static_summary(format!("Import CSV job {job_id} of project {project_id}"))
            .build();
        match self.client.start_workflow(CsvImportWorkflow::run, CsvImportInput { project_id, job_id }, options).await {
            Ok(_) | Err(WorkflowStartError::AlreadyStarted { .. }) => Ok(()),
            Err(source) => Err(TemporalError::Start { workflow_id, source }),
        }
    }

    /// Starts a recorded deploy (workflow id `project-<uuid>-deploy-<deploy>`); starting it
    /// again is a no-op.
    pub async fn start_deploy(&self, project_id: Uuid, deploy_id: Uuid) -> Result<(), TemporalError> {
        let workflow_id = ids::deploy(project_id, deploy_id);
        let options = WorkflowStartOptions::new(self.queues.workflows.clone(), workflow_id.clone())
            .id_conflict_policy(WorkflowIdConflictPolicy::UseExisting)
            .static_summary(format!("Deploy {deploy_id} of project {project_id}"))
            .build();
        match self.client.start_workflow(DeployWorkflow::run, DeployInput { project_id, deploy_id }, options).await {
            Ok(_) | Err(WorkflowStartError::AlreadyStarted { .. }) => Ok(()),
            Err(source) => Err(TemporalError::Start { workflow_id, source }),
        }
    }

    /// Starts answering an asking task (workflow id `project-<uuid>-ask-<task>`); starting
    /// it again is a no-op.
    pub async fn start_ask(&self, project_id: Uuid, task_id: Uuid) -> Result<(), TemporalError> {
        let workflow_id = ids::ask(project_id, task_id);
        let options = WorkflowStartOptions::new(self.queues.workflows.clone(), workflow_id.clone())
            .id_conflict_policy(WorkflowIdConflictPolicy::UseExisting)
            .static_summary(format!("Ask task {task_id} of project {project_id}"))
            .build();
        let input = AskInput { project_id, task_id, llm_queue: self.queues.llm.clone(), sql_queue: self.queues.sql.clone() };
        match self.client.start_workflow(AskWorkflow::run, input, options).await {
            Ok(_) | Err(WorkflowStartError::AlreadyStarted { .. }) => Ok(()),
            Err(source) => Err(TemporalError::Start { workflow_id, source }),
        }
    }

    /// Starts refreshing every tile of a dashboard now (workflow id
    /// `project-<uuid>-dashboard-refresh-<dashboard>`); asking again while it runs is a no-op.
    pub async fn start_dashboard_refresh(&self, project_id: Uuid, dashboard_id: Uuid) -> Result<(), TemporalError> {
        let workflow_id = ids::dashboard_refresh(project_id, dashboard_id);
        let options = WorkflowStartOptions::new(self.queues.workflows.clone(), workflow_id.clone())
            .id_conflict_policy(WorkflowIdConflictPolicy::UseExisting)
            .id_reuse_policy(WorkflowIdReusePolicy::AllowDuplicate)
            .static_summary(format!("Refresh dashboard {dashboard_id} of project {project_id}"))
            .build();
        match self.client.start_workflow(DashboardRefreshWorkflow::run, self.refresh_input(project_id, dashboard_id, false), options).await {
            Ok(_) | Err(WorkflowStartError::AlreadyStarted { .. }) => Ok(()),
            Err(source) => Err(TemporalError::Start { workflow_id, source }),
        }
    }

    /// Starts writing a spreadsheet export (workflow id `project-<uuid>-spreadsheet-export-<export>`);
    /// starting it again is a no-op.
    pub async fn start_spreadsheet_export(&self, project_id: Uuid, export_id: Uuid) -> Result<(), TemporalError> {
        let workflow_id = ids::spreadsheet_export(project_id, export_id);
        let options = WorkflowStartOptions::new(self.queues.workflows.clone(), workflow_id.clone())
            .id_conflict_policy(WorkflowIdConflictPolicy::UseExisting)
            .static_summary(format!("Export {export_id} of project {project_id}"))
            .build();
        let input = SpreadsheetExportInput { project_id, export_id, sql_queue: self.queues.sql.clone() };
        match self.client.start_workflow(SpreadsheetExportWorkflow::run, input, options).await {
            Ok(_) | Err(WorkflowStartError::AlreadyStarted { .. }) => Ok(()),
            Err(source) => Err(TemporalError::Start { workflow_id, source }),
        }
    }

    fn refresh_input(&self, project_id: Uuid, dashboard_id: Uuid, scheduled: bool) -> DashboardRefreshInput {
        DashboardRefreshInput { project_id, dashboard_id, sql_queue: self.queues.sql.clone(), scheduled }
    }

    /// Creates or replaces a dashboard's Temporal Schedule: `cron` read in the IANA zone
    /// `timezone`, each run a DashboardRefresh workflow. A run still going when the next is
    /// due makes that one skip.
    pub async fn put_schedule(&self, project_id: Uuid, dashboard_id: Uuid, cron: &str, timezone: &str, note: &str) -> Result<(), TemporalError> {
        let schedule_id = ids::dashboard_schedule(project_id, dashboard_id);
        let spec = ScheduleSpec::builder().cron_strings(vec![cron.to_owned()]).timezone_name(timezone).build();
        let action = ScheduleAction::start_workflow(
            DashboardRefreshWorkflow::run,
            self.refresh_input(project_id, dashboard_id, true),
            self.queues.workflows.clone(),
            ids::dashboard_refresh(project_id, dashboard_id),
        );
        let options = CreateScheduleOptions::builder().action(action.clone()).spec(spec.clone()).overlap_policy(ScheduleOverlapPolicy::Skip).note(note).build();
        let error = |source: ScheduleError| TemporalError::Schedule { schedule_id: schedule_id.clone(), source };
        match self.client.create_schedule(schedule_id.clone(), options).await {
            Ok(_) => Ok(()),
            Err(ScheduleError::Rpc(status)) if status.code() == tonic::Code::AlreadyExists => {
                let handle = self.client.get_schedule_handle(schedule_id.clone());
                let note = note.to_owned();
                handle
                    .update(
                        move |update| {
                            update.set_spec(spec).set_action(action).set_note(note).set_overlap_policy(ScheduleOverlapPolicy::Skip);
                        },
                        Default::default(),
                    )
                    .await
                    .map_err(error)
            }
            Err(source) => Err(error(source)),
        }
    }

    /// Removes a dashboard's schedule; one that is not there is left alone.
    pub async fn remove_schedule(&self, project_id: Uuid, dashboard_id: Uuid) -> Result<(), TemporalError> {
        let schedule_id = ids::dashboard_schedule(project_id, dashboard_id);
        match self.client.get_schedule_handle(schedule_id.clone()).delete(Default::default()).await {
            Ok(()) => Ok(()),
            Err(ScheduleError::Rpc(status)) if status.code() == tonic::Code::NotFound => Ok(()),
            Err(source) => Err(TemporalError::Schedule { schedule_id, source }),
        }
    }

    /// Runs a dashboard's schedule now.
    pub async fn trigger_schedule(&self, project_id: Uuid, dashboard_id: Uuid) -> Result<(), TemporalError> {
        let schedule_id = ids::dashboard_schedule(project_id, dashboard_id);
        self.client
            .get_schedule_handle(schedule_id.clone())
            .trigger(ScheduleOverlapPolicy::AllowAll, Default::default())
            .await
            .map_err(|source| TemporalError::Schedule { schedule_id, source })
    }

    /// The schedule's next run, zone and cron expressions as Temporal has them; None when
    /// there is no such schedule.
    pub async fn describe_schedule(&self, project_id: Uuid, dashboard_id: Uuid) -> Result<Option<DescribedSchedule>, TemporalError> {
        let schedule_id = ids::dashboard_schedule(project_id, dashboard_id);
        let described = match self.client.get_schedule_handle(schedule_id.clone()).describe(Default::default()).await {
            Ok(described) => described,
            Err(ScheduleError::Rpc(status)) if status.code() == tonic::Code::NotFound => return Ok(None),
            Err(source) => return Err(TemporalError::Schedule { schedule_id, source }),
        };
        let spec = described.raw().schedule.as_ref().and_then(|s| s.spec.clone()).unwrap_or_default();
        Ok(Some(DescribedSchedule {
            next_runs: described.future_action_times(),
            timezone: spec.timezone_name,
            cron: spec.cron_string,
            calendars: spec.structured_calendar.len(),
            recent_runs: described.recent_actions().into_iter().map(|a| a.workflow_id).collect(),
        }))
    }

    /// Creates or replaces a project's sync schedule: a DataSync run every `every` (a run
    /// still going when the next is due makes that one skip), paused while the sync is stopped.
    pub async fn put_sync_schedule(&self, project_id: Uuid, every: Duration, paused: bool) -> Result<(), TemporalError> {
        let schedule_id = ids::sync_schedule(project_id);
        let spec = ScheduleSpec::from_interval(every);
        let input = DataSyncInput { project_id, sync_queue: self.queues.sync.clone() };
        let action = ScheduleAction::start_workflow(DataSyncWorkflow::run, input, self.queues.workflows.clone(), ids::data_sync(project_id));
        let options =
            CreateScheduleOptions::builder().action(action.clone()).spec(spec.clone()).overlap_policy(ScheduleOverlapPolicy::Skip).paused(paused).build();
        let error = |source: ScheduleError| TemporalError::Schedule { schedule_id: schedule_id.clone(), source };
        match self.client.create_schedule(schedule_id.clone(), options).await {
            Ok(_) => Ok(()),
            Err(ScheduleError::Rpc(status)) if status.code() == tonic::Code::AlreadyExists => {
                let handle = self.client.get_schedule_handle(schedule_id.clone());
                handle
                    .update(
                        move |update| {
                            update.set_spec(spec).set_action(action).set_overlap_policy(ScheduleOverlapPolicy::Skip);
                        },
                        Default::default(),
                    )
                    .await
                    .map_err(error)?;
                let paused_note = if paused { "sync stopped" } else { "sync resumed" };
                let done = if paused {
                    handle.pause(Some(paused_note), Default::default()).await
                } else {
                    handle.unpause(Some(paused_note), Default::default()).await
                };
                done.map_err(error)
            }
            Err(source) => Err(error(source)),
        }
    }

    /// Runs a project's sync now; a run still going makes this one skip.
    pub async fn trigger_sync(&self, project_id: Uuid) -> Result<(), TemporalError> {
        let schedule_id = ids::sync_schedule(project_id);
        self.client
            .get_schedule_handle(schedule_id.clone())
            .trigger(ScheduleOverlapPolicy::Skip, Default::default())
            .await
            .map_err(|source| TemporalError::Schedule { schedule_id, source })
    }

    /// Asks a workflow to stop; one that already ended (or never ran) is left alone.
    pub async fn cancel_workflow(&self, workflow_id: &str) -> Result<(), TemporalError> {
        let handle = self.client.get_workflow_handle::<UntypedWorkflow>(workflow_id.to_owned());
        let options = WorkflowCancelOptions::builder().reason("stopped by the user".to_owned()).build();
        match handle.cancel(options).await {
            Ok(()) => Ok(()),
            Err(source) if is_closed_or_missing(&source) => Ok(()),
            Err(source) => Err(TemporalError::Cancel { workflow_id: workflow_id.to_owned(), source }),
        }
    }

    /// Runs a sealed call on `queue` and waits for its sealed reply, no longer than `within`:
    /// the workflow itself times out then, so a call nobody waits for does not linger.
    pub async fn call_worker(&self, queue: &str, call: String, within: Duration) -> Result<String, TemporalError> {
        let workflow_id = ids::worker_call(uuid::Uuid::new_v4());
        let options = WorkflowStartOptions::new(self.queues.workflows.clone(), workflow_id.clone()).execution_timeout(within).build();
        let input = WorkerCallInput { queue: queue.to_owned(), call, within_secs: within.as_secs() };
        let handle = self
            .client
            .start_workflow(WorkerCallWorkflow::run, input, options)
            .await
            .map_err(|source| TemporalError::Start { workflow_id: workflow_id.clone(), source })?;
        // A little longer than the workflow's own timeout, so its timing out is what ends the wait.
        match tokio::time::timeout(within + Duration::from_secs(2), handle.get_result(WorkflowGetResultOptions::default())).await {
            Ok(Ok(reply)) => Ok(reply),
            Ok(Err(WorkflowGetResultError::TimedOut)) | Err(_) => Err(TemporalError::CallTimedOut { workflow_id, within }),
            Ok(Err(source)) => Err(TemporalError::Call { workflow_id, source }),
        }
    }

    /// Starts a generation task (workflow id `project-<uuid>-generation-<task>`).
    pub async fn start_generation(&self, project_id: Uuid, task_id: Uuid) -> Result<(), TemporalError> {
        let workflow_id = ids::generation(project_id, task_id);
        let options = WorkflowStartOptions::new(self.queues.workflows.clone(), workflow_id.clone())
            .id_conflict_policy(WorkflowIdConflictPolicy::UseExisting)
            .static_summary(format!("Generation task {task_id} of project {project_id}"))
            .build();
        let input = GenerationInput { project_id, task_id, llm_queue: self.queues.llm.clone() };
        match self.client.start_workflow(GenerationWorkflow::run, input, options).await {
            Ok(_) | Err(WorkflowStartError::AlreadyStarted { .. }) => Ok(()),
            Err(source) => Err(TemporalError::Start { workflow_id, source }),
        }
    }

    /// Where each step of an asking task's workflow was scheduled: (activity, task queue), in
    /// order. What the Temporal UI shows, for tests and operator tooling.
    pub async fn ask_steps(&self, project_id: Uuid, task_id: Uuid) -> Result<Vec<(String, String)>, TemporalError> {
        use temporalio_common::protos::temporal::api::history::v1::history_event::Attributes;
        let workflow_id = ids::ask(project_id, task_id);
        let handle = self.client.get_workflow_handle::<UntypedWorkflow>(workflow_id.clone());
        let events = handle.fetch_history(Default::default()).into_events().await.map_err(|source| TemporalError::History { workflow_id, source })?;
        Ok(events
            .into_iter()
            .filter_map(|event| match event.attributes {
                Some(Attributes::ActivityTaskScheduledEventAttributes(scheduled)) => {
                    Some((scheduled.activity_type.map(|t| t.name).unwrap_or_default(), scheduled.task_queue.map(|q| q.name).unwrap_or_default()))
                }
                _ => None,
            })
            .collect())
    }

    /// Asks an asking task's workflow to stop; one that already ended is left alone.
    pub async fn cancel_ask(&self, project_id: Uuid, task_id: Uuid) -> Result<(), TemporalError> {
        let workflow_id = ids::ask(project_id, task_id);
        let handle = self.client.get_workflow_handle::<UntypedWorkflow>(workflow_id.clone());
        let options = WorkflowCancelOptions::builder().reason("stopped by the user".to_owned()).build();
        match handle.cancel(options).await {
            Ok(()) => Ok(()),
            Err(source) if is_closed_or_missing(&source) => Ok(()),
            Err(source) => Err(TemporalError::Cancel { workflow_id, source }),
        }
    }

    /// Never fails: an unreachable server is reported as such.
    pub async fn health(&self) -> TemporalHealth {
        let reachable = self.reachable().await;
        let workers_polling = reachable && self.workers_polling().await;
        TemporalHealth { reachable, workers_polling }
    }

    async fn reachable(&self) -> bool {
        let mut service = self.client.clone();
        let call = service.get_system_info(tonic::Request::new(GetSystemInfoRequest {}));
        matches!(tokio::time::timeout(HEALTH_TIMEOUT, call).await, Ok(Ok(_)))
    }

    /// Tasks waiting in each of Quarry's task queues: (queue, "workflow" | "activity", how many,
    /// seconds the oldest has waited), as Temporal approximates them. Queues it cannot
    /// describe in time are left out.
    pub async fn backlogs(&self) -> Vec<(String, &'static str, i64, i64)> {
        let queues = [&self.queues.workflows, &self.queues.sql, &self.queues.llm];
        let mut found = Vec::new();
        for queue in queues {
            for (kind, kind_name) in [(TaskQueueType::Workflow, "workflow"), (TaskQueueType::Activity, "activity")] {
                let mut service = self.client.clone();
                let request = DescribeTaskQueueRequest {
                    namespace: self.client.options().namespace.clone(),
                    task_queue: Some(TaskQueue { name: queue.clone(), kind: TaskQueueKind::Normal as i32, ..Default::default() }),
                    task_queue_type: kind as i32,
                    report_stats: true,
                    ..Default::default()
                };
                let call = service.describe_task_queue(tonic::Request::new(request));
                if let Ok(Ok(response)) = tokio::time::timeout(HEALTH_TIMEOUT, call).await
                    && let Some(stats) = response.into_inner().stats
                {
                    let age = stats.approximate_backlog_age.map_or(0, |d| d.seconds);
                    found.push((queue.clone(), kind_name, stats.approximate_backlog_count, age));
                }
            }
        }
        found
    }

    async fn workers_polling(&self) -> bool {
        let mut service = self.client.clone();
        let request = DescribeTaskQueueRequest {
            namespace: self.client.options().namespace.clone(),
            task_queue: Some(TaskQueue { name: self.queues.workflows.clone(), kind: TaskQueueKind::Normal as i32, ..Default::default() }),
            task_queue_type: TaskQueueType::Workflow as i32,
            ..Default::default()
        };
        let call = service.describe_task_queue(tonic::Request::new(request));
        let Ok(Ok(response)) = tokio::time::timeout(HEALTH_TIMEOUT, call).await else {
            return false;
        };
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_secs() as i64;
        response
            .into_inner()
            .pollers
            .iter()
            .filter_map(|poller| poller.last_access_time.as_ref())
            .any(|seen| now - seen.seconds <= POLLER_FRESHNESS.as_secs() as i64)
    }
}

/// `quarry-<pid>@<host>`, shown in the Temporal UI next to what this process did.
pub fn identity() -> String {
    format!("quarry-{}@{}", std::process::id(), hostname())
}

/// The machine's name, for identities and worker names that must be unique per process.
pub fn hostname() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/proc/sys/kernel/hostname").ok())
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
        .map(|h| h.trim().to_owned())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".to_owned())
}

/// A workflow that finished already (Temporal answers NotFound) or never existed cannot be
/// cancelled, and need not be.
fn is_closed_or_missing(error: &temporalio_client::errors::WorkflowInteractionError) -> bool {
    matches!(error, temporalio_client::errors::WorkflowInteractionError::NotFound(_))
}
