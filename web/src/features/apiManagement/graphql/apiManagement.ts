import { graphql } from '../../../gql';

export const ApiKeysQuery = graphql(`
  query ApiKeys($projectId: ID!) {
    apiKeys(projectId: $projectId) {
      id
      name
      prefix
      organizationWide
      projectId
      scopes
      createdByEmail
      expiresAt
      lastUsedAt
      revokedAt
      createdAt
      active
    }
  }
`);

// The secret is read from this answer once and never stored in the cache (it is a mutation).
export const CreateApiKeyMutation = graphql(`
  mutation CreateApiKey($projectId: ID!, $data: CreateApiKeyInput!) {
    createApiKey(projectId: $projectId, data: $data) {
      key {
        id
        name
        prefix
      }
      secret
    }
  }
`);

export const RevokeApiKeyMutation = graphql(`
  mutation RevokeApiKey($projectId: ID!, $keyId: ID!) {
    revokeApiKey(projectId: $projectId, keyId: $keyId) {
      id
      revokedAt
      active
    }
  }
`);

export const ApiHistoryQuery = graphql(`
  query ApiHistory($projectId: ID!, $filter: ApiHistoryFilter, $offset: Int!, $limit: Int!) {
    apiHistory(projectId: $projectId, filter: $filter, offset: $offset, limit: $limit) {
      total
      retentionDays
      items {
        id
        callType
        method
        path
        statusCode
        durationMs
        apiKeyId
        keyPrefix
        projectId
        threadId
        requestBody
        responseBody
        createdAt
      }
    }
  }
`);

export const SetApiHistoryRetentionMutation = graphql(`
  mutation SetApiHistoryRetention($projectId: ID!, $days: Int!) {
    setApiHistoryRetention(projectId: $projectId, days: $days)
  }
`);
