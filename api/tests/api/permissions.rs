//! The permission matrix of PRODUCT.md §6, walked over GraphQL: every operation that exists
//! × every kind of caller, with a second org to prove cross-org ids are refused.

use quarry_domain::{
    error::ROLE_ACCESS_SUFFIX,
    org,
    permissions::{OrgRole, ProjectRole},
    project, user,
};
use quarry_test_kit::{TestApp, error_code, unique_email};
use reqwest::Client;
use serde_json::{Value, json};
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Caller {
    OrgAdmin,
    Owner,
    Contributor,
    Viewer,
    /// In the org, no role in the project.
    OrgMember,
    /// Admin of another org.
    Outsider,
    SignedOut,
}
use Caller::*;
const CALLERS: [Caller; 7] = [OrgAdmin, Owner, Contributor, Viewer, OrgMember, Outsider, SignedOut];

#[derive(Debug, Clone, Copy, PartialEq)]
enum Expect {
    Allow,
    /// UNAUTHORIZED_ROLE_ACCESS with the contact sentence.
    Role,
    /// UNAUTHORIZED_ACCESS: signed out, or not a member.
    Denied,
}
use Expect::*;

struct World {
    app: TestApp,
    clients: Vec<(Caller, Client, Uuid)>,
    org_id: Uuid,
    project_id: Uuid,
}

impl World {
    async fn build() -> Self {
        let app = TestApp::spawn().await.with_worker();
        let pool = &app.state.pool.clone();
        let mut ids = std::collections::HashMap::new();
        let mut clients = Vec::new();
        for caller in CALLERS {
            if caller == SignedOut {
                clients.push((caller, app.client(), Uuid::nil()));
                continue;
            }
            let (email, password) = app.user(&format!("{caller:?}")).await;
            let u = user::find_by_email(pool, &email).await.unwrap().unwrap();
            ids.insert(caller, u.id);
            clients.push((caller, app.signed_in_as(&email, &password).await, u.id));
        }
        let org = org::create(pool, ids[&OrgAdmin], "Org A").await.unwrap();
        for caller in [Owner, Contributor, Viewer, OrgMember] {
            org::add_member(pool, org.id, ids[&caller], OrgRole::Member).await.unwrap();
        }
        org::create(pool, ids[&Outsider], "Org B").await.unwrap();
        let world = Self { app, clients, org_id: org.id, project_id: Uuid::nil() };
        let project_id = world.fresh_project().await;
        for caller in [OrgAdmin, Owner, Contributor, Viewer, OrgMember] {
            user::set_current(pool, world.id(caller), Some(org.id), Some(project_id)).await.unwrap();
        }
        Self { project_id, ..world }
    }

    fn id(&self, caller: Caller) -> Uuid {
        self.clients.iter().find(|c| c.0 == caller).unwrap().2
    }

    /// A project of org A owned by Owner, with Contributor and Viewer.
    async fn fresh_project(&self) -> Uuid {
        let pool = &self.app.state.pool;
        let p = project::create(&mut pool.acquire().await.unwrap(), self.org_id, self.id(Owner), "Sales", None, None).await.unwrap();
        for (caller, role) in [(Contributor, ProjectRole::Contributor), (Viewer, ProjectRole::Viewer)] {
            let email = user::get(pool, self.id(caller)).await.unwrap().email;
            project::add_member(&mut pool.acquire().await.unwrap(), &p, &email, role).await.unwrap();
        }
        p.id
    }

    /// A new person in org A (and, when given, in a project as VIEWER); returns (user id, membership id).
    async fn fresh_member(&self, project_id: Option<Uuid>) -> (Uuid, Uuid) {
        let pool = &self.app.state.pool;
        let email = unique_email("extra");
        let admin = quarry_domain::access::Acting::new(self.id(OrgAdmin), "admin@example.com", None);
        let (member, _) =
            org::create_member(pool, &admin, self.org_id, org::NewMember { email: email.clone(), role: OrgRole::Member, first_name: None, last_name: None })
                .await
                .unwrap();
        if let Some(pid) = project_id {
            let p = project::get(pool, pid).await.unwrap();
            project::add_member(&mut pool.acquire().await.unwrap(), &p, &email, ProjectRole::Viewer).await.unwrap();
        }
        (member.user_id, member.id)
    }

