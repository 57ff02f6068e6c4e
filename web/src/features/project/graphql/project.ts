import { graphql } from '../../../gql';

export const ProjectsQuery = graphql(`
  query Projects {
    projects {
      id
      displayName
      language
      state
      onboardingStatus
      createdAt
      myRole
    }
  }
`);

export const ProjectQuery = graphql(`
  query Project($where: ProjectWhereUniqueInput!) {
    project(where: $where) {
      id
      orgId
      displayName
      language
      timezone
      onboardingStatus
      state
      createdAt
      myRole
      myPermissions {
        canUpdateProject
        canManageDataSource
        canUpdateModels
        canManageFolderAccess
      }
    }
  }
`);

export const TimezonesQuery = graphql(`
  query Timezones {
    timezones
  }
`);

export const CreateProjectMutation = graphql(`
  mutation CreateProject($data: CreateProjectInput!) {
    createProject(data: $data) {
      id
      displayName
      language
      timezone
      onboardingStatus
      state
      createdAt
    }
  }
`);

export const UpdateProjectMutation = graphql(`
  mutation UpdateProject($where: ProjectWhereUniqueInput!, $data: UpdateProjectInput!) {
    updateProject(where: $where, data: $data) {
      id
      displayName
      language
      timezone
    }
  }
`);

export const DeleteProjectMutation = graphql(`
  mutation DeleteProject($where: ProjectWhereUniqueInput!) {
    deleteProject(where: $where) {
      id
      state
    }
  }
`);

export const ResetProjectMutation = graphql(`
  mutation ResetProject($where: ProjectWhereUniqueInput!) {
    resetProject(where: $where) {
      id
      state
      onboardingStatus
    }
  }
`);

export const SwitchCurrentProjectMutation = graphql(`
  mutation SwitchCurrentProject($where: ProjectWhereUniqueInput!) {
    switchCurrentProject(where: $where) {
      id
      currentProject {
        id
        displayName
        language
        timezone
      }
      currentProjectRole
    }
  }
`);
