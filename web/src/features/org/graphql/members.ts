import { graphql } from '../../../gql';

export const OrgMembersQuery = graphql(`
  query OrgMembers {
    me(withMembers: true) {
      id
      currentOrg {
        id
        myRole
        myPermissions {
          ...OrgPermissionFields
        }
        members {
          id
          userId
          email
          emailVerified
          name
          firstName
          lastName
          role
          enabled
          joinedAt
          groups {
            id
            name
          }
        }
      }
    }
  }
`);

export const CreateOrgMemberMutation = graphql(`
  mutation CreateOrgMember($data: CreateOrgMemberInput!) {
    createOrgMember(data: $data) {
      success
      temporaryPassword
      member {
        id
        email
        role
        enabled
      }
    }
  }
`);

export const UpdateOrgMemberMutation = graphql(`
  mutation UpdateOrgMember($where: MemberWhereUniqueInput!, $data: UpdateOrgMemberInput!) {
    updateOrgMember(where: $where, data: $data) {
      id
      role
      enabled
    }
  }
`);

export const DeleteOrgMemberMutation = graphql(`
  mutation DeleteOrgMember($where: MemberWhereUniqueInput!) {
    deleteOrgMember(where: $where)
  }
`);
