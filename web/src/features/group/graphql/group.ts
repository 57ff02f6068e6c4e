import { graphql } from '../../../gql';

export const OrgGroupsQuery = graphql(`
  query OrgGroups {
    orgGroups {
      id
      name
      memberCount
      createdAt
      updatedAt
    }
  }
`);

export const OrgGroupMembersQuery = graphql(`
  query OrgGroupMembers($groupId: ID!) {
    orgGroupMembers(groupId: $groupId) {
      userId
      email
      name
      addedAt
    }
  }
`);

export const CreateOrgGroupMutation = graphql(`
  mutation CreateOrgGroup($data: CreateOrgGroupInput!) {
    createOrgGroup(data: $data) {
      id
      name
      memberCount
      createdAt
      updatedAt
    }
  }
`);

export const UpdateOrgGroupMutation = graphql(`
  mutation UpdateOrgGroup($where: OrgGroupWhereUniqueInput!, $data: UpdateOrgGroupInput!) {
    updateOrgGroup(where: $where, data: $data) {
      id
      name
      updatedAt
    }
  }
`);

export const DeleteOrgGroupMutation = graphql(`
  mutation DeleteOrgGroup($where: OrgGroupWhereUniqueInput!) {
    deleteOrgGroup(where: $where)
  }
`);

export const AddOrgGroupMemberMutation = graphql(`
  mutation AddOrgGroupMember($data: OrgGroupMemberInput!) {
    addOrgGroupMember(data: $data) {
      id
      memberCount
    }
  }
`);

export const RemoveOrgGroupMemberMutation = graphql(`
  mutation RemoveOrgGroupMember($data: OrgGroupMemberInput!) {
    removeOrgGroupMember(data: $data) {
      id
      memberCount
    }
  }
`);
