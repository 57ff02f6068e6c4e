//! Authorisation that cannot be forgotten: the whole schema, walked by introspection. Every
//! root field is called signed out, by a stranger from another org with the victim project's
//! ids, and by each org role (ADMIN, MEMBER) and project role (OWNER, CONTRIBUTOR, VIEWER).
//! What each caller may do comes from the permission matrix itself, through the operation
//! `graphql::authorization::FIELDS` names for the field: an allowed call must succeed with no
//! error at all; a denied one answers UNAUTHORIZED_ROLE_ACCESS or UNAUTHORIZED_ACCESS.

use quarry_api::graphql::authorization::{Access, Root, access};
use quarry_domain::{
    asking, csv_import, dashboard, folder, group, invitation, llm, org,
    permissions::{Actor, OrgRole, ProjectRole, authorize},
    project, spreadsheet, user,
};
use quarry_llm::fake::{FakeServer, Reply};
use quarry_test_kit::{
    TestApp,
    asking::{ask, settle},
    error_code, eventually, unique_email,
};
use reqwest::Client;
use serde_json::{Value, json};
use std::{collections::HashMap, time::Duration};
use uuid::Uuid;

mod schema;
mod values;
use schema::{Field, Schema, Values, document, variables};

/// The fields anyone may call signed out, each a deliberate decision.
const PUBLIC: &[(&str, &str)] = &[
    ("invitationByCode", "the invitation page shows whoever holds the mailed link what they are invited to, before they have an account"),
    ("sendResetPasswordEmail", "someone who forgot their password cannot sign in; it answers true whether or not the address has an account"),
];

