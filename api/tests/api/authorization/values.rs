//! The arguments each root field is called with, per caller: the victim's shared fixtures,
//! the caller's own thread, and fresh fixtures for calls that change or remove theirs.

use super::{TRACKS, Who, Who::*, World, schema::Values};
use quarry_domain::{access::Acting, dashboard, folder, group, knowledge::terms, org, permissions::OrgRole};
use quarry_test_kit::unique_email;
use serde_json::json;
use uuid::Uuid;

impl World {
    /// A scratch project whose source is a fresh shop database on the source Postgres server;
    /// with `synced`, its customers table synced every hour.
    async fn synced_project(&self, synced: bool) -> Uuid {
        let project = self.scratch_project(false).await;
        let (_, properties) = quarry_test_kit::shop_database().await;
        let save = "mutation($p: ID!, $d: DataSourceInput!) { saveDataSource(projectId: $p, data: $d) { type } }";
        self.owner_ok(save, json!({"p": project, "d": {"type": "POSTGRES", "properties": properties}})).await;
        if synced {
            let set = "mutation($p: ID!) { setDataSync(projectId: $p, mode: STANDARD, tables: [{schema: \"public\", name: \"customers\"}], everyMinutes: 60) { status } }";
            self.owner_ok(set, json!({"p": project})).await;
        }
        self.reset_current().await;
        project
    }

