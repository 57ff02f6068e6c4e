//! What most tests start from: a verified user who owns an org and a project in it.

use quarry_domain::{
    db::Pool,
    modeling::{self, NewColumn, NewModel},
    org, project, user,
};
use uuid::Uuid;

pub struct Seeded {
    pub user_id: Uuid,
    pub org_id: Uuid,
    pub project_id: Uuid,
}

pub async fn project(pool: &Pool) -> Seeded {
    let email = format!("owner-{}@example.com", Uuid::new_v4().simple());
    let user = user::create_user(pool, &email, "correct horse battery", Some("Owner"), true).await.unwrap();
    let org = org::create(pool, user.id, "Acme").await.unwrap();
    let project = project::create(&mut pool.acquire().await.unwrap(), org.id, user.id, "Sales", None, None).await.unwrap();
    Seeded { user_id: user.id, org_id: org.id, project_id: project.id }
}

/// Another project in the same org, owned by the same user.
pub async fn another_project(pool: &Pool, seeded: &Seeded) -> Uuid {
    project::create(&mut pool.acquire().await.unwrap(), seeded.org_id, seeded.user_id, "Marketing", None, None).await.unwrap().id
}

/// Gives the project one model, `orders (id, amount)`, so it has something to deploy.
pub async fn orders_model(pool: &Pool, project_id: Uuid) {
    let column = |name: &str, type_name: &str, family: &str, key: bool| NewColumn {
        reference_name: name.to_owned(),
        source_column: Some(name.to_owned()),
        expression: None,
        display_name: name.to_owned(),
        type_name: type_name.to_owned(),
        family: family.to_owned(),
        not_null: key,
        is_primary_key: key,
        hidden: false,
        description: None,
        format: None,
    };
    let orders = NewModel {
        reference_name: "orders".to_owned(),
        source_schema: None,
        source_table: Some("orders".to_owned()),
        source_sql: None,
        display_name: "orders".to_owned(),
        description: None,
        primary_key: Some("id".to_owned()),
        currency: None,
        columns: vec![column("id", "INTEGER", "INTEGER", true), column("amount", "DECIMAL", "DECIMAL", false)],
    };
    modeling::replace_models(pool, project_id, &[orders]).await.unwrap();
}
