import { graphql } from '../../../gql';

export const MeQuery = graphql(`
  query Me {
    me {
      id
      email
      name
      picture
      consentPrivacyStatement
      emailVerified
      firstName
      lastName
      country
      companyName
      jobTitle
      currentOrg {
        id
        name
        myRole
        state
        myPermissions {
          ...OrgPermissionFields
        }
      }
      currentOrgRole
      currentProject {
        id
        displayName
        language
        timezone
        permissions {
          canCreateModels
          canUpdateModels
          canManageKnowledge
          canManageDashboards
          canReadApiManagement
          canManageOrgApiKeys
          canManageDataSecurity
        }
      }
      currentProjectRole
    }
  }
`);

export const OnboardUserMutation = graphql(`
  mutation OnboardUser($data: OnboardUserInput!) {
    onboardUser(data: $data) {
      id
      consentPrivacyStatement
      firstName
      lastName
      country
      companyName
      jobTitle
      currentOrg {
        id
        name
        myRole
      }
    }
  }
`);

export const UpdateMyProfileMutation = graphql(`
  mutation UpdateMyProfile($data: UpdateMyProfileInput!) {
    updateMyProfile(data: $data) {
      id
      name
      firstName
      lastName
      country
      companyName
      jobTitle
    }
  }
`);

export const DeleteMyAccountMutation = graphql(`
  mutation DeleteMyAccount {
    deleteMyAccount
  }
`);
