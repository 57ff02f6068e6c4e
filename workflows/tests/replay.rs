//! Replays histories recorded from the real stack (`tests/histories/`) against the current
//! workflow code. Workflows in flight when a new worker starts are replayed the same way: a
//! change that would break them (a step added, removed, reordered or renamed, a timer moved)
//! fails here instead of in production. Pure replay: no service is needed.
//!
//! `scripts/record-histories.sh` re-records them: it runs the api tests, which start every
//! workflow on a real worker, then `record::record_histories` keeps a few histories of each
//! workflow type, the fewest that between them take every step the tests took and every move
//! from one step to the next.

use std::{
    collections::BTreeSet,
    fs,
    path::{Path, PathBuf},
};

use quarry_workflows::register_workflows;
use temporalio_client::WorkflowHistory;
use temporalio_common::protos::temporal::api::history::v1::{HistoryEvent, history_event::Attributes};
use temporalio_sdk::workflow_replayer::{WorkflowReplayer, WorkflowReplayerOptions};

fn replayer_options() -> WorkflowReplayerOptions {
    register_workflows(WorkflowReplayerOptions::new()).expect("registering the workflows").build()
}

/// The `#[run(name)]` of every workflow the worker runs (they are registered in one place).
fn workflow_types() -> BTreeSet<String> {
    replayer_options().workflows().workflow_definitions().map(|definition| definition.workflow_type.clone()).collect()
}

fn histories_dir() -> PathBuf {
    // The test runner's own manifest directory first: a binary built from another checkout
    // that shares the build cache still reads this checkout's histories.
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").to_owned());
    Path::new(&dir).join("tests/histories")
}

/// `<type>-<n>.json` (recorded by the script) or `<type>-<label>.json` (kept by hand, e.g. a
/// run of an older version of the workflow): a history of the workflow type `<type>`.
fn file_type(name: &str) -> Option<&str> {
    name.strip_suffix(".json")?.split_once('-').map(|(workflow_type, _)| workflow_type)
}

/// Whether a history file is one the script recorded (and may replace): `<type>-<n>.json`.
fn is_recorded(name: &str) -> bool {
    name.strip_suffix(".json").and_then(|stem| stem.split_once('-')).is_some_and(|(_, n)| n.parse::<u32>().is_ok())
}

fn history_files() -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(histories_dir())
        .expect("tests/histories")
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".json"))
        .collect();
    names.sort();
    names
}

/// The recorded histories of one workflow type, by file name.
fn recorded(workflow_type: &str) -> Vec<(String, WorkflowHistory)> {
    history_files()
        .into_iter()
        .filter(|name| file_type(name) == Some(workflow_type))
        .map(|name| {
            let bytes = fs::read(histories_dir().join(&name)).unwrap();
            let history = WorkflowHistory::from_json(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, history)
        })
        .collect()
}

/// The path a run took, e.g. `BeginCsvImport > ImportCsvFile > FinishCsvImport > Completed`:
/// its activities, timers, markers (local activities, patches), a cancellation, how it closed.
fn path(events: &[HistoryEvent]) -> Vec<String> {
    let steps = events.iter().filter_map(|event| match event.attributes.as_ref()? {
        Attributes::ActivityTaskScheduledEventAttributes(a) => Some(a.activity_type.as_ref()?.name.clone()),
        Attributes::MarkerRecordedEventAttributes(m) => Some(format!("marker {}", m.marker_name)),
        Attributes::TimerStartedEventAttributes(_) => Some("timer".to_owned()),
        Attributes::StartChildWorkflowExecutionInitiatedEventAttributes(c) => Some(format!("child {}", c.workflow_type.as_ref()?.name)),
        Attributes::WorkflowExecutionCancelRequestedEventAttributes(_) => Some("cancel requested".to_owned()),
        Attributes::WorkflowExecutionCompletedEventAttributes(_) => Some("Completed".to_owned()),
        Attributes::WorkflowExecutionFailedEventAttributes(_) => Some("Failed".to_owned()),
        Attributes::WorkflowExecutionCanceledEventAttributes(_) => Some("Canceled".to_owned()),
        _ => None,
    });
    steps.collect()
}

/// Replays each recorded history of `workflow_type` on its own, so a failure names its file.
async fn replays_every_recorded_history(workflow_type: &str) {
    let histories = recorded(workflow_type);
    assert!(!histories.is_empty(), "no recorded history of {workflow_type}: run scripts/record-histories.sh");
    let replayer = WorkflowReplayer::new(replayer_options()).expect("a replayer");
    let mut failures = Vec::new();
    for (name, history) in histories {
        if let Err(error) = replayer.replay_workflow(history).await {
            failures.push(format!("{name}: {error}"));
        }
    }
    assert!(
        failures.is_empty(),
        "the current {workflow_type} workflow cannot replay what it recorded (a running {workflow_type} would fail the same way; \
         put the change behind ctx.patched(...) or undo it):\n{}",
        failures.join("\n")
    );
}

#[tokio::test]
async fn ask_replays_its_recorded_histories() {
    replays_every_recorded_history("Ask").await;
}

