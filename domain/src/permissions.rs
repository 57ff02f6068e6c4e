//! The permission matrix of PRODUCT.md §6, as one table asked by every resolver.

use crate::error::{Error, ErrorCode, Result};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum OrgRole {
    Admin,
    Member,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ProjectRole {
    Owner,
    Contributor,
    Viewer,
}

/// What a signed-in user is, relative to the org or project an operation touches.
/// `None` means "not a member" (an unknown or foreign id looks the same).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Actor {
    pub org_role: Option<OrgRole>,
    pub project_role: Option<ProjectRole>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The signed-in user's own account.
    Account,
    /// An organisation the user must belong to.
    Org,
    /// A project the user must belong to (org admins have every project right in their org).
    Project,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operation {
    ReadMe,
    OnboardUser,
    UpdateMyProfile,
    DeleteMyAccount,
    CreateOrg,
    ReadOrg,
    UpdateOrg,
    DeleteOrg,
    ReadOrgMembers,
    ManageOrgMembers,
    ReadOrgGroups,
    ManageOrgGroups,
    ReadInvitations,
    ManageInvitations,
    /// The invitations waiting for the signed-in user's own address, and accepting one.
    AnswerMyInvitations,
    ReadActivityLog,
    ReadUsageLogs,
    ListProjects,
    CreateProject,
    ReadProject,
    UpdateProject,
    DeleteProject,
    ResetProject,
    ReadProjectMembers,
    ManageProjectMembers,
    ReadDataSource,
    ManageDataSource,
    ReadModels,
    SaveModels,
    UpdateModels,
    Deploy,
    Ask,
    /// Work that may call the organisation's language model (billed to the org): asking with
    /// it, generation tasks. Refused here means "answer with the embedded engine instead".
    UseOrgLlm,
    ManageLlm,
    ReadKnowledge,
    ManageKnowledge,
    /// Dashboards and folders the user sees (their own, and those shared with them).
    ReadDashboards,
    /// Creating dashboards and changing those the user sees.
    ManageDashboards,
    /// Creating, renaming and deleting folders, and sharing threads into them.
    ManageFolders,
    /// Who may see a folder (its access kind, members and groups).
    ManageFolderAccess,
    /// The project's API keys and its API history (api-management).
    ReadApiManagement,
    /// Creating and revoking the project's own API keys, and how long its history is kept.
    ManageApiKeys,
    /// Creating and revoking keys that reach every project of the organisation.
    ManageOrgApiKeys,
    /// The project's session properties and policies (data-security).
    ReadDataSecurity,
    /// Creating, changing and deleting them, and giving members and groups values.
    ManageDataSecurity,
}

pub struct Rule {
    pub operation: Operation,
    pub scope: Scope,
    pub org_roles: &'static [OrgRole],
    pub project_roles: &'static [ProjectRole],
    /// Completes "You do not have permission to …".
    pub action: &'static str,
}

use OrgRole::{Admin, Member};
use ProjectRole::{Contributor, Owner, Viewer};

const ANY_ORG: &[OrgRole] = &[Admin, Member];
const ANY_PROJECT: &[ProjectRole] = &[Owner, Contributor, Viewer];

const fn rule(operation: Operation, scope: Scope, org_roles: &'static [OrgRole], project_roles: &'static [ProjectRole], action: &'static str) -> Rule {
    Rule { operation, scope, org_roles, project_roles, action }
}

/// Every operation that exists, with who may perform it.
pub const RULES: &[Rule] = &[
    rule(Operation::ReadMe, Scope::Account, &[], &[], "read your account"),
    rule(Operation::OnboardUser, Scope::Account, &[], &[], "complete onboarding"),
    rule(Operation::UpdateMyProfile, Scope::Account, &[], &[], "update your profile"),
    rule(Operation::DeleteMyAccount, Scope::Account, &[], &[], "delete your account"),
    rule(Operation::CreateOrg, Scope::Account, &[], &[], "create an organization"),
    rule(Operation::ReadOrg, Scope::Org, ANY_ORG, &[], "view this organization"),
    rule(Operation::UpdateOrg, Scope::Org, &[Admin], &[], "update this organization"),
    rule(Operation::DeleteOrg, Scope::Org, &[Admin], &[], "delete this organization"),
    rule(Operation::ReadOrgMembers, Scope::Org, ANY_ORG, &[], "view the organization's members"),
    rule(Operation::ManageOrgMembers, Scope::Org, &[Admin], &[], "manage the organization's members"),
    rule(Operation::ReadOrgGroups, Scope::Org, ANY_ORG, &[], "view the organization's groups"),
    rule(Operation::ManageOrgGroups, Scope::Org, &[Admin], &[], "manage the organization's groups"),
    rule(Operation::ReadInvitations, Scope::Org, &[Admin], &[], "view the organization's invitations"),
    rule(Operation::ManageInvitations, Scope::Org, &[Admin], &[], "invite people to the organization"),
    rule(Operation::AnswerMyInvitations, Scope::Account, &[], &[], "answer your invitations"),
    rule(Operation::ReadActivityLog, Scope::Org, &[Admin], &[], "view the activity log"),
    rule(Operation::ReadUsageLogs, Scope::Org, &[Admin], &[], "view the usage records"),
    rule(Operation::ListProjects, Scope::Org, ANY_ORG, &[], "list projects"),
    rule(Operation::CreateProject, Scope::Org, ANY_ORG, &[], "create a project"),
    rule(Operation::ReadProject, Scope::Project, &[], ANY_PROJECT, "view this project"),
    rule(Operation::UpdateProject, Scope::Project, &[], &[Owner], "update this project"),
    rule(Operation::DeleteProject, Scope::Project, &[], &[Owner], "delete this project"),
    rule(Operation::ResetProject, Scope::Project, &[], &[Owner], "reset this project"),
    rule(Operation::ReadProjectMembers, Scope::Project, &[], ANY_PROJECT, "view the project's members"),
    rule(Operation::ManageProjectMembers, Scope::Project, &[], &[Owner], "manage the project's members"),
    rule(Operation::ReadDataSource, Scope::Project, &[], ANY_PROJECT, "view the data source"),
    rule(Operation::ManageDataSource, Scope::Project, &[], &[Owner], "change the data source"),
    rule(Operation::ReadModels, Scope::Project, &[], ANY_PROJECT, "view the models"),
    rule(Operation::SaveModels, Scope::Project, &[], &[Owner], "create or delete models and relationships"),
    rule(Operation::UpdateModels, Scope::Project, &[], &[Owner, Contributor], "update the models"),
    rule(Operation::Deploy, Scope::Project, &[], &[Owner, Contributor], "deploy the models"),
    rule(Operation::Ask, Scope::Project, &[], ANY_PROJECT, "ask questions"),
    rule(Operation::UseOrgLlm, Scope::Project, &[], &[Owner, Contributor], "use the organization's language model"),
    rule(Operation::ManageLlm, Scope::Org, &[Admin], &[], "configure the organization's language model"),
    rule(Operation::ReadKnowledge, Scope::Project, &[], &[Owner, Contributor], "view SQL pairs and instructions"),
    rule(Operation::ManageKnowledge, Scope::Project, &[], &[Owner, Contributor], "change SQL pairs and instructions"),
    rule(Operation::ReadDashboards, Scope::Project, &[], ANY_PROJECT, "view dashboards"),
    rule(Operation::ManageDashboards, Scope::Project, &[], &[Owner, Contributor], "change dashboards"),
    rule(Operation::ManageFolders, Scope::Project, &[], &[Owner, Contributor], "change folders"),
    rule(Operation::ManageFolderAccess, Scope::Project, &[], &[Owner], "manage who may see a folder"),
    rule(Operation::ReadApiManagement, Scope::Project, &[], &[Owner, Contributor], "view API keys and API history"),
    rule(Operation::ManageApiKeys, Scope::Project, &[], &[Owner, Contributor], "manage API keys"),
    rule(Operation::ManageOrgApiKeys, Scope::Org, &[Admin], &[], "manage organization API keys"),
    rule(Operation::ReadDataSecurity, Scope::Project, &[], &[Owner], "view data security"),
    rule(Operation::ManageDataSecurity, Scope::Project, &[], &[Owner], "manage data security"),
];

pub fn rule_for(operation: Operation) -> &'static Rule {
    RULES.iter().find(|r| r.operation == operation).expect("every operation has a rule in RULES")
}

