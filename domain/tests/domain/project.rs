//! A project's state: ACTIVE, or DELETING / RESETTING while its removal workflow runs, and
//! back to ACTIVE (reset) or gone (delete) when it is done.

use quarry_domain::{
    ErrorCode,
    db::Pool,
    project::{self, OnboardingStatus, ProjectState},
};

use crate::seed;

#[sqlx::test(migrations = "../migrations")]
async fn a_new_project_is_active_at_the_connection_step(pool: Pool) {
    let seeded = seed::project(&pool).await;
    let project = project::get(&pool, seeded.project_id).await.unwrap();
    assert_eq!(project.state, ProjectState::Active);
    assert_eq!(project.onboarding_status, OnboardingStatus::NotStarted);
}

#[sqlx::test(migrations = "../migrations")]
async fn begin_removal_moves_an_active_project_to_deleting(pool: Pool) {
    let seeded = seed::project(&pool).await;
    let (project, moved) = project::begin_removal(&mut pool.acquire().await.unwrap(), seeded.project_id, ProjectState::Deleting).await.unwrap();
    assert!(moved);
    assert_eq!(project.state, ProjectState::Deleting);
    assert_eq!(project::get(&pool, seeded.project_id).await.unwrap().state, ProjectState::Deleting);
}

#[sqlx::test(migrations = "../migrations")]
async fn begin_removal_moves_an_active_project_to_resetting(pool: Pool) {
    let seeded = seed::project(&pool).await;
    let (project, moved) = project::begin_removal(&mut pool.acquire().await.unwrap(), seeded.project_id, ProjectState::Resetting).await.unwrap();
    assert!(moved);
    assert_eq!(project.state, ProjectState::Resetting);
}

#[sqlx::test(migrations = "../migrations")]
async fn asking_again_for_the_removal_under_way_moves_nothing(pool: Pool) {
    let seeded = seed::project(&pool).await;
    project::begin_removal(&mut pool.acquire().await.unwrap(), seeded.project_id, ProjectState::Deleting).await.unwrap();
    let (project, moved) = project::begin_removal(&mut pool.acquire().await.unwrap(), seeded.project_id, ProjectState::Deleting).await.unwrap();
    assert!(!moved);
    assert_eq!(project.state, ProjectState::Deleting);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_project_being_deleted_cannot_be_reset(pool: Pool) {
    let seeded = seed::project(&pool).await;
    project::begin_removal(&mut pool.acquire().await.unwrap(), seeded.project_id, ProjectState::Deleting).await.unwrap();
    let error = project::begin_removal(&mut pool.acquire().await.unwrap(), seeded.project_id, ProjectState::Resetting).await.unwrap_err();
    assert_eq!(error.code(), ErrorCode::InvalidInput);
    assert_eq!(project::get(&pool, seeded.project_id).await.unwrap().state, ProjectState::Deleting);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_project_being_reset_cannot_be_deleted(pool: Pool) {
    let seeded = seed::project(&pool).await;
    project::begin_removal(&mut pool.acquire().await.unwrap(), seeded.project_id, ProjectState::Resetting).await.unwrap();
    let error = project::begin_removal(&mut pool.acquire().await.unwrap(), seeded.project_id, ProjectState::Deleting).await.unwrap_err();
    assert_eq!(error.code(), ErrorCode::InvalidInput);
    assert_eq!(project::get(&pool, seeded.project_id).await.unwrap().state, ProjectState::Resetting);
}

#[sqlx::test(migrations = "../migrations")]
async fn abort_removal_makes_the_project_active_again(pool: Pool) {
    let seeded = seed::project(&pool).await;
    project::begin_removal(&mut pool.acquire().await.unwrap(), seeded.project_id, ProjectState::Deleting).await.unwrap();
    project::abort_removal(&pool, seeded.project_id).await.unwrap();
    assert_eq!(project::get(&pool, seeded.project_id).await.unwrap().state, ProjectState::Active);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_finished_reset_leaves_an_active_project_back_at_the_connection_step(pool: Pool) {
    let seeded = seed::project(&pool).await;
    project::set_onboarding_status(&pool, seeded.project_id, OnboardingStatus::OnboardingFinished).await.unwrap();
    project::begin_removal(&mut pool.acquire().await.unwrap(), seeded.project_id, ProjectState::Resetting).await.unwrap();
    project::finish_reset(&pool, seeded.project_id).await.unwrap();
    let project = project::get(&pool, seeded.project_id).await.unwrap();
    assert_eq!(project.state, ProjectState::Active);
    assert_eq!(project.onboarding_status, OnboardingStatus::NotStarted);
    assert_eq!(project::members(&pool, seeded.project_id).await.unwrap().len(), 1, "a reset keeps the members");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_finished_delete_leaves_no_project(pool: Pool) {
    let seeded = seed::project(&pool).await;
    project::begin_removal(&mut pool.acquire().await.unwrap(), seeded.project_id, ProjectState::Deleting).await.unwrap();
    project::finish_delete(&pool, seeded.project_id).await.unwrap();
    assert!(project::find(&pool, seeded.project_id).await.unwrap().is_none());
    assert!(project::members(&pool, seeded.project_id).await.unwrap().is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_retried_finish_delete_succeeds(pool: Pool) {
    let seeded = seed::project(&pool).await;
    project::finish_delete(&pool, seeded.project_id).await.unwrap();
    project::finish_delete(&pool, seeded.project_id).await.unwrap();
}
