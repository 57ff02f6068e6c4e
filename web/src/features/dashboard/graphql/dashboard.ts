import { graphql } from '../../../gql';

export const DashboardItemFields = graphql(`
  fragment DashboardItemFields on DashboardItem {
    id
    dashboardId
    name
    type
    text
    chart {
      chartType
      title
      x
      y
      color
    }
    layout {
      x
      y
      w
      h
    }
    lastError
    refreshedAt
    data {
      columns {
        ...ResultColumnFields
      }
      rows
      truncated
      cacheHit
      cacheCreatedAt
      overridden
      stale
      error
      unfiltered
    }
  }
`);

export const DashboardRefreshFields = graphql(`
  fragment DashboardRefreshFields on DashboardRefresh {
    id
    status
    scheduled
    tilesRefreshed
    tilesFailed
    startedAt
    finishedAt
    reason
  }
`);

export const DashboardScheduleFields = graphql(`
  fragment DashboardScheduleFields on DashboardSchedule {
    frequency
    day
    hour
    minute
    cron
    timezone
    nextRunAt
  }
`);

export const DashboardsQuery = graphql(`
  query Dashboards($projectId: ID!) {
    dashboards(projectId: $projectId) {
      id
      name
      canEdit
    }
  }
`);

export const DashboardQuery = graphql(`
  query Dashboard($projectId: ID!, $dashboardId: ID!, $filters: [DashboardFilterInput!]! = []) {
    dashboard(projectId: $projectId, dashboardId: $dashboardId, filters: $filters) {
      id
      name
      folderId
      canEdit
      cacheEnabled
      cacheTtlSeconds
      schedule {
        ...DashboardScheduleFields
      }
      lastRefresh {
        ...DashboardRefreshFields
      }
      items {
        ...DashboardItemFields
      }
    }
  }
`);

/** Only the latest refresh: polled while "refresh all" runs, without re-reading every tile. */
export const DashboardRefreshStatusQuery = graphql(`
  query DashboardRefreshStatus($projectId: ID!, $dashboardId: ID!) {
    dashboard(projectId: $projectId, dashboardId: $dashboardId) {
      id
      lastRefresh {
        ...DashboardRefreshFields
      }
    }
  }
`);

export const CreateDashboardMutation = graphql(`
  mutation CreateDashboard($projectId: ID!, $data: CreateDashboardInput!) {
    createDashboard(projectId: $projectId, data: $data) {
      id
      name
      canEdit
    }
  }
`);

export const UpdateDashboardMutation = graphql(`
  mutation UpdateDashboard($projectId: ID!, $dashboardId: ID!, $data: UpdateDashboardInput!) {
    updateDashboard(projectId: $projectId, dashboardId: $dashboardId, data: $data) {
      id
      name
      cacheEnabled
      cacheTtlSeconds
    }
  }
`);

export const DeleteDashboardMutation = graphql(`
  mutation DeleteDashboard($projectId: ID!, $dashboardId: ID!) {
    deleteDashboard(projectId: $projectId, dashboardId: $dashboardId)
  }
`);

export const CreateDashboardItemMutation = graphql(`
  mutation CreateDashboardItem($projectId: ID!, $data: CreateDashboardItemInput!) {
    createDashboardItem(projectId: $projectId, data: $data) {
      id
      dashboardId
      name
      type
    }
  }
`);

export const UpdateDashboardItemMutation = graphql(`
  mutation UpdateDashboardItem($projectId: ID!, $itemId: ID!, $name: String!) {
    updateDashboardItem(projectId: $projectId, itemId: $itemId, name: $name) {
      id
      name
    }
  }
`);

export const DeleteDashboardItemMutation = graphql(`
  mutation DeleteDashboardItem($projectId: ID!, $itemId: ID!) {
    deleteDashboardItem(projectId: $projectId, itemId: $itemId)
  }
`);

export const UpdateDashboardItemLayoutsMutation = graphql(`
  mutation UpdateDashboardItemLayouts($projectId: ID!, $dashboardId: ID!, $layouts: [ItemLayoutInput!]!) {
    updateDashboardItemLayouts(projectId: $projectId, dashboardId: $dashboardId, layouts: $layouts) {
      id
      items {
        id
        layout {
          x
          y
          w
          h
        }
      }
    }
  }
`);

export const SetDashboardScheduleMutation = graphql(`
  mutation SetDashboardSchedule($projectId: ID!, $dashboardId: ID!, $data: SetDashboardScheduleInput!) {
    setDashboardSchedule(projectId: $projectId, dashboardId: $dashboardId, data: $data) {
      id
      schedule {
        ...DashboardScheduleFields
      }
    }
  }
`);

export const RefreshDashboardItemMutation = graphql(`
  mutation RefreshDashboardItem($projectId: ID!, $itemId: ID!) {
    refreshDashboardItem(projectId: $projectId, itemId: $itemId) {
      ...DashboardItemFields
    }
  }
`);

export const RefreshDashboardMutation = graphql(`
  mutation RefreshDashboard($projectId: ID!, $dashboardId: ID!) {
    refreshDashboard(projectId: $projectId, dashboardId: $dashboardId) {
      id
      lastRefresh {
        ...DashboardRefreshFields
      }
    }
  }
`);

export const DrillIntoDashboardItemMutation = graphql(`
  mutation DrillIntoDashboardItem($projectId: ID!, $itemId: ID!, $data: DrillInput!) {
    drillIntoDashboardItem(projectId: $projectId, itemId: $itemId, data: $data)
  }
`);

export const CreateDashboardTextItemMutation = graphql(`
  mutation CreateDashboardTextItem($projectId: ID!, $data: CreateDashboardTextItemInput!) {
    createDashboardTextItem(projectId: $projectId, data: $data) {
      ...DashboardItemFields
    }
  }
`);

export const UpdateDashboardItemTextMutation = graphql(`
  mutation UpdateDashboardItemText($projectId: ID!, $itemId: ID!, $text: String!) {
    updateDashboardItem(projectId: $projectId, itemId: $itemId, text: $text) {
      ...DashboardItemFields
    }
  }
`);
