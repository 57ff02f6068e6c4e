import { graphql } from '../../../gql';

export const ProjectMemberFields = graphql(`
  fragment ProjectMemberFields on ProjectMember {
    id
    userId
    email
    name
    role
    joinedAt
  }
`);

export const ProjectGroupFields = graphql(`
  fragment ProjectGroupFields on ProjectGroup {
    id
    groupId
    name
    memberCount
    role
    addedAt
  }
`);

export const ProjectAccessQuery = graphql(`
  query ProjectAccess($where: ProjectWhereUniqueInput!) {
    project(where: $where) {
      id
      displayName
      myRole
      myPermissions {
        canManageMembers
      }
      members {
        ...ProjectMemberFields
      }
      groups {
        ...ProjectGroupFields
      }
    }
  }
`);

export const AddProjectMemberMutation = graphql(`
  mutation AddProjectMember($data: AddProjectMemberInput!) {
    addProjectMember(data: $data) {
      ...ProjectMemberFields
    }
  }
`);

export const UpdateProjectMemberRoleMutation = graphql(`
  mutation UpdateProjectMemberRole($data: UpdateProjectMemberInput!) {
    updateProjectMemberRole(data: $data) {
      id
      role
    }
  }
`);

export const RemoveProjectMemberMutation = graphql(`
  mutation RemoveProjectMember($data: RemoveProjectMemberInput!) {
    removeProjectMember(data: $data)
  }
`);

export const AddProjectGroupMutation = graphql(`
  mutation AddProjectGroup($data: ProjectGroupInput!) {
    addProjectGroup(data: $data) {
      ...ProjectGroupFields
    }
  }
`);

export const UpdateProjectGroupRoleMutation = graphql(`
  mutation UpdateProjectGroupRole($data: ProjectGroupInput!) {
    updateProjectGroupRole(data: $data) {
      id
      role
    }
  }
`);

export const RemoveProjectGroupMutation = graphql(`
  mutation RemoveProjectGroup($data: RemoveProjectGroupInput!) {
    removeProjectGroup(data: $data)
  }
`);
