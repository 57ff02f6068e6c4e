//! Organisations in full: invitations (new and existing accounts, expired, withdrawn and
//! someone else's), groups whose project roles count at once, the activity log, usage, and
//! deleting an org with its projects through a killed worker.

use quarry_domain::{org, permissions::OrgRole, user};
use quarry_test_kit::{
    TestApp,
    asking::{ask, music, settle},
    error_code, eventually, link_param, unique_email,
};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;
use uuid::Uuid;

const INVITE: &str = "mutation($e: String!, $r: OrgRole!, $p: [InvitedProjectInput!]!) {
    createAndSendInvitation(data: {email: $e, role: $r, projects: $p}) { id email role url status invitor { email } org { name } projects { id role } } }";
const BY_CODE: &str = "query($c: String!) { invitationByCode(code: $c) { email role status org { name } invitor { email } projects { displayName role } } }";
const ACCEPT_CODE: &str = "mutation($c: String!) { acceptInvitation(data: {code: $c}) { id name myRole } }";
const MY_ROLE: &str = "query($id: ID!) { project(where: {id: $id}) { myRole } }";
const LOG: &str = "query($f: ActivityLogFilter, $o: Int, $l: Int) { activityLogs(filter: $f, offset: $o, limit: $l) {
    total items { kind actorId actorEmail targetKind targetLabel projectId detail clientAddress createdAt } } }";

/// A signed-in admin of a new org with one project: (client, e-mail, org id, project id).
async fn admin_with_project(app: &TestApp, label: &str) -> (Client, String, String, String) {
    let (admin, email) = app.signed_in(label).await;
    let org = app.gql_ok(&admin, "mutation($n: String!) { createOrg(data: {name: $n}) { id } }", json!({"n": format!("{label} Co")})).await;
    let project = app.gql_ok(&admin, "mutation { createProject(data: {displayName: \"Sales\"}) { id } }", json!({})).await;
    (admin, email, org["createOrg"]["id"].as_str().unwrap().into(), project["createProject"]["id"].as_str().unwrap().into())
}

async fn log(app: &TestApp, admin: &Client, filter: Value) -> Vec<Value> {
    app.gql_ok(admin, LOG, json!({"f": filter, "l": 200})).await["activityLogs"]["items"].as_array().unwrap().clone()
}

fn kinds(entries: &[Value]) -> Vec<&str> {
    entries.iter().map(|e| e["kind"].as_str().unwrap()).collect()
}

async fn user_id(app: &TestApp, email: &str) -> Uuid {
    user::find_by_email(&app.state.pool, email).await.unwrap().unwrap().id
}

