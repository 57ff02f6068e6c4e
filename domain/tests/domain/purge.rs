//! Purging a project's data (the step shared by delete and reset): every row the project
//! owns goes, whatever table it is in; the project row, its members, its usage records and
//! every other project's rows stay.

use std::collections::BTreeMap;

use quarry_domain::{db::Pool, project};
use uuid::Uuid;

/// The projects of `fixtures/two_projects.sql`.
const SALES: Uuid = Uuid::from_u128(0xaaaaaaaa_0000_0000_0000_000000000001);
const MARKETING: Uuid = Uuid::from_u128(0xbbbbbbbb_0000_0000_0000_000000000001);

/// A table with a foreign key to projects, and how many of its rows reference one project.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Referencing {
    /// ON DELETE CASCADE: the rows cannot outlive the project.
    cascades: bool,
    rows: i64,
}

/// Every `table.column` with a foreign key to projects, found in the catalog (so a table added
/// later is counted too), with its rows referencing `project`.
async fn rows_referencing(pool: &Pool, project: Uuid) -> BTreeMap<String, Referencing> {
    let rows = sqlx::query!(
        r#"SELECT c.conrelid::regclass::text || '.' || a.attname AS "column!", c.confdeltype = 'c' AS "cascades!",
                  (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %s WHERE %I = %L', c.conrelid::regclass, a.attname, $1::uuid),
                                                       false, true, '')))[1]::text::bigint AS "rows!"
           FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
           WHERE c.contype = 'f' AND c.confrelid = 'projects'::regclass"#,
        project,
    )
    .fetch_all(pool)
    .await
    .unwrap();
    rows.into_iter().map(|r| (r.column, Referencing { cascades: r.cascades, rows: r.rows })).collect()
}

/// Columns of the project's models: rows that hang off a project-owned table.
async fn model_columns_of(pool: &Pool, project: Uuid) -> i64 {
    sqlx::query_scalar!(r#"SELECT count(*) AS "count!" FROM model_columns c JOIN models m ON m.id = c.model_id WHERE m.project_id = $1"#, project)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// What a reset keeps: who belongs to the project (its members, its groups' roles and the
/// roles promised by open invitations), its API keys (the integrations using them go on
/// working) and their history.
const KEPT: &[&str] =
    &["project_members.project_id", "project_groups.project_id", "invitation_projects.project_id", "api_keys.project_id", "api_history.project_id"];

/// Every table whose rows cannot outlive the project, except those a reset keeps.
fn owned(column: &str, referencing: &Referencing) -> bool {
    referencing.cascades && !KEPT.contains(&column)
}

#[sqlx::test(migrations = "../migrations", fixtures("two_projects"))]
async fn purge_empties_every_table_of_project_data(pool: Pool) {
    let before = rows_referencing(&pool, SALES).await;
    for (column, referencing) in before.iter().filter(|(c, r)| owned(c, r)) {
        assert!(referencing.rows > 0, "fixtures/two_projects.sql has no row in {column} for the project: add one");
    }
    project::purge_data(&pool, SALES).await.unwrap();
    let left: Vec<_> = rows_referencing(&pool, SALES).await.into_iter().filter(|(c, r)| owned(c, r) && r.rows > 0).collect();
    assert!(left.is_empty(), "left after the purge: {left:?}");
    assert_eq!(model_columns_of(&pool, SALES).await, 0);
}

#[sqlx::test(migrations = "../migrations", fixtures("two_projects", "later_table"))]
async fn purge_empties_a_table_added_after_it_was_written(pool: Pool) {
    project::purge_data(&pool, SALES).await.unwrap();
    let after = rows_referencing(&pool, SALES).await;
    assert_eq!(after["later_notes.project_id"].rows, 0);
    assert_eq!(rows_referencing(&pool, MARKETING).await["later_notes.project_id"].rows, 1);
}

#[sqlx::test(migrations = "../migrations", fixtures("two_projects", "later_chain"))]
async fn purge_deletes_rows_before_the_project_rows_they_reference(pool: Pool) {
    project::purge_data(&pool, SALES).await.unwrap();
    let after = rows_referencing(&pool, SALES).await;
    assert_eq!(after["later_dashboard_items.project_id"].rows, 0);
    assert_eq!(after["later_dashboards.project_id"].rows, 0);
}

#[sqlx::test(migrations = "../migrations", fixtures("two_projects"))]
async fn purge_leaves_other_projects_rows_untouched(pool: Pool) {
    let before = rows_referencing(&pool, MARKETING).await;
    let columns_before = model_columns_of(&pool, MARKETING).await;
    project::purge_data(&pool, SALES).await.unwrap();
    assert_eq!(rows_referencing(&pool, MARKETING).await, before);
    assert_eq!(model_columns_of(&pool, MARKETING).await, columns_before);
}

#[sqlx::test(migrations = "../migrations", fixtures("two_projects"))]
async fn purge_keeps_the_project_its_members_and_the_rows_that_outlive_it(pool: Pool) {
    let before = rows_referencing(&pool, SALES).await;
    project::purge_data(&pool, SALES).await.unwrap();
    let after = rows_referencing(&pool, SALES).await;
    assert!(project::find(&pool, SALES).await.unwrap().is_some(), "the project row went");
    for kept in KEPT {
        assert!(before[*kept].rows > 0, "fixtures/two_projects.sql has no row in {kept}");
        assert_eq!(after[*kept], before[*kept], "{kept}: who belongs to the project went");
    }
    for (column, referencing) in before.iter().filter(|(_, r)| !r.cascades) {
        assert_eq!(&after[column], referencing, "{column}: rows that outlive the project (usage records, a user's current project) went");
    }
}

#[sqlx::test(migrations = "../migrations", fixtures("two_projects"))]
async fn a_second_purge_changes_nothing(pool: Pool) {
    project::purge_data(&pool, SALES).await.unwrap();
    let once = rows_referencing(&pool, SALES).await;
    project::purge_data(&pool, SALES).await.unwrap();
    assert_eq!(rows_referencing(&pool, SALES).await, once);
}