/// Fields that destroy what other calls need: they run after every other field.
const LAST: &[&str] = &["importMdl", "deleteProject", "deleteOrg", "deleteMyAccount"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Who {
    Owner,
    Contributor,
    Viewer,
    /// Org member without a project role.
    Member,
    /// Org admin, not a project member.
    Admin,
}
use Who::*;
/// Admin last: denials are checked before an allowed call changes anything.
const ROLES: [Who; 5] = [Owner, Contributor, Viewer, Member, Admin];

impl Who {
    fn actor(self) -> Actor {
        let (org_role, project_role) = match self {
            Owner => (OrgRole::Member, Some(ProjectRole::Owner)),
            Contributor => (OrgRole::Member, Some(ProjectRole::Contributor)),
            Viewer => (OrgRole::Member, Some(ProjectRole::Viewer)),
            Member => (OrgRole::Member, None),
            Admin => (OrgRole::Admin, None),
        };
        Actor { org_role: Some(org_role), project_role }
    }
}

/// What one caller has in the victim project: its own thread, response and tasks.
#[derive(Clone, Default)]
struct Own {
    thread: String,
    response: String,
    task: String,
    chart: Value,
    /// A second response, for the call that re-runs one.
    spare_response: String,
}

struct World {
    app: TestApp,
    schema: Schema,
    clients: HashMap<Who, Client>,
    ids: HashMap<Who, Uuid>,
    emails: HashMap<Who, String>,
    org: Uuid,
    project: Uuid,
    own: HashMap<Who, Own>,
    /// Shared fixtures of the victim project, by argument name.
    shared: Values,
    llm: FakeServer,
}

/// SQL over the sample's models, for spreadsheets.
const TRACKS: &str = "SELECT COUNT(*) AS tracks FROM \"Track\"";

const STATUS: &str = "query($p: ID!) { deployStatus(projectId: $p) { status } }";

impl World {
    async fn build() -> Self {
        // Every caller exports at once here; the org's bound on running exports is not the subject.
        let mut app = TestApp::spawn_with(|c| c.limits.running_exports_per_org = 1000).await;
        app.start_worker();
        let schema = Schema::load(&app).await;
        let pool = app.state.pool.clone();
        let (mut clients, mut ids, mut emails) = (HashMap::new(), HashMap::new(), HashMap::new());
        for who in ROLES {
            let (email, password) = app.user(&format!("{who:?}")).await;
            ids.insert(who, user::find_by_email(&pool, &email).await.unwrap().unwrap().id);
            clients.insert(who, app.signed_in_as(&email, &password).await);
            emails.insert(who, email);
        }
        let org = org::create(&pool, ids[&Admin], "Victim Co").await.unwrap().id;
        // Existing accounts join an org by invitation; the domain's add_member stands in for it.
        for who in [Owner, Contributor, Viewer, Member] {
            org::add_member(&pool, org, ids[&who], OrgRole::Member).await.unwrap();
        }
        let p = project::create(&mut pool.acquire().await.unwrap(), org, ids[&Owner], "Victim music", None, None).await.unwrap();
        // The contributor is one only through a group: every check must read group roles.
        let admin = quarry_domain::access::Acting::new(ids[&Admin], emails[&Admin].clone(), None);
        let contributors = group::create(&pool, &admin, org, "Contributors").await.unwrap().id;
        group::add_member(&pool, contributors, ids[&Contributor]).await.unwrap();
        project::add_group(&mut pool.acquire().await.unwrap(), &p, contributors, ProjectRole::Contributor).await.unwrap();
        project::add_member(&mut pool.acquire().await.unwrap(), &p, &emails[&Viewer], ProjectRole::Viewer).await.unwrap();
        let llm = FakeServer::start(0).await.unwrap();
        let mut world = Self { app, schema, clients, ids, emails, org, project: p.id, own: HashMap::new(), shared: Values::new(), llm };
        world.reset_current().await;
        world.owner_ok("mutation($p: ID!) { startSampleDataset(projectId: $p, name: MUSIC) }", json!({"p": p.id})).await;
        world.deployed(p.id).await;
        world.shared = world.shared_fixtures().await;
        for who in [Owner, Contributor, Viewer, Admin] {
            let client = &world.clients[&who];
            let task = ask(&world.app, client, &p.id.to_string(), "How many tracks are there?", None).await;
            let (_, done) = settle(&world.app, client, &p.id.to_string(), task["id"].as_str().unwrap(), 120).await;
            assert_eq!(done["status"], "FINISHED", "{who:?}'s question: {done}");
            let response = world
                .app
                .gql_ok(
                    client,
                    "query($p: ID!, $r: ID!) { threadResponse(projectId: $p, responseId: $r) { chart { chartType title x y color } } }",
                    json!({"p": p.id, "r": task["responseId"]}),
                )
                .await;
            let spare = ask(&world.app, client, &p.id.to_string(), "How many albums are there?", None).await;
            settle(&world.app, client, &p.id.to_string(), spare["id"].as_str().unwrap(), 120).await;
            let own = Own {
                spare_response: spare["responseId"].as_str().unwrap().into(),
                thread: task["threadId"].as_str().unwrap().into(),
                response: task["responseId"].as_str().unwrap().into(),
                task: task["id"].as_str().unwrap().into(),
                chart: response["threadResponse"]["chart"].clone(),
            };
            world.own.insert(who, own);
        }
        let dashboards = world.dashboard_fixtures().await;
        world.shared.extend(dashboards);
        world
    }

    /// A folder everyone on the project sees, with a dashboard of one tile pinned from the
    /// owner's answer: every role's reads see it, and owners and contributors may change it.
    async fn dashboard_fixtures(&self) -> Values {
        let folder = self.fresh_folder().await;
        let dashboard = self.fresh_dashboard(folder).await;
        let mut v = Values::new();
        v.insert("folderId", json!(folder));
        v.insert("dashboardId", json!(dashboard.id));
        v.insert("itemId", json!(self.fresh_item(&dashboard).await));
        let sheet = self.fresh_spreadsheet(folder).await;
        let export = spreadsheet::export::create(&self.app.state.pool, &sheet, self.ids[&Owner]).await.unwrap();
        v.insert("spreadsheetId", json!(sheet.id));
        v.insert("exportId", json!(export.id));
        v
    }

    async fn fresh_spreadsheet(&self, folder: Uuid) -> spreadsheet::Spreadsheet {
        let pool = &self.app.state.pool;
        spreadsheet::create(pool, self.project, self.ids[&Owner], "Victim sheet", TRACKS, None, Some(folder)).await.unwrap()
    }

    /// A project key made by the owner (revoking it is what the walk tries).
    async fn fresh_api_key(&self) -> Uuid {
        let pool = &self.app.state.pool;
        let email = quarry_domain::user::get(pool, self.ids[&Owner]).await.unwrap().email;
        let owner = quarry_domain::access::Acting::new(self.ids[&Owner], email, None);
        let new = quarry_domain::api_key::NewApiKey {
            name: "walk".into(),
            project_id: Some(self.project),
            scopes: vec![quarry_domain::api_key::ApiScope::Ask],
            expires_at: None,
        };
        quarry_domain::api_key::create(pool, &owner, 1000, self.project, new).await.unwrap().key.id
    }

    fn owner_viewer(&self) -> folder::Viewer {
        folder::Viewer { user_id: self.ids[&Owner], owner: true, editor: true }
    }

    async fn fresh_folder(&self) -> Uuid {
        let name = format!("f-{}", Uuid::new_v4().simple());
        let access = Some(folder::FolderAccess::AnyoneInProject);
        folder::create(&self.app.state.pool, self.project, self.owner_viewer(), &name, access).await.unwrap().id
    }

    async fn fresh_dashboard(&self, folder: Uuid) -> dashboard::Dashboard {
        dashboard::create(&self.app.state.pool, 1000, self.project, self.ids[&Owner], "Victim board", Some(folder)).await.unwrap()
    }

    async fn fresh_item(&self, dashboard: &dashboard::Dashboard) -> Uuid {
        let pool = &self.app.state.pool;
        let response = asking::thread::response(pool, self.project, Uuid::parse_str(&self.own[&Owner].response).unwrap()).await.unwrap();
        dashboard::create_item(pool, dashboard, &response, None, None).await.unwrap().id
    }

    async fn deployed(&self, project: Uuid) {
        let client = &self.clients[&Owner];
        eventually("the sample to deploy", Duration::from_secs(120), || async {
            (self.app.gql_ok(client, STATUS, json!({"p": project})).await["deployStatus"]["status"] == "SYNCRONIZED").then_some(())
        })
        .await;
    }

    async fn owner_ok(&self, query: &str, vars: Value) -> Value {
        self.app.gql_ok(&self.clients[&Owner], query, vars).await
    }

    /// Everyone's current org and project back to the victim's (some calls move them).
    async fn reset_current(&self) {
        for who in ROLES {
            user::set_current(&self.app.state.pool, self.ids[&who], Some(self.org), Some(self.project)).await.unwrap();
        }
    }

    async fn sql_model(&self, project: Uuid) -> String {
        let name = format!("m_{}", &Uuid::new_v4().simple().to_string()[..8]);
        let created = self
            .owner_ok(
                "mutation($d: CreateModelInput!) { createModel(data: $d) }",
                json!({"d": {"projectId": project, "sourceSql": "SELECT 1 AS k", "name": name}}),
            )
            .await;
        created["createModel"].as_str().unwrap().to_owned()
    }

    async fn model_name(&self, model: &str) -> String {
        let models =
            self.owner_ok("query($p: ID!) { models(projectId: $p) { id referenceName columns { id referenceName } } }", json!({"p": self.project})).await;
        let found = models["models"].as_array().unwrap().iter().find(|m| m["id"] == model).unwrap().clone();
        found["referenceName"].as_str().unwrap().to_owned()
    }

    async fn calculated_field(&self) -> String {
        let model = self.sql_model(self.project).await;
        let name = format!("c_{}", &Uuid::new_v4().simple().to_string()[..8]);
        let created = self
            .owner_ok(
                "mutation($m: ID!, $n: String!) { createCalculatedField(modelId: $m, data: {name: $n, expression: \"k + 1\"}) }",
                json!({"m": model, "n": name}),
            )
            .await;
        created["createCalculatedField"].as_str().unwrap().to_owned()
    }

    async fn relationship(&self) -> String {
        let (a, b) = (self.sql_model(self.project).await, self.sql_model(self.project).await);
        let data =
            json!({"fromModel": self.model_name(&a).await, "fromColumn": "k", "toModel": self.model_name(&b).await, "toColumn": "k", "type": "ONE_TO_ONE"});
        let created = self
            .owner_ok("mutation($p: ID!, $d: RelationInput!) { createRelationship(projectId: $p, data: $d) { id } }", json!({"p": self.project, "d": data}))
            .await;
        created["createRelationship"]["id"].as_str().unwrap().to_owned()
    }

    async fn view(&self) -> String {
        let name = format!("v_{}", &Uuid::new_v4().simple().to_string()[..8]);
        let created = self
            .owner_ok(
                "mutation($d: CreateViewInput!) { createView(data: $d) { id } }",
                json!({"d": {"projectId": self.project, "name": name, "sql": "SELECT COUNT(*) AS tracks FROM \"Track\""}}),
            )
            .await;
        created["createView"]["id"].as_str().unwrap().to_owned()
    }

    async fn sql_pair(&self) -> String {
        let created = self
            .owner_ok("mutation($p: ID!) { createSqlPair(projectId: $p, data: {question: \"How many tracks?\", sql: \"SELECT COUNT(*) AS tracks FROM \\\"Track\\\"\"}) { id } }",
                json!({"p": self.project}))
            .await;
        created["createSqlPair"]["id"].as_str().unwrap().to_owned()
    }

    async fn instruction(&self) -> String {
        let created = self
            .owner_ok(
                "mutation($p: ID!) { createInstruction(projectId: $p, data: {instruction: \"Count tracks by id.\", isGlobal: true}) { id } }",
                json!({"p": self.project}),
            )
            .await;
        created["createInstruction"]["id"].as_str().unwrap().to_owned()
    }

    /// A new person in the victim org (and, when asked, a VIEWER of the project): (user id, membership id, e-mail).
    async fn fresh_member(&self, in_project: Option<Uuid>) -> (Uuid, Uuid, String) {
        let pool = &self.app.state.pool;
        let email = unique_email("extra");
        let admin = quarry_domain::access::Acting::new(self.ids[&Admin], self.emails[&Admin].clone(), None);
        let (member, _) =
            org::create_member(pool, &admin, self.org, org::NewMember { email: email.clone(), role: OrgRole::Member, first_name: None, last_name: None })
                .await
                .unwrap();
        if let Some(p) = in_project {
            project::add_member(&mut pool.acquire().await.unwrap(), &project::get(pool, p).await.unwrap(), &email, ProjectRole::Viewer).await.unwrap();
        }
        (member.user_id, member.id, email)
    }

    /// A fresh group of the victim org, optionally with a role on the victim project.
    async fn fresh_group(&self, on_project: bool) -> Uuid {
        let pool = &self.app.state.pool;
        let admin = quarry_domain::access::Acting::new(self.ids[&Admin], self.emails[&Admin].clone(), None);
        let g = group::create(pool, &admin, self.org, &format!("g-{}", Uuid::new_v4().simple())).await.unwrap();
        if on_project {
            project::add_group(&mut pool.acquire().await.unwrap(), &project::get(pool, self.project).await.unwrap(), g.id, ProjectRole::Viewer).await.unwrap();
        }
        g.id
    }

    /// An invitation of the victim org to a new address: its id.
    async fn fresh_invitation(&self) -> Uuid {
        let new = invitation::NewInvitation {
            org_id: self.org,
            invitor_id: self.ids[&Admin],
            email: unique_email("invited"),
            role: OrgRole::Member,
            projects: vec![],
        };
        invitation::create(&self.app.state.pool, new, Duration::from_secs(3600)).await.unwrap().0.id
    }

    /// The code of an invitation to `email` from an org of someone else (a caller accepts it
    /// for themselves; the victim org has nothing to do with it).
    async fn invitation_elsewhere(&self, email: &str) -> String {
        let pool = &self.app.state.pool;
        let (host, _) = self.app.user("host").await;
        let host = user::find_by_email(pool, &host).await.unwrap().unwrap().id;
        let elsewhere = org::create(pool, host, "Inviting Co").await.unwrap().id;
        let new = invitation::NewInvitation { org_id: elsewhere, invitor_id: host, email: email.to_owned(), role: OrgRole::Member, projects: vec![] };
        invitation::create(pool, new, Duration::from_secs(3600)).await.unwrap().1
    }

    /// A project of the victim org with the same roles and a CSV data source, for calls that
    /// replace or remove what the music project's other calls need.
    async fn scratch_project(&self, with_source: bool) -> Uuid {
        let pool = &self.app.state.pool;
        let p = project::create(&mut pool.acquire().await.unwrap(), self.org, self.ids[&Owner], "Scratch", None, None).await.unwrap();
        let contributors = group::list(pool, self.org).await.unwrap().into_iter().find(|g| g.name == "Contributors").unwrap().id;
        project::add_group(&mut pool.acquire().await.unwrap(), &p, contributors, ProjectRole::Contributor).await.unwrap();
        project::add_member(&mut pool.acquire().await.unwrap(), &p, &self.emails[&Viewer], ProjectRole::Viewer).await.unwrap();
        if with_source {
            self.owner_ok("mutation($p: ID!) { saveDataSource(projectId: $p, data: {type: CSV, properties: {}}) { type } }", json!({"p": p.id})).await;
        }
        self.reset_current().await;
        p.id
    }

    async fn shared_fixtures(&self) -> Values {
        let models = self.owner_ok("query($p: ID!) { models(projectId: $p) { id primaryKey columns { sourceColumnName } } }", json!({"p": self.project})).await;
        let model = models["models"][0]["id"].clone();
        let columns: Vec<Value> =
            models["models"][0]["columns"].as_array().unwrap().iter().map(|c| c["sourceColumnName"].clone()).filter(|c| !c.is_null()).collect();
        let generation = self.owner_ok("mutation($p: ID!) { createRecommendedQuestionsTask(projectId: $p) { id } }", json!({"p": self.project})).await;
        let job = csv_import::create(&self.app.state.pool, self.project, self.ids[&Owner], "extra.csv", None).await.unwrap();
        let mut v = Values::new();
        v.insert("modelId", model);
        v.insert("modelColumns", json!(columns));
        v.insert("modelPrimaryKey", models["models"][0]["primaryKey"].clone());
        v.insert("viewId", json!(self.view().await));
        v.insert("columnId", json!(self.calculated_field().await));
        v.insert("relationshipId", json!(self.relationship().await));
        v.insert("generationTaskId", generation["createRecommendedQuestionsTask"]["id"].clone());
        v.insert("sqlPairId", json!(self.sql_pair().await));
        v.insert("instructionId", json!(self.instruction().await));
        v.insert("csvJobId", json!(job.id));
        v
    }

    async fn call(&self, client: &Client, field: &Field, vars: &Value) -> Value {
        self.app.gql(client, &document(field, vars), vars.clone()).await
    }
}

fn expected(field: &Field, who: Who) -> Result<(), &'static str> {
    match access(field.root, &field.name).unwrap_or_else(|| panic!("{} has no line in FIELDS", field.name)) {
        Access::Public(_) => Ok(()),
        Access::Requires(op) => authorize(op, Some(who.actor())).map_err(|e| e.code().as_str()),
    }
}