/// Asks the matrix. `actor` is `None` when nobody is signed in.
pub fn authorize(operation: Operation, actor: Option<Actor>) -> Result<()> {
    let Some(actor) = actor else {
        return Err(Error::of(ErrorCode::UnauthorizedAccess));
    };
    let rule = rule_for(operation);
    let not_member = || Error::new(ErrorCode::UnauthorizedAccess, "You are not a member of this organization or project.");
    match rule.scope {
        Scope::Account => Ok(()),
        Scope::Org => match actor.org_role {
            None => Err(not_member()),
            Some(role) if rule.org_roles.contains(&role) => Ok(()),
            Some(_) => Err(Error::role_access(rule.action)),
        },
        Scope::Project => match (actor.org_role, actor.project_role) {
            (None, _) => Err(not_member()),
            (Some(OrgRole::Admin), _) => Ok(()),
            (Some(_), None) => Err(not_member()),
            (Some(_), Some(role)) if rule.project_roles.contains(&role) => Ok(()),
            (Some(_), Some(_)) => Err(Error::role_access(rule.action)),
        },
    }
}

/// What the caller may do in a project, read off the permission table, so that the web app
/// shows only the controls that will work. It decides nothing: every operation still asks the
/// table itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::SimpleObject), graphql(name = "ProjectPermissions"))]
#[serde(rename_all = "camelCase")]
pub struct ProjectPermissions {
    pub can_update_project: bool,
    pub can_manage_members: bool,
    pub can_manage_data_source: bool,
    /// Create and delete models, fields, relationships and views.
    pub can_create_models: bool,
    /// Update models' metadata and relationship types.
    pub can_update_models: bool,
    pub can_deploy: bool,
    pub can_ask: bool,
    pub can_use_org_llm: bool,
    pub can_read_knowledge: bool,
    pub can_manage_knowledge: bool,
    pub can_manage_dashboards: bool,
    pub can_manage_folders: bool,
    pub can_manage_folder_access: bool,
    pub can_read_api_management: bool,
    pub can_manage_api_keys: bool,
    pub can_manage_org_api_keys: bool,
    /// Session properties and row- and column-level policies (data-security).
    pub can_manage_data_security: bool,
}

