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

export const ModelingDiagramQuery = graphql(`
  query ModelingDiagram($projectId: ID!) {
    models(projectId: $projectId) {
      id
      referenceName
      displayName
      description
      primaryKey
      currency
      sourceTableName
      sourceSql
      columns {
        id
        referenceName
        displayName
        type
        family
        hidden
        isCalculated
        isPrimaryKey
        expression
        description
        format {
          style
          decimals
          currency
        }
      }
    }
    relationships(projectId: $projectId) {
      id
      name
      fromModel
      fromColumn
      toModel
      toColumn
      type
    }
    views(projectId: $projectId) {
      id
      name
      displayName
      description
      statement
    }
    metrics(projectId: $projectId) {
      name
      displayName
      baseObject
      dimensions
      measures
      timeGrains
    }
  }
`);

export const ExportMdlQuery = graphql(`
  query ExportMdl($projectId: ID!) {
    exportMdl(projectId: $projectId)
  }
`);

export const ImportMdlMutation = graphql(`
  mutation ImportMdl($projectId: ID!, $mdl: String!) {
    importMdl(projectId: $projectId, mdl: $mdl)
  }
`);

export const DeployStatusQuery = graphql(`
  query DeployStatus($projectId: ID!) {
    deployStatus(projectId: $projectId) {
      status
      lastDeploy {
        id
        status
        log
        error
        startedAt
        finishedAt
      }
    }
  }
`);

export const DeployMutation = graphql(`
  mutation Deploy($projectId: ID!) {
    deploy(projectId: $projectId) {
      status
      error
      deployId
    }
  }
`);

export const CreateModelMutation = graphql(`
  mutation CreateModel($data: CreateModelInput!) {
    createModel(data: $data)
  }
`);

export const DeleteModelMutation = graphql(`
  mutation DeleteModel($modelId: ID!) {
    deleteModel(modelId: $modelId)
  }
`);

export const UpdateModelMetadataMutation = graphql(`
  mutation UpdateModelMetadata($modelId: ID!, $data: UpdateModelMetadataInput!) {
    updateModelMetadata(modelId: $modelId, data: $data)
  }
`);

export const CreateCalculatedFieldMutation = graphql(`
  mutation CreateCalculatedField($modelId: ID!, $data: CalculatedFieldInput!) {
    createCalculatedField(modelId: $modelId, data: $data)
  }
`);

export const UpdateCalculatedFieldMutation = graphql(`
  mutation UpdateCalculatedField($columnId: ID!, $data: CalculatedFieldInput!) {
    updateCalculatedField(columnId: $columnId, data: $data)
  }
`);

export const DeleteCalculatedFieldMutation = graphql(`
  mutation DeleteCalculatedField($columnId: ID!) {
    deleteCalculatedField(columnId: $columnId)
  }
`);

export const CreateRelationshipMutation = graphql(`
  mutation CreateRelationship($projectId: ID!, $data: RelationInput!) {
    createRelationship(projectId: $projectId, data: $data) {
      id
    }
  }
`);

export const UpdateRelationshipMutation = graphql(`
  mutation UpdateRelationship($relationshipId: ID!, $type: RelationType!) {
    updateRelationship(relationshipId: $relationshipId, type: $type)
  }
`);

export const DeleteRelationshipMutation = graphql(`
  mutation DeleteRelationship($relationshipId: ID!) {
    deleteRelationship(relationshipId: $relationshipId)
  }
`);

export const CreateViewMutation = graphql(`
  mutation CreateView($data: CreateViewInput!) {
    createView(data: $data) {
      id
      name
    }
  }
`);

export const UpdateViewMetadataMutation = graphql(`
  mutation UpdateViewMetadata($viewId: ID!, $data: UpdateViewMetadataInput!) {
    updateViewMetadata(viewId: $viewId, data: $data)
  }
`);

export const DeleteViewMutation = graphql(`
  mutation DeleteView($viewId: ID!) {
    deleteView(viewId: $viewId)
  }
`);

export const PreviewModelDataQuery = graphql(`
  query PreviewModelData($modelId: ID!, $limit: Int) {
    previewModelData(modelId: $modelId, limit: $limit) {
      columns {
        name
        type
      }
      rows
    }
  }
`);

export const PreviewViewDataQuery = graphql(`
  query PreviewViewData($viewId: ID!, $limit: Int) {
    previewViewData(viewId: $viewId, limit: $limit) {
      columns {
        name
        type
      }
      rows
    }
  }
`);

export const ModelSqlQuery = graphql(`
  query ModelSql($modelId: ID!) {
    modelSql(modelId: $modelId)
  }
`);

export const ViewSqlQuery = graphql(`
  query ViewSql($viewId: ID!) {
    viewSql(viewId: $viewId)
  }
`);

export const ModelTermsQuery = graphql(`
  query ModelTerms($projectId: ID!) {
    models(projectId: $projectId) {
      id
      referenceName
      terms {
        text
        source
      }
      columns {
        id
        referenceName
        hidden
        terms {
          text
          source
        }
      }
    }
  }
`);
