import { graphql } from '../../../gql';

export const ListDataSourceTablesQuery = graphql(`
  query ListDataSourceTables($projectId: ID!) {
    listDataSourceTables(projectId: $projectId) {
      name
      schema
      displayName
      columns {
        name
        type
      }
    }
  }
`);

export const ModelsQuery = graphql(`
  query Models($projectId: ID!) {
    models(projectId: $projectId) {
      id
      referenceName
      displayName
      columns {
        id
        referenceName
        displayName
        type
      }
    }
  }
`);

export const RecommendedRelationshipsQuery = graphql(`
  query RecommendedRelationships($projectId: ID!) {
    recommendedRelationships(projectId: $projectId) {
      fromModel
      fromColumn
      toModel
      toColumn
      type
      reason
    }
  }
`);

export const SaveTablesMutation = graphql(`
  mutation SaveTables($projectId: ID!, $tables: [String!]!) {
    saveTables(projectId: $projectId, tables: $tables) {
      id
      referenceName
    }
  }
`);

export const SaveRelationsMutation = graphql(`
  mutation SaveRelations($projectId: ID!, $relations: [RelationInput!]!) {
    saveRelations(projectId: $projectId, relations: $relations) {
      id
      name
    }
  }
`);

export const ModelingOverviewQuery = graphql(`
  query ModelingOverview($projectId: ID!) {
    models(projectId: $projectId) {
      id
      referenceName
      displayName
      description
      primaryKey
      columns {
        id
      }
    }
    relationships(projectId: $projectId) {
      id
      fromModel
      fromColumn
      toModel
      toColumn
      type
    }
  }
`);