#[tokio::test]
async fn csv_import_replays_its_recorded_histories() {
    replays_every_recorded_history("CsvImport").await;
}

#[tokio::test]
async fn deploy_replays_its_recorded_histories() {
    replays_every_recorded_history("Deploy").await;
}

#[tokio::test]
async fn generation_replays_its_recorded_histories() {
    replays_every_recorded_history("Generation").await;
}

#[tokio::test]
async fn dashboard_refresh_replays_its_recorded_histories() {
    replays_every_recorded_history("DashboardRefresh").await;
}

#[tokio::test]
async fn spreadsheet_export_replays_its_recorded_histories() {
    replays_every_recorded_history("SpreadsheetExport").await;
}

#[tokio::test]
async fn org_removal_replays_its_recorded_histories() {
    replays_every_recorded_history("OrgRemoval").await;
}

#[tokio::test]
async fn project_removal_replays_its_recorded_histories() {
    replays_every_recorded_history("ProjectRemoval").await;
}

#[tokio::test]
async fn worker_call_replays_its_recorded_histories() {
    replays_every_recorded_history("WorkerCall").await;
}

#[test]
fn every_workflow_the_worker_runs_has_recorded_histories() {
    let recorded: BTreeSet<String> = history_files().iter().filter_map(|name| file_type(name)).map(str::to_owned).collect();
    let missing: Vec<String> = workflow_types().difference(&recorded).cloned().collect();
    assert!(
        missing.is_empty(),
        "the worker runs {missing:?} but tests/histories has no history of it: start it in an api test, \
         run scripts/record-histories.sh, and add a replay test for it here"
    );
}

#[test]
fn every_recorded_history_is_of_a_workflow_the_worker_runs() {
    let types = workflow_types();
    let strays: Vec<String> = history_files().into_iter().filter(|name| !file_type(name).is_some_and(|t| types.contains(t))).collect();
    assert!(strays.is_empty(), "histories of workflow types the worker does not run: {strays:?}");
}

/// The Ask paths a running task can be on: the embedded engine (read in one step, and in two
/// by the version before the patch), the language model (its query on `sql` and write-up on
/// `llm`, behind the patch), and a stop.
#[tokio::test]
async fn the_ask_histories_take_the_engine_the_language_model_and_a_stop() {
    let mut steps = BTreeSet::new();
    for (_, history) in recorded("Ask") {
        steps.extend(path(&history.into_events().await.unwrap()));
    }
    for step in ["UnderstandQuestion", "ReadQuestion", "ReadAndAnswer", "AnswerQuestion", "PlanAnswer", "RunQuery", "WriteAnswer", "StopAsk"] {
        assert!(steps.contains(step), "no recorded Ask history runs {step} (steps recorded: {steps:?}): re-record with scripts/record-histories.sh");
    }
}

mod record {
    //! Keeps, for each workflow type, the fewest closed runs (at most [`PER_TYPE`]) that take
    //! between them every step the runs took and every move from one step to the next (so a
    //! stopped answer does not stand in for a finished one): started since `QUARRY_RECORD_SINCE` (RFC 3339)
    //! on task queues of `QUARRY_TASK_QUEUE_PREFIX` (the tests' own, not another run's on the
    //! same server).

    use std::{
        cmp::Reverse,
        collections::BTreeSet,
        fmt::Write,
        fs,
        time::{Duration, SystemTime},
    };

    use futures::TryStreamExt;
    use temporalio_client::{
        Client, ClientOptions, Connection, ConnectionOptions, Url, WorkflowExecutionInfo, WorkflowExecutionStatus, WorkflowFetchHistoryOptions,
        WorkflowHistory, WorkflowListOptions,
    };

    use super::{file_type, histories_dir, is_recorded, path, workflow_types};

    const PER_TYPE: usize = 4;

    fn env(name: &str) -> String {
        std::env::var(name).ok().filter(|v| !v.is_empty()).unwrap_or_else(|| panic!("{name} is not set (scripts/record-histories.sh sets it)"))
    }

    struct Run {
        started: Option<SystemTime>,
        bytes: Vec<u8>,
        path: Vec<String>,
    }

    /// The steps of a path and its moves from one step to the next.
    fn moves(path: &[String]) -> BTreeSet<String> {
        let mut moves: BTreeSet<String> = path.iter().cloned().collect();
        moves.extend(path.windows(2).map(|pair| format!("{} > {}", pair[0], pair[1])));
        moves
    }

    /// Greedily the run taking the most steps and moves not yet kept (on a tie the smaller
    /// history, then the earlier), until all are kept or [`PER_TYPE`] runs are.
    fn covering(mut runs: Vec<Run>) -> Vec<Run> {
        let mut taken: BTreeSet<String> = BTreeSet::new();
        let mut kept = Vec::new();
        while kept.len() < PER_TYPE {
            let best = runs
                .iter()
                .enumerate()
                .map(|(i, run)| (i, moves(&run.path).difference(&taken).count(), run))
                .filter(|(_, new, _)| *new > 0)
                .max_by_key(|(_, new, run)| (*new, Reverse(run.bytes.len()), Reverse(run.started)));
            let Some((i, ..)) = best else { break };
            let run = runs.swap_remove(i);
            taken.extend(moves(&run.path));
            kept.push(run);
        }
        kept
    }

