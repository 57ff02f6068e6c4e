import { graphql } from '../../../gql';

export const CsvImportJobQuery = graphql(`
  query CsvImportJob($id: ID!) {
    csvImportJob(id: $id) {
      id
      state
      progress
      error
      tableName
      notes
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
      notes
      createdAt
    }
  }
`);

export const CsvTableColumnsQuery = graphql(`
  query CsvTableColumns($projectId: ID!) {
    listDataSourceTables(projectId: $projectId) {
      name
      columns {
        name
        type
        family
      }
    }
  }
`);

export const ChangeCsvColumnTypeMutation = graphql(`
  mutation ChangeCsvColumnType($projectId: ID!, $table: String!, $column: String!, $type: ColumnTypeFamily!) {
    changeCsvColumnType(projectId: $projectId, table: $table, column: $column, type: $type) {
      table
      column
      type
      family
      converted
      failed
    }
  }
`);
