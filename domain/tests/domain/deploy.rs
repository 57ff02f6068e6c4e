//! Deploys: IN_PROGRESS → SUCCESS | FAILED, one running per project, and the sync status
//! derived from the latest deploy and the current models.

use quarry_domain::{
    ErrorCode,
    access::Acting,
    db::Pool,
    deploy::{self, DeployState, SyncStatus},
    modeling::{self, manifest},
};

use crate::seed::{self, Seeded};

fn owner(project: &Seeded) -> Acting {
    Acting::new(project.user_id, "owner@example.com", None)
}

#[sqlx::test(migrations = "../migrations")]
async fn begin_records_an_in_progress_deploy_of_the_current_models(pool: Pool) {
    let project = seed::project(&pool).await;
    seed::orders_model(&pool, project.project_id).await;
    let (deploy, started) = deploy::begin(&pool, project.project_id).await.unwrap();
    assert!(started);
    assert_eq!(deploy.status, DeployState::InProgress);
    assert_eq!(deploy.finished_at, None);
    let current = manifest::of_project(&pool, project.project_id).await.unwrap();
    assert_eq!(deploy.manifest_hash, manifest::hash(&current));
    assert_eq!(deploy::manifest_of(&pool, deploy.id).await.unwrap(), current);
}

#[sqlx::test(migrations = "../migrations")]
async fn begin_refuses_a_project_without_models(pool: Pool) {
    let project = seed::project(&pool).await;
    let error = deploy::begin(&pool, project.project_id).await.unwrap_err();
    assert_eq!(error.code(), ErrorCode::InvalidInput);
}

#[sqlx::test(migrations = "../migrations")]
async fn begin_while_a_deploy_runs_returns_the_running_one(pool: Pool) {
    let project = seed::project(&pool).await;
    seed::orders_model(&pool, project.project_id).await;
    let (first, _) = deploy::begin(&pool, project.project_id).await.unwrap();
    let (second, started) = deploy::begin(&pool, project.project_id).await.unwrap();
    assert!(!started);
    assert_eq!(second.id, first.id);
}

#[sqlx::test(migrations = "../migrations")]
async fn finish_records_a_success_with_its_log(pool: Pool) {
    let project = seed::project(&pool).await;
    seed::orders_model(&pool, project.project_id).await;
    let (deploy, _) = deploy::begin(&pool, project.project_id).await.unwrap();
    deploy::finish(&pool, deploy.id, true, "orders: ok", None).await.unwrap();
    let done = deploy::get(&pool, deploy.id).await.unwrap();
    assert_eq!(done.status, DeployState::Success);
    assert_eq!(done.log, "orders: ok");
    assert_eq!(done.error, None);
    assert!(done.finished_at.is_some());
}

#[sqlx::test(migrations = "../migrations")]
async fn finish_records_a_failure_with_its_error(pool: Pool) {
    let project = seed::project(&pool).await;
    seed::orders_model(&pool, project.project_id).await;
    let (deploy, _) = deploy::begin(&pool, project.project_id).await.unwrap();
    deploy::finish(&pool, deploy.id, false, "", Some("orders: no such table")).await.unwrap();
    let done = deploy::get(&pool, deploy.id).await.unwrap();
    assert_eq!(done.status, DeployState::Failed);
    assert_eq!(done.error.as_deref(), Some("orders: no such table"));
}

