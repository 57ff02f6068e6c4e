import { graphql } from '../../../gql';

export const DataSyncQuery = graphql(`
  query DataSync($projectId: ID!) {
    dataSync(projectId: $projectId) {
      mode
      everyMinutes
      stopped
      status
      lastSyncedAt
      nextSyncAt
      tables {
        schema
        name
        cursor
      }
    }
    syncJobs(projectId: $projectId) {
      id
      status
      rowsSynced
      error
      createdAt
      finishedAt
      tables {
        table
        rows
      }
    }
  }
`);

export const SyncSourceTablesQuery = graphql(`
  query SyncSourceTables($projectId: ID!) {
    listDataSourceTables(projectId: $projectId) {
      name
      schema
      columns {
        name
      }
    }
  }
`);

export const SetDataSyncMutation = graphql(`
  mutation SetDataSync($projectId: ID!, $mode: SyncMode!, $tables: [SyncTableInput!]!, $everyMinutes: Int!) {
    setDataSync(projectId: $projectId, mode: $mode, tables: $tables, everyMinutes: $everyMinutes) {
      status
    }
  }
`);

export const StopDataSyncMutation = graphql(`
  mutation StopDataSync($projectId: ID!) {
    stopDataSync(projectId: $projectId) {
      stopped
    }
  }
`);

export const ResumeDataSyncMutation = graphql(`
  mutation ResumeDataSync($projectId: ID!) {
    resumeDataSync(projectId: $projectId) {
      stopped
    }
  }
`);

export const SyncDataNowMutation = graphql(`
  mutation SyncDataNow($projectId: ID!) {
    syncDataNow(projectId: $projectId)
  }
`);
