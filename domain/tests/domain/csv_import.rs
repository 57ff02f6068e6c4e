//! CSV import jobs: UPLOADING → INIT → IMPORTING | OVERRIDING → SUCCESS | ERROR, and nothing
//! moves a job that finished.

use quarry_domain::{
    csv_import::{self, CsvImportJob, CsvImportState},
    datasource,
    db::Pool,
    modeling::{self, RelationType},
};
use quarry_engine::{ColumnTypeFamily, DataSourceType};

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

/// A project whose CSV source holds the given files as tables, modelled one model each.
async fn csv_project(pool: &Pool, files: &[(&str, &str)]) -> (crate::seed::Seeded, quarry_domain::config::Config, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let mut config = quarry_domain::config::Config::from_env().expect("the default configuration");
    config.data_dir = dir.path().to_path_buf();
    let project = seed::project(pool).await;
    let database = csv_import::database_path(&config, project.project_id);
    std::fs::create_dir_all(database.parent().unwrap()).unwrap();
    for (table, content) in files {
        let file = dir.path().join(format!("{table}.csv"));
        std::fs::write(&file, content).unwrap();
        quarry_engine::csv_import::import(&database, &file, table).unwrap();
    }
    let owner = quarry_domain::access::Acting::new(project.user_id, "owner@example.com", None);
    datasource::save(pool, &config, &owner, project.project_id, DataSourceType::Csv, &serde_json::json!({})).await.unwrap();
    let tables: Vec<String> = files.iter().map(|(t, _)| t.to_string()).collect();
    datasource::save_tables(pool, &config, project.project_id, &tables).await.unwrap();
    (project, config, dir)
}

#[sqlx::test(migrations = "../migrations")]
async fn relationships_of_files_without_keys_are_recommended_from_names_checked_on_the_data(pool: Pool) {
    let (project, config, _dir) = csv_project(
        &pool,
        &[
            ("shipments", "id,courier,depot_code,parcel,year\n1,AX,N1,p1,2020\n2,AX,N2,p2,2021\n3,BZ,N1,p3,2021\n4,CQ,N3,p4,2020\n5,,N1,p1,2020\n"),
            ("couriers", "courier,name\nAX,Ax Freight\nBZ,Bz Post\nCQ,Cq Lines\n"),
            ("depots", "code,city\nN1,Oslo\nN2,Lyon\nN3,Graz\n"),
            // 4 of 5 shipped parcels are known here (80%), and its years repeat.
            ("parcels", "parcel,year\np1,2020\np2,2020\np3,2021\n"),
        ],
    )
    .await;
    let recommended = datasource::recommended_relationships(&pool, &config, project.project_id).await.unwrap();
    let found: Vec<(&str, &str, &str, &str, &str)> =
        recommended.iter().map(|r| (r.from_model.as_str(), r.from_column.as_str(), r.to_model.as_str(), r.to_column.as_str(), r.reason.as_str())).collect();
    assert_eq!(
        found,
        [
            ("shipments", "courier", "couriers", "courier", "courier: 100% of 4 values found in couriers.courier, which is unique"),
            ("shipments", "depot_code", "depots", "code", "depot_code: 100% of 5 values found in depots.code, which is unique"),
        ]
    );
    assert!(recommended.iter().all(|r| r.relation_type == RelationType::ManyToOne));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_column_type_change_follows_into_the_models(pool: Pool) {
    let (project, config, _dir) = csv_project(&pool, &[("parts", "code,weight\n101,3.5\n102,NA\n")]).await;
    let change = csv_import::change_column_type(&pool, &config, project.project_id, "parts", "code", ColumnTypeFamily::Text).await.unwrap();
    assert_eq!((change.type_name.as_str(), change.converted, change.failed), ("VARCHAR", 2, 0));
    let models = modeling::models(&pool, project.project_id).await.unwrap();
    let code = models[0].1.iter().find(|c| c.reference_name == "code").unwrap();
    assert_eq!((code.type_name.as_str(), code.family.as_str()), ("VARCHAR", "TEXT"));
    let weight = models[0].1.iter().find(|c| c.reference_name == "weight").unwrap();
    assert_eq!(weight.family, "FLOAT", "NA read as missing, the weights are numbers");

    let refused = csv_import::change_column_type(&pool, &config, project.project_id, "parts", "nope", ColumnTypeFamily::Text).await.unwrap_err();
    assert_eq!(refused.public_message(), "The CSV table \"parts\" has no column \"nope\".");
    let other = seed::another_project(&pool, &project).await;
    let refused = csv_import::change_column_type(&pool, &config, other, "parts", "code", ColumnTypeFamily::Text).await.unwrap_err();
    assert_eq!(refused.code(), quarry_domain::ErrorCode::InvalidInput);
}
