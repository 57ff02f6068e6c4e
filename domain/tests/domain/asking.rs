//! Asking tasks: the states of PRODUCT.md §4, and the guard that keeps an ended task where
//! it ended (a stop that wins the race, a retried step).

use quarry_domain::{
    TaskErrorCode,
    asking::{self, Answered, AskStatus, AskingTask, NewTask, ResponseResult, thread},
    db::Pool,
    generation::GenerationStatus,
};
use quarry_engine::answer::{ChartSpec, ChartType};
use uuid::Uuid;

use crate::seed;

async fn new_task(pool: &Pool, project_id: Uuid) -> AskingTask {
    asking::create(pool, project_id, None, NewTask { question: "How many orders are there?".into(), ..NewTask::default() }).await.unwrap()
}

/// A task that ended in `status`, the way the workflow ends one there.
async fn ended_task(pool: &Pool, project_id: Uuid, status: AskStatus) -> AskingTask {
    let task = new_task(pool, project_id).await;
    let ended = match status {
        AskStatus::Finished => asking::finish(pool, task.id, &answered("first answer")).await.unwrap(),
        AskStatus::Stopped => asking::set_status(pool, task.id, AskStatus::Stopped).await.unwrap(),
        _ => asking::end_unanswered(pool, task.id, status, TaskErrorCode::NoResult, "Not answered.", &[], &[]).await.unwrap(),
    };
    assert!(ended, "{status:?}: the task did not end");
    asking::get(pool, task.id).await.unwrap()
}

fn answered(answer: &str) -> Answered {
    Answered {
        sql: "SELECT count(*) FROM orders".into(),
        understood: vec!["number of orders".into()],
        reading: Vec::new(),
        answer: answer.into(),
        result: ResponseResult::default(),
        chart: Some(ChartSpec { chart_type: ChartType::Number, title: "Orders".into(), x: None, y: "count".into(), color: None }),
        engine_ms: 3,
        query_ms: 4,
        seen_as: None,
    }
}

