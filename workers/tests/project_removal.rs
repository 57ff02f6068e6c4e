//! Deleting and resetting a project end to end: Postgres rows written as the api would,
//! the real `quarry-worker` binary, and Temporal. Needs QUARRY_DATABASE_URL and
//! QUARRY_TEMPORAL_URL (scripts/test.sh exports them).

use std::{path::Path, time::Duration};

use futures::TryStreamExt;
use quarry_test_kit::{WorkerProcess, eventually, namespace, required_env, temp_dir, unique};
use quarry_workflows::{RemovalMode, TaskQueues, client::Temporal, ids};
use sqlx::PgPool;
use temporalio_client::{WorkflowDescribeOptions, WorkflowExecutionStatus, WorkflowListOptions, WorkflowStartOptions};
use temporalio_macros::{workflow, workflow_methods};
use temporalio_sdk::{Runtime, Worker, WorkerOptions, WorkflowContext, WorkflowResult, WorkflowTermination};
use uuid::Uuid;

/// Everything one test needs, isolated from the other tests by a task-queue prefix of its own.
struct Setup {
    pool: PgPool,
    temporal: Temporal,
    prefix: String,
    data_dir: std::path::PathBuf,
}

impl Setup {
    async fn new(kind: &str) -> Self {
        let database_url = required_env("QUARRY_DATABASE_URL");
        let temporal_url = required_env("QUARRY_TEMPORAL_URL");
        let pool = PgPool::connect(&database_url).await.expect("connecting to QUARRY_DATABASE_URL");
        quarry_domain::db::migrate(&pool).await.expect("migrating the test database");
        let prefix = unique(kind);
        let temporal = Temporal::connect(&temporal_url, &namespace(), TaskQueues::new(&prefix)).await.expect("connecting to QUARRY_TEMPORAL_URL");
        Self { pool, temporal, prefix, data_dir: temp_dir(kind) }
    }

    fn worker(&self, label: &str, extra: &[(&str, String)]) -> WorkerProcess {
        let mut env = vec![
            ("QUARRY_DATABASE_URL", required_env("QUARRY_DATABASE_URL")),
            ("QUARRY_TEMPORAL_URL", required_env("QUARRY_TEMPORAL_URL")),
            ("QUARRY_TEMPORAL_NAMESPACE", namespace()),
            ("QUARRY_TASK_QUEUE_PREFIX", self.prefix.clone()),
            ("QUARRY_DATA_DIR", self.data_dir.display().to_string()),
        ];
        env.extend(extra.iter().cloned());
        WorkerProcess::spawn(Path::new(env!("CARGO_BIN_EXE_quarry-worker")), label, |command| {
            command.args(["--queues", "workflows"]).envs(env);
        })
    }

    async fn wait_for_poller(&self) {
        eventually("a worker polling the workflows queue", Duration::from_secs(90), || async {
            let health = self.temporal.health().await;
            assert!(health.reachable, "Temporal is not reachable");
            health.workers_polling.then_some(())
        })
        .await;
    }

    /// An org with one project in `state`, as the api leaves it after `begin_removal`, plus
    /// a stored file of the project's.
    async fn project(&self, state: &str) -> Project {
        let org_id = Uuid::new_v4();
        let project_id = Uuid::new_v4();
        let user_id = Uuid::new_v4();
        sqlx::query("INSERT INTO orgs (id, name) VALUES ($1, 'Removal test org')").bind(org_id).execute(&self.pool).await.unwrap();
        sqlx::query(
            "INSERT INTO projects (id, org_id, display_name, onboarding_status, state)
             VALUES ($1, $2, 'Sales', 'ONBOARDING_FINISHED', $3)",
        )
        .bind(project_id)
        .bind(org_id)
        .bind(state)
        .execute(&self.pool)
        .await
        .unwrap();
        sqlx::query("INSERT INTO users (id, email, password_hash) VALUES ($1, $2, 'not-a-hash')")
            .bind(user_id)
            .bind(format!("{user_id}@removal.test"))
            .execute(&self.pool)
            .await
            .unwrap();
        sqlx::query("INSERT INTO project_members (id, project_id, user_id, role) VALUES ($1, $2, $3, 'OWNER')")
            .bind(Uuid::new_v4())
            .bind(project_id)
            .bind(user_id)
            .execute(&self.pool)
            .await
            .unwrap();
        let files = self.data_dir.join("projects").join(project_id.to_string());
        std::fs::create_dir_all(files.join("uploads")).unwrap();
        std::fs::write(files.join("uploads/orders.csv"), "id,amount\n1,9.5\n").unwrap();
        Project { id: project_id, org_id, user_id, files }
    }