#[tokio::test]
async fn an_invitation_is_mailed_and_accepted_by_a_new_and_an_existing_account() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (admin, admin_email, org_id, project) = admin_with_project(&app, "ivy").await;

    // A new person, MEMBER and VIEWER of the project.
    let newcomer = unique_email("newcomer");
    let sent = app.gql_ok(&admin, INVITE, json!({"e": newcomer, "r": "MEMBER", "p": [{"projectId": project, "role": "VIEWER"}]})).await;
    let sent = &sent["createAndSendInvitation"];
    assert_eq!(sent["status"], "PENDING");
    assert_eq!(sent["invitor"]["email"], admin_email.as_str());
    let url = sent["url"].as_str().expect("the link is shown once, to the admin who sent it");
    let mail = app.mail_to(&newcomer).await;
    assert!(mail.contains("ivy Co"), "the mail names the org:\n{mail}");
    let code = link_param(&mail, "/invitation", "code");
    assert!(url.ends_with(&format!("/invitation?code={code}")), "{url} is the mailed link");
    // Listed afterwards without the link: codes are stored hashed.
    let listed = app.gql_ok(&admin, "{ invitations { email url status projects { role } } }", json!({})).await;
    assert_eq!(listed["invitations"][0]["email"], newcomer.as_str());
    assert!(listed["invitations"][0]["url"].is_null());

    // The invitation page, signed out.
    let anonymous = app.client();
    let page = app.gql_ok(&anonymous, BY_CODE, json!({"c": code})).await;
    assert_eq!(page["invitationByCode"]["org"]["name"], "ivy Co");
    assert_eq!(page["invitationByCode"]["email"], newcomer.as_str());
    assert_eq!(page["invitationByCode"]["projects"], json!([{"displayName": "Sales", "role": "VIEWER"}]));

    // Signing up from the link: sign-in works at once, and the invitation can be accepted.
    let (status, _) = app.post_auth(&anonymous, "signup", json!({"email": newcomer, "password": "a good long password", "invitationCode": code})).await;
    assert_eq!(status, StatusCode::CREATED);
    let newbie = app.signed_in_as(&newcomer, "a good long password").await;
    let joined = app.gql_ok(&newbie, ACCEPT_CODE, json!({"c": code})).await;
    assert_eq!(joined["acceptInvitation"]["id"], org_id.as_str());
    assert_eq!(joined["acceptInvitation"]["myRole"], "MEMBER");
    let me = app.gql_ok(&newbie, "{ me { currentOrg { id } currentOrgRole } projects { id } }", json!({})).await;
    assert_eq!(me["me"]["currentOrg"]["id"], org_id.as_str());
    assert_eq!(me["projects"], json!([{"id": project}]));
    assert_eq!(app.gql_ok(&newbie, MY_ROLE, json!({"id": project})).await["project"]["myRole"], "VIEWER");
    // Used up.
    assert_eq!(error_code(&app.gql(&newbie, ACCEPT_CODE, json!({"c": code})).await), "INVITATION_NOT_FOUND");

    // Someone with an account (and an org of their own) joins as ADMIN and CONTRIBUTOR, from
    // the invitations waiting for them, by id.
    let (veteran, veteran_email) = app.signed_in("veteran").await;
    app.gql_ok(&veteran, "mutation { createOrg(data: {name: \"Veteran Inc\"}) { id } }", json!({})).await;
    app.gql_ok(&admin, INVITE, json!({"e": veteran_email.to_uppercase(), "r": "ADMIN", "p": [{"projectId": project, "role": "CONTRIBUTOR"}]})).await;
    let pending = app.gql_ok(&veteran, "{ pendingInvitations { id org { name } role } }", json!({})).await;
    assert_eq!(pending["pendingInvitations"][0]["org"]["name"], "ivy Co");
    let id = pending["pendingInvitations"][0]["id"].clone();
    let joined = app.gql_ok(&veteran, "mutation($id: ID!) { acceptInvitation(data: {id: $id}) { myRole } }", json!({"id": id})).await;
    assert_eq!(joined["acceptInvitation"]["myRole"], "ADMIN");
    assert_eq!(app.gql_ok(&veteran, MY_ROLE, json!({"id": project})).await["project"]["myRole"], "CONTRIBUTOR");
    let orgs = app.gql_ok(&veteran, "{ orgs { name } }", json!({})).await;
    assert_eq!(orgs["orgs"].as_array().unwrap().len(), 2, "they keep their own org");
    assert_eq!(app.gql_ok(&admin, "{ invitations { id } }", json!({})).await["invitations"], json!([]));

    // The log: sent by the admin, accepted by each invitee, from the request's address.
    let entries = log(&app, &admin, json!({"kinds": ["INVITATION_SENT", "INVITATION_ACCEPTED"]})).await;
    assert_eq!(kinds(&entries), ["INVITATION_ACCEPTED", "INVITATION_SENT", "INVITATION_ACCEPTED", "INVITATION_SENT"]);
    assert_eq!(entries[0]["actorEmail"], veteran_email.as_str());
    assert_eq!(entries[1]["actorEmail"], admin_email.as_str());
    assert_eq!(entries[2]["actorEmail"], newcomer.as_str());
    assert_eq!(entries[3]["targetLabel"], newcomer.as_str());
    assert_eq!(entries[3]["detail"]["projects"][0]["role"], "VIEWER");
    assert!(entries.iter().all(|e| e["clientAddress"] == "127.0.0.1"), "{entries:?}");
}

