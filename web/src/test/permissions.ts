// What the server tells the browser a member may do in a project (`ProjectPermissions`), as
// test data: the server reads its permission table; a test names the member it plays.
export type PlayedRole = 'ADMIN' | 'OWNER' | 'CONTRIBUTOR' | 'VIEWER';

/** What an org admin or member may do in the org (`OrgPermissions`). */
export function orgPermissionsAs(role: 'ADMIN' | 'MEMBER') {
  const admin = role === 'ADMIN';
  return {
    canUpdateOrg: admin,
    canDeleteOrg: admin,
    canManageMembers: admin,
    canManageGroups: admin,
    canManageInvitations: admin,
    canReadActivityLog: admin,
    canManageLlm: admin,
    canCreateProject: true,
    canManageOrgApiKeys: admin,
  };
}

export function permissionsAs(role: PlayedRole) {
  const owner = role === 'ADMIN' || role === 'OWNER';
  const editor = owner || role === 'CONTRIBUTOR';
  return {
    canUpdateProject: owner,
    canManageMembers: owner,
    canManageDataSource: owner,
    canCreateModels: owner,
    canUpdateModels: editor,
    canDeploy: editor,
    canAsk: true,
    canUseOrgLlm: editor,
    canReadKnowledge: editor,
    canManageKnowledge: editor,
    canManageDashboards: editor,
    canManageFolders: editor,
    canManageFolderAccess: owner,
    canReadApiManagement: editor,
    canManageApiKeys: editor,
    canManageOrgApiKeys: role === 'ADMIN',
    canManageDataSecurity: owner,
  };
}