    async fn project_row(&self, id: Uuid) -> Option<(String, String)> {
        sqlx::query_as("SELECT state, onboarding_status FROM projects WHERE id = $1").bind(id).fetch_optional(&self.pool).await.unwrap()
    }

    async fn wait_until_deleted(&self, project: &Project, timeout: Duration) {
        eventually("the project row to be deleted", timeout, || async { self.project_row(project.id).await.is_none().then_some(()) }).await;
    }

    async fn cleanup(&self, project: &Project) {
        sqlx::query("DELETE FROM orgs WHERE id = $1").bind(project.org_id).execute(&self.pool).await.unwrap();
        sqlx::query("DELETE FROM users WHERE id = $1").bind(project.user_id).execute(&self.pool).await.unwrap();
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}

struct Project {
    id: Uuid,
    org_id: Uuid,
    user_id: Uuid,
    files: std::path::PathBuf,
}

fn assert_gone(path: &Path) {
    assert!(!path.exists(), "{} should have been removed", path.display());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn delete_removes_the_project_and_its_files() {
    let setup = Setup::new("delete").await;
    let project = setup.project("DELETING").await;
    let mut worker = setup.worker("delete", &[]);
    setup.wait_for_poller().await;

    setup.temporal.start_project_removal(project.id, RemovalMode::Delete, true).await.unwrap();
    // A retried api request starts nothing new and is not an error.
    setup.temporal.start_project_removal(project.id, RemovalMode::Delete, false).await.unwrap();
    setup.wait_until_deleted(&project, Duration::from_secs(120)).await;

    assert_gone(&project.files);
    let members: i64 = sqlx::query_scalar("SELECT count(*) FROM project_members WHERE project_id = $1").bind(project.id).fetch_one(&setup.pool).await.unwrap();
    assert_eq!(members, 0);
    let org_left: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM orgs WHERE id = $1)").bind(project.org_id).fetch_one(&setup.pool).await.unwrap();
    assert!(org_left, "deleting a project must keep its org");

    let status = worker.terminate(Duration::from_secs(30)).await;
    assert!(status.success(), "the worker should exit cleanly on SIGTERM, got {status}");
    setup.cleanup(&project).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reset_returns_the_project_to_the_connection_step() {
    let setup = Setup::new("reset").await;
    let project = setup.project("RESETTING").await;
    let _worker = setup.worker("reset", &[]);
    setup.wait_for_poller().await;

    setup.temporal.start_project_removal(project.id, RemovalMode::Reset, true).await.unwrap();
    let row = eventually("the project to be ACTIVE again", Duration::from_secs(120), || async {
        setup.project_row(project.id).await.filter(|(state, _)| state == "ACTIVE")
    })
    .await;

    assert_eq!(row, ("ACTIVE".to_owned(), "NOT_STARTED".to_owned()));
    assert_gone(&project.files);
    let members: i64 = sqlx::query_scalar("SELECT count(*) FROM project_members WHERE project_id = $1").bind(project.id).fetch_one(&setup.pool).await.unwrap();
    assert_eq!(members, 1, "a reset keeps the project's members");

    // A project can be reset again at once: the new request does not attach to the run
    // that just finished (it may still be closing).
    sqlx::query("UPDATE projects SET state = 'RESETTING', onboarding_status = 'DATASOURCE_SAVED' WHERE id = $1")
        .bind(project.id)
        .execute(&setup.pool)
        .await
        .unwrap();
    setup.temporal.start_project_removal(project.id, RemovalMode::Reset, true).await.unwrap();
    eventually("the second reset to finish", Duration::from_secs(120), || async {
        setup.project_row(project.id).await.filter(|(state, status)| state == "ACTIVE" && status == "NOT_STARTED")
    })
    .await;
    setup.cleanup(&project).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn removal_survives_a_worker_killed_midway() {
    let setup = Setup::new("kill").await;
    let project = setup.project("DELETING").await;
    // Each step waits 3 s first, so at 4.5 s the workflow is inside its second step.
    let mut doomed = setup.worker("doomed", &[("QUARRY_CHAOS_STEP_DELAY_MS", "3000".to_owned())]);
    setup.wait_for_poller().await;

    setup.temporal.start_project_removal(project.id, RemovalMode::Delete, true).await.unwrap();
    tokio::time::sleep(Duration::from_millis(4500)).await;
    assert!(doomed.is_running(), "the worker died on its own:\n{}", doomed.log());
    doomed.kill();
    assert!(setup.project_row(project.id).await.is_some(), "the workflow finished before the worker was killed");
    assert!(project.files.exists(), "the workflow got past its second step before the worker was killed");

    let _rescuer = setup.worker("rescuer", &[]);
    // Temporal notices the lost activity by its missed heartbeats (10 s), then retries it.
    setup.wait_until_deleted(&project, Duration::from_secs(120)).await;
    assert_gone(&project.files);
    setup.cleanup(&project).await;
}

/// Stands in for the project's long-running workflows (asking, syncing…): it runs until
/// cancelled.
#[workflow]
#[derive(Default)]
struct IdleWorkflow;

#[workflow_methods]
impl IdleWorkflow {
    #[run(name = "QuarryTestIdle")]
    async fn run(ctx: &mut WorkflowContext<Self>) -> WorkflowResult<()> {
        ctx.cancelled().await;
        Err(WorkflowTermination::cancelled())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn removal_cancels_the_projects_running_workflows() {
    let setup = Setup::new("cancel").await;
    let project = setup.project("DELETING").await;

    // The project's other workflow runs in this test process, on a queue of its own.
    let idle_queue = format!("{}-idle", setup.prefix);
    let runtime = Runtime::from_current_tokio(Default::default()).unwrap();
    let options = WorkerOptions::new(idle_queue.clone()).register_workflow::<IdleWorkflow>().unwrap().build();
    let mut idle_worker = Worker::new(&runtime, setup.temporal.client().clone(), options).unwrap();
    let stop_idle_worker = idle_worker.shutdown_handle();

    let scenario = async {
        let idle_id = format!("{}idle", ids::project_prefix(project.id));
        setup.temporal.client().start_workflow(IdleWorkflow::run, (), WorkflowStartOptions::new(idle_queue.clone(), idle_id.clone()).build()).await.unwrap();
        let query = format!("WorkflowId STARTS_WITH '{}' AND ExecutionStatus = 'Running'", ids::project_prefix(project.id));
        eventually("the idle workflow to be listed", Duration::from_secs(30), || async {
            let listed: Vec<_> = setup.temporal.client().list_workflows(query.clone(), WorkflowListOptions::default()).try_collect().await.unwrap();
            (!listed.is_empty()).then_some(())
        })
        .await;

        let _worker = setup.worker("cancel", &[]);
        setup.wait_for_poller().await;
        setup.temporal.start_project_removal(project.id, RemovalMode::Delete, true).await.unwrap();
        setup.wait_until_deleted(&project, Duration::from_secs(120)).await;

        let idle = setup.temporal.client().get_workflow_handle::<IdleWorkflow>(idle_id);
        let status = idle.describe(WorkflowDescribeOptions::default()).await.unwrap().status();
        assert_eq!(status, WorkflowExecutionStatus::Canceled);
    };
    let scenario = async {
        let outcome = futures::FutureExt::catch_unwind(std::panic::AssertUnwindSafe(scenario)).await;
        stop_idle_worker();
        outcome
    };
    let (worker_result, outcome) = tokio::join!(idle_worker.run(), scenario);
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
    worker_result.unwrap();
    setup.cleanup(&project).await;
}
