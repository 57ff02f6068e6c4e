//! Secrets at rest across a key rotation: values sealed with the old key keep working while
//! it is the previous key, `quarry-api rotate-secrets` re-seals them, and afterwards the new
//! key alone opens them.

use quarry_engine::secrets::{self, SecretKeys};
use quarry_test_kit::{TestApp, binary, error_code, shop_database, url_parts};
use secrecy::{ExposeSecret, SecretString};
use serde_json::json;
use std::process::Command;

const KEY_A: &str = "rotation-test-key-A-0123456789abcdef";
const KEY_B: &str = "rotation-test-key-B-fedcba9876543210";
const TABLES: &str = "query($p: ID!) { listDataSourceTables(projectId: $p) { name } }";

/// A database of its own: the rotation re-seals every secret in the database, and other
/// tests' secrets, sealed with the development key, would (rightly) stop it.
async fn fresh_database() -> String {
    use sqlx::{Connection, Executor, PgConnection};
    let admin_url = std::env::var("QUARRY_DATABASE_URL").unwrap();
    let name = format!("rotation_{}", &uuid::Uuid::new_v4().simple().to_string()[..10]);
    let mut admin = PgConnection::connect(&admin_url).await.unwrap();
    admin.execute(format!("CREATE DATABASE {name}").as_str()).await.unwrap();
    format!("{}/{name}", url_parts(&admin_url).base)
}

async fn app_with(database: &str, current: &str, previous: Option<&str>) -> TestApp {
    let (database, current, previous) = (database.to_owned(), current.to_owned(), previous.map(str::to_owned));
    TestApp::spawn_with(move |c| {
        c.database_url = SecretString::from(database);
        c.secret_key = SecretString::from(current);
        c.secret_key_previous = previous.map(SecretString::from);
    })
    .await
    .with_worker()
}

fn rotate(database: &str, current: &str, previous: &str) -> String {
    let out = Command::new(binary("quarry-api"))
        .arg("rotate-secrets")
        .env("QUARRY_DATABASE_URL", database)
        .env("QUARRY_SECRET_KEY", current)
        .env("QUARRY_SECRET_KEY_PREVIOUS", previous)
        .env("RUST_LOG", "warn")
        .output()
        .expect("run quarry-api rotate-secrets (build the workspace first)");
    assert!(out.status.success(), "rotate-secrets failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[tokio::test]
async fn secrets_survive_a_key_rotation() {
    // Sealed under key A: a data source's password (through the API) and an org's
    // language-model key.
    let db = fresh_database().await;
    let a = app_with(&db, KEY_A, None).await;
    let (client, _) = a.signed_in("rotation").await;
    let org =
        a.gql_ok(&client, "mutation { createOrg(data: {name: \"Rotation Co\"}) { id } }", json!({})).await["createOrg"]["id"].as_str().unwrap().to_owned();
    let project = a.gql_ok(&client, "mutation { createProject(data: {displayName: \"Keys\"}) { id } }", json!({})).await["createProject"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (_, properties) = shop_database().await;
    a.gql_ok(
        &client,
        "mutation($p: ID!, $d: DataSourceInput!) { saveDataSource(projectId: $p, data: $d) { type } }",
        json!({"p": project, "d": {"type": "POSTGRES", "properties": properties}}),
    )
    .await;
    a.gql_ok(&client, TABLES, json!({"p": project})).await;
    let org_id = uuid::Uuid::parse_str(&org).unwrap();
    let project_id = uuid::Uuid::parse_str(&project).unwrap();
    let keys_a = SecretKeys::new(&SecretString::from(KEY_A), None);
    sqlx::query("INSERT INTO org_llm_configs (org_id, settings, sealed_secret) VALUES ($1, '{}', $2)")
        .bind(org_id)
        .bind(secrets::encrypt(&keys_a, "sk-org-key"))
        .execute(&a.state.pool)
        .await
        .unwrap();
    let sealed_source = || async {
        sqlx::query_scalar::<_, String>("SELECT secrets FROM data_sources WHERE project_id = $1").bind(project_id).fetch_one(&a.state.pool).await.unwrap()
    };
    let sealed_llm = || async {
        sqlx::query_scalar::<_, String>("SELECT sealed_secret FROM org_llm_configs WHERE org_id = $1").bind(org_id).fetch_one(&a.state.pool).await.unwrap()
    };
    let under_a = sealed_source().await;
    assert!(under_a.starts_with(&format!("v2:{}:", keys_a.current_id())), "{under_a}");

    // A key that does not know A cannot open it: a server error, and nothing is returned.
    let stranger = app_with(&db, KEY_B, None).await;
    assert_eq!(error_code(&stranger.gql(&client, TABLES, json!({"p": project})).await), "INTERNAL_SERVER_ERROR");

    // Rotating: B is current, A previous; reads work before anything is re-sealed.
    let rotating = app_with(&db, KEY_B, Some(KEY_A)).await;
    rotating.gql_ok(&client, TABLES, json!({"p": project})).await;
    let report = rotate(&db, KEY_B, KEY_A);
    assert!(report.contains("1 data-source secret(s)") && report.contains("1 language-model key(s)"), "{report}");
    // Idempotent: a second run finds nothing to do and changes nothing.
    let resealed = (sealed_source().await, sealed_llm().await);
    assert!(rotate(&db, KEY_B, KEY_A).contains("0 data-source secret(s), 0 language-model key(s)"));
    assert_eq!((sealed_source().await, sealed_llm().await), resealed);

    // Only B now: everything still opens; A alone no longer does.
    let only_b = app_with(&db, KEY_B, None).await;
    only_b.gql_ok(&client, TABLES, json!({"p": project})).await;
    let keys_b = SecretKeys::new(&SecretString::from(KEY_B), None);
    assert_eq!(secrets::decrypt(&keys_b, &sealed_llm().await).unwrap().expose_secret(), "sk-org-key");
    let only_a = app_with(&db, KEY_A, None).await;
    assert_eq!(error_code(&only_a.gql(&client, TABLES, json!({"p": project})).await), "INTERNAL_SERVER_ERROR");
}