    /// The values a call by `who` works with: the victim's shared fixtures, `who`'s own thread,
    /// and fresh fixtures for calls that change or remove theirs.
    pub(super) async fn values(&self, field: &str, who: Who) -> Values {
        let own = self.own.get(&who).or_else(|| self.own.get(&Owner)).cloned().unwrap_or_default();
        let mut v = self.shared.clone();
        let project = match field {
            "resetProject" | "deleteProject" | "saveRelations" | "startSampleDataset" | "saveTables" => self.scratch_project(false).await,
            // A Postgres source (the sample's DuckDB cannot be synced); all but setting one
            // act on a sync already set.
            "setDataSync" | "stopDataSync" | "resumeDataSync" | "syncDataNow" => self.synced_project(field != "setDataSync").await,
            "testDataSourceConnection" | "saveDataSource" | "updateDataSource" | "triggerDataSourceDetection" | "resolveSchemaChange" => {
                self.scratch_project(true).await
            }
            _ => self.project,
        };
        v.insert("projectId", json!(project));
        v.insert("threadId", json!(own.thread));
        v.insert("responseId", json!(own.response));
        v.insert("taskId", json!(own.task));
        v.insert("email", json!(self.emails[&who]));
        v.insert("where", json!({"id": project}));
        v.insert("orgId", json!(self.org));
        let id = |v: &Values, key: &str| v[key].clone();
        match field {
            "invitationByCode" | "acceptInvitation" => {
                v.insert("code", json!(self.invitation_elsewhere(&self.emails[&who]).await));
            }
            "deleteInvitation" => {
                v.insert("where", json!({"id": self.fresh_invitation().await}));
            }
            "createAndSendInvitation" => {
                v.insert("email", json!(unique_email("invitee")));
            }
            "orgGroupMembers" => {
                v.insert("groupId", json!(self.fresh_group(false).await));
            }
            "createOrgGroup" => {
                v.insert("name", json!(format!("new-{}", Uuid::new_v4().simple())));
            }
            "updateOrgGroup" | "deleteOrgGroup" => {
                v.insert("where", json!({"id": self.fresh_group(false).await}));
                v.insert("name", json!(format!("renamed-{}", Uuid::new_v4().simple())));
            }
            "addOrgGroupMember" | "removeOrgGroupMember" => {
                let g = self.fresh_group(false).await;
                let (user_id, _, _) = self.fresh_member(None).await;
                if field == "removeOrgGroupMember" {
                    group::add_member(&self.app.state.pool, g, user_id).await.unwrap();
                }
                v.insert("groupId", json!(g));
                v.insert("userId", json!(user_id));
            }
            "addProjectGroup" => {
                v.insert("groupId", json!(self.fresh_group(false).await));
            }
            "updateProjectGroupRole" | "removeProjectGroup" => {
                v.insert("groupId", json!(self.fresh_group(true).await));
            }
            "org" | "switchCurrentOrg" | "updateOrg" => {
                v.insert("where", json!({"id": self.org}));
            }
            "deleteOrg" => {
                let pool = &self.app.state.pool;
                let doomed = org::create(pool, self.ids[&Admin], "Doomed").await.unwrap().id;
                for w in [Owner, Contributor, Viewer, Member] {
                    org::add_member(pool, doomed, self.ids[&w], OrgRole::Member).await.unwrap();
                }
                self.reset_current().await;
                v.insert("where", json!({"id": doomed}));
            }
            "updateOrgMember" | "deleteOrgMember" => {
                let (_, membership, _) = self.fresh_member(None).await;
                v.insert("where", json!({"id": membership}));
            }
            "createOrgMember" => {
                v.insert("email", json!(unique_email("new")));
            }
            "addProjectMember" => {
                let (_, _, email) = self.fresh_member(None).await;
                v.insert("email", json!(email));
            }
            "updateProjectMemberRole" | "removeProjectMember" => {
                let (user_id, _, _) = self.fresh_member(Some(self.project)).await;
                v.insert("userId", json!(user_id));
            }
            "onboardUser" => {
                v.insert("consentPrivacyStatement", json!(true));
            }
            "createModel" => {
                v.insert(
                    "data",
                    json!({"projectId": self.project, "sourceSql": "SELECT 1 AS k", "name": format!("m_{}", &Uuid::new_v4().simple().to_string()[..8])}),
                );
            }
            "updateModel" => {
                // The model's own columns again: a change that changes nothing.
                v.insert("fields", v["modelColumns"].clone());
                v.insert("primaryKey", v["modelPrimaryKey"].clone());
            }
            "createThread" => {
                v.insert("data", json!({"summary": "A thread"}));
            }
            "setDataSync" => {
                v.insert("mode", json!("STANDARD"));
                v.insert("tables", json!([{"schema": "public", "name": "customers"}]));
                v.insert("everyMinutes", json!(60));
            }
            "saveTables" => {
                self.owner_ok("mutation($p: ID!) { startSampleDataset(projectId: $p, name: MUSIC) }", json!({"p": project})).await;
                let tables = self.owner_ok("query($p: ID!) { listDataSourceTables(projectId: $p) { name } }", json!({"p": project})).await;
                v.insert("tables", json!([tables["listDataSourceTables"][0]["name"]]));
            }
            "deleteModel" => {
                v.insert("modelId", json!(self.sql_model(self.project).await));
            }
            "createCalculatedField" => {
                v.insert("modelId", json!(self.sql_model(self.project).await));
                v.insert("expression", json!("k + 1"));
            }
            "updateCalculatedField" | "deleteCalculatedField" => {
                v.insert("columnId", json!(self.calculated_field().await));
                v.insert("expression", json!("k + 2"));
            }
            "createRelationship" => {
                let (a, b) = (self.sql_model(self.project).await, self.sql_model(self.project).await);
                v.insert("data", json!({"fromModel": self.model_name(&a).await, "fromColumn": "k", "toModel": self.model_name(&b).await, "toColumn": "k", "type": "ONE_TO_ONE"}));
            }
            "updateRelationship" | "deleteRelationship" => {
                v.insert("relationshipId", json!(self.relationship().await));
            }
            "createView" => {
                v.insert("data", json!({"projectId": self.project, "name": format!("v_{}", &Uuid::new_v4().simple().to_string()[..8]), "sql": "SELECT COUNT(*) AS tracks FROM \"Track\""}));
            }
            "deleteView" => {
                v.insert("viewId", json!(self.view().await));
            }
            "importMdl" => {
                let exported = self.owner_ok("query($p: ID!) { exportMdl(projectId: $p) }", json!({"p": self.project})).await;
                v.insert("mdl", exported["exportMdl"].clone());
            }
            "createAskingTask" | "createThreadResponse" | "adjustThreadResponse" => {
                v.insert("question", json!("How many albums are there?"));
            }
            "updateThreadResponse" => {
                v.insert("responseId", json!(own.spare_response));
                v.insert("sql", json!("SELECT COUNT(*) AS tracks FROM \"Track\""));
            }
            "deleteThread" => {
                // Callers who may not ask try to delete the owner's thread.
                let created = self
                    .app
                    .gql(
                        &self.clients[&who],
                        "mutation($p: ID!) { createThread(projectId: $p, data: {summary: \"doomed\"}) { id } }",
                        json!({"p": self.project}),
                    )
                    .await;
                if created.get("errors").is_none() {
                    v.insert("threadId", created["data"]["createThread"]["id"].clone());
                }
            }
            "adjustThreadResponseChart" => {
                v.insert("data", json!({}));
            }
            "overrideThreadResponseChart" => {
                let chart = &own.chart;
                v.insert("data", json!({"chartType": chart["chartType"], "title": chart["title"], "x": chart["x"], "y": chart["y"], "color": chart["color"]}));
            }
            "testProviderConnectivity" | "applyOrgLLMConfigs" => {
                v.insert("data", json!({"provider": "openai", "chatModel": "gpt-4o-mini", "baseUrl": format!("{}/v1", self.llm.url), "apiKey": "sk-test"}));
            }
            "testDataSourceConnection" | "saveDataSource" | "updateDataSource" => {
                v.insert("data", json!({"type": "CSV", "properties": {}}));
            }
            "deleteSqlPair" => {
                v.insert("sqlPairId", json!(self.sql_pair().await));
            }
            "deleteInstruction" => {
                v.insert("instructionId", json!(self.instruction().await));
            }
            "teachTerm" => {
                let phrase = format!("phrase {}", &Uuid::new_v4().simple().to_string()[..8]);
                v.insert("data", json!({"phrase": phrase, "model": "Track", "column": "Composer"}));
            }
            "removeDerivedTerm" => {
                // The last removal undone, so each allowed call removes the term again.
                let (pool, owner) = (&self.app.state.pool, self.owner_acting());
                for removal in terms::list(pool, &owner, self.project).await.unwrap().into_iter().filter(|t| t.removed) {
                    terms::delete(pool, &owner, self.project, removal.id).await.unwrap();
                }
                v.insert("data", json!({"phrase": "composer", "model": "Track", "column": "Composer"}));
            }
            "deleteTaughtTerm" => {
                let phrase = format!("doomed {}", &Uuid::new_v4().simple().to_string()[..8]);
                let target = terms::TermTarget { phrase, model: "Track".into(), column: None };
                let taught = terms::teach(&self.app.state.pool, &self.owner_acting(), self.project, &target).await.unwrap();
                v.insert("id", json!(taught.id));
            }
            "createSqlPair" => {
                v.insert("data", json!({"question": "How many tracks are there?", "sql": "SELECT COUNT(*) AS tracks FROM \"Track\""}));
            }
            "deleteDashboard" => {
                let folder = self.shared["folderId"].as_str().unwrap().parse().unwrap();
                v.insert("dashboardId", json!(self.fresh_dashboard(folder).await.id));
            }
            "deleteDashboardItem" => {
                let dashboard =
                    dashboard::get(&self.app.state.pool, self.project, self.shared["dashboardId"].as_str().unwrap().parse().unwrap()).await.unwrap();
                v.insert("itemId", json!(self.fresh_item(&dashboard).await));
            }
            "updateDashboardItem" => {
                // Its name and text are both optional; a rename is the call every role tries.
                v.insert("name", json!("Renamed tile"));
            }
            "updateDashboardItemLayouts" => {
                v.insert("layouts", json!([{"itemId": v["itemId"], "x": 0, "y": 0, "w": 6, "h": 4}]));
            }
            "createFolder"
            | "updateFolder"
            | "deleteFolder"
            | "addFolderMember"
            | "removeFolderMember"
            | "addFolderGroup"
            | "removeFolderGroup"
            | "revokeShareToFolder" => {
                v.insert("name", json!(format!("f-{}", Uuid::new_v4().simple())));
                let folder = self.fresh_folder().await;
                v.insert("folderId", json!(folder));
                let pool = &self.app.state.pool;
                let found = folder::get(pool, self.project, folder, self.owner_viewer()).await.unwrap();
                match field {
                    "addFolderMember" | "removeFolderMember" => {
                        let (user_id, _, _) = self.fresh_member(Some(self.project)).await;
                        folder::add_member(pool, &found, self.owner_viewer(), user_id).await.unwrap();
                        v.insert("userId", json!(user_id));
                    }
                    "addFolderGroup" | "removeFolderGroup" => {
                        let group = self.fresh_group(true).await;
                        folder::add_group(pool, &found, self.owner_viewer(), group).await.unwrap();
                        v.insert("groupId", json!(group));
                    }
                    "revokeShareToFolder" => {
                        folder::share_thread(pool, &found, own.thread.parse().unwrap(), self.owner_viewer()).await.unwrap();
                    }
                    _ => {}
                }
            }
            "switchFolder" => {
                v.insert("itemId", json!(own.thread));
            }
            "createSpreadsheet" | "previewSpreadsheet" => {
                // From SQL, not a response: one source or the other.
                v.insert("sql", json!(TRACKS));
                v.remove("responseId");
            }
            "createApiKey" => {
                v.insert("scopes", json!(["ASK"]));
            }
            "revokeApiKey" => {
                v.insert("keyId", json!(self.fresh_api_key().await));
            }
            "changeCsvColumnType" => {
                // A CSV project of its own with one imported table, so each call has a column to change.
                let project = self.scratch_project(true).await;
                let database = quarry_domain::csv_import::database_path(&self.app.state.config, project);
                std::fs::create_dir_all(database.parent().unwrap()).unwrap();
                let file = database.with_file_name("codes.csv");
                std::fs::write(&file, "code\n1\n2\n").unwrap();
                quarry_engine::csv_import::import(&database, &file, "codes").unwrap();
                v.insert("projectId", json!(project));
                v.insert("table", json!("codes"));
                v.insert("column", json!("code"));
                v.insert("type", json!("TEXT"));
            }
            "createSessionProperty" => {
                v.insert("data", json!({"name": format!("p_{}", Uuid::new_v4().simple()), "valueType": "STRING"}));
            }
            "sessionPropertyValues" | "deleteSessionProperty" => {
                v.insert("propertyId", json!(self.fresh_session_property().await));
            }
            "setSessionPropertyValue" => {
                v.insert("data", json!({"propertyId": self.fresh_session_property().await, "userId": self.ids[&Owner], "value": "East"}));
            }
            "viewAsMember" => {
                v.insert("userId", json!(self.ids[&Owner]));
                v.insert("sql", json!(TRACKS));
            }
            "createPolicy" | "updatePolicy" | "deletePolicy" => {
                // A condition every row meets: the walk's other calls read the same model.
                v.insert("data", json!({"kind": "RLS", "name": "walk", "model": "Track", "condition": "1 = 1"}));
                if field != "createPolicy" {
                    v.insert("policyId", json!(self.fresh_policy().await));
                }
            }
            "deleteSpreadsheet" => {
                let folder = self.shared["folderId"].as_str().unwrap().parse().unwrap();
                v.insert("spreadsheetId", json!(self.fresh_spreadsheet(folder).await.id));
            }
            _ => {}
        }
        if field.contains("Instruction") {
            v.insert("isGlobal", json!(true));
        }
        let generic_id = match field {
            "updateSqlPair" | "deleteSqlPair" => Some("sqlPairId"),
            "updateInstruction" | "deleteInstruction" => Some("instructionId"),
            "csvImportJob" => Some("csvJobId"),
            _ => None,
        };
        if let Some(key) = generic_id {
            v.insert("id", id(&v, key));
        }
        if field == "generationTask" {
            v.insert("taskId", id(&v, "generationTaskId"));
        }
        v
    }

    /// A STRING session property of the victim project: its id.
    async fn fresh_session_property(&self) -> Uuid {
        let new = quarry_domain::data_security::NewProperty {
            name: format!("p_{}", Uuid::new_v4().simple()),
            value_type: quarry_domain::data_security::ValueType::String,
            scope: quarry_domain::data_security::PolicyScope::Single,
            required: false,
            default_value: None,
        };
        quarry_domain::data_security::create_property(&self.app.state.pool, &self.owner_acting(), self.project, new).await.unwrap().id
    }

    /// A row policy of the victim project that every row meets: its id.
    async fn fresh_policy(&self) -> Uuid {
        let new = quarry_domain::data_security::NewPolicy {
            name: "walk".into(),
            model: "Track".into(),
            rule: quarry_domain::data_security::PolicyRule::Rows { condition: "1 = 1".into() },
            admins_exempt: false,
        };
        quarry_domain::data_security::save_policy(&self.app.state.pool, &self.owner_acting(), self.project, None, new).await.unwrap().id
    }

    /// The victim project's owner, acting through the domain (to make fresh fixtures).
    fn owner_acting(&self) -> Acting {
        Acting::new(self.ids[&Owner], self.emails[&Owner].clone(), None)
    }
}