impl ProjectPermissions {
    pub fn of(actor: Actor) -> Self {
        let may = |op| authorize(op, Some(actor)).is_ok();
        Self {
            can_update_project: may(Operation::UpdateProject),
            can_manage_members: may(Operation::ManageProjectMembers),
            can_manage_data_source: may(Operation::ManageDataSource),
            can_create_models: may(Operation::SaveModels),
            can_update_models: may(Operation::UpdateModels),
            can_deploy: may(Operation::Deploy),
            can_ask: may(Operation::Ask),
            can_use_org_llm: may(Operation::UseOrgLlm),
            can_read_knowledge: may(Operation::ReadKnowledge),
            can_manage_knowledge: may(Operation::ManageKnowledge),
            can_manage_dashboards: may(Operation::ManageDashboards),
            can_manage_folders: may(Operation::ManageFolders),
            can_manage_folder_access: may(Operation::ManageFolderAccess),
            can_read_api_management: may(Operation::ReadApiManagement),
            can_manage_api_keys: may(Operation::ManageApiKeys),
            can_manage_org_api_keys: may(Operation::ManageOrgApiKeys),
            can_manage_data_security: may(Operation::ManageDataSecurity),
        }
    }
}

/// What the account may do in an org, from the same table: the web app shows or hides org
/// settings by these instead of working roles out itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::SimpleObject), graphql(name = "OrgPermissions"))]
#[serde(rename_all = "camelCase")]
pub struct OrgPermissions {
    pub can_update_org: bool,
    pub can_delete_org: bool,
    pub can_manage_members: bool,
    pub can_manage_groups: bool,
    pub can_manage_invitations: bool,
    pub can_read_activity_log: bool,
    pub can_manage_llm: bool,
    pub can_create_project: bool,
    pub can_manage_org_api_keys: bool,
}

