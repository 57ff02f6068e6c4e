import { graphql } from '../../../gql';

/** What the signed-in member may do in the org, as the server's permission table says. */
export const OrgPermissionFieldsFragment = graphql(`
  fragment OrgPermissionFields on OrgPermissions {
    canUpdateOrg
    canDeleteOrg
    canManageMembers
    canManageGroups
    canManageInvitations
    canReadActivityLog
    canManageOrgApiKeys
  }
`);

export const OrgsQuery = graphql(`
  query Orgs {
    orgs {
      id
      name
      myRole
      state
    }
  }
`);

export const SwitchCurrentOrgMutation = graphql(`
  mutation SwitchCurrentOrg($where: OrgWhereUniqueInput!) {
    switchCurrentOrg(where: $where) {
      id
      currentOrg {
        id
        name
        myRole
      }
      currentOrgRole
    }
  }
`);

export const CreateOrgMutation = graphql(`
  mutation CreateOrg($data: CreateOrgInput!) {
    createOrg(data: $data) {
      id
      name
      myRole
    }
  }
`);

export const UpdateOrgMutation = graphql(`
  mutation UpdateOrg($where: OrgWhereUniqueInput!, $data: UpdateOrgInput!) {
    updateOrg(where: $where, data: $data) {
      id
      name
    }
  }
`);

export const OrgUsageQuery = graphql(`
  query OrgUsage {
    me(withUsage: true) {
      id
      currentOrg {
        id
        name
        createdAt
        myRole
        myPermissions {
          canUpdateOrg
          canDeleteOrg
        }
        usage {
          totalMembers
          totalProjects
          questionsAsked
          totalApiCalls
          rowsExported
        }
      }
    }
  }
`);

export const CurrentOrgQuery = graphql(`
  query CurrentOrg {
    me {
      id
      currentOrg {
        id
        name
        state
        myRole
        myPermissions {
          ...OrgPermissionFields
        }
      }
    }
  }
`);

export const DeleteOrgMutation = graphql(`
  mutation DeleteOrg($where: OrgWhereUniqueInput!) {
    deleteOrg(where: $where) {
      id
      name
      state
    }
  }
`);
