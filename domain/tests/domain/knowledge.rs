//! Knowledge: terms taught to the question engine (taught, listed, a derived one removed, and
//! either undone), who may change them, and what bounds them.

use quarry_domain::{
    ErrorCode,
    access::Acting,
    activity::{self, ActivityFilter, ActivityKind},
    db::Pool,
    deploy,
    knowledge::terms::{self, TermTarget},
    org,
    permissions::{OrgRole, ProjectRole},
    project, user,
};
use quarry_engine::{
    compile::Dialect,
    mdl::TermSource,
    question::{self, Understanding, vocabulary},
};
use uuid::Uuid;

use crate::seed::{self, Seeded};

/// The seeded project with `orders (id, amount)` deployed, and its owner acting.
async fn deployed(pool: &Pool) -> (Seeded, Acting) {
    let seeded = seed::project(pool).await;
    seed::orders_model(pool, seeded.project_id).await;
    let (deploy, _) = deploy::begin(pool, seeded.project_id).await.unwrap();
    deploy::finish(pool, deploy.id, true, "orders: ok", None).await.unwrap();
    let owner = user::get(pool, seeded.user_id).await.unwrap();
    (seeded, Acting::new(owner.id, owner.email, Some("203.0.113.7".into())))
}

/// Another member of the org, with `role` in the project.
async fn member(pool: &Pool, seeded: &Seeded, role: ProjectRole) -> Acting {
    let email = format!("{role:?}-{}@example.com", Uuid::new_v4().simple()).to_lowercase();
    let account = user::create_user(pool, &email, "correct horse battery", None, true).await.unwrap();
    org::add_member(pool, seeded.org_id, account.id, OrgRole::Member).await.unwrap();
    let project = project::get(pool, seeded.project_id).await.unwrap();
    project::add_member(&mut pool.acquire().await.unwrap(), &project, &email, role).await.unwrap();
    Acting::new(account.id, email, None)
}

fn target(phrase: &str, model: &str, column: Option<&str>) -> TermTarget {
    TermTarget { phrase: phrase.into(), model: model.into(), column: column.map(Into::into) }
}

