//! Which permission of the matrix (`quarry_domain::permissions`) each root field of the schema
//! requires, and a guard that refuses, before any resolver runs, a field that has no entry here
//! (fail closed: a new resolver needs a conscious line) or that needs a signed-in caller when
//! nobody is signed in. Resolvers still ask the matrix for the org or project they touch; the
//! api's `authorization` test walks the whole schema and checks each field's answers for every
//! role against the operation named here.

use crate::{auth::session::Session, error::ApiError};
use async_graphql::{
    Pos, ServerResult, Value,
    extensions::{Extension, ExtensionContext, ExtensionFactory, NextResolve, ResolveInfo},
};
use quarry_domain::{Error, ErrorCode, permissions::Operation};
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Root {
    Query,
    Mutation,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Answered for signed-out callers; the text says why that is deliberate.
    Public(&'static str),
    /// The resolver asks the matrix for this operation (scope and roles come from its rule).
    Requires(Operation),
}

use Access::{Public, Requires};
use Operation::*;
use Root::{Mutation, Query};

/// Every root field, once.
pub const FIELDS: &[(Root, &str, Access)] = &[
    // user
    (Query, "me", Requires(ReadMe)),
    (Query, "timezones", Requires(ReadMe)),
    (Query, "sampleDatasets", Requires(ReadMe)),
    (Mutation, "onboardUser", Requires(OnboardUser)),
    (Mutation, "updateMyProfile", Requires(UpdateMyProfile)),
    (Mutation, "deleteMyAccount", Requires(DeleteMyAccount)),
    (
        Mutation,
        "sendResetPasswordEmail",
        Public("a forgotten password is reset by someone who cannot sign in; it answers true whether or not the address has an account"),
    ),
    (Mutation, "switchCurrentOrg", Requires(ReadOrg)),
    (Mutation, "switchCurrentProject", Requires(ReadProject)),
    // org
    (Query, "orgs", Requires(ReadMe)),
    (Query, "org", Requires(ReadOrg)),
    (Mutation, "createOrg", Requires(CreateOrg)),
    (Mutation, "updateOrg", Requires(UpdateOrg)),
    (Mutation, "deleteOrg", Requires(DeleteOrg)),
    (Mutation, "createOrgMember", Requires(ManageOrgMembers)),
    (Mutation, "updateOrgMember", Requires(ManageOrgMembers)),
    (Mutation, "deleteOrgMember", Requires(ManageOrgMembers)),
    // groups
    (Query, "orgGroups", Requires(ReadOrgGroups)),
    (Query, "orgGroupMembers", Requires(ReadOrgGroups)),
    (Mutation, "createOrgGroup", Requires(ManageOrgGroups)),
    (Mutation, "updateOrgGroup", Requires(ManageOrgGroups)),
    (Mutation, "deleteOrgGroup", Requires(ManageOrgGroups)),
    (Mutation, "addOrgGroupMember", Requires(ManageOrgGroups)),
    (Mutation, "removeOrgGroupMember", Requires(ManageOrgGroups)),
    // invitations
    (Query, "invitations", Requires(ReadInvitations)),
    (
        Query,
        "invitationByCode",
        Public(
            "the invitation page shows whoever holds the mailed link which org invites which address, before they sign up or sign in; the code is 256 random bits and accepting needs that address's account",
        ),
    ),
    (Query, "pendingInvitations", Requires(AnswerMyInvitations)),
    (Mutation, "createAndSendInvitation", Requires(ManageInvitations)),
    (Mutation, "deleteInvitation", Requires(ManageInvitations)),
    (Mutation, "acceptInvitation", Requires(AnswerMyInvitations)),
    // activity log and usage
    (Query, "activityLogs", Requires(ReadActivityLog)),
    (Query, "usageLogs", Requires(ReadUsageLogs)),
    // project
    (Query, "projects", Requires(ListProjects)),
    (Query, "project", Requires(ReadProject)),
    (Query, "onboardingStatus", Requires(ReadProject)),
    (Mutation, "createProject", Requires(CreateProject)),
    (Mutation, "updateProject", Requires(UpdateProject)),
    (Mutation, "deleteProject", Requires(DeleteProject)),
    (Mutation, "resetProject", Requires(ResetProject)),
    (Mutation, "addProjectMember", Requires(ManageProjectMembers)),
    (Mutation, "updateProjectMemberRole", Requires(ManageProjectMembers)),
    (Mutation, "removeProjectMember", Requires(ManageProjectMembers)),
    (Mutation, "addProjectGroup", Requires(ManageProjectMembers)),
    (Mutation, "updateProjectGroupRole", Requires(ManageProjectMembers)),
    (Mutation, "removeProjectGroup", Requires(ManageProjectMembers)),
    // modeling
    (Query, "models", Requires(ReadModels)),
    (Query, "relationships", Requires(ReadModels)),
    (Query, "views", Requires(ReadModels)),
    (Query, "modelSql", Requires(ReadModels)),
    (Query, "viewSql", Requires(ReadModels)),
    (Query, "previewModelData", Requires(ReadModels)),
    (Query, "previewViewData", Requires(ReadModels)),
    (Query, "metrics", Requires(ReadModels)),
    (Query, "exportMdl", Requires(ReadModels)),
    (Query, "deployStatus", Requires(ReadModels)),
    (Mutation, "saveRelations", Requires(SaveModels)),
    (Mutation, "createModel", Requires(SaveModels)),
    (Mutation, "updateModel", Requires(UpdateModels)),
    (Mutation, "deleteModel", Requires(SaveModels)),
    (Mutation, "updateModelMetadata", Requires(UpdateModels)),
    (Mutation, "createCalculatedField", Requires(SaveModels)),
    (Mutation, "updateCalculatedField", Requires(UpdateModels)),
    (Mutation, "deleteCalculatedField", Requires(SaveModels)),
    (Mutation, "createRelationship", Requires(SaveModels)),
    (Mutation, "updateRelationship", Requires(UpdateModels)),
    (Mutation, "deleteRelationship", Requires(SaveModels)),
    (Mutation, "createView", Requires(SaveModels)),
    (Mutation, "updateViewMetadata", Requires(UpdateModels)),
    (Mutation, "importMdl", Requires(SaveModels)),
    (Mutation, "deleteView", Requires(SaveModels)),
    (Mutation, "deploy", Requires(Deploy)),
    // data source
    (Query, "dataSource", Requires(ReadDataSource)),
    (Query, "listDataSourceTables", Requires(ReadDataSource)),
    (Query, "recommendedRelationships", Requires(ReadModels)),
    (Query, "schemaChange", Requires(ReadDataSource)),
    (Query, "csvImportJob", Requires(ReadDataSource)),
    (Query, "csvImportJobs", Requires(ReadDataSource)),
    (Query, "dataSync", Requires(ReadDataSource)),
    (Query, "syncJobs", Requires(ReadDataSource)),
    (Mutation, "setDataSync", Requires(ManageDataSource)),
    (Mutation, "stopDataSync", Requires(ManageDataSource)),
    (Mutation, "resumeDataSync", Requires(ManageDataSource)),
    (Mutation, "syncDataNow", Requires(ManageDataSource)),
    (Mutation, "changeCsvColumnType", Requires(UpdateModels)),
    (Mutation, "testDataSourceConnection", Requires(ManageDataSource)),
    (Mutation, "saveDataSource", Requires(ManageDataSource)),
    (Mutation, "updateDataSource", Requires(ManageDataSource)),
    (Mutation, "saveTables", Requires(SaveModels)),
    (Mutation, "triggerDataSourceDetection", Requires(ManageDataSource)),
    (Mutation, "resolveSchemaChange", Requires(SaveModels)),
    (Mutation, "startSampleDataset", Requires(ManageDataSource)),
    // asking
    (Query, "askingTask", Requires(Ask)),
    (Query, "threads", Requires(Ask)),
    (Query, "thread", Requires(Ask)),
    (Query, "threadResponse", Requires(Ask)),
    (Query, "previewResponseData", Requires(Ask)),
    (Query, "suggestedQuestions", Requires(Ask)),
    (Mutation, "createAskingTask", Requires(Ask)),
    (Mutation, "cancelAskingTask", Requires(Ask)),
    (Mutation, "createThread", Requires(Ask)),
    (Mutation, "updateThread", Requires(Ask)),
    (Mutation, "deleteThread", Requires(Ask)),
    (Mutation, "createThreadResponse", Requires(Ask)),
    (Mutation, "updateThreadResponse", Requires(Ask)),
    (Mutation, "generateThreadResponseAnswer", Requires(Ask)),
    (Mutation, "adjustThreadResponse", Requires(Ask)),
    (Mutation, "generateThreadResponseChart", Requires(Ask)),
    (Mutation, "adjustThreadResponseChart", Requires(Ask)),
    (Mutation, "overrideThreadResponseChart", Requires(Ask)),
    // language model
    (Query, "llmSettings", Requires(ManageLlm)),
    (Query, "llmUsage", Requires(ManageLlm)),
    (Mutation, "testProviderConnectivity", Requires(ManageLlm)),
    (Mutation, "applyOrgLLMConfigs", Requires(ManageLlm)),
    (Mutation, "removeOrgLlmConfig", Requires(ManageLlm)),
    // knowledge
    (Query, "sqlPairs", Requires(ReadKnowledge)),
    (Query, "instructions", Requires(ReadKnowledge)),
    (Mutation, "createSqlPair", Requires(ManageKnowledge)),
    (Mutation, "updateSqlPair", Requires(ManageKnowledge)),
    (Mutation, "deleteSqlPair", Requires(ManageKnowledge)),
    (Mutation, "createInstruction", Requires(ManageKnowledge)),
    (Mutation, "updateInstruction", Requires(ManageKnowledge)),
    (Mutation, "deleteInstruction", Requires(ManageKnowledge)),
    (Query, "taughtTerms", Requires(ReadKnowledge)),
    (Mutation, "teachTerm", Requires(ManageKnowledge)),
    (Mutation, "removeDerivedTerm", Requires(ManageKnowledge)),
    (Mutation, "deleteTaughtTerm", Requires(ManageKnowledge)),
    // generation (the language model is used only when the requester may: UseOrgLlm)
    (Query, "generationTask", Requires(ReadModels)),
    (Mutation, "createModelDescriptionTask", Requires(UpdateModels)),
    (Mutation, "createRelationshipRecommendationTask", Requires(UpdateModels)),
    (Mutation, "createRecommendedQuestionsTask", Requires(Ask)),
    // dashboards (each resolver also checks the caller sees the dashboard: theirs, or in a
    // folder they see)
    (Query, "dashboards", Requires(ReadDashboards)),
    (Query, "dashboard", Requires(ReadDashboards)),
    (Mutation, "createDashboard", Requires(ManageDashboards)),
    (Mutation, "updateDashboard", Requires(ManageDashboards)),
    (Mutation, "deleteDashboard", Requires(ManageDashboards)),
    (Mutation, "createDashboardItem", Requires(ManageDashboards)),
    (Mutation, "updateDashboardItem", Requires(ManageDashboards)),
    (Mutation, "deleteDashboardItem", Requires(ManageDashboards)),
    (Mutation, "updateDashboardItemLayouts", Requires(ManageDashboards)),
    (Mutation, "setDashboardSchedule", Requires(ManageDashboards)),
    (Mutation, "refreshDashboardItem", Requires(ManageDashboards)),
    (Mutation, "drillIntoDashboardItem", Requires(ManageDashboards)),
    (Mutation, "createDashboardTextItem", Requires(ManageDashboards)),
    (Mutation, "refreshDashboard", Requires(ManageDashboards)),
    // folders (listing is for anyone on the project; each answers with what the caller sees)
    (Query, "folders", Requires(ReadDashboards)),
    (Query, "folderTree", Requires(ReadDashboards)),
    (Mutation, "createFolder", Requires(ManageFolders)),
    (Mutation, "updateFolder", Requires(ManageFolders)),
    (Mutation, "deleteFolder", Requires(ManageFolders)),
    (Mutation, "addFolderMember", Requires(ManageFolderAccess)),
    (Mutation, "removeFolderMember", Requires(ManageFolderAccess)),
    (Mutation, "addFolderGroup", Requires(ManageFolderAccess)),
    (Mutation, "removeFolderGroup", Requires(ManageFolderAccess)),
    (Mutation, "shareToFolder", Requires(ManageFolders)),
    (Mutation, "revokeShareToFolder", Requires(ManageFolders)),
    (Mutation, "switchFolder", Requires(ManageFolders)),
    // spreadsheets (each resolver also checks the caller sees the spreadsheet)
    (Query, "spreadsheets", Requires(ReadDashboards)),
    (Query, "spreadsheet", Requires(ReadDashboards)),
    (Query, "spreadsheetPage", Requires(ReadDashboards)),
    (Query, "previewSpreadsheet", Requires(ReadDashboards)),
    (Query, "spreadsheetExport", Requires(ReadDashboards)),
    (Mutation, "createSpreadsheet", Requires(ManageDashboards)),
    (Mutation, "updateSpreadsheet", Requires(ManageDashboards)),
    (Mutation, "saveSpreadsheet", Requires(ManageDashboards)),
    (Mutation, "deleteSpreadsheet", Requires(ManageDashboards)),
    (Mutation, "exportSpreadsheet", Requires(ReadDashboards)),
    // api management (organization keys also ask ManageOrgApiKeys of the org)
    (Query, "apiKeys", Requires(ReadApiManagement)),
    (Query, "apiHistory", Requires(ReadApiManagement)),
    (Mutation, "createApiKey", Requires(ManageApiKeys)),
    // data security
    (Query, "sessionProperties", Requires(ReadDataSecurity)),
    (Query, "sessionPropertyValues", Requires(ReadDataSecurity)),
    (Query, "policies", Requires(ReadDataSecurity)),
    (Query, "viewAsMember", Requires(ManageDataSecurity)),
    (Mutation, "createSessionProperty", Requires(ManageDataSecurity)),
    (Mutation, "deleteSessionProperty", Requires(ManageDataSecurity)),
    (Mutation, "setSessionPropertyValue", Requires(ManageDataSecurity)),
    (Mutation, "createPolicy", Requires(ManageDataSecurity)),
    (Mutation, "updatePolicy", Requires(ManageDataSecurity)),
    (Mutation, "deletePolicy", Requires(ManageDataSecurity)),
    (Mutation, "revokeApiKey", Requires(ManageApiKeys)),
    (Mutation, "setApiHistoryRetention", Requires(ManageApiKeys)),
];

/// The access a root field requires; `None` for a field missing from [`FIELDS`].
pub fn access(root: Root, field: &str) -> Option<Access> {
    FIELDS.iter().find(|(r, name, _)| *r == root && *name == field).map(|(_, _, access)| *access)
}

/// The schema extension that applies [`FIELDS`] to every root field.
pub struct Guard;

impl ExtensionFactory for Guard {
    fn create(&self) -> Arc<dyn Extension> {
        Arc::new(Guard)
    }
}

#[async_trait::async_trait]
impl Extension for Guard {
    async fn resolve(&self, ctx: &ExtensionContext<'_>, info: ResolveInfo<'_>, next: NextResolve<'_>) -> ServerResult<Option<Value>> {
        let root = match info.parent_type {
            // Introspection (`__schema`, `__type`, `__typename`) describes the schema, no data.
            _ if info.path_node.parent.is_some() || info.is_for_introspection || info.name.starts_with("__") => None,
            "Query" => Some(Root::Query),
            "Mutation" => Some(Root::Mutation),
            _ => None,
        };
        if let Some(root) = root {
            let refused = match access(root, info.name) {
                None => {
                    tracing::error!(field = info.name, "root field without an entry in graphql::authorization::FIELDS");
                    Some(Error::new(ErrorCode::UnauthorizedAccess, "This operation is not available."))
                }
                Some(Access::Requires(_)) if ctx.data_opt::<Session>().is_none() => Some(Error::of(ErrorCode::UnauthorizedAccess)),
                Some(_) => None,
            };
            if let Some(error) = refused {
                return Err(async_graphql::Error::from(ApiError::from(error)).into_server_error(Pos::default()));
            }
        }
        next.run(ctx, info).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root_fields(schema: &str, root: &str) -> Vec<String> {
        let start = schema.find(&format!("type {root} {{")).unwrap_or_else(|| panic!("no {root} type"));
        let body = &schema[start..];
        let body = &body[..body.find("\n}").unwrap()];
        let mut fields = Vec::new();
        let mut in_doc = false;
        for line in body.lines().skip(1) {
            let line = line.trim();
            if line.starts_with("\"\"\"") {
                in_doc = !(in_doc || (line.len() > 3 && line.ends_with("\"\"\"")));
                continue;
            }
            if in_doc || line.is_empty() {
                continue;
            }
            let name: String = line.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            fields.push(name);
        }
        fields
    }

    #[test]
    fn every_root_field_has_exactly_one_entry() {
        let sdl = super::super::sdl();
        for (root, name) in [(Root::Query, "Query"), (Root::Mutation, "Mutation")] {
            let fields = root_fields(&sdl, name);
            assert!(fields.len() > 10, "{name}: {fields:?}");
            for field in &fields {
                let entries = FIELDS.iter().filter(|(r, n, _)| *r == root && n == field).count();
                assert_eq!(entries, 1, "{name}.{field} needs exactly one line in FIELDS");
            }
            for (r, n, _) in FIELDS.iter().filter(|(r, ..)| *r == root) {
                assert!(fields.iter().any(|f| f == n), "{r:?}.{n} in FIELDS is not in the schema");
            }
        }
    }
}
