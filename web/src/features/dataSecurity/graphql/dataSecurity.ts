import { graphql } from '../../../gql';

export const SessionPropertiesQuery = graphql(`
  query SessionProperties($projectId: ID!) {
    sessionProperties(projectId: $projectId) {
      id
      name
      valueType
      scope
      required
      defaultValue
      createdAt
    }
  }
`);

export const SessionPropertyValuesQuery = graphql(`
  query SessionPropertyValues($projectId: ID!, $propertyId: ID!) {
    sessionPropertyValues(projectId: $projectId, propertyId: $propertyId) {
      propertyId
      userId
      groupId
      apiKeyId
      value
    }
  }
`);

export const PoliciesQuery = graphql(`
  query Policies($projectId: ID!) {
    policies(projectId: $projectId) {
      id
      kind
      name
      model
      condition
      columnName
      property
      operator
      threshold
      adminsExempt
      updatedAt
    }
  }
`);

export const CreateSessionPropertyMutation = graphql(`
  mutation CreateSessionProperty($projectId: ID!, $data: CreateSessionPropertyInput!) {
    createSessionProperty(projectId: $projectId, data: $data) {
      id
      name
    }
  }
`);

export const DeleteSessionPropertyMutation = graphql(`
  mutation DeleteSessionProperty($projectId: ID!, $propertyId: ID!) {
    deleteSessionProperty(projectId: $projectId, propertyId: $propertyId)
  }
`);

export const SetSessionPropertyValueMutation = graphql(`
  mutation SetSessionPropertyValue($projectId: ID!, $data: SessionPropertyValueInput!) {
    setSessionPropertyValue(projectId: $projectId, data: $data)
  }
`);

export const CreatePolicyMutation = graphql(`
  mutation CreatePolicy($projectId: ID!, $data: PolicyInput!) {
    createPolicy(projectId: $projectId, data: $data) {
      id
      name
    }
  }
`);

export const UpdatePolicyMutation = graphql(`
  mutation UpdatePolicy($projectId: ID!, $policyId: ID!, $data: PolicyInput!) {
    updatePolicy(projectId: $projectId, policyId: $policyId, data: $data) {
      id
      name
    }
  }
`);

export const DeletePolicyMutation = graphql(`
  mutation DeletePolicy($projectId: ID!, $policyId: ID!) {
    deletePolicy(projectId: $projectId, policyId: $policyId)
  }
`);

export const ViewAsMemberQuery = graphql(`
  query ViewAsMember($projectId: ID!, $userId: ID!, $sql: String!) {
    viewAsMember(projectId: $projectId, userId: $userId, sql: $sql) {
      compiledSql
      columns
      rows
      truncated
    }
  }
`);