fn ordered(schema: &Schema) -> Vec<Field> {
    let mut fields = schema.fields.clone();
    fields.sort_by_key(|f| LAST.iter().position(|l| *l == f.name).map_or(0, |i| i + 1));
    fields
}

#[tokio::test]
async fn every_field_asks_the_permission_matrix() {
    let world = World::build().await;
    let fields = ordered(&world.schema);
    assert!(fields.len() >= 100, "walked only {} fields", fields.len());

    // Every field has a line in FIELDS; the public ones are exactly those listed above.
    let public: Vec<&str> = fields
        .iter()
        .filter(|f| matches!(access(f.root, &f.name).unwrap_or_else(|| panic!("{} has no line in FIELDS", f.name)), Access::Public(_)))
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(public, PUBLIC.iter().map(|(name, _)| *name).collect::<Vec<_>>());

    // Signed out: every non-public field refused before it runs.
    let signed_out = world.app.client();
    for field in &fields {
        let vars = variables(&world.schema, field, &world.values(&field.name, Owner).await);
        let body = world.call(&signed_out, field, &vars).await;
        if PUBLIC.iter().any(|(name, _)| *name == field.name) {
            assert!(body.get("errors").is_none(), "{} is public: {body}", field.name);
        } else {
            assert_eq!(error_code(&body), "UNAUTHORIZED_ACCESS", "{} signed out: {body}", field.name);
        }
    }

    // Each role: allowed calls succeed, denied ones say why.
    let mut outcomes = Vec::new();
    for field in &fields {
        for who in ROLES {
            let values = world.values(&field.name, who).await;
            let vars = variables(&world.schema, field, &values);
            let expect = expected(field, who);
            if expect.is_ok() && matches!(field.name.as_str(), "testProviderConnectivity" | "applyOrgLLMConfigs") {
                world.llm.push(Reply::openai_chat("OK")).await;
            }
            let body = world.call(&world.clients[&who], field, &vars).await;
            match expect {
                Ok(()) => {
                    if body.get("errors").is_some() {
                        outcomes.push(format!("{} as {who:?} should succeed: {body}", field.name));
                    }
                }
                Err(code) => {
                    if error_code(&body) != code {
                        outcomes.push(format!("{} as {who:?} should be {code}: {body}", field.name));
                    }
                }
            }
            if field.name == "applyOrgLLMConfigs" {
                let admin = quarry_domain::access::Acting::new(world.ids[&Admin], world.emails[&Admin].clone(), None);
                llm::remove(&world.app.state.pool, &admin, world.org).await.unwrap();
            }
            if field.root == Root::Mutation && field.name != "deleteMyAccount" {
                world.reset_current().await;
            }
        }
    }
    assert!(outcomes.is_empty(), "{} calls answered wrongly:\n{}", outcomes.len(), outcomes.join("\n"));
}

