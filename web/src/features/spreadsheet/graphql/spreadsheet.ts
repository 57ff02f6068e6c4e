import { graphql } from '../../../gql';

export const SpreadsheetFields = graphql(`
  fragment SpreadsheetFields on Spreadsheet {
    id
    name
    sql
    responseId
    folderId
    columns {
      name
      label
      hidden
    }
    sort {
      column
      direction
    }
    filters {
      column
      operator
      value
    }
    canEdit
    updatedAt
  }
`);

export const SpreadsheetPageFields = graphql(`
  fragment SpreadsheetPageFields on SpreadsheetPage {
    columns {
      ...ResultColumnFields
    }
    rows
    page
    pageSize
    totalRows
    totalPages
  }
`);

export const SpreadsheetQuery = graphql(`
  query Spreadsheet($projectId: ID!, $spreadsheetId: ID!) {
    spreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId) {
      ...SpreadsheetFields
    }
  }
`);

export const SpreadsheetPageQuery = graphql(`
  query SpreadsheetPage($projectId: ID!, $spreadsheetId: ID!, $data: PageInput!) {
    spreadsheetPage(projectId: $projectId, spreadsheetId: $spreadsheetId, data: $data) {
      ...SpreadsheetPageFields
    }
  }
`);

export const PreviewSpreadsheetQuery = graphql(`
  query PreviewSpreadsheet($projectId: ID!, $data: PreviewSpreadsheetInput!) {
    previewSpreadsheet(projectId: $projectId, data: $data) {
      ...SpreadsheetPageFields
    }
  }
`);

export const SpreadsheetExportQuery = graphql(`
  query SpreadsheetExport($projectId: ID!, $exportId: ID!) {
    spreadsheetExport(projectId: $projectId, exportId: $exportId) {
      ...SpreadsheetExportFields
    }
  }
`);

export const SpreadsheetExportFields = graphql(`
  fragment SpreadsheetExportFields on SpreadsheetExport {
    id
    status
    rowsWritten
    bytesWritten
    error
    downloadUrl
  }
`);

export const CreateSpreadsheetMutation = graphql(`
  mutation CreateSpreadsheet($projectId: ID!, $data: CreateSpreadsheetInput!) {
    createSpreadsheet(projectId: $projectId, data: $data) {
      ...SpreadsheetFields
    }
  }
`);

export const UpdateSpreadsheetMutation = graphql(`
  mutation UpdateSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $name: String!) {
    updateSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, name: $name) {
      ...SpreadsheetFields
    }
  }
`);

export const SaveSpreadsheetMutation = graphql(`
  mutation SaveSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $data: SaveSpreadsheetInput!) {
    saveSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, data: $data) {
      ...SpreadsheetFields
    }
  }
`);

export const DeleteSpreadsheetMutation = graphql(`
  mutation DeleteSpreadsheet($projectId: ID!, $spreadsheetId: ID!) {
    deleteSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId)
  }
`);

export const ExportSpreadsheetMutation = graphql(`
  mutation ExportSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $view: SaveSpreadsheetInput) {
    exportSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, view: $view) {
      ...SpreadsheetExportFields
    }
  }
`);