impl OrgPermissions {
    /// `actor` with its org role (a project role plays no part in org settings).
    pub fn of(actor: Actor) -> Self {
        let org_only = Actor { org_role: actor.org_role, project_role: None };
        let may = |op| authorize(op, Some(org_only)).is_ok();
        Self {
            can_update_org: may(Operation::UpdateOrg),
            can_delete_org: may(Operation::DeleteOrg),
            can_manage_members: may(Operation::ManageOrgMembers),
            can_manage_groups: may(Operation::ManageOrgGroups),
            can_manage_invitations: may(Operation::ManageInvitations),
            can_read_activity_log: may(Operation::ReadActivityLog),
            can_manage_llm: may(Operation::ManageLlm),
            can_create_project: may(Operation::CreateProject),
            can_manage_org_api_keys: may(Operation::ManageOrgApiKeys),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ROLE_ACCESS_SUFFIX;

    fn actor(org: Option<OrgRole>, project: Option<ProjectRole>) -> Option<Actor> {
        Some(Actor { org_role: org, project_role: project })
    }

    #[test]
    fn every_operation_has_exactly_one_rule() {
        for r in RULES {
            assert_eq!(RULES.iter().filter(|o| o.operation == r.operation).count(), 1, "{:?}", r.operation);
        }
    }

    #[test]
    fn signed_out_is_denied_everything() {
        for r in RULES {
            let err = authorize(r.operation, None).unwrap_err();
            assert_eq!(err.code(), ErrorCode::UnauthorizedAccess, "{:?}", r.operation);
        }
    }

    #[test]
    fn project_matrix() {
        use Operation::*;
        // (operation, owner, contributor, viewer)
        let expected = [
            (ReadProject, true, true, true),
            (UpdateProject, true, false, false),
            (DeleteProject, true, false, false),
            (ResetProject, true, false, false),
            (ReadProjectMembers, true, true, true),
            (ManageProjectMembers, true, false, false),
            (ReadDataSource, true, true, true),
            (ManageDataSource, true, false, false),
            (ReadModels, true, true, true),
            (SaveModels, true, false, false),
            (UpdateModels, true, true, false),
            (Deploy, true, true, false),
            (Ask, true, true, true),
            (UseOrgLlm, true, true, false),
            (ReadKnowledge, true, true, false),
            (ManageKnowledge, true, true, false),
            (ReadDashboards, true, true, true),
            (ManageDashboards, true, true, false),
            (ManageFolders, true, true, false),
            (ManageFolderAccess, true, false, false),
            (ReadApiManagement, true, true, false),
            (ManageApiKeys, true, true, false),
            (ReadDataSecurity, true, false, false),
            (ManageDataSecurity, true, false, false),
        ];
        for (op, owner, contributor, viewer) in expected {
            for (role, allowed) in [(Owner, owner), (Contributor, contributor), (Viewer, viewer)] {
                let got = authorize(op, actor(Some(Member), Some(role)));
                assert_eq!(got.is_ok(), allowed, "{op:?} as {role:?}");
                if let Err(err) = got {
                    assert_eq!(err.code(), ErrorCode::UnauthorizedRoleAccess);
                    assert!(err.public_message().ends_with(ROLE_ACCESS_SUFFIX));
                }
            }
            assert!(authorize(op, actor(Some(Admin), None)).is_ok(), "org admin may {op:?}");
            let outsider = authorize(op, actor(Some(Member), None)).unwrap_err();
            assert_eq!(outsider.code(), ErrorCode::UnauthorizedAccess);
            assert_eq!(authorize(op, actor(None, None)).unwrap_err().code(), ErrorCode::UnauthorizedAccess);
        }
    }

    #[test]
    fn org_matrix() {
        use Operation::*;
        for (op, member_allowed) in [
            (ReadOrg, true),
            (UpdateOrg, false),
            (DeleteOrg, false),
            (ReadOrgMembers, true),
            (ManageOrgMembers, false),
            (ReadOrgGroups, true),
            (ManageOrgGroups, false),
            (ReadInvitations, false),
            (ManageInvitations, false),
            (ReadActivityLog, false),
            (ReadUsageLogs, false),
            (ListProjects, true),
            (CreateProject, true),
            (ManageOrgApiKeys, false),
        ] {
            assert!(authorize(op, actor(Some(Admin), None)).is_ok());
            assert_eq!(authorize(op, actor(Some(Member), None)).is_ok(), member_allowed, "{op:?}");
            assert_eq!(authorize(op, actor(None, None)).unwrap_err().code(), ErrorCode::UnauthorizedAccess);
        }
    }

    #[test]
    fn permissions_told_to_the_browser_are_the_tables() {
        let admin = ProjectPermissions::of(Actor { org_role: Some(Admin), project_role: Some(Viewer) });
        assert!(admin.can_manage_folder_access && admin.can_update_project && admin.can_manage_org_api_keys, "an org admin is an owner everywhere: {admin:?}");
        let org_admin = OrgPermissions::of(Actor { org_role: Some(Admin), project_role: None });
        assert!(org_admin.can_update_org && org_admin.can_manage_members && org_admin.can_read_activity_log, "{org_admin:?}");
        let org_member = OrgPermissions::of(Actor { org_role: Some(Member), project_role: Some(Owner) });
        assert!(
            !org_member.can_update_org && !org_member.can_manage_members && !org_member.can_read_activity_log,
            "a project owner is no org admin: {org_member:?}"
        );
        let viewer = ProjectPermissions::of(Actor { org_role: Some(Member), project_role: Some(Viewer) });
        assert!(viewer.can_ask && !viewer.can_manage_dashboards && !viewer.can_manage_knowledge && !viewer.can_read_api_management, "{viewer:?}");
        let contributor = ProjectPermissions::of(Actor { org_role: Some(Member), project_role: Some(Contributor) });
        assert!(
            contributor.can_update_models && !contributor.can_create_models && !contributor.can_manage_folder_access && !contributor.can_manage_org_api_keys
        );
        let stranger = ProjectPermissions::of(Actor::default());
        assert!(!stranger.can_ask);
    }
}