/// The terms the modeling page shows for `orders.<column>`.
async fn terms_of(pool: &Pool, project_id: Uuid, column: &str) -> Vec<(String, TermSource)> {
    let vocabulary = terms::vocabulary(pool, project_id).await.unwrap();
    let (_, _, terms) = vocabulary.into_iter().find(|(m, c, _)| m == "orders" && c.as_deref() == Some(column)).expect("orders has the column");
    terms.into_iter().map(|t| (t.text, t.source)).collect()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_contributor_teaches_a_term_listed_for_the_project_and_in_the_activity_log(pool: Pool) {
    let (seeded, _) = deployed(&pool).await;
    let contributor = member(&pool, &seeded, ProjectRole::Contributor).await;
    let taught = terms::teach(&pool, &contributor, seeded.project_id, &target("  Takings ", "ORDERS", Some("Amount"))).await.unwrap();
    assert_eq!((taught.phrase.as_str(), taught.model.as_str(), taught.column.as_deref(), taught.removed), ("takings", "orders", Some("amount"), false));
    assert_eq!(taught.created_by, Some(contributor.account.id));

    let listed = terms::list(&pool, &contributor, seeded.project_id).await.unwrap();
    assert_eq!(listed, std::slice::from_ref(&taught));
    assert!(terms_of(&pool, seeded.project_id, "amount").await.contains(&("takings".into(), TermSource::Taught)));

    let filter = ActivityFilter { kinds: vec![ActivityKind::TermTaught], ..ActivityFilter::default() };
    let (entries, _) = activity::list(&pool, seeded.org_id, &filter, 0, 10).await.unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].actor_id, Some(contributor.account.id));
    assert_eq!(entries[0].project_id, Some(seeded.project_id));
    assert_eq!(entries[0].target_label.as_deref(), Some("\"takings\" as orders.amount"));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_viewer_may_not_list_teach_remove_or_delete_terms(pool: Pool) {
    let (seeded, owner) = deployed(&pool).await;
    let taught = terms::teach(&pool, &owner, seeded.project_id, &target("takings", "orders", Some("amount"))).await.unwrap();
    let viewer = member(&pool, &seeded, ProjectRole::Viewer).await;
    let project_id = seeded.project_id;
    let refusals = [
        terms::list(&pool, &viewer, project_id).await.map(|_| ()),
        terms::teach(&pool, &viewer, project_id, &target("sales", "orders", Some("amount"))).await.map(|_| ()),
        terms::remove_derived(&pool, &viewer, project_id, &target("amount", "orders", Some("amount"))).await.map(|_| ()),
        terms::delete(&pool, &viewer, project_id, taught.id).await.map(|_| ()),
    ];
    for refused in refusals {
        assert_eq!(refused.unwrap_err().code(), ErrorCode::UnauthorizedRoleAccess);
    }
    // Someone outside the project is not told it exists.
    let stranger = {
        let other = seed::project(&pool).await;
        let account = user::get(&pool, other.user_id).await.unwrap();
        Acting::new(account.id, account.email, None)
    };
    assert_eq!(terms::list(&pool, &stranger, project_id).await.unwrap_err().code(), ErrorCode::UnauthorizedAccess);
    assert_eq!(terms::list(&pool, &owner, project_id).await.unwrap(), [taught]);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_term_is_about_a_deployed_model_or_column_and_a_short_phrase(pool: Pool) {
    let seeded = seed::project(&pool).await;
    seed::orders_model(&pool, seeded.project_id).await;
    let owner = user::get(&pool, seeded.user_id).await.unwrap();
    let owner = Acting::new(owner.id, owner.email, None);
    let before_deploy = terms::teach(&pool, &owner, seeded.project_id, &target("takings", "orders", None)).await.unwrap_err();
    assert_eq!(before_deploy.code(), ErrorCode::NoDeploymentFound);

    let (seeded, owner) = deployed(&pool).await;
    let project_id = seeded.project_id;
    let refused = |t: TermTarget| {
        let (pool, owner) = (pool.clone(), owner.clone());
        async move { terms::teach(&pool, &owner, project_id, &t).await.unwrap_err() }
    };
    let no_model = refused(target("takings", "invoices", None)).await;
    assert_eq!((no_model.code(), no_model.public_message()), (ErrorCode::NotFound, "Model \"invoices\" not found.".to_owned()));
    let no_column = refused(target("takings", "orders", Some("total"))).await;
    assert_eq!(no_column.code(), ErrorCode::NotFound);
    assert!(no_column.public_message().contains("\"total\""), "{}", no_column.public_message());
    assert_eq!(refused(target("  ", "orders", None)).await.code(), ErrorCode::InvalidInput);
    assert!(refused(target(&"word ".repeat(30), "orders", None)).await.public_message().contains("100 characters"));
    let known = refused(target("Amount", "orders", Some("amount"))).await;
    assert_eq!(known.public_message(), "\"amount\" is already understood as the column orders.amount.");

    terms::teach(&pool, &owner, project_id, &target("takings", "orders", Some("amount"))).await.unwrap();
    let twice = refused(target("TAKINGS", "orders", Some("amount"))).await;
    assert_eq!(twice.public_message(), "\"takings\" has already been taught as the column orders.amount.");
    // The same phrase may mean the model too: which one a question means is the engine's call.
    terms::teach(&pool, &owner, project_id, &target("takings", "orders", None)).await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn removing_a_derived_term_and_deleting_the_removal_restores_it(pool: Pool) {
    let (seeded, owner) = deployed(&pool).await;
    let project_id = seeded.project_id;
    assert_eq!(terms_of(&pool, project_id, "amount").await, [("amount".to_owned(), TermSource::Name)]);

    let removal = terms::remove_derived(&pool, &owner, project_id, &target("amount", "orders", Some("amount"))).await.unwrap();
    assert!(removal.removed);
    assert_eq!(terms_of(&pool, project_id, "amount").await, []);
    let again = terms::remove_derived(&pool, &owner, project_id, &target("amount", "orders", Some("amount"))).await.unwrap_err();
    assert_eq!(again.public_message(), "The column orders.amount is not understood as \"amount\".");

    let taught = terms::teach(&pool, &owner, project_id, &target("takings", "orders", Some("amount"))).await.unwrap();
    let not_derived = terms::remove_derived(&pool, &owner, project_id, &target("takings", "orders", Some("amount"))).await.unwrap_err();
    assert_eq!(not_derived.code(), ErrorCode::InvalidInput);

    terms::delete(&pool, &owner, project_id, removal.id).await.unwrap();
    terms::delete(&pool, &owner, project_id, taught.id).await.unwrap();
    assert_eq!(terms_of(&pool, project_id, "amount").await, [("amount".to_owned(), TermSource::Name)]);
    assert_eq!(terms::delete(&pool, &owner, project_id, taught.id).await.unwrap_err().code(), ErrorCode::NotFound);
    assert_eq!(terms::list(&pool, &owner, project_id).await.unwrap(), []);

    let filter = ActivityFilter { kinds: vec![ActivityKind::TermRemoved, ActivityKind::TaughtTermDeleted], ..ActivityFilter::default() };
    let (_, recorded) = activity::list(&pool, seeded.org_id, &filter, 0, 10).await.unwrap();
    assert_eq!(recorded, 3);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_term_of_another_project_cannot_be_deleted(pool: Pool) {
    let (seeded, owner) = deployed(&pool).await;
    let taught = terms::teach(&pool, &owner, seeded.project_id, &target("takings", "orders", Some("amount"))).await.unwrap();
    let other = seed::another_project(&pool, &seeded).await;
    assert_eq!(terms::delete(&pool, &owner, other, taught.id).await.unwrap_err().code(), ErrorCode::NotFound);
    assert_eq!(terms::list(&pool, &owner, seeded.project_id).await.unwrap().len(), 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_project_holds_at_most_2000_terms(pool: Pool) {
    let (seeded, owner) = deployed(&pool).await;
    sqlx::query(
        "INSERT INTO taught_terms (id, project_id, phrase, model) SELECT gen_random_uuid(), $1, 'word ' || n, 'orders' FROM generate_series(1, 1999) n",
    )
    .bind(seeded.project_id)
    .execute(&pool)
    .await
    .unwrap();
    terms::teach(&pool, &owner, seeded.project_id, &target("takings", "orders", Some("amount"))).await.unwrap();
    let full = terms::teach(&pool, &owner, seeded.project_id, &target("sales", "orders", Some("amount"))).await.unwrap_err();
    assert_eq!(full.code(), ErrorCode::InvalidInput);
    assert!(full.public_message().contains("2000"), "{}", full.public_message());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_taught_term_places_its_phrase_in_the_next_question_and_deleting_it_refuses_again(pool: Pool) {
    let (seeded, owner) = deployed(&pool).await;
    let project_id = seeded.project_id;
    let today = chrono::NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    let understand = |pool: Pool| async move {
        let (_, mut manifest) = deploy::deployed(&pool, project_id).await.unwrap().unwrap();
        vocabulary::apply(&mut manifest, &terms::for_engine(&pool, project_id).await.unwrap());
        question::understand(&manifest, Dialect::DuckDb, "What is the total amnt?", &[], today)
    };
    let Understanding::NotUnderstood { teach, .. } = understand(pool.clone()).await else { panic!("\"amnt\" is not a word of the models yet") };
    let offer = teach.iter().find(|o| o.phrase == "amnt").unwrap_or_else(|| panic!("no offer to teach \"amnt\": {teach:?}"));
    let amount = offer.candidates.iter().find(|c| c.column.as_deref() == Some("amount")).expect("orders.amount is offered");

    let taught = terms::teach(&pool, &owner, project_id, &target(&offer.phrase, &amount.model, amount.column.as_deref())).await.unwrap();
    let Understanding::Sql { sql, .. } = understand(pool.clone()).await else { panic!("the taught term is not placed") };
    assert!(sql.to_lowercase().contains("sum(") && sql.contains("amount"), "{sql}");

    terms::delete(&pool, &owner, project_id, taught.id).await.unwrap();
    assert!(matches!(understand(pool.clone()).await, Understanding::NotUnderstood { .. }));
}