#[sqlx::test(migrations = "../migrations")]
async fn finish_leaves_an_ended_deploy_as_it_ended(pool: Pool) {
    let project = seed::project(&pool).await;
    seed::orders_model(&pool, project.project_id).await;
    let (deploy, _) = deploy::begin(&pool, project.project_id).await.unwrap();
    deploy::finish(&pool, deploy.id, true, "first", None).await.unwrap();
    let first = deploy::get(&pool, deploy.id).await.unwrap();
    deploy::finish(&pool, deploy.id, false, "second", Some("late failure")).await.unwrap();
    let after = deploy::get(&pool, deploy.id).await.unwrap();
    assert_eq!(after.status, DeployState::Success);
    assert_eq!((after.log.as_str(), after.error.as_deref()), ("first", None));
    assert_eq!(after.finished_at, first.finished_at);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_ended_deploy_lets_the_next_one_begin(pool: Pool) {
    let project = seed::project(&pool).await;
    seed::orders_model(&pool, project.project_id).await;
    let (first, _) = deploy::begin(&pool, project.project_id).await.unwrap();
    deploy::finish(&pool, first.id, false, "", Some("failed")).await.unwrap();
    let (second, started) = deploy::begin(&pool, project.project_id).await.unwrap();
    assert!(started);
    assert_ne!(second.id, first.id);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_project_never_deployed_is_unsynchronized(pool: Pool) {
    let project = seed::project(&pool).await;
    seed::orders_model(&pool, project.project_id).await;
    let (status, latest) = deploy::status(&pool, &owner(&project), project.project_id).await.unwrap();
    assert_eq!(status, SyncStatus::Unsyncronized);
    assert!(latest.is_none());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_project_is_in_progress_while_a_deploy_runs(pool: Pool) {
    let project = seed::project(&pool).await;
    seed::orders_model(&pool, project.project_id).await;
    deploy::begin(&pool, project.project_id).await.unwrap();
    assert_eq!(deploy::status(&pool, &owner(&project), project.project_id).await.unwrap().0, SyncStatus::InProgress);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_successful_deploy_of_the_current_models_synchronizes_the_project(pool: Pool) {
    let project = seed::project(&pool).await;
    seed::orders_model(&pool, project.project_id).await;
    let (deploy, _) = deploy::begin(&pool, project.project_id).await.unwrap();
    deploy::finish(&pool, deploy.id, true, "", None).await.unwrap();
    assert_eq!(deploy::status(&pool, &owner(&project), project.project_id).await.unwrap().0, SyncStatus::Syncronized);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_edit_after_a_deploy_unsynchronizes_the_project(pool: Pool) {
    let project = seed::project(&pool).await;
    seed::orders_model(&pool, project.project_id).await;
    let (deploy, _) = deploy::begin(&pool, project.project_id).await.unwrap();
    deploy::finish(&pool, deploy.id, true, "", None).await.unwrap();
    modeling::replace_models(&pool, project.project_id, &[]).await.unwrap();
    assert_eq!(deploy::status(&pool, &owner(&project), project.project_id).await.unwrap().0, SyncStatus::Unsyncronized);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_failed_deploy_leaves_the_project_unsynchronized(pool: Pool) {
    let project = seed::project(&pool).await;
    seed::orders_model(&pool, project.project_id).await;
    let (first, _) = deploy::begin(&pool, project.project_id).await.unwrap();
    deploy::finish(&pool, first.id, true, "", None).await.unwrap();
    let (second, _) = deploy::begin(&pool, project.project_id).await.unwrap();
    deploy::finish(&pool, second.id, false, "", Some("the source changed")).await.unwrap();
    assert_eq!(deploy::status(&pool, &owner(&project), project.project_id).await.unwrap().0, SyncStatus::Unsyncronized);
}

#[sqlx::test(migrations = "../migrations")]
async fn questions_are_answered_from_the_last_successful_deploy_while_a_newer_one_runs(pool: Pool) {
    let project = seed::project(&pool).await;
    seed::orders_model(&pool, project.project_id).await;
    let (first, _) = deploy::begin(&pool, project.project_id).await.unwrap();
    deploy::finish(&pool, first.id, true, "", None).await.unwrap();
    deploy::begin(&pool, project.project_id).await.unwrap();
    let (deployed, _) = deploy::deployed(&pool, project.project_id).await.unwrap().expect("a deployed manifest");
    assert_eq!(deployed.id, first.id);
}