    #[tokio::test]
    #[ignore = "records fixtures from a running Temporal: scripts/record-histories.sh"]
    async fn record_histories() {
        let url = Url::parse(&env("QUARRY_TEMPORAL_URL")).unwrap();
        let namespace = std::env::var("QUARRY_TEMPORAL_NAMESPACE").ok().filter(|n| !n.is_empty()).unwrap_or_else(|| "default".into());
        let since = env("QUARRY_RECORD_SINCE");
        let queue_prefix = format!("{}-", env("QUARRY_TASK_QUEUE_PREFIX"));
        let connection = Connection::connect(ConnectionOptions::new(url).connect_timeout(Duration::from_secs(5)).build()).await.expect("Temporal");
        let client = Client::new(connection, ClientOptions::new(namespace.clone()).build()).unwrap();

        let dir = histories_dir();
        fs::create_dir_all(&dir).unwrap();
        let mut index = String::from(
            "# Recorded workflow histories\n\nWritten by `scripts/record-histories.sh`; replayed by `workflows/tests/replay.rs`.\n\n\
             | file | path through the workflow |\n|---|---|\n",
        );
        // QUARRY_RECORD_TYPES (comma-separated): only these types are recorded again; the
        // others keep their files (a new workflow recorded without running every test).
        let only: Option<Vec<String>> = std::env::var("QUARRY_RECORD_TYPES").ok().map(|t| t.split(',').map(|t| t.trim().to_owned()).collect());
        for workflow_type in workflow_types() {
            if only.as_ref().is_some_and(|only| !only.contains(&workflow_type)) {
                let mut names: Vec<String> =
                    super::history_files().into_iter().filter(|name| file_type(name) == Some(workflow_type.as_str()) && is_recorded(name)).collect();
                names.sort();
                for name in names {
                    let events = WorkflowHistory::from_json(&fs::read(dir.join(&name)).unwrap()).unwrap().into_events().await.unwrap();
                    writeln!(index, "| `{name}` | {} |", path(&events).join(" > ")).unwrap();
                }
                continue;
            }
            // Visibility on the dev server's SQLite has no ORDER BY or prefix match: both here.
            let query = format!("WorkflowType = '{workflow_type}' AND StartTime > '{since}'");
            let listed: Vec<_> = client.list_workflows(query, WorkflowListOptions::default()).try_collect().await.expect("listing workflows");
            // Closed runs; when a test's worker stopped before a run of this type closed (its
            // last workflow task after the state the test waited for), the runs in flight: a
            // history so far replays like a finished one.
            let closed = |status: WorkflowExecutionStatus| {
                matches!(status, WorkflowExecutionStatus::Completed | WorkflowExecutionStatus::Failed | WorkflowExecutionStatus::Canceled)
            };
            let ours: Vec<_> = listed.into_iter().filter(|run| run.task_queue().starts_with(&queue_prefix)).collect();
            let any_closed = ours.iter().any(|run| closed(run.status()));
            let mut runs = Vec::new();
            for run in ours {
                if any_closed && !closed(run.status()) {
                    continue;
                }
                let info = WorkflowExecutionInfo::builder().namespace(namespace.clone()).workflow_id(run.id()).run_id(run.run_id().to_owned()).build();
                let history = info.bind_untyped(client.clone()).fetch_history(WorkflowFetchHistoryOptions::default());
                let bytes = history.to_json().await.expect("fetching a history");
                let events = WorkflowHistory::from_json(&bytes).unwrap().into_events().await.unwrap();
                runs.push(Run { started: run.start_time(), bytes, path: path(&events) });
            }
            let mut kept = covering(runs);
            assert!(!kept.is_empty(), "no {workflow_type} run on {queue_prefix}* since {since}: did the api tests run against this Temporal?");
            kept.sort_by_key(|run| run.started);
            for entry in fs::read_dir(&dir).unwrap() {
                let name = entry.unwrap().file_name().to_string_lossy().into_owned();
                if file_type(&name) == Some(workflow_type.as_str()) && is_recorded(&name) {
                    fs::remove_file(dir.join(&name)).unwrap();
                }
            }
            for (n, run) in kept.iter().enumerate() {
                let name = format!("{workflow_type}-{}.json", n + 1);
                fs::write(dir.join(&name), &run.bytes).unwrap();
                writeln!(index, "| `{name}` | {} |", run.path.join(" > ")).unwrap();
            }
        }
        // Histories kept by hand (older versions of a workflow that runs may still be on) stay.
        for name in super::history_files().into_iter().filter(|name| !is_recorded(name)) {
            let events = WorkflowHistory::from_json(&fs::read(dir.join(&name)).unwrap()).unwrap().into_events().await.unwrap();
            writeln!(index, "| `{name}` (kept) | {} |", path(&events).join(" > ")).unwrap();
        }
        fs::write(dir.join("README.md"), index).unwrap();
    }
}
