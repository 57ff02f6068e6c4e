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