    async fn fresh_org(&self) -> Uuid {
        let pool = &self.app.state.pool;
        let org = org::create(pool, self.id(OrgAdmin), "Doomed org").await.unwrap();
        org::add_member(pool, org.id, self.id(OrgMember), OrgRole::Member).await.unwrap();
        // org::create made it the admin's current org; put that back.
        user::set_current(pool, self.id(OrgAdmin), Some(self.org_id), Some(self.project_id)).await.unwrap();
        org.id
    }

    async fn run(&self, caller: Caller, query: &str, vars: Value) -> Value {
        let client = &self.clients.iter().find(|c| c.0 == caller).unwrap().1;
        self.app.gql(client, query, vars).await
    }
}

fn check(op: &str, caller: Caller, expect: Expect, body: &Value) {
    let code = error_code(body);
    match expect {
        Allow => assert!(code != "UNAUTHORIZED_ACCESS" && code != "UNAUTHORIZED_ROLE_ACCESS", "{op} as {caller:?} should be allowed: {body}"),
        Role => {
            assert_eq!(code, "UNAUTHORIZED_ROLE_ACCESS", "{op} as {caller:?}: {body}");
            let message = body["errors"][0]["message"].as_str().unwrap();
            assert!(message.ends_with(ROLE_ACCESS_SUFFIX), "{message}");
        }
        Denied => assert_eq!(code, "UNAUTHORIZED_ACCESS", "{op} as {caller:?}: {body}"),
    }
}

/// Expected outcome of a project-scoped operation for each caller.
fn project_rule(owner_only: bool) -> impl Fn(Caller) -> Expect {
    move |caller| match caller {
        OrgAdmin | Owner => Allow,
        Contributor | Viewer => {
            if owner_only {
                Role
            } else {
                Allow
            }
        }
        OrgMember | Outsider | SignedOut => Denied,
    }
}

/// Expected outcome of an org-scoped operation for each caller.
fn org_rule(admin_only: bool) -> impl Fn(Caller) -> Expect {
    move |caller| match caller {
        OrgAdmin => Allow,
        Owner | Contributor | Viewer | OrgMember => {
            if admin_only {
                Role
            } else {
                Allow
            }
        }
        Outsider | SignedOut => Denied,
    }
}