#[tokio::test]
async fn expired_withdrawn_and_someone_elses_invitations_are_refused_with_their_codes() {
    let mut app = TestApp::spawn_with(|c| c.invitation_ttl = Duration::from_secs(2)).await;
    app.start_worker();
    let (admin, _, org_id, project) = admin_with_project(&app, "jade").await;

    // Expired: listed as EXPIRED, refused with INVITATION_EXPIRED.
    let (late, late_email) = app.signed_in("late").await;
    app.gql_ok(&admin, INVITE, json!({"e": late_email, "r": "MEMBER", "p": []})).await;
    let code = link_param(&app.mail_to(&late_email).await, "/invitation", "code");
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(app.gql_ok(&admin, "{ invitations { status } }", json!({})).await["invitations"][0]["status"], "EXPIRED");
    assert_eq!(app.gql_ok(&app.client(), BY_CODE, json!({"c": code})).await["invitationByCode"]["status"], "EXPIRED");
    assert_eq!(error_code(&app.gql(&late, ACCEPT_CODE, json!({"c": code})).await), "INVITATION_EXPIRED");
    assert!(app.gql_ok(&late, "{ pendingInvitations { id } }", json!({})).await["pendingInvitations"].as_array().unwrap().is_empty());
    // Inviting again sends a fresh, pending invitation with a new link.
    let again = app.gql_ok(&admin, INVITE, json!({"e": late_email, "r": "MEMBER", "p": []})).await;
    assert_eq!(again["createAndSendInvitation"]["status"], "PENDING");
    assert!(!again["createAndSendInvitation"]["url"].as_str().unwrap().ends_with(&code));
    assert_eq!(app.gql_ok(&admin, "{ invitations { id } }", json!({})).await["invitations"].as_array().unwrap().len(), 1, "it replaced the expired one");
    org::add_member(&app.state.pool, org_id.parse().unwrap(), user_id(&app, &late_email).await, OrgRole::Member).await.unwrap();

    // Withdrawn: INVITATION_NOT_FOUND, and the withdrawal is logged.
    let (gone, gone_email) = app.signed_in("withdrawn").await;
    let sent = app.gql_ok(&admin, INVITE, json!({"e": gone_email, "r": "MEMBER", "p": []})).await;
    let code = link_param(&app.mail_to(&gone_email).await, "/invitation", "code");
    app.gql_ok(&admin, "mutation($id: ID!) { deleteInvitation(where: {id: $id}) }", json!({"id": sent["createAndSendInvitation"]["id"]})).await;
    assert_eq!(error_code(&app.gql(&gone, ACCEPT_CODE, json!({"c": code})).await), "INVITATION_NOT_FOUND");
    assert_eq!(error_code(&app.gql(&app.client(), BY_CODE, json!({"c": code})).await), "INVITATION_NOT_FOUND");
    assert_eq!(error_code(&app.gql(&gone, ACCEPT_CODE, json!({"c": "made-up"})).await), "INVITATION_NOT_FOUND");

    // Someone else's: a code for another address is refused for this account, naming the
    // address to sign in as; by id it is not even found.
    let target = unique_email("target");
    let sent = app.gql_ok(&admin, INVITE, json!({"e": target, "r": "ADMIN", "p": [{"projectId": project, "role": "OWNER"}]})).await;
    let code = link_param(&app.mail_to(&target).await, "/invitation", "code");
    let (thief, _) = app.signed_in("thief").await;
    let body = app.gql(&thief, ACCEPT_CODE, json!({"c": code})).await;
    assert_eq!(error_code(&body), "INVITATION_NOT_MATCH_USER");
    assert!(body["errors"][0]["message"].as_str().unwrap().contains(&target), "{body}");
    let body = app.gql(&thief, "mutation($id: ID!) { acceptInvitation(data: {id: $id}) { id } }", json!({"id": sent["createAndSendInvitation"]["id"]})).await;
    assert_eq!(error_code(&body), "INVITATION_NOT_FOUND");
    assert_eq!(error_code(&app.gql(&thief, MY_ROLE, json!({"id": project})).await), "UNAUTHORIZED_ACCESS");
    // A code does not verify an account of another address at sign-up.
    let other = unique_email("other");
    let (status, _) = app.post_auth(&app.client(), "signup", json!({"email": other, "password": "a good long password", "invitationCode": code})).await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, body) = app.post_auth(&app.client(), "callback/credentials", json!({"email": other, "password": "a good long password"})).await;
    assert_eq!(body["error"]["code"], "EMAIL_NOT_VERIFIED", "{body}");

    // Members are not invited again; members (not admins) cannot invite or see invitations.
    let body = app.gql(&admin, INVITE, json!({"e": late_email, "r": "MEMBER", "p": []})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT");
    assert_eq!(error_code(&app.gql(&late, INVITE, json!({"e": unique_email("x"), "r": "MEMBER", "p": []})).await), "UNAUTHORIZED_ROLE_ACCESS");
    assert_eq!(error_code(&app.gql(&late, "{ invitations { id } }", json!({})).await), "UNAUTHORIZED_ROLE_ACCESS");
    // A project of another org cannot be promised.
    let (_, _, _, foreign) = admin_with_project(&app, "foreign").await;
    let body = app.gql(&admin, INVITE, json!({"e": unique_email("y"), "r": "MEMBER", "p": [{"projectId": foreign, "role": "OWNER"}]})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT");

    assert_eq!(kinds(&log(&app, &admin, json!({"kinds": ["INVITATION_DELETED"]})).await), ["INVITATION_DELETED"]);
}

#[tokio::test]
async fn a_groups_project_role_counts_at_once_and_ends_at_once() {
    let app = TestApp::spawn().await;
    let (admin, admin_email, org_id, project) = admin_with_project(&app, "kai").await;
    let (member, member_email) = app.signed_in("member").await;
    let member_id = user_id(&app, &member_email).await;
    // Existing accounts join by invitation; the domain call stands in for accepting one here.
    org::add_member(&app.state.pool, org_id.parse().unwrap(), member_id, OrgRole::Member).await.unwrap();
    let knowledge = "query($p: ID!) { sqlPairs(projectId: $p) { id } }";
    assert_eq!(error_code(&app.gql(&member, MY_ROLE, json!({"id": project})).await), "UNAUTHORIZED_ACCESS");

    let group = app.gql_ok(&admin, "mutation { createOrgGroup(data: {name: \"Analysts\"}) { id name memberCount } }", json!({})).await;
    let group_id = group["createOrgGroup"]["id"].clone();
    let body = app.gql(&admin, "mutation { createOrgGroup(data: {name: \" analysts \"}) { id } }", json!({})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT", "names are unique per org, whatever the case");
    let added = app
        .gql_ok(
            &admin,
            "mutation($g: ID!, $u: ID!) { addOrgGroupMember(data: {groupId: $g, userId: $u}) { memberCount } }",
            json!({"g": group_id, "u": member_id}),
        )
        .await;
    assert_eq!(added["addOrgGroupMember"]["memberCount"], 1);
    let set = |role: &str| json!({"p": project, "g": group_id, "r": role});
    app.gql_ok(
        &admin,
        "mutation($p: ID!, $g: ID!, $r: ProjectRole!) { addProjectGroup(data: {projectId: $p, groupId: $g, role: $r}) { role } }",
        set("CONTRIBUTOR"),
    )
    .await;

    // The group's role, in the same session: the project is listed and knowledge is open.
    assert_eq!(app.gql_ok(&member, MY_ROLE, json!({"id": project})).await["project"]["myRole"], "CONTRIBUTOR");
    assert_eq!(app.gql_ok(&member, "{ projects { id } }", json!({})).await["projects"], json!([{"id": project}]));
    app.gql_ok(&member, knowledge, json!({"p": project})).await;
    // Their own lower role does not lower it: the highest counts.
    app.gql_ok(
        &admin,
        "mutation($p: ID!, $e: String!) { addProjectMember(data: {projectId: $p, email: $e, role: VIEWER}) { role } }",
        json!({"p": project, "e": member_email}),
    )
    .await;
    assert_eq!(app.gql_ok(&member, MY_ROLE, json!({"id": project})).await["project"]["myRole"], "CONTRIBUTOR");

    // Lowering the group's role lowers theirs at once.
    app.gql_ok(
        &admin,
        "mutation($p: ID!, $g: ID!, $r: ProjectRole!) { updateProjectGroupRole(data: {projectId: $p, groupId: $g, role: $r}) { role } }",
        set("VIEWER"),
    )
    .await;
    assert_eq!(error_code(&app.gql(&member, knowledge, json!({"p": project})).await), "UNAUTHORIZED_ROLE_ACCESS");
    // OWNER through the group: they may rename the project.
    app.gql_ok(
        &admin,
        "mutation($p: ID!, $g: ID!, $r: ProjectRole!) { updateProjectGroupRole(data: {projectId: $p, groupId: $g, role: $r}) { role } }",
        set("OWNER"),
    )
    .await;
    app.gql_ok(&member, "mutation($id: ID!) { updateProject(where: {id: $id}, data: {displayName: \"Sales EU\"}) { id } }", json!({"id": project})).await;
    // Leaving the group ends it at once; their own VIEWER role remains.
    app.gql_ok(
        &admin,
        "mutation($g: ID!, $u: ID!) { removeOrgGroupMember(data: {groupId: $g, userId: $u}) { memberCount } }",
        json!({"g": group_id, "u": member_id}),
    )
    .await;
    assert_eq!(app.gql_ok(&member, MY_ROLE, json!({"id": project})).await["project"]["myRole"], "VIEWER");
    app.gql_ok(&admin, "mutation($p: ID!, $u: ID!) { removeProjectMember(data: {projectId: $p, userId: $u}) }", json!({"p": project, "u": member_id})).await;
    assert_eq!(error_code(&app.gql(&member, MY_ROLE, json!({"id": project})).await), "UNAUTHORIZED_ACCESS");
    // Back in the group, then the group's role is removed: access goes with it.
    app.gql_ok(&admin, "mutation($g: ID!, $u: ID!) { addOrgGroupMember(data: {groupId: $g, userId: $u}) { id } }", json!({"g": group_id, "u": member_id}))
        .await;
    assert_eq!(app.gql_ok(&member, MY_ROLE, json!({"id": project})).await["project"]["myRole"], "OWNER");
    let groups = app.gql_ok(&admin, "query($id: ID!) { project(where: {id: $id}) { groups { name role memberCount } } }", json!({"id": project})).await;
    assert_eq!(groups["project"]["groups"], json!([{"name": "Analysts", "role": "OWNER", "memberCount": 1}]));
    app.gql_ok(&admin, "mutation($p: ID!, $g: ID!) { removeProjectGroup(data: {projectId: $p, groupId: $g}) }", json!({"p": project, "g": group_id})).await;
    assert_eq!(error_code(&app.gql(&member, MY_ROLE, json!({"id": project})).await), "UNAUTHORIZED_ACCESS");
    assert_eq!(app.gql_ok(&member, "{ projects { id } }", json!({})).await["projects"], json!([]));

    // Members see groups and who is in them, but do not manage them.
    let members = app.gql_ok(&member, "{ me(withMembers: true) { currentOrg { members { email groups { name } } } } }", json!({})).await;
    let listed = members["me"]["currentOrg"]["members"].as_array().unwrap().iter().find(|m| m["email"] == member_email.as_str()).unwrap().clone();
    assert_eq!(listed["groups"], json!([{"name": "Analysts"}]));
    assert_eq!(error_code(&app.gql(&member, "mutation { createOrgGroup(data: {name: \"Mine\"}) { id } }", json!({})).await), "UNAUTHORIZED_ROLE_ACCESS");
    // Only the org's own people and groups: an outsider cannot join, a foreign group cannot be given a role.
    let (_, outsider_email) = app.signed_in("outsider").await;
    let outsider = user_id(&app, &outsider_email).await;
    let body = app
        .gql(&admin, "mutation($g: ID!, $u: ID!) { addOrgGroupMember(data: {groupId: $g, userId: $u}) { id } }", json!({"g": group_id, "u": outsider}))
        .await;
    assert_eq!(error_code(&body), "INVALID_INPUT");
    let (stranger, _, _, _) = admin_with_project(&app, "stranger").await;
    let foreign = app.gql_ok(&stranger, "mutation { createOrgGroup(data: {name: \"Theirs\"}) { id } }", json!({})).await["createOrgGroup"]["id"].clone();
    let body = app
        .gql(
            &admin,
            "mutation($p: ID!, $g: ID!) { addProjectGroup(data: {projectId: $p, groupId: $g, role: OWNER}) { id } }",
            json!({"p": project, "g": foreign}),
        )
        .await;
    assert_eq!(error_code(&body), "INVALID_INPUT");
    assert_eq!(error_code(&app.gql(&stranger, "mutation($g: ID!) { deleteOrgGroup(where: {id: $g}) }", json!({"g": group_id})).await), "UNAUTHORIZED_ACCESS");

    let entries = log(&app, &admin, json!({"actorId": user_id(&app, &admin_email).await})).await;
    let seen = kinds(&entries);
    for kind in ["GROUP_CREATED", "GROUP_MEMBER_ADDED", "GROUP_MEMBER_REMOVED", "PROJECT_GROUP_ADDED", "PROJECT_GROUP_UPDATED", "PROJECT_GROUP_REMOVED"] {
        assert!(seen.contains(&kind), "{kind} missing from {seen:?}");
    }
    let added = entries.iter().find(|e| e["kind"] == "PROJECT_GROUP_ADDED").unwrap();
    assert_eq!(
        (added["targetKind"].as_str(), added["targetLabel"].as_str(), added["projectId"].as_str()),
        (Some("GROUP"), Some("Analysts"), Some(project.as_str()))
    );
    assert_eq!(added["detail"]["role"], "CONTRIBUTOR");
    let removed = entries.iter().find(|e| e["kind"] == "PROJECT_GROUP_REMOVED").unwrap();
    assert_eq!(removed["targetLabel"], "Analysts", "the entry names the group that lost its role");
    let left = entries.iter().find(|e| e["kind"] == "PROJECT_MEMBER_REMOVED").unwrap();
    assert_eq!(left["targetLabel"], member_email.as_str());
}

#[tokio::test]
async fn the_activity_log_records_sign_ins_is_for_admins_and_cannot_be_changed() {
    let app = TestApp::spawn().await;
    let (admin, _, org_id, _) = admin_with_project(&app, "lena").await;
    let (member_email, password) = app.user("milo").await;
    let member_id = user_id(&app, &member_email).await;
    org::add_member(&app.state.pool, org_id.parse().unwrap(), member_id, OrgRole::Member).await.unwrap();

    let (_, body) = app.post_auth(&app.client(), "callback/credentials", json!({"email": member_email, "password": "wrong password!"})).await;
    assert_eq!(body["error"]["code"], "UNAUTHORIZED_ACCESS");
    // An address without an account is nobody's event.
    app.post_auth(&app.client(), "callback/credentials", json!({"email": unique_email("ghost"), "password": "whatever it is"})).await;
    let member = app.signed_in_as(&member_email, &password).await;

    let entries = log(&app, &admin, json!({"actorId": member_id})).await;
    assert_eq!(kinds(&entries), ["SIGN_IN", "SIGN_IN_FAILED"]);
    assert!(entries.iter().all(|e| e["clientAddress"] == "127.0.0.1" && e["targetLabel"] == member_email.as_str()));
    let failed = log(&app, &admin, json!({"kinds": ["SIGN_IN_FAILED"]})).await;
    assert_eq!(failed.len(), 1, "the unknown address left no entry: {failed:?}");

    // Paging and the date filter.
    let page = app.gql_ok(&admin, LOG, json!({"f": {}, "o": 1, "l": 1})).await;
    let total = page["activityLogs"]["total"].as_i64().unwrap();
    assert!(total >= 3, "sign-ins, the project and the member's events: {page}");
    assert_eq!(page["activityLogs"]["items"].as_array().unwrap().len(), 1);
    let future = log(&app, &admin, json!({"from": "2999-01-01T00:00:00Z"})).await;
    assert!(future.is_empty());
    let all = log(&app, &admin, json!({"to": "2999-01-01T00:00:00Z"})).await;
    assert_eq!(all.len() as i64, total);

    // Admins only; nothing in the schema edits it, and the database refuses to.
    assert_eq!(error_code(&app.gql(&member, LOG, json!({})).await), "UNAUTHORIZED_ROLE_ACCESS");
    let mutations = app.gql_ok(&admin, "{ __schema { mutationType { fields { name } } } }", json!({})).await;
    let names: Vec<&str> = mutations["__schema"]["mutationType"]["fields"].as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert!(!names.iter().any(|n| n.to_lowercase().contains("activity")), "{names:?}");
    let pool = &app.state.pool;
    let org: Uuid = org_id.parse().unwrap();
    let updated = sqlx::query("UPDATE activity_logs SET actor_email = 'someone@else' WHERE org_id = $1").bind(org).execute(pool).await;
    assert!(updated.unwrap_err().to_string().contains("append-only"));
    let deleted = sqlx::query("DELETE FROM activity_logs WHERE org_id = $1").bind(org).execute(pool).await;
    assert!(deleted.unwrap_err().to_string().contains("append-only"));
}

#[tokio::test]
async fn usage_counts_questions_asked_and_lists_them_with_filters() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (admin, admin_email) = app.signed_in("nora").await;
    let project = music(&app, &admin, "Usage music").await;
    let task = ask(&app, &admin, &project, "How many tracks are there?", None).await;
    settle(&app, &admin, &project, task["id"].as_str().unwrap(), 120).await;
    let usage = app
        .gql_ok(&admin, "{ me(withUsage: true) { currentOrg { usage { totalMembers totalProjects questionsAsked totalApiCalls rowsExported } } } }", json!({}))
        .await;
    assert_eq!(usage["me"]["currentOrg"]["usage"], json!({"totalMembers": 1, "totalProjects": 1, "questionsAsked": 1, "totalApiCalls": 0, "rowsExported": 0}));
    let q = "query($f: UsageLogFilter) { usageLogs(filter: $f) { total items { type value projectId userEmail detail } } }";
    let logs = app.gql_ok(&admin, q, json!({"f": {"type": "QUESTION", "projectId": project}})).await;
    assert_eq!(logs["usageLogs"]["total"], 1);
    let item = &logs["usageLogs"]["items"][0];
    assert_eq!((item["type"].as_str(), item["value"].as_i64(), item["userEmail"].as_str()), (Some("QUESTION"), Some(1), Some(admin_email.as_str())));
    assert_eq!(item["detail"]["threadId"], task["threadId"]);
    let none = app.gql_ok(&admin, q, json!({"f": {"type": "API_CALL"}})).await;
    assert_eq!(none["usageLogs"]["total"], 0);
}

#[tokio::test]
async fn deleting_an_org_with_three_projects_completes_through_a_killed_worker() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (admin, _) = app.signed_in("olga").await;
    let first = music(&app, &admin, "Doomed music").await;
    let org_id = app.gql_ok(&admin, "{ me { currentOrg { id } } }", json!({})).await["me"]["currentOrg"]["id"].as_str().unwrap().to_owned();
    let mut projects = vec![first];
    for name in ["Second", "Third"] {
        let created = app.gql_ok(&admin, "mutation($n: String!) { createProject(data: {displayName: $n}) { id } }", json!({"n": name})).await;
        projects.push(created["createProject"]["id"].as_str().unwrap().to_owned());
    }
    let group = app.gql_ok(&admin, "mutation { createOrgGroup(data: {name: \"Everyone\"}) { id } }", json!({})).await["createOrgGroup"]["id"].clone();
    app.gql_ok(
        &admin,
        "mutation($p: ID!, $g: ID!) { addProjectGroup(data: {projectId: $p, groupId: $g, role: VIEWER}) { id } }",
        json!({"p": projects[1], "g": group}),
    )
    .await;
    app.gql_ok(&admin, INVITE, json!({"e": unique_email("never"), "r": "MEMBER", "p": [{"projectId": projects[2], "role": "VIEWER"}]})).await;
    let (other, other_email) = app.signed_in("other-org").await;
    let kept = app.gql_ok(&other, "mutation { createOrg(data: {name: \"Survivor\"}) { id } }", json!({})).await["createOrg"]["id"].clone();
    let other_id = user_id(&app, &other_email).await;
    org::add_member(&app.state.pool, org_id.parse().unwrap(), other_id, OrgRole::Member).await.unwrap();
    // Working in the doomed org when it goes.
    user::set_current(&app.state.pool, other_id, Some(org_id.parse().unwrap()), None).await.unwrap();
    let (status, _) = app.upload_csv(&admin, &projects[1], "orders.csv", b"id,amount\n1,9.5\n2,3.0\n".to_vec()).await;
    assert!(status.is_success(), "{status}");
    let files = app.state.config.data_dir.join("projects").join(&projects[1]);
    assert!(files.exists(), "the uploaded file is stored: {}", files.display());

    // A slow worker starts the removal and is killed part-way; a fresh one finishes it.
    app.kill_worker();
    app.start_worker_with(&[("QUARRY_CHAOS_STEP_DELAY_MS", "1500")]);
    let started = app.gql_ok(&admin, "mutation($id: ID!) { deleteOrg(where: {id: $id}) { state } }", json!({"id": org_id})).await;
    assert_eq!(started["deleteOrg"]["state"], "DELETING");
    let body = app.gql(&admin, "mutation { createProject(data: {displayName: \"Late\"}) { id } }", json!({})).await;
    assert_eq!(error_code(&body), "INVALID_INPUT", "a deleting org takes no new projects");
    let state = "query($id: ID!) { project(where: {id: $id}) { state } }";
    eventually("the removal to have begun", Duration::from_secs(60), || async {
        (app.gql(&admin, state, json!({"id": projects[0]})).await["data"]["project"]["state"] == "DELETING").then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    app.kill_worker();
    let org: Uuid = org_id.parse().unwrap();
    assert!(org::get(&app.state.pool, org).await.is_ok(), "not finished while the killed worker held it");
    app.start_worker();
    eventually("the org to be gone", Duration::from_secs(180), || async { org::get(&app.state.pool, org).await.is_err().then_some(()) }).await;

    // Nothing of it remains.
    let pool = &app.state.pool;
    for table in ["projects", "org_members", "org_groups", "invitations", "activity_logs", "usage_logs"] {
        let left: i64 = sqlx::query_scalar(&format!("SELECT count(*) FROM {table} WHERE org_id = $1")).bind(org).fetch_one(pool).await.unwrap();
        assert_eq!(left, 0, "{table} still has rows of the deleted org");
    }
    for project in &projects {
        let id: Uuid = project.parse().unwrap();
        for table in ["project_members", "project_groups", "models", "threads", "deploys", "data_sources"] {
            let left: i64 = sqlx::query_scalar(&format!("SELECT count(*) FROM {table} WHERE project_id = $1")).bind(id).fetch_one(pool).await.unwrap();
            assert_eq!(left, 0, "{table} still has rows of project {project}");
        }
        assert!(!app.state.config.data_dir.join("projects").join(project).exists(), "project {project}'s files remain");
    }
    // The admin lands on onboarding (no org left); the other member on their own org.
    let me = app.gql_ok(&admin, "{ me { currentOrg { id } currentProject { id } } orgs { id } }", json!({})).await;
    assert!(me["me"]["currentOrg"].is_null() && me["orgs"] == json!([]), "{me}");
    // Any request works in the org they are moved to, not only `me`.
    let groups = app.gql_ok(&other, "{ orgGroups { id } }", json!({})).await;
    assert_eq!(groups["orgGroups"], json!([]));
    let me = app.gql_ok(&other, "{ me { currentOrg { id } } }", json!({})).await;
    assert_eq!(me["me"]["currentOrg"]["id"], kept);
}

#[tokio::test]
async fn a_group_change_for_someone_outside_the_org_or_the_group_is_refused_and_logs_nothing_about_them() {
    let app = TestApp::spawn().await;
    let (admin, _, _, _) = admin_with_project(&app, "group-outsider").await;
    let (_, stranger_email) = app.signed_in("group-stranger").await;
    let stranger = user_id(&app, &stranger_email).await;
    let group = app.gql_ok(&admin, "mutation { createOrgGroup(data: {name: \"Analysts\"}) { id } }", json!({})).await;
    let group = group["createOrgGroup"]["id"].as_str().unwrap().to_owned();
    let change = |op: &str| format!("mutation($g: ID!, $u: ID!) {{ {op}(data: {{groupId: $g, userId: $u}}) {{ memberCount }} }}");

    // Someone of another org: neither added nor "removed".
    let added = app.gql(&admin, &change("addOrgGroupMember"), json!({"g": group, "u": stranger})).await;
    assert_eq!(error_code(&added), "INVALID_INPUT", "{added}");
    let removed = app.gql(&admin, &change("removeOrgGroupMember"), json!({"g": group, "u": stranger})).await;
    assert_eq!(error_code(&removed), "NOT_FOUND", "{removed}");
    // An id nobody has: the same answer.
    let removed = app.gql(&admin, &change("removeOrgGroupMember"), json!({"g": group, "u": Uuid::new_v4()})).await;
    assert_eq!(error_code(&removed), "NOT_FOUND", "{removed}");

    // Nothing about them reached the admin's log: no entry, no e-mail.
    let entries = log(&app, &admin, json!({})).await;
    assert!(!kinds(&entries).iter().any(|k| k.starts_with("GROUP_MEMBER")), "{entries:?}");
    assert!(!serde_json::to_string(&entries).unwrap().contains(&stranger_email), "{entries:?}");
}

#[tokio::test]
async fn an_invitation_code_seen_by_its_sender_never_stands_for_the_mailbox() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    // An attacker, admin of their own org, invites someone else's address and reads the link
    // from their own invitation; the target's real company invites the same address.
    let (attacker, _, _, _) = admin_with_project(&app, "squatter").await;
    let (company, _, _, _) = admin_with_project(&app, "victimcorp").await;
    let target = unique_email("new-hire");
    let own = app.gql_ok(&attacker, INVITE, json!({"e": target, "r": "MEMBER", "p": []})).await;
    let code = own["createAndSendInvitation"]["url"].as_str().unwrap().rsplit("code=").next().unwrap().to_owned();
    app.gql_ok(&company, INVITE, json!({"e": target, "r": "ADMIN", "p": []})).await;

    // Signing up as that address with their own code: an account that may sign in and accept
    // that one invitation, and whose mailbox is not verified.
    let anonymous = app.client();
    let (status, _) = app.post_auth(&anonymous, "signup", json!({"email": target, "password": "a good long password", "invitationCode": code})).await;
    assert_eq!(status, StatusCode::CREATED);
    let squatter = app.signed_in_as(&target, "a good long password").await;
    let pending = app.gql_ok(&squatter, "{ pendingInvitations { id org { name } } }", json!({})).await["pendingInvitations"].clone();
    assert_eq!(pending, json!([{"id": pending[0]["id"], "org": {"name": "squatter Co"}}]), "the company's invitation is not shown");

    // The company's invitation, by its id as read from the company's side: refused, nothing joined.
    let theirs = app.gql_ok(&company, "{ invitations { id } }", json!({})).await["invitations"][0]["id"].clone();
    let refused = app.gql(&squatter, "mutation($id: ID!) { acceptInvitation(data: {id: $id}) { id } }", json!({"id": theirs})).await;
    assert_eq!(error_code(&refused), "EMAIL_NOT_VERIFIED", "{refused}");
    assert_eq!(app.gql_ok(&squatter, "{ orgs { name } }", json!({})).await["orgs"], json!([]));
    assert_eq!(app.gql_ok(&company, "{ invitations { status } }", json!({})).await["invitations"], json!([{"status": "PENDING"}]));

    // The mailbox's owner answers the verification mail: then the company's invitation is theirs.
    let mail = app.mail_to_saying(&target, "/verify-email?token=").await;
    let token = link_param(&mail, "/verify-email", "token");
    let (status, _) = app.post_auth(&anonymous, "verify-email", json!({"token": token})).await;
    assert_eq!(status, StatusCode::OK);
    let pending = app.gql_ok(&squatter, "{ pendingInvitations { org { name } } }", json!({})).await["pendingInvitations"].clone();
    assert_eq!(pending.as_array().unwrap().len(), 2, "{pending}");
}

/// Makes every activity entry of the org fail to be written, until the guard is dropped.
struct UnwritableLog<'a> {
    pool: &'a sqlx::PgPool,
    name: String,
}

