import { graphql } from '../../../gql';

export const CsvImportJobQuery = graphql(`
  query CsvImportJob($id: ID!) {
    csvImportJob(id: $id) {
      id
      state
      progress
      error
      tableName
    }
  }
`);

export const CsvImportJobsQuery = graphql(`
  query CsvImportJobs($projectId: ID!) {
    csvImportJobs(projectId: $projectId) {
      id
      state
      error
      fileName
      tableName
      rowCount
      createdAt
    }
  }
`);
