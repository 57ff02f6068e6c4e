import { graphql } from '../../../gql';

export const SampleDatasetsQuery = graphql(`
  query SampleDatasets {
    sampleDatasets {
      name
      displayName
      description
    }
  }
`);

export const DataSourceQuery = graphql(`
  query DataSource($projectId: ID!) {
    dataSource(projectId: $projectId) {
      type
      properties
      sampleDataset
    }
  }
`);

export const TestDataSourceConnectionMutation = graphql(`
  mutation TestDataSourceConnection($projectId: ID!, $data: DataSourceInput!) {
    testDataSourceConnection(projectId: $projectId, data: $data)
  }
`);

export const SaveDataSourceMutation = graphql(`
  mutation SaveDataSource($projectId: ID!, $data: DataSourceInput!) {
    saveDataSource(projectId: $projectId, data: $data) {
      type
      properties
      sampleDataset
    }
  }
`);

export const UpdateDataSourceMutation = graphql(`
  mutation UpdateDataSource($projectId: ID!, $data: DataSourceInput!) {
    updateDataSource(projectId: $projectId, data: $data) {
      type
      properties
      sampleDataset
    }
  }
`);

export const StartSampleDatasetMutation = graphql(`
  mutation StartSampleDataset($projectId: ID!, $name: SampleDatasetName!) {
    startSampleDataset(projectId: $projectId, name: $name)
  }
`);

export const SchemaChangeQuery = graphql(`
  query SchemaChange($projectId: ID!) {
    schemaChange(projectId: $projectId) {
      addedTables
      removedTables
      addedColumns
      removedColumns
      changedColumns
      detectedAt
    }
  }
`);

export const TriggerDataSourceDetectionMutation = graphql(`
  mutation TriggerDataSourceDetection($projectId: ID!) {
    triggerDataSourceDetection(projectId: $projectId) {
      addedTables
      removedTables
      addedColumns
      removedColumns
      changedColumns
      detectedAt
    }
  }
`);

export const ResolveSchemaChangeMutation = graphql(`
  mutation ResolveSchemaChange($projectId: ID!) {
    resolveSchemaChange(projectId: $projectId)
  }
`);