impl<'a> UnwritableLog<'a> {
    async fn for_org(pool: &'a sqlx::PgPool, org: Uuid) -> Self {
        let name = format!("refuse_entries_{}", org.simple());
        sqlx::query(&format!("CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the log is down'; END $$"))
            .execute(pool)
            .await
            .unwrap();
        sqlx::query(&format!("CREATE TRIGGER {name} BEFORE INSERT ON activity_logs FOR EACH ROW WHEN (NEW.org_id = '{org}') EXECUTE FUNCTION {name}()"))
            .execute(pool)
            .await
            .unwrap();
        Self { pool, name }
    }

    async fn restore(self) {
        sqlx::query(&format!("DROP TRIGGER {} ON activity_logs", self.name)).execute(self.pool).await.unwrap();
        sqlx::query(&format!("DROP FUNCTION {}()", self.name)).execute(self.pool).await.unwrap();
    }
}

#[tokio::test]
async fn a_change_whose_activity_entry_cannot_be_written_does_not_happen() {
    let app = TestApp::spawn().await;
    let (admin, _, org_id, project) = admin_with_project(&app, "tess").await;
    let pool = &app.state.pool;
    let org: Uuid = org_id.parse().unwrap();
    let (other_email, _) = app.user("otto").await;
    let other = user_id(&app, &other_email).await;
    org::add_member(pool, org, other, OrgRole::Member).await.unwrap();
    let sent = app.gql_ok(&admin, INVITE, json!({"e": unique_email("ina"), "r": "MEMBER", "p": []})).await;
    let invitation = sent["createAndSendInvitation"]["id"].as_str().unwrap().to_owned();
    let before = log(&app, &admin, json!({})).await.len();

    let down = UnwritableLog::for_org(pool, org).await;
    let attempts = [
        ("mutation($o: ID!) { updateOrg(where: {id: $o}, data: {name: \"Renamed\"}) { name } }", json!({"o": org_id})),
        ("mutation { createProject(data: {displayName: \"Lost\"}) { id } }", json!({})),
        (
            "mutation($p: ID!, $e: String!) { addProjectMember(data: {projectId: $p, email: $e, role: VIEWER}) { role } }",
            json!({"p": project, "e": other_email}),
        ),
        ("mutation($e: String!) { createAndSendInvitation(data: {email: $e, role: MEMBER, projects: []}) { id } }", json!({"e": unique_email("ivo")})),
        ("mutation($i: ID!) { deleteInvitation(where: {id: $i}) }", json!({"i": invitation})),
        ("mutation { createOrgMember(data: {email: \"nina@example.com\", role: MEMBER}) { success } }", json!({})),
        ("mutation($g: String!) { createOrgGroup(data: {name: $g}) { id } }", json!({"g": "Analysts"})),
    ];
    for (mutation, variables) in attempts {
        let body = app.gql(&admin, mutation, variables).await;
        assert!(body["errors"].is_array(), "{mutation} went through without its entry: {body}");
    }
    down.restore().await;

    // Nothing of it happened.
    let name: String = sqlx::query_scalar("SELECT name FROM orgs WHERE id = $1").bind(org).fetch_one(pool).await.unwrap();
    assert_eq!(name, "tess Co");
    let projects: i64 = sqlx::query_scalar("SELECT count(*) FROM projects WHERE org_id = $1").bind(org).fetch_one(pool).await.unwrap();
    assert_eq!(projects, 1);
    let in_project: i64 = sqlx::query_scalar("SELECT count(*) FROM project_members WHERE user_id = $1").bind(other).fetch_one(pool).await.unwrap();
    assert_eq!(in_project, 0);
    let invitations: Vec<Uuid> = sqlx::query_scalar("SELECT id FROM invitations WHERE org_id = $1").bind(org).fetch_all(pool).await.unwrap();
    assert_eq!(invitations, [invitation.parse::<Uuid>().unwrap()], "the second invitation was not made and the first not withdrawn");
    assert!(user::find_by_email(pool, "nina@example.com").await.unwrap().is_none());
    let groups: i64 = sqlx::query_scalar("SELECT count(*) FROM org_groups WHERE org_id = $1").bind(org).fetch_one(pool).await.unwrap();
    assert_eq!(groups, 0);
    assert_eq!(log(&app, &admin, json!({})).await.len(), before);
}
