use quarry_test_kit::{TestApp, error_code, eventually, link_param, unique_email};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

const CREATE: &str = "mutation($name: String!) { createProject(data: {displayName: $name, language: DE, timezone: \"Europe/Berlin\"}) { id displayName language timezone onboardingStatus state myRole } }";
const PROJECT: &str = "query($id: ID!) { project(where: {id: $id}) { id state onboardingStatus displayName } }";

#[tokio::test]
async fn onboarding_creates_an_org_and_projects_route_to_setup() {
    let app = TestApp::spawn().await;
    let (client, email) = app.signed_in("frank").await;

    let body = app.gql(&client, "mutation { onboardUser(data: {consentPrivacyStatement: false}) { id } }", json!({})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT", "consent is required");

    let data = app.gql_ok(&client,
        "mutation { onboardUser(data: {consentPrivacyStatement: true, firstName: \"Frank\", lastName: \"Ocean\", companyName: \"Acme\", orgName: \"Acme Analytics\"}) { consentPrivacyStatement name currentOrg { name myRole } currentOrgRole } }",
        json!({})).await;
    let me = &data["onboardUser"];
    assert_eq!(me["consentPrivacyStatement"], true);
    assert_eq!(me["name"], "Frank Ocean");
    assert_eq!(me["currentOrg"]["name"], "Acme Analytics");
    assert_eq!(me["currentOrgRole"], "ADMIN");

    let body = app.gql(&client, "mutation { createProject(data: {displayName: \"   \"}) { id } }", json!({})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT");
    let body = app.gql(&client, "mutation { createProject(data: {displayName: \"X\", timezone: \"Mars/Olympus\"}) { id } }", json!({})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT");

    let created = app.gql_ok(&client, CREATE, json!({"name": "Revenue"})).await["createProject"].clone();
    assert_eq!(created["onboardingStatus"], "NOT_STARTED", "a new project starts at the connection step");
    assert_eq!(created["state"], "ACTIVE");
    assert_eq!(created["myRole"], "OWNER");
    assert_eq!(created["language"], "DE");

    let me = app.gql_ok(&client, "{ me(withUsage: true, withMembers: true) { email currentProject { id displayName timezone } currentProjectRole currentOrg { usage { totalProjects totalMembers } members { email role } projects { displayName } } } }", json!({})).await;
    let me = &me["me"];
    assert_eq!(me["currentProject"]["id"], created["id"]);
    assert_eq!(me["currentProjectRole"], "OWNER");
    assert_eq!(me["currentOrg"]["usage"]["totalProjects"], 1);
    assert_eq!(me["currentOrg"]["members"][0]["email"], email.as_str());
    assert_eq!(me["currentOrg"]["projects"][0]["displayName"], "Revenue");
    // Without the flags, members and usage are left out.
    let bare = app.gql_ok(&client, "{ me { currentOrg { members { email } usage { totalProjects } } } }", json!({})).await;
    assert!(bare["me"]["currentOrg"]["members"].is_null() && bare["me"]["currentOrg"]["usage"].is_null());

    let renamed = app
        .gql_ok(
            &client,
            "mutation($id: ID!) { updateProject(where: {id: $id}, data: {displayName: \"Revenue 2026\"}) { displayName timezone } }",
            json!({"id": created["id"]}),
        )
        .await;
    assert_eq!(renamed["updateProject"]["displayName"], "Revenue 2026");
    assert_eq!(renamed["updateProject"]["timezone"], "Europe/Berlin");

    let zones = app.gql_ok(&client, "{ timezones }", json!({})).await;
    let zones: Vec<&str> = zones["timezones"].as_array().unwrap().iter().map(|z| z.as_str().unwrap()).collect();
    assert!(zones.contains(&"UTC") && zones.contains(&"Asia/Tokyo") && !zones.contains(&"US/Eastern"));
}

#[tokio::test]
async fn admins_add_members_who_sign_in_with_a_temporary_password() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (admin, _) = app.signed_in("grace").await;
    app.gql_ok(&admin, "mutation { createOrg(data: {name: \"Grace Labs\"}) { id } }", json!({})).await;
    let project = app.gql_ok(&admin, CREATE, json!({"name": "Ops"})).await["createProject"]["id"].clone();

    let email = unique_email("heidi");
    let added = app.gql_ok(&admin, "mutation($e: String!) { createOrgMember(data: {email: $e, role: MEMBER, firstName: \"Heidi\"}) { success temporaryPassword member { id email role enabled firstName emailVerified } } }",
        json!({"e": email})).await["createOrgMember"].clone();
    assert_eq!(added["success"], true);
    assert_eq!(added["member"]["role"], "MEMBER");
    let password = added["temporaryPassword"].as_str().unwrap().to_owned();
    // The new account proves its address before it can sign in.
    assert_eq!(added["member"]["emailVerified"], false);
    let (status, body) = app.post_auth(&app.client(), "callback/credentials", json!({ "email": email, "password": password })).await;
    assert_eq!(body["error"]["code"], "EMAIL_NOT_VERIFIED", "{status} {body}");
    let token = link_param(&app.mail_to(&email).await, "/verify-email", "token");
    let (status, _) = app.post_auth(&app.client(), "verify-email", json!({ "token": token })).await;
    assert_eq!(status, reqwest::StatusCode::OK);
    let heidi = app.signed_in_as(&email, &password).await;

    // Not yet in the project: it is invisible to her.
    let body = app.gql(&heidi, PROJECT, json!({"id": project})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ACCESS");
    app.gql_ok(
        &admin,
        "mutation($p: ID!, $e: String!) { addProjectMember(data: {projectId: $p, email: $e, role: VIEWER}) { role } }",
        json!({"p": project, "e": email}),
    )
    .await;
    app.gql_ok(&heidi, PROJECT, json!({"id": project})).await;
    let body = app.gql(&heidi, "mutation($id: ID!) { updateProject(where: {id: $id}, data: {displayName: \"Mine\"}) { id } }", json!({"id": project})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ROLE_ACCESS");

    // The last owner cannot be demoted; disabling a member locks them out of the org.
    let me = app.gql_ok(&admin, "{ me { id } }", json!({})).await;
    let body = app
        .gql(
            &admin,
            "mutation($p: ID!, $u: ID!) { updateProjectMemberRole(data: {projectId: $p, userId: $u, role: VIEWER}) { role } }",
            json!({"p": project, "u": me["me"]["id"]}),
        )
        .await;
    assert_eq!(error_code(&body), "INVALID_INPUT");
    app.gql_ok(&admin, "mutation($id: ID!) { updateOrgMember(where: {id: $id}, data: {enabled: false}) { enabled } }", json!({"id": added["member"]["id"]}))
        .await;
    let body = app.gql(&heidi, PROJECT, json!({"id": project})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ACCESS");

    // The only admin cannot remove themselves.
    let members = app.gql_ok(&admin, "{ me(withMembers: true) { currentOrg { members { id role email } } } }", json!({})).await;
    let own = members["me"]["currentOrg"]["members"].as_array().unwrap().iter().find(|m| m["role"] == "ADMIN").unwrap().clone();
    let body = app.gql(&admin, "mutation($id: ID!) { deleteOrgMember(where: {id: $id}) }", json!({"id": own["id"]})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT");
}

async fn project_state(app: &TestApp, client: &reqwest::Client, id: &Value) -> Option<Value> {
    let body = app.gql(client, PROJECT, json!({"id": id})).await;
    body["data"]["project"].as_object().map(|_| body["data"]["project"].clone())
}

#[tokio::test]
async fn delete_and_reset_run_as_workflows_and_answer_at_once() {
    let mut app = TestApp::spawn().await;
    let (client, _) = app.signed_in("ivan").await;
    app.gql_ok(&client, "mutation { createOrg(data: {name: \"Ivan Org\"}) { id } }", json!({})).await;
    let doomed = app.gql_ok(&client, CREATE, json!({"name": "Doomed"})).await["createProject"]["id"].clone();
    let reset = app.gql_ok(&client, CREATE, json!({"name": "Again"})).await["createProject"]["id"].clone();
    sqlx::query("UPDATE projects SET onboarding_status = 'ONBOARDING_FINISHED' WHERE id = $1::uuid")
        .bind(reset.as_str().unwrap())
        .execute(&app.state.pool)
        .await
        .unwrap();

    // No worker yet: the api still answers at once, with the in-progress state.
    let deleting = app.gql_ok(&client, "mutation($id: ID!) { deleteProject(where: {id: $id}) { state } }", json!({"id": doomed})).await;
    assert_eq!(deleting["deleteProject"]["state"], "DELETING");
    let resetting = app.gql_ok(&client, "mutation($id: ID!) { resetProject(where: {id: $id}) { state } }", json!({"id": reset})).await;
    assert_eq!(resetting["resetProject"]["state"], "RESETTING");
    assert_eq!(project_state(&app, &client, &doomed).await.unwrap()["state"], "DELETING");
    // Asking again while it runs is not an error; asking for the other removal is.
    app.gql_ok(&client, "mutation($id: ID!) { deleteProject(where: {id: $id}) { state } }", json!({"id": doomed})).await;
    let body = app.gql(&client, "mutation($id: ID!) { resetProject(where: {id: $id}) { state } }", json!({"id": doomed})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT");

    app.start_worker();
    let (a, c) = (&app, &client);
    eventually("the project to be deleted", Duration::from_secs(60), || async { project_state(a, c, &doomed).await.is_none().then_some(()) }).await;
    eventually("the project to be reset", Duration::from_secs(60), || async { project_state(a, c, &reset).await.filter(|p| p["state"] == "ACTIVE") }).await;
    let after = project_state(&app, &client, &reset).await.unwrap();
    assert_eq!(after["onboardingStatus"], "NOT_STARTED");
    assert_eq!(after["displayName"], "Again", "a reset keeps the project itself");
    let projects = app.gql_ok(&client, "{ projects { id } }", json!({})).await;
    assert_eq!(projects["projects"].as_array().unwrap().len(), 1);

    let ready = reqwest::get(format!("{}/readyz", app.url)).await.unwrap();
    assert_eq!(ready.status(), StatusCode::OK, "{}", ready.text().await.unwrap());
}

#[tokio::test]
async fn malformed_and_oversized_graphql_requests_get_clear_errors() {
    let app = TestApp::spawn().await;
    let (client, _) = app.signed_in("judy").await;
    let url = format!("{}/api/graphql", app.url);

    let res = client.post(&url).header("content-type", "application/json").body("{\"query\": ").send().await.unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body: Value = res.json().await.unwrap();
    assert_eq!(error_code(&body), "INVALID_INPUT");

    let huge = "x".repeat(3 * 1024 * 1024);
    let res = client.post(&url).json(&json!({"query": format!("{{ me {{ id }} }} # {huge}")})).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let body: Value = res.json().await.unwrap();
    assert_eq!(error_code(&body), "INVALID_INPUT");

    let res = client.post(&url).header("content-type", "application/x-www-form-urlencoded").body("query=%7Bme%7Bid%7D%7D").send().await.unwrap();
    assert_eq!(res.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);

    let body = app.gql(&client, "{ me { noSuchField } }", json!({})).await;
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("noSuchField"));
    let body = app.gql(&client, "query($id: ID!) { project(where: {id: $id}) { id } }", json!({"id": "not-a-uuid"})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT");
    let body = app.gql(&client, "mutation { createOrg(data: {name: \"\"}) { id } }", json!({})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT");
    let orgs = app.gql_ok(&client, "{ orgs { id } }", json!({})).await;
    assert_eq!(orgs["orgs"].as_array().unwrap().len(), 0, "nothing half-written");
}

#[tokio::test]
async fn adding_an_existing_account_as_a_member_is_refused_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in("judge").await;
    app.gql_ok(&admin, "mutation { createOrg(data: {name: \"Grabby Org\"}) { id } }", json!({})).await;
    // Someone who signed up and never verified, and someone settled elsewhere.
    let unverified = unique_email("unverified");
    quarry_domain::user::create_user(&app.state.pool, &unverified, "their-own-pass", None, false).await.unwrap();
    let (settled, settled_password) = app.user("settled").await;
    let row = |email: String| {
        let pool = app.state.pool.clone();
        async move {
            sqlx::query_as::<_, (String, bool, Option<uuid::Uuid>, i64, i64)>(
                "SELECT u.password_hash, u.email_verified, u.current_org_id,
                        (SELECT count(*) FROM org_members m WHERE m.user_id = u.id),
                        (SELECT count(*) FROM email_tokens t WHERE t.user_id = u.id)
                 FROM users u WHERE u.email = $1",
            )
            .bind(email)
            .fetch_one(&pool)
            .await
            .unwrap()
        }
    };
    let add = "mutation($e: String!) { createOrgMember(data: {email: $e, role: ADMIN}) { success temporaryPassword } }";
    for email in [unverified.clone(), settled.clone()] {
        let before = row(email.clone()).await;
        let body = app.gql(&admin, add, json!({"e": format!("  {}  ", email.to_uppercase())})).await;
        assert_eq!(error_code(&body), "INVALID_INPUT", "{body}");
        assert_eq!(body["errors"][0]["message"], quarry_domain::org::EXISTING_ACCOUNT_MESSAGE);
        assert!(body["data"].is_null() || body["data"]["createOrgMember"].is_null());
        // Not attached, not verified, password and current org untouched, no link issued.
        assert_eq!(row(email).await, before);
    }
    let members = app.gql_ok(&admin, "{ me(withMembers: true) { currentOrg { members { email } } } }", json!({})).await;
    assert_eq!(members["me"]["currentOrg"]["members"].as_array().unwrap().len(), 1);
    app.signed_in_as(&settled, &settled_password).await;
}
