//! CSV import jobs: UPLOADING → INIT → IMPORTING | OVERRIDING → SUCCESS | ERROR, and nothing
//! moves a job that finished.

use quarry_domain::{
    csv_import::{self, CsvImportJob, CsvImportState},
    db::Pool,
};

use crate::seed;

async fn new_job(pool: &Pool) -> CsvImportJob {
    let project = seed::project(pool).await;
    csv_import::create(pool, project.project_id, project.user_id, " Orders.csv ", None).await.unwrap()
}

async fn state_of(pool: &Pool, job: &CsvImportJob) -> CsvImportJob {
    csv_import::get(pool, job.id).await.unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_new_job_waits_for_its_upload_under_the_files_table_name(pool: Pool) {
    let job = new_job(&pool).await;
    assert_eq!(job.state, CsvImportState::Uploading);
    assert_eq!(job.file_name, "Orders.csv");
    assert_eq!(job.table_name, "orders");
    assert_eq!(job.progress, 0.0);
}

#[sqlx::test(migrations = "../migrations")]
async fn uploaded_records_the_size_and_hands_the_job_to_its_workflow(pool: Pool) {
    let job = new_job(&pool).await;
    csv_import::uploaded(&pool, job.id, 1234).await.unwrap();
    let job = state_of(&pool, &job).await;
    assert_eq!(job.state, CsvImportState::Init);
    assert_eq!(job.size_bytes, 1234);
}

#[sqlx::test(migrations = "../migrations")]
async fn uploaded_moves_only_a_job_that_is_still_uploading(pool: Pool) {
    let job = new_job(&pool).await;
    csv_import::uploaded(&pool, job.id, 1234).await.unwrap();
    csv_import::advance(&pool, job.id, CsvImportState::Importing, 0.5).await.unwrap();
    csv_import::uploaded(&pool, job.id, 99).await.unwrap();
    let job = state_of(&pool, &job).await;
    assert_eq!(job.state, CsvImportState::Importing);
    assert_eq!(job.size_bytes, 1234);
}

#[sqlx::test(migrations = "../migrations")]
async fn advance_moves_an_unfinished_job_with_its_progress(pool: Pool) {
    let job = new_job(&pool).await;
    csv_import::advance(&pool, job.id, CsvImportState::Overriding, 0.25).await.unwrap();
    let job = state_of(&pool, &job).await;
    assert_eq!((job.state, job.progress), (CsvImportState::Overriding, 0.25));
}

#[sqlx::test(migrations = "../migrations")]
async fn progress_is_kept_between_nothing_and_all(pool: Pool) {
    let job = new_job(&pool).await;
    csv_import::advance(&pool, job.id, CsvImportState::Importing, 7.0).await.unwrap();
    assert_eq!(state_of(&pool, &job).await.progress, 1.0);
    csv_import::advance(&pool, job.id, CsvImportState::Importing, -1.0).await.unwrap();
    assert_eq!(state_of(&pool, &job).await.progress, 0.0);
}

#[sqlx::test(migrations = "../migrations")]
async fn succeed_ends_the_job_complete_with_its_row_count(pool: Pool) {
    let job = new_job(&pool).await;
    csv_import::advance(&pool, job.id, CsvImportState::Importing, 0.5).await.unwrap();
    csv_import::succeed(&pool, job.id, 42, &[]).await.unwrap();
    let job = state_of(&pool, &job).await;
    assert_eq!(job.state, CsvImportState::Success);
    assert_eq!(job.row_count, Some(42));
    assert_eq!(job.progress, 1.0);
    assert_eq!(job.error, None);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_job_keeps_the_markers_chosen_at_upload_and_the_notes_of_its_import(pool: Pool) {
    let project = seed::project(&pool).await;
    let defaults = csv_import::create(&pool, project.project_id, project.user_id, "a.csv", None).await.unwrap();
    assert_eq!(defaults.read_options(), quarry_engine::csv_import::ReadOptions::default());
    let chosen = ["NA".to_owned(), " NA ".to_owned(), "".to_owned()];
    let job = csv_import::create(&pool, project.project_id, project.user_id, "b.csv", Some(&chosen)).await.unwrap();
    assert_eq!(job.missing_markers.as_deref(), Some(&["NA".to_owned(), "".to_owned()][..]));
    assert_eq!(csv_import::get(&pool, job.id).await.unwrap().read_options().missing_markers, ["NA", ""]);
    let refused = csv_import::create(&pool, project.project_id, project.user_id, "c.csv", Some(&["a\nb".to_owned()])).await.unwrap_err();
    assert_eq!(refused.code(), quarry_domain::ErrorCode::InvalidInput);

    let notes = vec!["3 values 'NA' read as missing (delay 3)".to_owned()];
    csv_import::succeed(&pool, job.id, 10, &notes).await.unwrap();
    assert_eq!(csv_import::get(&pool, job.id).await.unwrap().notes, notes);
    assert!(defaults.notes.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn fail_ends_the_job_with_its_message(pool: Pool) {
    let job = new_job(&pool).await;
    csv_import::fail(&pool, job.id, "Line 3, column 2: not a number.").await.unwrap();
    let job = state_of(&pool, &job).await;
    assert_eq!(job.state, CsvImportState::Error);
    assert_eq!(job.error.as_deref(), Some("Line 3, column 2: not a number."));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_successful_job_never_moves_again(pool: Pool) {
    let job = new_job(&pool).await;
    csv_import::succeed(&pool, job.id, 42, &[]).await.unwrap();
    let done = state_of(&pool, &job).await;
    csv_import::advance(&pool, job.id, CsvImportState::Importing, 0.1).await.unwrap();
    csv_import::fail(&pool, job.id, "late failure").await.unwrap();
    csv_import::uploaded(&pool, job.id, 1).await.unwrap();
    let after = state_of(&pool, &job).await;
    assert_eq!((after.state, after.progress, after.error, after.row_count), (CsvImportState::Success, 1.0, None, Some(42)));
    assert_eq!(after.updated_at, done.updated_at);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_failed_job_never_moves_again(pool: Pool) {
    let job = new_job(&pool).await;
    csv_import::fail(&pool, job.id, "broken file").await.unwrap();
    let done = state_of(&pool, &job).await;
    csv_import::advance(&pool, job.id, CsvImportState::Importing, 0.1).await.unwrap();
    csv_import::succeed(&pool, job.id, 42, &[]).await.unwrap();
    let after = state_of(&pool, &job).await;
    assert_eq!((after.state, after.error.as_deref(), after.row_count), (CsvImportState::Error, Some("broken file"), None));
    assert_eq!(after.updated_at, done.updated_at);
}

#[test]
fn only_success_and_error_are_finished() {
    use CsvImportState::*;
    let finished: Vec<CsvImportState> = [Init, Uploading, Importing, Success, Error, Overriding].into_iter().filter(|s| s.is_finished()).collect();
    assert_eq!(finished, [Success, Error]);
}