#[tokio::test]
async fn a_stranger_gets_nothing_of_another_orgs_project() {
    let world = World::build().await;
    let (stranger, email) = world.app.signed_in("stranger").await;
    let pool = &world.app.state.pool;
    let stranger_id = user::find_by_email(pool, &email).await.unwrap().unwrap().id;
    org::create(pool, stranger_id, "Stranger Co").await.unwrap();
    let victim_markers = [world.project.to_string(), world.org.to_string(), "Victim".to_owned(), world.emails[&Owner].clone()];
    let mut wrong = Vec::new();
    for field in ordered(&world.schema) {
        let mut values = world.values(&field.name, Owner).await;
        values.insert("email", json!(email));
        let vars = variables(&world.schema, &field, &values);
        let names_victim = vars.to_string().contains(&world.project.to_string())
            || vars.to_string().contains(&world.org.to_string())
            || ["csvImportJob", "modelSql", "viewSql", "previewModelData", "previewViewData", "updateOrgMember", "deleteOrgMember"]
                .contains(&field.name.as_str())
            || field.args.iter().any(|a| a["name"].as_str().unwrap().ends_with("Id"));
        let body = world.call(&stranger, &field, &vars).await;
        let code = error_code(&body);
        if names_victim && code != "UNAUTHORIZED_ACCESS" && code != "UNAUTHORIZED_ROLE_ACCESS" {
            wrong.push(format!("{} reached the victim's data: {body}", field.name));
        }
        let data = body["data"].to_string();
        for marker in &victim_markers {
            if data.contains(marker.as_str()) {
                wrong.push(format!("{} answered with the victim's {marker}: {body}", field.name));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