/// An operation, its query, its variables and what each caller may expect of it.
type Case = (&'static str, String, Value, Box<dyn Fn(Caller) -> Expect>);

#[tokio::test]
async fn every_operation_for_every_caller() {
    let w = World::build().await;
    let org = w.org_id.to_string();
    let project = w.project_id.to_string();

    // Read-only and non-destructive operations share the world's org and project.
    let shared: Vec<Case> = vec![
        ("project", "query($id: ID!) { project(where: {id: $id}) { id displayName } }".into(), json!({"id": project}), Box::new(project_rule(false))),
        (
            "project.members",
            "query($id: ID!) { project(where: {id: $id}) { members { email role } } }".into(),
            json!({"id": project}),
            Box::new(project_rule(false)),
        ),
        ("onboardingStatus", "query($id: ID!) { onboardingStatus(projectId: $id) }".into(), json!({"id": project}), Box::new(project_rule(false))),
        (
            "switchCurrentProject",
            "mutation($id: ID!) { switchCurrentProject(where: {id: $id}) { id } }".into(),
            json!({"id": project}),
            Box::new(project_rule(false)),
        ),
        (
            "updateProject",
            "mutation($id: ID!) { updateProject(where: {id: $id}, data: {displayName: \"Renamed\"}) { id } }".into(),
            json!({"id": project}),
            Box::new(project_rule(true)),
        ),
        ("models", "query($id: ID!) { models(projectId: $id) { id } }".into(), json!({"id": project}), Box::new(project_rule(false))),
        ("relationships", "query($id: ID!) { relationships(projectId: $id) { id } }".into(), json!({"id": project}), Box::new(project_rule(false))),
        (
            "saveRelations",
            "mutation($id: ID!) { saveRelations(projectId: $id, relations: []) { id } }".into(),
            json!({"id": project}),
            Box::new(project_rule(true)),
        ),
        ("dataSource", "query($id: ID!) { dataSource(projectId: $id) { type } }".into(), json!({"id": project}), Box::new(project_rule(false))),
        ("csvImportJobs", "query($id: ID!) { csvImportJobs(projectId: $id) { id } }".into(), json!({"id": project}), Box::new(project_rule(false))),
        (
            "startSampleDataset",
            "mutation($id: ID!) { startSampleDataset(projectId: $id, name: HR) }".into(),
            json!({"id": project}),
            Box::new(project_rule(true)),
        ),
        ("org", "query($id: ID!) { org(where: {id: $id}) { id name } }".into(), json!({"id": org}), Box::new(org_rule(false))),
        (
            "org.members",
            "query($id: ID!) { org(where: {id: $id}) { members { email } usage { totalMembers } } }".into(),
            json!({"id": org}),
            Box::new(org_rule(false)),
        ),
        ("switchCurrentOrg", "mutation($id: ID!) { switchCurrentOrg(where: {id: $id}) { id } }".into(), json!({"id": org}), Box::new(org_rule(false))),
        (
            "updateOrg",
            "mutation($id: ID!) { updateOrg(where: {id: $id}, data: {name: \"Org A\"}) { id } }".into(),
            json!({"id": org}),
            Box::new(org_rule(true)),
        ),
    ];
    for (op, query, vars, expect) in &shared {
        for caller in CALLERS {
            check(op, caller, expect(caller), &w.run(caller, query, vars.clone()).await);
        }
    }
    // switchCurrentOrg moved everyone's current org; put it back for the current-org operations.
    for caller in [OrgAdmin, Owner, Contributor, Viewer, OrgMember] {
        user::set_current(&w.app.state.pool, w.id(caller), Some(w.org_id), Some(w.project_id)).await.unwrap();
    }

    // Operations on the current org (outsiders act in their own org, so only ours are walked).
    for caller in [OrgAdmin, Owner, Contributor, Viewer, OrgMember, SignedOut] {
        let body = w.run(caller, "mutation { createProject(data: {displayName: \"New\"}) { id } }", json!({})).await;
        check("createProject", caller, if caller == SignedOut { Denied } else { Allow }, &body);
        user::set_current(&w.app.state.pool, w.id(caller), Some(w.org_id), Some(w.project_id)).await.ok();
        let body = w
            .run(
                caller,
                "mutation($e: String!) { createOrgMember(data: {email: $e, role: MEMBER}) { success temporaryPassword } }",
                json!({"e": unique_email("new")}),
            )
            .await;
        check("createOrgMember", caller, org_rule(true)(caller), &body);
        if caller == OrgAdmin {
            assert_eq!(body["data"]["createOrgMember"]["temporaryPassword"].as_str().unwrap().len(), 16);
        }
    }

    // Destructive operations get a fresh target for every caller.
    for caller in CALLERS {
        let pid = w.fresh_project().await.to_string();
        let body = w.run(caller, "mutation($id: ID!) { resetProject(where: {id: $id}) { state } }", json!({"id": pid})).await;
        check("resetProject", caller, project_rule(true)(caller), &body);
        if project_rule(true)(caller) == Allow {
            assert_eq!(body["data"]["resetProject"]["state"], "RESETTING");
        }
        let pid = w.fresh_project().await.to_string();
        let body = w.run(caller, "mutation($id: ID!) { deleteProject(where: {id: $id}) { state } }", json!({"id": pid})).await;
        check("deleteProject", caller, project_rule(true)(caller), &body);

        let (user_id, _) = w.fresh_member(Some(w.project_id)).await;
        let vars = json!({"p": project, "u": user_id.to_string()});
        let body = w
            .run(caller, "mutation($p: ID!, $u: ID!) { updateProjectMemberRole(data: {projectId: $p, userId: $u, role: CONTRIBUTOR}) { role } }", vars.clone())
            .await;
        check("updateProjectMemberRole", caller, project_rule(true)(caller), &body);
        let body = w.run(caller, "mutation($p: ID!, $u: ID!) { removeProjectMember(data: {projectId: $p, userId: $u}) }", vars).await;
        check("removeProjectMember", caller, project_rule(true)(caller), &body);
        let (user_id, _) = w.fresh_member(None).await;
        let email = user::get(&w.app.state.pool, user_id).await.unwrap().email;
        let body = w
            .run(
                caller,
                "mutation($p: ID!, $e: String!) { addProjectMember(data: {projectId: $p, email: $e, role: VIEWER}) { role } }",
                json!({"p": project, "e": email}),
            )
            .await;
        check("addProjectMember", caller, project_rule(true)(caller), &body);

        let (_, member_id) = w.fresh_member(None).await;
        let vars = json!({"id": member_id.to_string()});
        let body = w.run(caller, "mutation($id: ID!) { updateOrgMember(where: {id: $id}, data: {role: ADMIN}) { role } }", vars.clone()).await;
        check("updateOrgMember", caller, org_rule(true)(caller), &body);
        let body = w.run(caller, "mutation($id: ID!) { deleteOrgMember(where: {id: $id}) }", vars).await;
        check("deleteOrgMember", caller, org_rule(true)(caller), &body);

        let doomed = w.fresh_org().await.to_string();
        let body = w.run(caller, "mutation($id: ID!) { deleteOrg(where: {id: $id}) { state } }", json!({"id": doomed})).await;
        let expect = match caller {
            OrgAdmin => Allow,
            OrgMember => Role,
            _ => Denied,
        };
        check("deleteOrg", caller, expect, &body);
    }

    // Account operations: anyone signed in, nobody signed out.
    for caller in CALLERS {
        let expect = if caller == SignedOut { Denied } else { Allow };
        check("me", caller, expect, &w.run(caller, "{ me { id } }", json!({})).await);
        check("orgs", caller, expect, &w.run(caller, "{ orgs { id } }", json!({})).await);
        check("projects", caller, expect, &w.run(caller, "{ projects { id } }", json!({})).await);
        check("updateMyProfile", caller, expect, &w.run(caller, "mutation { updateMyProfile(data: {jobTitle: \"Analyst\"}) { jobTitle } }", json!({})).await);
        check(
            "onboardUser",
            caller,
            expect,
            &w.run(caller, "mutation { onboardUser(data: {consentPrivacyStatement: true}) { consentPrivacyStatement } }", json!({})).await,
        );
        check("createOrg", caller, expect, &w.run(caller, "mutation { createOrg(data: {name: \"Side org\"}) { id } }", json!({})).await);
    }
}

#[tokio::test]
async fn cross_org_ids_are_refused_and_lists_stay_in_their_org() {
    let w = World::build().await;
    let pool = &w.app.state.pool;
    // The outsider's own project in org B.
    let outsider_org = org::list_for_user(pool, w.id(Outsider)).await.unwrap()[0].0.id;
    let theirs = project::create(&mut pool.acquire().await.unwrap(), outsider_org, w.id(Outsider), "Theirs", None, None).await.unwrap();

    let body = w.run(OrgAdmin, "query($id: ID!) { project(where: {id: $id}) { id } }", json!({"id": theirs.id.to_string()})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ACCESS", "an org admin cannot read another org's project");
    let body = w.run(OrgAdmin, "mutation($id: ID!) { deleteProject(where: {id: $id}) { id } }", json!({"id": theirs.id.to_string()})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ACCESS");
    assert_eq!(project::get(pool, theirs.id).await.unwrap().state, project::ProjectState::Active);

    // An id that does not exist looks the same as a foreign one.
    let body = w.run(OrgAdmin, "query($id: ID!) { project(where: {id: $id}) { id } }", json!({"id": Uuid::new_v4().to_string()})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ACCESS");

    let projects = w.run(OrgAdmin, "{ projects { id } }", json!({})).await;
    let ids: Vec<&str> = projects["data"]["projects"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert!(ids.contains(&w.project_id.to_string().as_str()));
    assert!(!ids.contains(&theirs.id.to_string().as_str()));

    // A project member who is not an admin sees only their projects.
    let hidden = project::create(&mut pool.acquire().await.unwrap(), w.org_id, w.id(OrgAdmin), "Admins only", None, None).await.unwrap();
    user::set_current(pool, w.id(OrgAdmin), Some(w.org_id), Some(w.project_id)).await.unwrap();
    let viewer = w.run(Viewer, "{ projects { id } }", json!({})).await;
    let ids: Vec<&str> = viewer["data"]["projects"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert!(ids.contains(&w.project_id.to_string().as_str()));
    assert!(!ids.contains(&hidden.id.to_string().as_str()));

    // A membership id of another org cannot be managed.
    let outsider_member = org::members(pool, outsider_org).await.unwrap()[0].id;
    let body = w.run(OrgAdmin, "mutation($id: ID!) { deleteOrgMember(where: {id: $id}) }", json!({"id": outsider_member.to_string()})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ACCESS");
}
