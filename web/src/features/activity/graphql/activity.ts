import { graphql } from '../../../gql';

export const ActivityLogsQuery = graphql(`
  query ActivityLogs($filter: ActivityLogFilter, $offset: Int!, $limit: Int!) {
    activityLogs(filter: $filter, offset: $offset, limit: $limit) {
      total
      items {
        id
        kind
        actorId
        actorEmail
        targetKind
        targetId
        targetLabel
        projectId
        detail
        clientAddress
        createdAt
      }
    }
  }
`);