#[test]
fn the_final_states_are_finished_failed_stopped_no_result_and_deploy_failed() {
    use AskStatus::*;
    let all = [Idle, Understanding, Searching, Planning, Generating, Correcting, Finished, Failed, Stopped, NoResult, Deploying, DeployFailed];
    let finals: Vec<AskStatus> = all.into_iter().filter(|s| s.is_final()).collect();
    assert_eq!(finals, [Finished, Failed, Stopped, NoResult, DeployFailed]);
    assert_eq!(finals, AskStatus::FINAL);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_new_task_is_idle_and_unfinished(pool: Pool) {
    let project = seed::project(&pool).await;
    let task = new_task(&pool, project.project_id).await;
    assert_eq!(task.status(), AskStatus::Idle);
    assert_eq!(task.finished_at, None);
}

#[sqlx::test(migrations = "../migrations")]
async fn set_status_moves_a_running_task(pool: Pool) {
    let project = seed::project(&pool).await;
    let task = new_task(&pool, project.project_id).await;
    assert!(asking::set_status(&pool, task.id, AskStatus::Searching).await.unwrap());
    let task = asking::get(&pool, task.id).await.unwrap();
    assert_eq!(task.status(), AskStatus::Searching);
    assert_eq!(task.finished_at, None);
}

#[sqlx::test(migrations = "../migrations")]
async fn moving_a_task_into_a_final_state_records_when_it_finished(pool: Pool) {
    let project = seed::project(&pool).await;
    let task = new_task(&pool, project.project_id).await;
    assert!(asking::set_status(&pool, task.id, AskStatus::Stopped).await.unwrap());
    let task = asking::get(&pool, task.id).await.unwrap();
    assert_eq!(task.status(), AskStatus::Stopped);
    assert!(task.finished_at.is_some());
}

#[sqlx::test(migrations = "../migrations")]
async fn set_status_refuses_to_move_a_task_in_any_final_state(pool: Pool) {
    let project = seed::project(&pool).await;
    for &end in AskStatus::FINAL {
        let task = ended_task(&pool, project.project_id, end).await;
        assert!(!asking::set_status(&pool, task.id, AskStatus::Generating).await.unwrap(), "{end:?} moved to GENERATING");
        let after = asking::get(&pool, task.id).await.unwrap();
        assert_eq!(after.status(), end);
        assert_eq!(after.finished_at, task.finished_at, "{end:?}: finished_at changed");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn end_unanswered_records_the_reason_and_what_to_ask_instead(pool: Pool) {
    let project = seed::project(&pool).await;
    let task = new_task(&pool, project.project_id).await;
    let understood = vec!["number of orders".to_owned()];
    let suggestions = vec!["How many orders per year?".to_owned()];
    let ended = asking::end_unanswered(&pool, task.id, AskStatus::NoResult, TaskErrorCode::NoResult, "Could not place \"x\".", &understood, &suggestions)
        .await
        .unwrap();
    assert!(ended);
    let task = asking::get(&pool, task.id).await.unwrap();
    assert_eq!(task.status(), AskStatus::NoResult);
    assert_eq!(task.error_code, Some(TaskErrorCode::NoResult));
    assert_eq!(task.error_message.as_deref(), Some("Could not place \"x\"."));
    assert_eq!(task.understood, understood);
    assert_eq!(task.suggestions, suggestions);
    assert!(task.finished_at.is_some());
}

#[sqlx::test(migrations = "../migrations")]
async fn end_unanswered_leaves_a_stopped_task_stopped_without_an_error(pool: Pool) {
    let project = seed::project(&pool).await;
    let task = ended_task(&pool, project.project_id, AskStatus::Stopped).await;
    let ended = asking::end_unanswered(&pool, task.id, AskStatus::Failed, TaskErrorCode::InternalServerError, "Too late.", &[], &[]).await.unwrap();
    assert!(!ended);
    let task = asking::get(&pool, task.id).await.unwrap();
    assert_eq!(task.status(), AskStatus::Stopped);
    assert_eq!(task.error_code, None);
    assert_eq!(task.error_message, None);
}

#[sqlx::test(migrations = "../migrations")]
async fn finish_writes_the_response_together_with_finished(pool: Pool) {
    let project = seed::project(&pool).await;
    let task = new_task(&pool, project.project_id).await;
    assert!(asking::finish(&pool, task.id, &answered("There are 12 orders.")).await.unwrap());
    let after = asking::get(&pool, task.id).await.unwrap();
    assert_eq!(after.status(), AskStatus::Finished);
    assert_eq!((after.engine_ms, after.query_ms), (Some(3), Some(4)));
    let response = thread::response(&pool, project.project_id, task.response_id).await.unwrap();
    assert_eq!(response.sql.as_deref(), Some("SELECT count(*) FROM orders"));
    assert_eq!(response.answer.as_deref(), Some("There are 12 orders."));
    assert_eq!(response.answer_status, GenerationStatus::Finished);
    assert_eq!(response.chart_status, GenerationStatus::Finished);
    assert!(response.result.is_some());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_finished_task_without_a_chart_says_why_on_its_response(pool: Pool) {
    let project = seed::project(&pool).await;
    let task = new_task(&pool, project.project_id).await;
    let no_chart = Answered { chart: None, ..answered("There are 12 orders.") };
    assert!(asking::finish(&pool, task.id, &no_chart).await.unwrap());
    let response = thread::response(&pool, project.project_id, task.response_id).await.unwrap();
    assert_eq!(response.chart_status, GenerationStatus::Failed);
    assert!(response.chart.is_none());
    assert!(response.chart_error.is_some());
}

#[sqlx::test(migrations = "../migrations")]
async fn finishing_a_stopped_task_writes_no_response(pool: Pool) {
    let project = seed::project(&pool).await;
    let task = ended_task(&pool, project.project_id, AskStatus::Stopped).await;
    assert!(!asking::finish(&pool, task.id, &answered("Too late.")).await.unwrap());
    assert_eq!(asking::get(&pool, task.id).await.unwrap().status(), AskStatus::Stopped);
    let response = thread::response(&pool, project.project_id, task.response_id).await.unwrap();
    assert_eq!(response.sql, None);
    assert_eq!(response.answer, None);
    assert_eq!(response.answer_status, GenerationStatus::NotStarted);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_retried_finish_leaves_the_first_answer(pool: Pool) {
    let project = seed::project(&pool).await;
    let task = ended_task(&pool, project.project_id, AskStatus::Finished).await;
    assert!(!asking::finish(&pool, task.id, &answered("second answer")).await.unwrap());
    let response = thread::response(&pool, project.project_id, task.response_id).await.unwrap();
    assert_eq!(response.answer.as_deref(), Some("first answer"));
}

#[sqlx::test(migrations = "../migrations")]
async fn unfinished_lists_only_the_projects_tasks_that_have_not_ended(pool: Pool) {
    let project = seed::project(&pool).await;
    let running = new_task(&pool, project.project_id).await;
    asking::set_status(&pool, running.id, AskStatus::Planning).await.unwrap();
    let idle = new_task(&pool, project.project_id).await;
    for &end in AskStatus::FINAL {
        ended_task(&pool, project.project_id, end).await;
    }
    let elsewhere = seed::another_project(&pool, &project).await;
    new_task(&pool, elsewhere).await;

    let unfinished: Vec<Uuid> = asking::unfinished(&pool, project.project_id).await.unwrap().iter().map(|t| t.id).collect();
    assert_eq!(unfinished, [running.id, idle.id]);
}
