//! Generation tasks: NOT_STARTED → GENERATING → FINISHED | FAILED, and nothing moves a task
//! that ended. Without an organisation model the embedded engine does the work.

use quarry_domain::{
    ErrorCode,
    access::Acting,
    config::Config,
    db::Pool,
    generation::{self, GENERATION_FAILED, GenerationInput, GenerationResult, GenerationStatus, GenerationTask},
};

use crate::seed::{self, Seeded};

async fn questions_task(pool: &Pool) -> (Seeded, GenerationTask) {
    let project = seed::project(pool).await;
    let task = generation::create(pool, project.project_id, project.user_id, GenerationInput::RecommendedQuestions { thread_id: None }).await.unwrap();
    (project, task)
}

async fn reread(pool: &Pool, project: &Seeded, task: &GenerationTask) -> GenerationTask {
    generation::get_in(pool, &owner(project), project.project_id, task.id).await.unwrap()
}

fn owner(project: &Seeded) -> Acting {
    Acting::new(project.user_id, "owner@example.com", None)
}

fn config() -> Config {
    Config::from_env().expect("the default configuration")
}

#[sqlx::test(migrations = "../migrations")]
async fn a_new_task_has_not_started(pool: Pool) {
    let (_, task) = questions_task(&pool).await;
    assert_eq!(task.status, GenerationStatus::NotStarted);
    assert_eq!(task.result, None);
    assert_eq!(task.finished_at, None);
}

#[sqlx::test(migrations = "../migrations")]
async fn run_finishes_the_task_with_its_result_and_what_wrote_it(pool: Pool) {
    let (project, task) = questions_task(&pool).await;
    generation::run(&pool, &config(), task.id).await.unwrap();
    let task = reread(&pool, &project, &task).await;
    assert_eq!(task.status, GenerationStatus::Finished);
    assert_eq!(task.result, Some(GenerationResult::RecommendedQuestions(Vec::new())), "no deployed models, no questions");
    assert_eq!(task.generated_by.as_deref(), Some("ENGINE"));
    assert!(task.finished_at.is_some());
}

#[sqlx::test(migrations = "../migrations")]
async fn fail_ends_the_task_saying_the_model_could_not_be_reached(pool: Pool) {
    let (project, task) = questions_task(&pool).await;
    generation::fail(&pool, task.id).await.unwrap();
    let task = reread(&pool, &project, &task).await;
    assert_eq!(task.status, GenerationStatus::Failed);
    assert_eq!(task.error.as_deref(), Some(GENERATION_FAILED));
    assert!(task.finished_at.is_some());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_failed_task_is_not_run_again(pool: Pool) {
    let (project, task) = questions_task(&pool).await;
    generation::fail(&pool, task.id).await.unwrap();
    let failed = reread(&pool, &project, &task).await;
    generation::run(&pool, &config(), task.id).await.unwrap();
    let after = reread(&pool, &project, &task).await;
    assert_eq!(after.status, GenerationStatus::Failed);
    assert_eq!(after.result, None);
    assert_eq!(after.finished_at, failed.finished_at);
}

#[sqlx::test(migrations = "../migrations")]
async fn fail_leaves_a_finished_task_finished(pool: Pool) {
    let (project, task) = questions_task(&pool).await;
    generation::run(&pool, &config(), task.id).await.unwrap();
    let finished = reread(&pool, &project, &task).await;
    generation::fail(&pool, task.id).await.unwrap();
    let after = reread(&pool, &project, &task).await;
    assert_eq!(after.status, GenerationStatus::Finished);
    assert_eq!(after.error, None);
    assert_eq!(after.result, finished.result);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_task_is_not_found_from_another_project(pool: Pool) {
    let (project, task) = questions_task(&pool).await;
    let elsewhere = seed::another_project(&pool, &project).await;
    assert_eq!(generation::get_in(&pool, &owner(&project), elsewhere, task.id).await.unwrap_err().code(), ErrorCode::NotFound);
}

#[test]
fn only_finished_and_failed_are_final() {
    use GenerationStatus::*;
    let finals: Vec<GenerationStatus> = [NotStarted, Generating, Finished, Failed].into_iter().filter(|s| s.is_final()).collect();
    assert_eq!(finals, [Finished, Failed]);
}
