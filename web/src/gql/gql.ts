/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query ActivityLogs($filter: ActivityLogFilter, $offset: Int!, $limit: Int!) {\n    activityLogs(filter: $filter, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        kind\n        actorId\n        actorEmail\n        targetKind\n        targetId\n        targetLabel\n        projectId\n        detail\n        clientAddress\n        createdAt\n      }\n    }\n  }\n": typeof types.ActivityLogsDocument,
    "\n  query ApiKeys($projectId: ID!) {\n    apiKeys(projectId: $projectId) {\n      id\n      name\n      prefix\n      organizationWide\n      projectId\n      scopes\n      createdByEmail\n      expiresAt\n      lastUsedAt\n      revokedAt\n      createdAt\n      active\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  mutation CreateApiKey($projectId: ID!, $data: CreateApiKeyInput!) {\n    createApiKey(projectId: $projectId, data: $data) {\n      key {\n        id\n        name\n        prefix\n      }\n      secret\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($projectId: ID!, $keyId: ID!) {\n    revokeApiKey(projectId: $projectId, keyId: $keyId) {\n      id\n      revokedAt\n      active\n    }\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  query ApiHistory($projectId: ID!, $filter: ApiHistoryFilter, $offset: Int!, $limit: Int!) {\n    apiHistory(projectId: $projectId, filter: $filter, offset: $offset, limit: $limit) {\n      total\n      retentionDays\n      items {\n        id\n        callType\n        method\n        path\n        statusCode\n        durationMs\n        apiKeyId\n        keyPrefix\n        projectId\n        threadId\n        requestBody\n        responseBody\n        createdAt\n      }\n    }\n  }\n": typeof types.ApiHistoryDocument,
    "\n  mutation SetApiHistoryRetention($projectId: ID!, $days: Int!) {\n    setApiHistoryRetention(projectId: $projectId, days: $days)\n  }\n": typeof types.SetApiHistoryRetentionDocument,
    "\n  fragment ResultColumnFields on ResultColumnGql {\n    name\n    type\n    family\n    displayName\n    format {\n      style\n      decimals\n      currency\n    }\n  }\n": typeof types.ResultColumnFieldsFragmentDoc,
    "\n  fragment AskingTaskFields on AskingTask {\n    id\n    threadId\n    responseId\n    question\n    status\n    statusCode\n    understood\n    reading {\n      kind\n      label\n      text\n      start\n      end\n    }\n    suggestions\n    teachOffers {\n      phrase\n      candidates {\n        model\n        column\n        label\n      }\n    }\n    intent\n    reasoning\n    answeredBy\n    correctionRounds\n    error {\n      code\n      message\n      shortMessage\n    }\n  }\n": typeof types.AskingTaskFieldsFragmentDoc,
    "\n  fragment ThreadResponseFields on ThreadResponse {\n    id\n    threadId\n    question\n    sql\n    answer\n    answerStatus\n    chartStatus\n    chartError\n    rowCount\n    truncated\n    withheld\n    chart {\n      chartType\n      title\n      x\n      y\n      color\n    }\n    columns {\n      ...ResultColumnFields\n    }\n    askingTask {\n      ...AskingTaskFields\n    }\n  }\n": typeof types.ThreadResponseFieldsFragmentDoc,
    "\n  query Threads($projectId: ID!) {\n    threads(projectId: $projectId) {\n      id\n      summary\n      updatedAt\n    }\n  }\n": typeof types.ThreadsDocument,
    "\n  query Thread($projectId: ID!, $threadId: ID!) {\n    thread(projectId: $projectId, threadId: $threadId) {\n      id\n      summary\n      canEdit\n      responses {\n        ...ThreadResponseFields\n      }\n    }\n  }\n": typeof types.ThreadDocument,
    "\n  query AskingTask($projectId: ID!, $taskId: ID!) {\n    askingTask(projectId: $projectId, taskId: $taskId) {\n      ...AskingTaskFields\n    }\n  }\n": typeof types.AskingTaskDocument,
    "\n  query ThreadResponse($projectId: ID!, $responseId: ID!) {\n    threadResponse(projectId: $projectId, responseId: $responseId) {\n      id\n      threadId\n      question\n      sql\n    }\n  }\n": typeof types.ThreadResponseDocument,
    "\n  query ResponseData($projectId: ID!, $responseId: ID!, $offset: Int, $limit: Int) {\n    previewResponseData(projectId: $projectId, responseId: $responseId, offset: $offset, limit: $limit) {\n      rows\n      total\n      truncated\n      columns {\n        ...ResultColumnFields\n      }\n    }\n  }\n": typeof types.ResponseDataDocument,
    "\n  query SuggestedQuestions($projectId: ID!) {\n    suggestedQuestions(projectId: $projectId)\n  }\n": typeof types.SuggestedQuestionsDocument,
    "\n  mutation CreateAskingTask($projectId: ID!, $data: AskingTaskInput!) {\n    createAskingTask(projectId: $projectId, data: $data) {\n      ...AskingTaskFields\n    }\n  }\n": typeof types.CreateAskingTaskDocument,
    "\n  mutation CreateThread($projectId: ID!, $data: CreateThreadInput!) {\n    createThread(projectId: $projectId, data: $data) {\n      id\n      summary\n    }\n  }\n": typeof types.CreateThreadDocument,
    "\n  mutation UpdateThread($projectId: ID!, $threadId: ID!, $data: UpdateThreadInput!) {\n    updateThread(projectId: $projectId, threadId: $threadId, data: $data) {\n      id\n      summary\n    }\n  }\n": typeof types.UpdateThreadDocument,
    "\n  mutation DeleteThread($projectId: ID!, $threadId: ID!) {\n    deleteThread(projectId: $projectId, threadId: $threadId)\n  }\n": typeof types.DeleteThreadDocument,
    "\n  mutation CreateThreadResponse($projectId: ID!, $threadId: ID!, $data: ThreadResponseInput!) {\n    createThreadResponse(projectId: $projectId, threadId: $threadId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n": typeof types.CreateThreadResponseDocument,
    "\n  mutation CancelAskingTask($projectId: ID!, $taskId: ID!) {\n    cancelAskingTask(projectId: $projectId, taskId: $taskId)\n  }\n": typeof types.CancelAskingTaskDocument,
    "\n  mutation UpdateThreadResponse($projectId: ID!, $responseId: ID!, $data: UpdateThreadResponseInput!) {\n    updateThreadResponse(projectId: $projectId, responseId: $responseId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n": typeof types.UpdateThreadResponseDocument,
    "\n  mutation AdjustThreadResponse($projectId: ID!, $responseId: ID!, $data: AdjustThreadResponseInput!) {\n    adjustThreadResponse(projectId: $projectId, responseId: $responseId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n": typeof types.AdjustThreadResponseDocument,
    "\n  mutation AdjustThreadResponseChart($projectId: ID!, $responseId: ID!, $data: AdjustChartInput!) {\n    adjustThreadResponseChart(projectId: $projectId, responseId: $responseId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n": typeof types.AdjustThreadResponseChartDocument,
    "\n  mutation GenerateThreadResponseChart($projectId: ID!, $responseId: ID!) {\n    generateThreadResponseChart(projectId: $projectId, responseId: $responseId) {\n      ...ThreadResponseFields\n    }\n  }\n": typeof types.GenerateThreadResponseChartDocument,
    "\n  mutation SendResetPasswordEmail($email: String!) {\n    sendResetPasswordEmail(email: $email)\n  }\n": typeof types.SendResetPasswordEmailDocument,
    "\n  query CsvImportJob($id: ID!) {\n    csvImportJob(id: $id) {\n      id\n      state\n      progress\n      error\n      tableName\n      notes\n    }\n  }\n": typeof types.CsvImportJobDocument,
    "\n  query CsvImportJobs($projectId: ID!) {\n    csvImportJobs(projectId: $projectId) {\n      id\n      state\n      error\n      fileName\n      tableName\n      rowCount\n      notes\n      createdAt\n    }\n  }\n": typeof types.CsvImportJobsDocument,
    "\n  query CsvTableColumns($projectId: ID!) {\n    listDataSourceTables(projectId: $projectId) {\n      name\n      columns {\n        name\n        type\n        family\n      }\n    }\n  }\n": typeof types.CsvTableColumnsDocument,
    "\n  mutation ChangeCsvColumnType($projectId: ID!, $table: String!, $column: String!, $type: ColumnTypeFamily!) {\n    changeCsvColumnType(projectId: $projectId, table: $table, column: $column, type: $type) {\n      table\n      column\n      type\n      family\n      converted\n      failed\n    }\n  }\n": typeof types.ChangeCsvColumnTypeDocument,
    "\n  fragment DashboardItemFields on DashboardItem {\n    id\n    dashboardId\n    name\n    type\n    text\n    chart {\n      chartType\n      title\n      x\n      y\n      color\n    }\n    layout {\n      x\n      y\n      w\n      h\n    }\n    lastError\n    refreshedAt\n    data {\n      columns {\n        ...ResultColumnFields\n      }\n      rows\n      truncated\n      cacheHit\n      cacheCreatedAt\n      overridden\n      stale\n      error\n      unfiltered\n    }\n  }\n": typeof types.DashboardItemFieldsFragmentDoc,
    "\n  fragment DashboardRefreshFields on DashboardRefresh {\n    id\n    status\n    scheduled\n    tilesRefreshed\n    tilesFailed\n    startedAt\n    finishedAt\n    reason\n  }\n": typeof types.DashboardRefreshFieldsFragmentDoc,
    "\n  fragment DashboardScheduleFields on DashboardSchedule {\n    frequency\n    day\n    hour\n    minute\n    cron\n    timezone\n    nextRunAt\n  }\n": typeof types.DashboardScheduleFieldsFragmentDoc,
    "\n  query Dashboards($projectId: ID!) {\n    dashboards(projectId: $projectId) {\n      id\n      name\n      canEdit\n    }\n  }\n": typeof types.DashboardsDocument,
    "\n  query Dashboard($projectId: ID!, $dashboardId: ID!, $filters: [DashboardFilterInput!]! = []) {\n    dashboard(projectId: $projectId, dashboardId: $dashboardId, filters: $filters) {\n      id\n      name\n      folderId\n      canEdit\n      cacheEnabled\n      cacheTtlSeconds\n      schedule {\n        ...DashboardScheduleFields\n      }\n      lastRefresh {\n        ...DashboardRefreshFields\n      }\n      items {\n        ...DashboardItemFields\n      }\n    }\n  }\n": typeof types.DashboardDocument,
    "\n  query DashboardRefreshStatus($projectId: ID!, $dashboardId: ID!) {\n    dashboard(projectId: $projectId, dashboardId: $dashboardId) {\n      id\n      lastRefresh {\n        ...DashboardRefreshFields\n      }\n    }\n  }\n": typeof types.DashboardRefreshStatusDocument,
    "\n  mutation CreateDashboard($projectId: ID!, $data: CreateDashboardInput!) {\n    createDashboard(projectId: $projectId, data: $data) {\n      id\n      name\n      canEdit\n    }\n  }\n": typeof types.CreateDashboardDocument,
    "\n  mutation UpdateDashboard($projectId: ID!, $dashboardId: ID!, $data: UpdateDashboardInput!) {\n    updateDashboard(projectId: $projectId, dashboardId: $dashboardId, data: $data) {\n      id\n      name\n      cacheEnabled\n      cacheTtlSeconds\n    }\n  }\n": typeof types.UpdateDashboardDocument,
    "\n  mutation DeleteDashboard($projectId: ID!, $dashboardId: ID!) {\n    deleteDashboard(projectId: $projectId, dashboardId: $dashboardId)\n  }\n": typeof types.DeleteDashboardDocument,
    "\n  mutation CreateDashboardItem($projectId: ID!, $data: CreateDashboardItemInput!) {\n    createDashboardItem(projectId: $projectId, data: $data) {\n      id\n      dashboardId\n      name\n      type\n    }\n  }\n": typeof types.CreateDashboardItemDocument,
    "\n  mutation UpdateDashboardItem($projectId: ID!, $itemId: ID!, $name: String!) {\n    updateDashboardItem(projectId: $projectId, itemId: $itemId, name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.UpdateDashboardItemDocument,
    "\n  mutation DeleteDashboardItem($projectId: ID!, $itemId: ID!) {\n    deleteDashboardItem(projectId: $projectId, itemId: $itemId)\n  }\n": typeof types.DeleteDashboardItemDocument,
    "\n  mutation UpdateDashboardItemLayouts($projectId: ID!, $dashboardId: ID!, $layouts: [ItemLayoutInput!]!) {\n    updateDashboardItemLayouts(projectId: $projectId, dashboardId: $dashboardId, layouts: $layouts) {\n      id\n      items {\n        id\n        layout {\n          x\n          y\n          w\n          h\n        }\n      }\n    }\n  }\n": typeof types.UpdateDashboardItemLayoutsDocument,
    "\n  mutation SetDashboardSchedule($projectId: ID!, $dashboardId: ID!, $data: SetDashboardScheduleInput!) {\n    setDashboardSchedule(projectId: $projectId, dashboardId: $dashboardId, data: $data) {\n      id\n      schedule {\n        ...DashboardScheduleFields\n      }\n    }\n  }\n": typeof types.SetDashboardScheduleDocument,
    "\n  mutation RefreshDashboardItem($projectId: ID!, $itemId: ID!) {\n    refreshDashboardItem(projectId: $projectId, itemId: $itemId) {\n      ...DashboardItemFields\n    }\n  }\n": typeof types.RefreshDashboardItemDocument,
    "\n  mutation RefreshDashboard($projectId: ID!, $dashboardId: ID!) {\n    refreshDashboard(projectId: $projectId, dashboardId: $dashboardId) {\n      id\n      lastRefresh {\n        ...DashboardRefreshFields\n      }\n    }\n  }\n": typeof types.RefreshDashboardDocument,
    "\n  mutation DrillIntoDashboardItem($projectId: ID!, $itemId: ID!, $data: DrillInput!) {\n    drillIntoDashboardItem(projectId: $projectId, itemId: $itemId, data: $data)\n  }\n": typeof types.DrillIntoDashboardItemDocument,
    "\n  mutation CreateDashboardTextItem($projectId: ID!, $data: CreateDashboardTextItemInput!) {\n    createDashboardTextItem(projectId: $projectId, data: $data) {\n      ...DashboardItemFields\n    }\n  }\n": typeof types.CreateDashboardTextItemDocument,
    "\n  mutation UpdateDashboardItemText($projectId: ID!, $itemId: ID!, $text: String!) {\n    updateDashboardItem(projectId: $projectId, itemId: $itemId, text: $text) {\n      ...DashboardItemFields\n    }\n  }\n": typeof types.UpdateDashboardItemTextDocument,
    "\n  query SessionProperties($projectId: ID!) {\n    sessionProperties(projectId: $projectId) {\n      id\n      name\n      valueType\n      scope\n      required\n      defaultValue\n      createdAt\n    }\n  }\n": typeof types.SessionPropertiesDocument,
    "\n  query SessionPropertyValues($projectId: ID!, $propertyId: ID!) {\n    sessionPropertyValues(projectId: $projectId, propertyId: $propertyId) {\n      propertyId\n      userId\n      groupId\n      apiKeyId\n      value\n    }\n  }\n": typeof types.SessionPropertyValuesDocument,
    "\n  query Policies($projectId: ID!) {\n    policies(projectId: $projectId) {\n      id\n      kind\n      name\n      model\n      condition\n      columnName\n      property\n      operator\n      threshold\n      adminsExempt\n      updatedAt\n    }\n  }\n": typeof types.PoliciesDocument,
    "\n  mutation CreateSessionProperty($projectId: ID!, $data: CreateSessionPropertyInput!) {\n    createSessionProperty(projectId: $projectId, data: $data) {\n      id\n      name\n    }\n  }\n": typeof types.CreateSessionPropertyDocument,
    "\n  mutation DeleteSessionProperty($projectId: ID!, $propertyId: ID!) {\n    deleteSessionProperty(projectId: $projectId, propertyId: $propertyId)\n  }\n": typeof types.DeleteSessionPropertyDocument,
    "\n  mutation SetSessionPropertyValue($projectId: ID!, $data: SessionPropertyValueInput!) {\n    setSessionPropertyValue(projectId: $projectId, data: $data)\n  }\n": typeof types.SetSessionPropertyValueDocument,
    "\n  mutation CreatePolicy($projectId: ID!, $data: PolicyInput!) {\n    createPolicy(projectId: $projectId, data: $data) {\n      id\n      name\n    }\n  }\n": typeof types.CreatePolicyDocument,
    "\n  mutation UpdatePolicy($projectId: ID!, $policyId: ID!, $data: PolicyInput!) {\n    updatePolicy(projectId: $projectId, policyId: $policyId, data: $data) {\n      id\n      name\n    }\n  }\n": typeof types.UpdatePolicyDocument,
    "\n  mutation DeletePolicy($projectId: ID!, $policyId: ID!) {\n    deletePolicy(projectId: $projectId, policyId: $policyId)\n  }\n": typeof types.DeletePolicyDocument,
    "\n  query ViewAsMember($projectId: ID!, $userId: ID!, $sql: String!) {\n    viewAsMember(projectId: $projectId, userId: $userId, sql: $sql) {\n      compiledSql\n      columns\n      rows\n      truncated\n    }\n  }\n": typeof types.ViewAsMemberDocument,
    "\n  query SampleDatasets {\n    sampleDatasets {\n      name\n      displayName\n      description\n    }\n  }\n": typeof types.SampleDatasetsDocument,
    "\n  query DataSource($projectId: ID!) {\n    dataSource(projectId: $projectId) {\n      type\n      properties\n      sampleDataset\n    }\n  }\n": typeof types.DataSourceDocument,
    "\n  mutation TestDataSourceConnection($projectId: ID!, $data: DataSourceInput!) {\n    testDataSourceConnection(projectId: $projectId, data: $data)\n  }\n": typeof types.TestDataSourceConnectionDocument,
    "\n  mutation SaveDataSource($projectId: ID!, $data: DataSourceInput!) {\n    saveDataSource(projectId: $projectId, data: $data) {\n      type\n      properties\n      sampleDataset\n    }\n  }\n": typeof types.SaveDataSourceDocument,
    "\n  mutation UpdateDataSource($projectId: ID!, $data: DataSourceInput!) {\n    updateDataSource(projectId: $projectId, data: $data) {\n      type\n      properties\n      sampleDataset\n    }\n  }\n": typeof types.UpdateDataSourceDocument,
    "\n  mutation StartSampleDataset($projectId: ID!, $name: SampleDatasetName!) {\n    startSampleDataset(projectId: $projectId, name: $name)\n  }\n": typeof types.StartSampleDatasetDocument,
    "\n  query SchemaChange($projectId: ID!) {\n    schemaChange(projectId: $projectId) {\n      addedTables\n      removedTables\n      addedColumns\n      removedColumns\n      changedColumns\n      detectedAt\n    }\n  }\n": typeof types.SchemaChangeDocument,
    "\n  mutation TriggerDataSourceDetection($projectId: ID!) {\n    triggerDataSourceDetection(projectId: $projectId) {\n      addedTables\n      removedTables\n      addedColumns\n      removedColumns\n      changedColumns\n      detectedAt\n    }\n  }\n": typeof types.TriggerDataSourceDetectionDocument,
    "\n  mutation ResolveSchemaChange($projectId: ID!) {\n    resolveSchemaChange(projectId: $projectId)\n  }\n": typeof types.ResolveSchemaChangeDocument,
    "\n  query DataSync($projectId: ID!) {\n    dataSync(projectId: $projectId) {\n      mode\n      everyMinutes\n      stopped\n      status\n      lastSyncedAt\n      nextSyncAt\n      tables {\n        schema\n        name\n        cursor\n      }\n    }\n    syncJobs(projectId: $projectId) {\n      id\n      status\n      rowsSynced\n      error\n      createdAt\n      finishedAt\n      tables {\n        table\n        rows\n      }\n    }\n  }\n": typeof types.DataSyncDocument,
    "\n  query SyncSourceTables($projectId: ID!) {\n    listDataSourceTables(projectId: $projectId) {\n      name\n      schema\n      columns {\n        name\n      }\n    }\n  }\n": typeof types.SyncSourceTablesDocument,
    "\n  mutation SetDataSync($projectId: ID!, $mode: SyncMode!, $tables: [SyncTableInput!]!, $everyMinutes: Int!) {\n    setDataSync(projectId: $projectId, mode: $mode, tables: $tables, everyMinutes: $everyMinutes) {\n      status\n    }\n  }\n": typeof types.SetDataSyncDocument,
    "\n  mutation StopDataSync($projectId: ID!) {\n    stopDataSync(projectId: $projectId) {\n      stopped\n    }\n  }\n": typeof types.StopDataSyncDocument,
    "\n  mutation ResumeDataSync($projectId: ID!) {\n    resumeDataSync(projectId: $projectId) {\n      stopped\n    }\n  }\n": typeof types.ResumeDataSyncDocument,
    "\n  mutation SyncDataNow($projectId: ID!) {\n    syncDataNow(projectId: $projectId)\n  }\n": typeof types.SyncDataNowDocument,
    "\n  fragment FolderFields on Folder {\n    id\n    name\n    access\n    createdBy\n    canEdit\n    canManageAccess\n    members {\n      id\n      label\n      addedAt\n    }\n    groups {\n      id\n      label\n      addedAt\n    }\n  }\n": typeof types.FolderFieldsFragmentDoc,
    "\n  query FolderTree($projectId: ID!) {\n    folderTree(projectId: $projectId) {\n      canCreateFolders\n      folders {\n        ...FolderFields\n      }\n      items {\n        kind\n        id\n        name\n        folderId\n        shared\n        createdBy\n        updatedAt\n      }\n    }\n  }\n": typeof types.FolderTreeDocument,
    "\n  mutation CreateFolder($projectId: ID!, $data: CreateFolderInput!) {\n    createFolder(projectId: $projectId, data: $data) {\n      ...FolderFields\n    }\n  }\n": typeof types.CreateFolderDocument,
    "\n  mutation UpdateFolder($projectId: ID!, $folderId: ID!, $data: UpdateFolderInput!) {\n    updateFolder(projectId: $projectId, folderId: $folderId, data: $data) {\n      ...FolderFields\n    }\n  }\n": typeof types.UpdateFolderDocument,
    "\n  mutation DeleteFolder($projectId: ID!, $folderId: ID!) {\n    deleteFolder(projectId: $projectId, folderId: $folderId)\n  }\n": typeof types.DeleteFolderDocument,
    "\n  mutation AddFolderMember($projectId: ID!, $folderId: ID!, $userId: ID!) {\n    addFolderMember(projectId: $projectId, folderId: $folderId, userId: $userId) {\n      ...FolderFields\n    }\n  }\n": typeof types.AddFolderMemberDocument,
    "\n  mutation RemoveFolderMember($projectId: ID!, $folderId: ID!, $userId: ID!) {\n    removeFolderMember(projectId: $projectId, folderId: $folderId, userId: $userId) {\n      ...FolderFields\n    }\n  }\n": typeof types.RemoveFolderMemberDocument,
    "\n  mutation AddFolderGroup($projectId: ID!, $folderId: ID!, $groupId: ID!) {\n    addFolderGroup(projectId: $projectId, folderId: $folderId, groupId: $groupId) {\n      ...FolderFields\n    }\n  }\n": typeof types.AddFolderGroupDocument,
    "\n  mutation RemoveFolderGroup($projectId: ID!, $folderId: ID!, $groupId: ID!) {\n    removeFolderGroup(projectId: $projectId, folderId: $folderId, groupId: $groupId) {\n      ...FolderFields\n    }\n  }\n": typeof types.RemoveFolderGroupDocument,
    "\n  mutation ShareToFolder($projectId: ID!, $folderId: ID!, $threadId: ID!) {\n    shareToFolder(projectId: $projectId, folderId: $folderId, threadId: $threadId)\n  }\n": typeof types.ShareToFolderDocument,
    "\n  mutation RevokeShareToFolder($projectId: ID!, $folderId: ID!, $threadId: ID!) {\n    revokeShareToFolder(projectId: $projectId, folderId: $folderId, threadId: $threadId)\n  }\n": typeof types.RevokeShareToFolderDocument,
    "\n  mutation SwitchFolder($projectId: ID!, $kind: FolderItemKind!, $itemId: ID!, $folderId: ID) {\n    switchFolder(projectId: $projectId, kind: $kind, itemId: $itemId, folderId: $folderId)\n  }\n": typeof types.SwitchFolderDocument,
    "\n  fragment GenerationTaskFields on GenerationTask {\n    id\n    kind\n    status\n    error\n    generatedBy\n    questions\n    relationships {\n      fromModel\n      fromColumn\n      toModel\n      toColumn\n      type\n      reason\n    }\n    modelDescriptions {\n      model\n      description\n      columns {\n        column\n        description\n      }\n    }\n  }\n": typeof types.GenerationTaskFieldsFragmentDoc,
    "\n  query GenerationTask($projectId: ID!, $taskId: ID!) {\n    generationTask(projectId: $projectId, taskId: $taskId) {\n      ...GenerationTaskFields\n    }\n  }\n": typeof types.GenerationTaskDocument,
    "\n  mutation CreateModelDescriptionTask($projectId: ID!, $models: [String!]!) {\n    createModelDescriptionTask(projectId: $projectId, models: $models) {\n      ...GenerationTaskFields\n    }\n  }\n": typeof types.CreateModelDescriptionTaskDocument,
    "\n  mutation CreateRecommendedQuestionsTask($projectId: ID!, $threadId: ID) {\n    createRecommendedQuestionsTask(projectId: $projectId, threadId: $threadId) {\n      ...GenerationTaskFields\n    }\n  }\n": typeof types.CreateRecommendedQuestionsTaskDocument,
    "\n  mutation CreateRelationshipRecommendationTask($projectId: ID!) {\n    createRelationshipRecommendationTask(projectId: $projectId) {\n      ...GenerationTaskFields\n    }\n  }\n": typeof types.CreateRelationshipRecommendationTaskDocument,
    "\n  query OrgGroups {\n    orgGroups {\n      id\n      name\n      memberCount\n      createdAt\n      updatedAt\n    }\n  }\n": typeof types.OrgGroupsDocument,
    "\n  query OrgGroupMembers($groupId: ID!) {\n    orgGroupMembers(groupId: $groupId) {\n      userId\n      email\n      name\n      addedAt\n    }\n  }\n": typeof types.OrgGroupMembersDocument,
    "\n  mutation CreateOrgGroup($data: CreateOrgGroupInput!) {\n    createOrgGroup(data: $data) {\n      id\n      name\n      memberCount\n      createdAt\n      updatedAt\n    }\n  }\n": typeof types.CreateOrgGroupDocument,
    "\n  mutation UpdateOrgGroup($where: OrgGroupWhereUniqueInput!, $data: UpdateOrgGroupInput!) {\n    updateOrgGroup(where: $where, data: $data) {\n      id\n      name\n      updatedAt\n    }\n  }\n": typeof types.UpdateOrgGroupDocument,
    "\n  mutation DeleteOrgGroup($where: OrgGroupWhereUniqueInput!) {\n    deleteOrgGroup(where: $where)\n  }\n": typeof types.DeleteOrgGroupDocument,
    "\n  mutation AddOrgGroupMember($data: OrgGroupMemberInput!) {\n    addOrgGroupMember(data: $data) {\n      id\n      memberCount\n    }\n  }\n": typeof types.AddOrgGroupMemberDocument,
    "\n  mutation RemoveOrgGroupMember($data: OrgGroupMemberInput!) {\n    removeOrgGroupMember(data: $data) {\n      id\n      memberCount\n    }\n  }\n": typeof types.RemoveOrgGroupMemberDocument,
    "\n  fragment InvitationFields on Invitation {\n    id\n    email\n    role\n    status\n    createdAt\n    expiresAt\n    invitor {\n      id\n      email\n      name\n    }\n    org {\n      id\n      name\n    }\n    projects {\n      id\n      displayName\n      role\n    }\n  }\n": typeof types.InvitationFieldsFragmentDoc,
    "\n  query Invitations {\n    invitations {\n      ...InvitationFields\n    }\n  }\n": typeof types.InvitationsDocument,
    "\n  query InvitationByCode($code: String!) {\n    invitationByCode(code: $code) {\n      ...InvitationFields\n    }\n  }\n": typeof types.InvitationByCodeDocument,
    "\n  query PendingInvitations {\n    pendingInvitations {\n      ...InvitationFields\n    }\n  }\n": typeof types.PendingInvitationsDocument,
    "\n  mutation CreateAndSendInvitation($data: CreateInvitationInput!) {\n    createAndSendInvitation(data: $data) {\n      id\n      email\n      role\n      url\n      status\n      expiresAt\n    }\n  }\n": typeof types.CreateAndSendInvitationDocument,
    "\n  mutation DeleteInvitation($where: InvitationWhereUniqueInput!) {\n    deleteInvitation(where: $where)\n  }\n": typeof types.DeleteInvitationDocument,
    "\n  mutation AcceptInvitation($data: AcceptInvitationInput!) {\n    acceptInvitation(data: $data) {\n      id\n      name\n      myRole\n    }\n  }\n": typeof types.AcceptInvitationDocument,
    "\n  query SqlPairs($projectId: ID!) {\n    sqlPairs(projectId: $projectId) {\n      id\n      question\n      sql\n      createdAt\n      updatedAt\n    }\n  }\n": typeof types.SqlPairsDocument,
    "\n  mutation CreateSqlPair($projectId: ID!, $data: CreateSqlPairInput!) {\n    createSqlPair(projectId: $projectId, data: $data) {\n      id\n    }\n  }\n": typeof types.CreateSqlPairDocument,
    "\n  mutation UpdateSqlPair($projectId: ID!, $id: ID!, $data: UpdateSqlPairInput!) {\n    updateSqlPair(projectId: $projectId, id: $id, data: $data) {\n      id\n      question\n      sql\n      updatedAt\n    }\n  }\n": typeof types.UpdateSqlPairDocument,
    "\n  mutation DeleteSqlPair($projectId: ID!, $id: ID!) {\n    deleteSqlPair(projectId: $projectId, id: $id)\n  }\n": typeof types.DeleteSqlPairDocument,
    "\n  query Instructions($projectId: ID!) {\n    instructions(projectId: $projectId) {\n      id\n      instruction\n      isGlobal\n      questions\n      createdAt\n      updatedAt\n    }\n  }\n": typeof types.InstructionsDocument,
    "\n  mutation CreateInstruction($projectId: ID!, $data: InstructionInput!) {\n    createInstruction(projectId: $projectId, data: $data) {\n      id\n    }\n  }\n": typeof types.CreateInstructionDocument,
    "\n  mutation UpdateInstruction($projectId: ID!, $id: ID!, $data: InstructionInput!) {\n    updateInstruction(projectId: $projectId, id: $id, data: $data) {\n      id\n      instruction\n      isGlobal\n      questions\n      updatedAt\n    }\n  }\n": typeof types.UpdateInstructionDocument,
    "\n  mutation DeleteInstruction($projectId: ID!, $id: ID!) {\n    deleteInstruction(projectId: $projectId, id: $id)\n  }\n": typeof types.DeleteInstructionDocument,
    "\n  query TaughtTerms($projectId: ID!) {\n    taughtTerms(projectId: $projectId) {\n      id\n      phrase\n      model\n      column\n      removed\n      createdAt\n    }\n  }\n": typeof types.TaughtTermsDocument,
    "\n  mutation TeachTerm($projectId: ID!, $data: TermInput!) {\n    teachTerm(projectId: $projectId, data: $data) {\n      id\n      phrase\n      model\n      column\n      removed\n    }\n  }\n": typeof types.TeachTermDocument,
    "\n  mutation RemoveDerivedTerm($projectId: ID!, $data: TermInput!) {\n    removeDerivedTerm(projectId: $projectId, data: $data) {\n      id\n      phrase\n      model\n      column\n      removed\n    }\n  }\n": typeof types.RemoveDerivedTermDocument,
    "\n  mutation DeleteTaughtTerm($projectId: ID!, $id: ID!) {\n    deleteTaughtTerm(projectId: $projectId, id: $id)\n  }\n": typeof types.DeleteTaughtTermDocument,
    "\n  query LlmSettings {\n    llmSettings {\n      provider\n      chatModel\n      embeddingModel\n      baseUrl\n      apiVersion\n      region\n      accessKeyId\n      project\n      hasKey\n      updatedAt\n    }\n    llmUsage {\n      since\n      calls\n      inputTokens\n      outputTokens\n    }\n  }\n": typeof types.LlmSettingsDocument,
    "\n  mutation TestProviderConnectivity($data: LlmConfigInput!) {\n    testProviderConnectivity(data: $data)\n  }\n": typeof types.TestProviderConnectivityDocument,
    "\n  mutation ApplyOrgLLMConfigs($data: LlmConfigInput!) {\n    applyOrgLLMConfigs(data: $data) {\n      provider\n      chatModel\n      hasKey\n      updatedAt\n    }\n  }\n": typeof types.ApplyOrgLlmConfigsDocument,
    "\n  mutation RemoveOrgLlmConfig {\n    removeOrgLlmConfig\n  }\n": typeof types.RemoveOrgLlmConfigDocument,
    "\n  query ListDataSourceTables($projectId: ID!) {\n    listDataSourceTables(projectId: $projectId) {\n      name\n      schema\n      displayName\n      columns {\n        name\n        type\n      }\n    }\n  }\n": typeof types.ListDataSourceTablesDocument,
    "\n  query Models($projectId: ID!) {\n    models(projectId: $projectId) {\n      id\n      referenceName\n      displayName\n      columns {\n        id\n        referenceName\n        displayName\n        type\n      }\n    }\n  }\n": typeof types.ModelsDocument,
    "\n  query RecommendedRelationships($projectId: ID!) {\n    recommendedRelationships(projectId: $projectId) {\n      fromModel\n      fromColumn\n      toModel\n      toColumn\n      type\n      reason\n    }\n  }\n": typeof types.RecommendedRelationshipsDocument,
    "\n  mutation SaveTables($projectId: ID!, $tables: [String!]!) {\n    saveTables(projectId: $projectId, tables: $tables) {\n      id\n      referenceName\n    }\n  }\n": typeof types.SaveTablesDocument,
    "\n  mutation SaveRelations($projectId: ID!, $relations: [RelationInput!]!) {\n    saveRelations(projectId: $projectId, relations: $relations) {\n      id\n      name\n    }\n  }\n": typeof types.SaveRelationsDocument,
    "\n  query ModelingDiagram($projectId: ID!) {\n    models(projectId: $projectId) {\n      id\n      referenceName\n      displayName\n      description\n      primaryKey\n      currency\n      sourceTableName\n      sourceSql\n      columns {\n        id\n        referenceName\n        displayName\n        type\n        family\n        hidden\n        isCalculated\n        isPrimaryKey\n        expression\n        description\n        format {\n          style\n          decimals\n          currency\n        }\n      }\n    }\n    relationships(projectId: $projectId) {\n      id\n      name\n      fromModel\n      fromColumn\n      toModel\n      toColumn\n      type\n    }\n    views(projectId: $projectId) {\n      id\n      name\n      displayName\n      description\n      statement\n    }\n    metrics(projectId: $projectId) {\n      name\n      displayName\n      baseObject\n      dimensions\n      measures\n      timeGrains\n    }\n  }\n": typeof types.ModelingDiagramDocument,
    "\n  query ExportMdl($projectId: ID!) {\n    exportMdl(projectId: $projectId)\n  }\n": typeof types.ExportMdlDocument,
    "\n  mutation ImportMdl($projectId: ID!, $mdl: String!) {\n    importMdl(projectId: $projectId, mdl: $mdl)\n  }\n": typeof types.ImportMdlDocument,
    "\n  query DeployStatus($projectId: ID!) {\n    deployStatus(projectId: $projectId) {\n      status\n      lastDeploy {\n        id\n        status\n        log\n        error\n        startedAt\n        finishedAt\n      }\n    }\n  }\n": typeof types.DeployStatusDocument,
    "\n  mutation Deploy($projectId: ID!) {\n    deploy(projectId: $projectId) {\n      status\n      error\n      deployId\n    }\n  }\n": typeof types.DeployDocument,
    "\n  mutation CreateModel($data: CreateModelInput!) {\n    createModel(data: $data)\n  }\n": typeof types.CreateModelDocument,
    "\n  mutation DeleteModel($modelId: ID!) {\n    deleteModel(modelId: $modelId)\n  }\n": typeof types.DeleteModelDocument,
    "\n  mutation UpdateModelMetadata($modelId: ID!, $data: UpdateModelMetadataInput!) {\n    updateModelMetadata(modelId: $modelId, data: $data)\n  }\n": typeof types.UpdateModelMetadataDocument,
    "\n  mutation CreateCalculatedField($modelId: ID!, $data: CalculatedFieldInput!) {\n    createCalculatedField(modelId: $modelId, data: $data)\n  }\n": typeof types.CreateCalculatedFieldDocument,
    "\n  mutation UpdateCalculatedField($columnId: ID!, $data: CalculatedFieldInput!) {\n    updateCalculatedField(columnId: $columnId, data: $data)\n  }\n": typeof types.UpdateCalculatedFieldDocument,
    "\n  mutation DeleteCalculatedField($columnId: ID!) {\n    deleteCalculatedField(columnId: $columnId)\n  }\n": typeof types.DeleteCalculatedFieldDocument,
    "\n  mutation CreateRelationship($projectId: ID!, $data: RelationInput!) {\n    createRelationship(projectId: $projectId, data: $data) {\n      id\n    }\n  }\n": typeof types.CreateRelationshipDocument,
    "\n  mutation UpdateRelationship($relationshipId: ID!, $type: RelationType!) {\n    updateRelationship(relationshipId: $relationshipId, type: $type)\n  }\n": typeof types.UpdateRelationshipDocument,
    "\n  mutation DeleteRelationship($relationshipId: ID!) {\n    deleteRelationship(relationshipId: $relationshipId)\n  }\n": typeof types.DeleteRelationshipDocument,
    "\n  mutation CreateView($data: CreateViewInput!) {\n    createView(data: $data) {\n      id\n      name\n    }\n  }\n": typeof types.CreateViewDocument,
    "\n  mutation UpdateViewMetadata($viewId: ID!, $data: UpdateViewMetadataInput!) {\n    updateViewMetadata(viewId: $viewId, data: $data)\n  }\n": typeof types.UpdateViewMetadataDocument,
    "\n  mutation DeleteView($viewId: ID!) {\n    deleteView(viewId: $viewId)\n  }\n": typeof types.DeleteViewDocument,
    "\n  query PreviewModelData($modelId: ID!, $limit: Int) {\n    previewModelData(modelId: $modelId, limit: $limit) {\n      columns {\n        name\n        type\n      }\n      rows\n    }\n  }\n": typeof types.PreviewModelDataDocument,
    "\n  query PreviewViewData($viewId: ID!, $limit: Int) {\n    previewViewData(viewId: $viewId, limit: $limit) {\n      columns {\n        name\n        type\n      }\n      rows\n    }\n  }\n": typeof types.PreviewViewDataDocument,
    "\n  query ModelSql($modelId: ID!) {\n    modelSql(modelId: $modelId)\n  }\n": typeof types.ModelSqlDocument,
    "\n  query ViewSql($viewId: ID!) {\n    viewSql(viewId: $viewId)\n  }\n": typeof types.ViewSqlDocument,
    "\n  query ModelTerms($projectId: ID!) {\n    models(projectId: $projectId) {\n      id\n      referenceName\n      terms {\n        text\n        source\n      }\n      columns {\n        id\n        referenceName\n        hidden\n        terms {\n          text\n          source\n        }\n      }\n    }\n  }\n": typeof types.ModelTermsDocument,
    "\n  query OrgMembers {\n    me(withMembers: true) {\n      id\n      currentOrg {\n        id\n        myRole\n        myPermissions {\n          ...OrgPermissionFields\n        }\n        members {\n          id\n          userId\n          email\n          emailVerified\n          name\n          firstName\n          lastName\n          role\n          enabled\n          joinedAt\n          groups {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": typeof types.OrgMembersDocument,
    "\n  mutation CreateOrgMember($data: CreateOrgMemberInput!) {\n    createOrgMember(data: $data) {\n      success\n      temporaryPassword\n      member {\n        id\n        email\n        role\n        enabled\n      }\n    }\n  }\n": typeof types.CreateOrgMemberDocument,
    "\n  mutation UpdateOrgMember($where: MemberWhereUniqueInput!, $data: UpdateOrgMemberInput!) {\n    updateOrgMember(where: $where, data: $data) {\n      id\n      role\n      enabled\n    }\n  }\n": typeof types.UpdateOrgMemberDocument,
    "\n  mutation DeleteOrgMember($where: MemberWhereUniqueInput!) {\n    deleteOrgMember(where: $where)\n  }\n": typeof types.DeleteOrgMemberDocument,
    "\n  fragment OrgPermissionFields on OrgPermissions {\n    canUpdateOrg\n    canDeleteOrg\n    canManageMembers\n    canManageGroups\n    canManageInvitations\n    canReadActivityLog\n    canManageOrgApiKeys\n  }\n": typeof types.OrgPermissionFieldsFragmentDoc,
    "\n  query Orgs {\n    orgs {\n      id\n      name\n      myRole\n      state\n    }\n  }\n": typeof types.OrgsDocument,
    "\n  mutation SwitchCurrentOrg($where: OrgWhereUniqueInput!) {\n    switchCurrentOrg(where: $where) {\n      id\n      currentOrg {\n        id\n        name\n        myRole\n      }\n      currentOrgRole\n    }\n  }\n": typeof types.SwitchCurrentOrgDocument,
    "\n  mutation CreateOrg($data: CreateOrgInput!) {\n    createOrg(data: $data) {\n      id\n      name\n      myRole\n    }\n  }\n": typeof types.CreateOrgDocument,
    "\n  mutation UpdateOrg($where: OrgWhereUniqueInput!, $data: UpdateOrgInput!) {\n    updateOrg(where: $where, data: $data) {\n      id\n      name\n    }\n  }\n": typeof types.UpdateOrgDocument,
    "\n  query OrgUsage {\n    me(withUsage: true) {\n      id\n      currentOrg {\n        id\n        name\n        createdAt\n        myRole\n        myPermissions {\n          canUpdateOrg\n          canDeleteOrg\n        }\n        usage {\n          totalMembers\n          totalProjects\n          questionsAsked\n          totalApiCalls\n          rowsExported\n        }\n      }\n    }\n  }\n": typeof types.OrgUsageDocument,
    "\n  query CurrentOrg {\n    me {\n      id\n      currentOrg {\n        id\n        name\n        state\n        myRole\n        myPermissions {\n          ...OrgPermissionFields\n        }\n      }\n    }\n  }\n": typeof types.CurrentOrgDocument,
    "\n  mutation DeleteOrg($where: OrgWhereUniqueInput!) {\n    deleteOrg(where: $where) {\n      id\n      name\n      state\n    }\n  }\n": typeof types.DeleteOrgDocument,
    "\n  fragment ProjectMemberFields on ProjectMember {\n    id\n    userId\n    email\n    name\n    role\n    joinedAt\n  }\n": typeof types.ProjectMemberFieldsFragmentDoc,
    "\n  fragment ProjectGroupFields on ProjectGroup {\n    id\n    groupId\n    name\n    memberCount\n    role\n    addedAt\n  }\n": typeof types.ProjectGroupFieldsFragmentDoc,
    "\n  query ProjectAccess($where: ProjectWhereUniqueInput!) {\n    project(where: $where) {\n      id\n      displayName\n      myRole\n      myPermissions {\n        canManageMembers\n      }\n      members {\n        ...ProjectMemberFields\n      }\n      groups {\n        ...ProjectGroupFields\n      }\n    }\n  }\n": typeof types.ProjectAccessDocument,
    "\n  mutation AddProjectMember($data: AddProjectMemberInput!) {\n    addProjectMember(data: $data) {\n      ...ProjectMemberFields\n    }\n  }\n": typeof types.AddProjectMemberDocument,
    "\n  mutation UpdateProjectMemberRole($data: UpdateProjectMemberInput!) {\n    updateProjectMemberRole(data: $data) {\n      id\n      role\n    }\n  }\n": typeof types.UpdateProjectMemberRoleDocument,
    "\n  mutation RemoveProjectMember($data: RemoveProjectMemberInput!) {\n    removeProjectMember(data: $data)\n  }\n": typeof types.RemoveProjectMemberDocument,
    "\n  mutation AddProjectGroup($data: ProjectGroupInput!) {\n    addProjectGroup(data: $data) {\n      ...ProjectGroupFields\n    }\n  }\n": typeof types.AddProjectGroupDocument,
    "\n  mutation UpdateProjectGroupRole($data: ProjectGroupInput!) {\n    updateProjectGroupRole(data: $data) {\n      id\n      role\n    }\n  }\n": typeof types.UpdateProjectGroupRoleDocument,
    "\n  mutation RemoveProjectGroup($data: RemoveProjectGroupInput!) {\n    removeProjectGroup(data: $data)\n  }\n": typeof types.RemoveProjectGroupDocument,
    "\n  query Projects {\n    projects {\n      id\n      displayName\n      language\n      state\n      onboardingStatus\n      createdAt\n      myRole\n    }\n  }\n": typeof types.ProjectsDocument,
    "\n  query Project($where: ProjectWhereUniqueInput!) {\n    project(where: $where) {\n      id\n      orgId\n      displayName\n      language\n      timezone\n      onboardingStatus\n      state\n      createdAt\n      myRole\n      myPermissions {\n        canUpdateProject\n        canManageDataSource\n        canUpdateModels\n        canManageFolderAccess\n      }\n    }\n  }\n": typeof types.ProjectDocument,
    "\n  query Timezones {\n    timezones\n  }\n": typeof types.TimezonesDocument,
    "\n  mutation CreateProject($data: CreateProjectInput!) {\n    createProject(data: $data) {\n      id\n      displayName\n      language\n      timezone\n      onboardingStatus\n      state\n      createdAt\n    }\n  }\n": typeof types.CreateProjectDocument,
    "\n  mutation UpdateProject($where: ProjectWhereUniqueInput!, $data: UpdateProjectInput!) {\n    updateProject(where: $where, data: $data) {\n      id\n      displayName\n      language\n      timezone\n    }\n  }\n": typeof types.UpdateProjectDocument,
    "\n  mutation DeleteProject($where: ProjectWhereUniqueInput!) {\n    deleteProject(where: $where) {\n      id\n      state\n    }\n  }\n": typeof types.DeleteProjectDocument,
    "\n  mutation ResetProject($where: ProjectWhereUniqueInput!) {\n    resetProject(where: $where) {\n      id\n      state\n      onboardingStatus\n    }\n  }\n": typeof types.ResetProjectDocument,
    "\n  mutation SwitchCurrentProject($where: ProjectWhereUniqueInput!) {\n    switchCurrentProject(where: $where) {\n      id\n      currentProject {\n        id\n        displayName\n        language\n        timezone\n      }\n      currentProjectRole\n    }\n  }\n": typeof types.SwitchCurrentProjectDocument,
    "\n  fragment SpreadsheetFields on Spreadsheet {\n    id\n    name\n    sql\n    responseId\n    folderId\n    columns {\n      name\n      label\n      hidden\n    }\n    sort {\n      column\n      direction\n    }\n    filters {\n      column\n      operator\n      value\n    }\n    canEdit\n    updatedAt\n  }\n": typeof types.SpreadsheetFieldsFragmentDoc,
    "\n  fragment SpreadsheetPageFields on SpreadsheetPage {\n    columns {\n      ...ResultColumnFields\n    }\n    rows\n    page\n    pageSize\n    totalRows\n    totalPages\n  }\n": typeof types.SpreadsheetPageFieldsFragmentDoc,
    "\n  query Spreadsheet($projectId: ID!, $spreadsheetId: ID!) {\n    spreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId) {\n      ...SpreadsheetFields\n    }\n  }\n": typeof types.SpreadsheetDocument,
    "\n  query SpreadsheetPage($projectId: ID!, $spreadsheetId: ID!, $data: PageInput!) {\n    spreadsheetPage(projectId: $projectId, spreadsheetId: $spreadsheetId, data: $data) {\n      ...SpreadsheetPageFields\n    }\n  }\n": typeof types.SpreadsheetPageDocument,
    "\n  query PreviewSpreadsheet($projectId: ID!, $data: PreviewSpreadsheetInput!) {\n    previewSpreadsheet(projectId: $projectId, data: $data) {\n      ...SpreadsheetPageFields\n    }\n  }\n": typeof types.PreviewSpreadsheetDocument,
    "\n  query SpreadsheetExport($projectId: ID!, $exportId: ID!) {\n    spreadsheetExport(projectId: $projectId, exportId: $exportId) {\n      ...SpreadsheetExportFields\n    }\n  }\n": typeof types.SpreadsheetExportDocument,
    "\n  fragment SpreadsheetExportFields on SpreadsheetExport {\n    id\n    status\n    rowsWritten\n    bytesWritten\n    error\n    downloadUrl\n  }\n": typeof types.SpreadsheetExportFieldsFragmentDoc,
    "\n  mutation CreateSpreadsheet($projectId: ID!, $data: CreateSpreadsheetInput!) {\n    createSpreadsheet(projectId: $projectId, data: $data) {\n      ...SpreadsheetFields\n    }\n  }\n": typeof types.CreateSpreadsheetDocument,
    "\n  mutation UpdateSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $name: String!) {\n    updateSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, name: $name) {\n      ...SpreadsheetFields\n    }\n  }\n": typeof types.UpdateSpreadsheetDocument,
    "\n  mutation SaveSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $data: SaveSpreadsheetInput!) {\n    saveSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, data: $data) {\n      ...SpreadsheetFields\n    }\n  }\n": typeof types.SaveSpreadsheetDocument,
    "\n  mutation DeleteSpreadsheet($projectId: ID!, $spreadsheetId: ID!) {\n    deleteSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId)\n  }\n": typeof types.DeleteSpreadsheetDocument,
    "\n  mutation ExportSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $view: SaveSpreadsheetInput) {\n    exportSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, view: $view) {\n      ...SpreadsheetExportFields\n    }\n  }\n": typeof types.ExportSpreadsheetDocument,
    "\n  query Me {\n    me {\n      id\n      email\n      name\n      picture\n      consentPrivacyStatement\n      emailVerified\n      firstName\n      lastName\n      country\n      companyName\n      jobTitle\n      currentOrg {\n        id\n        name\n        myRole\n        state\n        myPermissions {\n          ...OrgPermissionFields\n        }\n      }\n      currentOrgRole\n      currentProject {\n        id\n        displayName\n        language\n        timezone\n        permissions {\n          canCreateModels\n          canUpdateModels\n          canManageKnowledge\n          canManageDashboards\n          canReadApiManagement\n          canManageOrgApiKeys\n          canManageDataSecurity\n        }\n      }\n      currentProjectRole\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation OnboardUser($data: OnboardUserInput!) {\n    onboardUser(data: $data) {\n      id\n      consentPrivacyStatement\n      firstName\n      lastName\n      country\n      companyName\n      jobTitle\n      currentOrg {\n        id\n        name\n        myRole\n      }\n    }\n  }\n": typeof types.OnboardUserDocument,
    "\n  mutation UpdateMyProfile($data: UpdateMyProfileInput!) {\n    updateMyProfile(data: $data) {\n      id\n      name\n      firstName\n      lastName\n      country\n      companyName\n      jobTitle\n    }\n  }\n": typeof types.UpdateMyProfileDocument,
    "\n  mutation DeleteMyAccount {\n    deleteMyAccount\n  }\n": typeof types.DeleteMyAccountDocument,
};
const documents: Documents = {
    "\n  query ActivityLogs($filter: ActivityLogFilter, $offset: Int!, $limit: Int!) {\n    activityLogs(filter: $filter, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        kind\n        actorId\n        actorEmail\n        targetKind\n        targetId\n        targetLabel\n        projectId\n        detail\n        clientAddress\n        createdAt\n      }\n    }\n  }\n": types.ActivityLogsDocument,
    "\n  query ApiKeys($projectId: ID!) {\n    apiKeys(projectId: $projectId) {\n      id\n      name\n      prefix\n      organizationWide\n      projectId\n      scopes\n      createdByEmail\n      expiresAt\n      lastUsedAt\n      revokedAt\n      createdAt\n      active\n    }\n  }\n": types.ApiKeysDocument,
    "\n  mutation CreateApiKey($projectId: ID!, $data: CreateApiKeyInput!) {\n    createApiKey(projectId: $projectId, data: $data) {\n      key {\n        id\n        name\n        prefix\n      }\n      secret\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($projectId: ID!, $keyId: ID!) {\n    revokeApiKey(projectId: $projectId, keyId: $keyId) {\n      id\n      revokedAt\n      active\n    }\n  }\n": types.RevokeApiKeyDocument,
    "\n  query ApiHistory($projectId: ID!, $filter: ApiHistoryFilter, $offset: Int!, $limit: Int!) {\n    apiHistory(projectId: $projectId, filter: $filter, offset: $offset, limit: $limit) {\n      total\n      retentionDays\n      items {\n        id\n        callType\n        method\n        path\n        statusCode\n        durationMs\n        apiKeyId\n        keyPrefix\n        projectId\n        threadId\n        requestBody\n        responseBody\n        createdAt\n      }\n    }\n  }\n": types.ApiHistoryDocument,
    "\n  mutation SetApiHistoryRetention($projectId: ID!, $days: Int!) {\n    setApiHistoryRetention(projectId: $projectId, days: $days)\n  }\n": types.SetApiHistoryRetentionDocument,
    "\n  fragment ResultColumnFields on ResultColumnGql {\n    name\n    type\n    family\n    displayName\n    format {\n      style\n      decimals\n      currency\n    }\n  }\n": types.ResultColumnFieldsFragmentDoc,
    "\n  fragment AskingTaskFields on AskingTask {\n    id\n    threadId\n    responseId\n    question\n    status\n    statusCode\n    understood\n    reading {\n      kind\n      label\n      text\n      start\n      end\n    }\n    suggestions\n    teachOffers {\n      phrase\n      candidates {\n        model\n        column\n        label\n      }\n    }\n    intent\n    reasoning\n    answeredBy\n    correctionRounds\n    error {\n      code\n      message\n      shortMessage\n    }\n  }\n": types.AskingTaskFieldsFragmentDoc,
    "\n  fragment ThreadResponseFields on ThreadResponse {\n    id\n    threadId\n    question\n    sql\n    answer\n    answerStatus\n    chartStatus\n    chartError\n    rowCount\n    truncated\n    withheld\n    chart {\n      chartType\n      title\n      x\n      y\n      color\n    }\n    columns {\n      ...ResultColumnFields\n    }\n    askingTask {\n      ...AskingTaskFields\n    }\n  }\n": types.ThreadResponseFieldsFragmentDoc,
    "\n  query Threads($projectId: ID!) {\n    threads(projectId: $projectId) {\n      id\n      summary\n      updatedAt\n    }\n  }\n": types.ThreadsDocument,
    "\n  query Thread($projectId: ID!, $threadId: ID!) {\n    thread(projectId: $projectId, threadId: $threadId) {\n      id\n      summary\n      canEdit\n      responses {\n        ...ThreadResponseFields\n      }\n    }\n  }\n": types.ThreadDocument,
    "\n  query AskingTask($projectId: ID!, $taskId: ID!) {\n    askingTask(projectId: $projectId, taskId: $taskId) {\n      ...AskingTaskFields\n    }\n  }\n": types.AskingTaskDocument,
    "\n  query ThreadResponse($projectId: ID!, $responseId: ID!) {\n    threadResponse(projectId: $projectId, responseId: $responseId) {\n      id\n      threadId\n      question\n      sql\n    }\n  }\n": types.ThreadResponseDocument,
    "\n  query ResponseData($projectId: ID!, $responseId: ID!, $offset: Int, $limit: Int) {\n    previewResponseData(projectId: $projectId, responseId: $responseId, offset: $offset, limit: $limit) {\n      rows\n      total\n      truncated\n      columns {\n        ...ResultColumnFields\n      }\n    }\n  }\n": types.ResponseDataDocument,
    "\n  query SuggestedQuestions($projectId: ID!) {\n    suggestedQuestions(projectId: $projectId)\n  }\n": types.SuggestedQuestionsDocument,
    "\n  mutation CreateAskingTask($projectId: ID!, $data: AskingTaskInput!) {\n    createAskingTask(projectId: $projectId, data: $data) {\n      ...AskingTaskFields\n    }\n  }\n": types.CreateAskingTaskDocument,
    "\n  mutation CreateThread($projectId: ID!, $data: CreateThreadInput!) {\n    createThread(projectId: $projectId, data: $data) {\n      id\n      summary\n    }\n  }\n": types.CreateThreadDocument,
    "\n  mutation UpdateThread($projectId: ID!, $threadId: ID!, $data: UpdateThreadInput!) {\n    updateThread(projectId: $projectId, threadId: $threadId, data: $data) {\n      id\n      summary\n    }\n  }\n": types.UpdateThreadDocument,
    "\n  mutation DeleteThread($projectId: ID!, $threadId: ID!) {\n    deleteThread(projectId: $projectId, threadId: $threadId)\n  }\n": types.DeleteThreadDocument,
    "\n  mutation CreateThreadResponse($projectId: ID!, $threadId: ID!, $data: ThreadResponseInput!) {\n    createThreadResponse(projectId: $projectId, threadId: $threadId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n": types.CreateThreadResponseDocument,
    "\n  mutation CancelAskingTask($projectId: ID!, $taskId: ID!) {\n    cancelAskingTask(projectId: $projectId, taskId: $taskId)\n  }\n": types.CancelAskingTaskDocument,
    "\n  mutation UpdateThreadResponse($projectId: ID!, $responseId: ID!, $data: UpdateThreadResponseInput!) {\n    updateThreadResponse(projectId: $projectId, responseId: $responseId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n": types.UpdateThreadResponseDocument,
    "\n  mutation AdjustThreadResponse($projectId: ID!, $responseId: ID!, $data: AdjustThreadResponseInput!) {\n    adjustThreadResponse(projectId: $projectId, responseId: $responseId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n": types.AdjustThreadResponseDocument,
    "\n  mutation AdjustThreadResponseChart($projectId: ID!, $responseId: ID!, $data: AdjustChartInput!) {\n    adjustThreadResponseChart(projectId: $projectId, responseId: $responseId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n": types.AdjustThreadResponseChartDocument,
    "\n  mutation GenerateThreadResponseChart($projectId: ID!, $responseId: ID!) {\n    generateThreadResponseChart(projectId: $projectId, responseId: $responseId) {\n      ...ThreadResponseFields\n    }\n  }\n": types.GenerateThreadResponseChartDocument,
    "\n  mutation SendResetPasswordEmail($email: String!) {\n    sendResetPasswordEmail(email: $email)\n  }\n": types.SendResetPasswordEmailDocument,
    "\n  query CsvImportJob($id: ID!) {\n    csvImportJob(id: $id) {\n      id\n      state\n      progress\n      error\n      tableName\n      notes\n    }\n  }\n": types.CsvImportJobDocument,
    "\n  query CsvImportJobs($projectId: ID!) {\n    csvImportJobs(projectId: $projectId) {\n      id\n      state\n      error\n      fileName\n      tableName\n      rowCount\n      notes\n      createdAt\n    }\n  }\n": types.CsvImportJobsDocument,
    "\n  query CsvTableColumns($projectId: ID!) {\n    listDataSourceTables(projectId: $projectId) {\n      name\n      columns {\n        name\n        type\n        family\n      }\n    }\n  }\n": types.CsvTableColumnsDocument,
    "\n  mutation ChangeCsvColumnType($projectId: ID!, $table: String!, $column: String!, $type: ColumnTypeFamily!) {\n    changeCsvColumnType(projectId: $projectId, table: $table, column: $column, type: $type) {\n      table\n      column\n      type\n      family\n      converted\n      failed\n    }\n  }\n": types.ChangeCsvColumnTypeDocument,
    "\n  fragment DashboardItemFields on DashboardItem {\n    id\n    dashboardId\n    name\n    type\n    text\n    chart {\n      chartType\n      title\n      x\n      y\n      color\n    }\n    layout {\n      x\n      y\n      w\n      h\n    }\n    lastError\n    refreshedAt\n    data {\n      columns {\n        ...ResultColumnFields\n      }\n      rows\n      truncated\n      cacheHit\n      cacheCreatedAt\n      overridden\n      stale\n      error\n      unfiltered\n    }\n  }\n": types.DashboardItemFieldsFragmentDoc,
    "\n  fragment DashboardRefreshFields on DashboardRefresh {\n    id\n    status\n    scheduled\n    tilesRefreshed\n    tilesFailed\n    startedAt\n    finishedAt\n    reason\n  }\n": types.DashboardRefreshFieldsFragmentDoc,
    "\n  fragment DashboardScheduleFields on DashboardSchedule {\n    frequency\n    day\n    hour\n    minute\n    cron\n    timezone\n    nextRunAt\n  }\n": types.DashboardScheduleFieldsFragmentDoc,
    "\n  query Dashboards($projectId: ID!) {\n    dashboards(projectId: $projectId) {\n      id\n      name\n      canEdit\n    }\n  }\n": types.DashboardsDocument,
    "\n  query Dashboard($projectId: ID!, $dashboardId: ID!, $filters: [DashboardFilterInput!]! = []) {\n    dashboard(projectId: $projectId, dashboardId: $dashboardId, filters: $filters) {\n      id\n      name\n      folderId\n      canEdit\n      cacheEnabled\n      cacheTtlSeconds\n      schedule {\n        ...DashboardScheduleFields\n      }\n      lastRefresh {\n        ...DashboardRefreshFields\n      }\n      items {\n        ...DashboardItemFields\n      }\n    }\n  }\n": types.DashboardDocument,
    "\n  query DashboardRefreshStatus($projectId: ID!, $dashboardId: ID!) {\n    dashboard(projectId: $projectId, dashboardId: $dashboardId) {\n      id\n      lastRefresh {\n        ...DashboardRefreshFields\n      }\n    }\n  }\n": types.DashboardRefreshStatusDocument,
    "\n  mutation CreateDashboard($projectId: ID!, $data: CreateDashboardInput!) {\n    createDashboard(projectId: $projectId, data: $data) {\n      id\n      name\n      canEdit\n    }\n  }\n": types.CreateDashboardDocument,
    "\n  mutation UpdateDashboard($projectId: ID!, $dashboardId: ID!, $data: UpdateDashboardInput!) {\n    updateDashboard(projectId: $projectId, dashboardId: $dashboardId, data: $data) {\n      id\n      name\n      cacheEnabled\n      cacheTtlSeconds\n    }\n  }\n": types.UpdateDashboardDocument,
    "\n  mutation DeleteDashboard($projectId: ID!, $dashboardId: ID!) {\n    deleteDashboard(projectId: $projectId, dashboardId: $dashboardId)\n  }\n": types.DeleteDashboardDocument,
    "\n  mutation CreateDashboardItem($projectId: ID!, $data: CreateDashboardItemInput!) {\n    createDashboardItem(projectId: $projectId, data: $data) {\n      id\n      dashboardId\n      name\n      type\n    }\n  }\n": types.CreateDashboardItemDocument,
    "\n  mutation UpdateDashboardItem($projectId: ID!, $itemId: ID!, $name: String!) {\n    updateDashboardItem(projectId: $projectId, itemId: $itemId, name: $name) {\n      id\n      name\n    }\n  }\n": types.UpdateDashboardItemDocument,
    "\n  mutation DeleteDashboardItem($projectId: ID!, $itemId: ID!) {\n    deleteDashboardItem(projectId: $projectId, itemId: $itemId)\n  }\n": types.DeleteDashboardItemDocument,
    "\n  mutation UpdateDashboardItemLayouts($projectId: ID!, $dashboardId: ID!, $layouts: [ItemLayoutInput!]!) {\n    updateDashboardItemLayouts(projectId: $projectId, dashboardId: $dashboardId, layouts: $layouts) {\n      id\n      items {\n        id\n        layout {\n          x\n          y\n          w\n          h\n        }\n      }\n    }\n  }\n": types.UpdateDashboardItemLayoutsDocument,
    "\n  mutation SetDashboardSchedule($projectId: ID!, $dashboardId: ID!, $data: SetDashboardScheduleInput!) {\n    setDashboardSchedule(projectId: $projectId, dashboardId: $dashboardId, data: $data) {\n      id\n      schedule {\n        ...DashboardScheduleFields\n      }\n    }\n  }\n": types.SetDashboardScheduleDocument,
    "\n  mutation RefreshDashboardItem($projectId: ID!, $itemId: ID!) {\n    refreshDashboardItem(projectId: $projectId, itemId: $itemId) {\n      ...DashboardItemFields\n    }\n  }\n": types.RefreshDashboardItemDocument,
    "\n  mutation RefreshDashboard($projectId: ID!, $dashboardId: ID!) {\n    refreshDashboard(projectId: $projectId, dashboardId: $dashboardId) {\n      id\n      lastRefresh {\n        ...DashboardRefreshFields\n      }\n    }\n  }\n": types.RefreshDashboardDocument,
    "\n  mutation DrillIntoDashboardItem($projectId: ID!, $itemId: ID!, $data: DrillInput!) {\n    drillIntoDashboardItem(projectId: $projectId, itemId: $itemId, data: $data)\n  }\n": types.DrillIntoDashboardItemDocument,
    "\n  mutation CreateDashboardTextItem($projectId: ID!, $data: CreateDashboardTextItemInput!) {\n    createDashboardTextItem(projectId: $projectId, data: $data) {\n      ...DashboardItemFields\n    }\n  }\n": types.CreateDashboardTextItemDocument,
    "\n  mutation UpdateDashboardItemText($projectId: ID!, $itemId: ID!, $text: String!) {\n    updateDashboardItem(projectId: $projectId, itemId: $itemId, text: $text) {\n      ...DashboardItemFields\n    }\n  }\n": types.UpdateDashboardItemTextDocument,
    "\n  query SessionProperties($projectId: ID!) {\n    sessionProperties(projectId: $projectId) {\n      id\n      name\n      valueType\n      scope\n      required\n      defaultValue\n      createdAt\n    }\n  }\n": types.SessionPropertiesDocument,
    "\n  query SessionPropertyValues($projectId: ID!, $propertyId: ID!) {\n    sessionPropertyValues(projectId: $projectId, propertyId: $propertyId) {\n      propertyId\n      userId\n      groupId\n      apiKeyId\n      value\n    }\n  }\n": types.SessionPropertyValuesDocument,
    "\n  query Policies($projectId: ID!) {\n    policies(projectId: $projectId) {\n      id\n      kind\n      name\n      model\n      condition\n      columnName\n      property\n      operator\n      threshold\n      adminsExempt\n      updatedAt\n    }\n  }\n": types.PoliciesDocument,
    "\n  mutation CreateSessionProperty($projectId: ID!, $data: CreateSessionPropertyInput!) {\n    createSessionProperty(projectId: $projectId, data: $data) {\n      id\n      name\n    }\n  }\n": types.CreateSessionPropertyDocument,
    "\n  mutation DeleteSessionProperty($projectId: ID!, $propertyId: ID!) {\n    deleteSessionProperty(projectId: $projectId, propertyId: $propertyId)\n  }\n": types.DeleteSessionPropertyDocument,
    "\n  mutation SetSessionPropertyValue($projectId: ID!, $data: SessionPropertyValueInput!) {\n    setSessionPropertyValue(projectId: $projectId, data: $data)\n  }\n": types.SetSessionPropertyValueDocument,
    "\n  mutation CreatePolicy($projectId: ID!, $data: PolicyInput!) {\n    createPolicy(projectId: $projectId, data: $data) {\n      id\n      name\n    }\n  }\n": types.CreatePolicyDocument,
    "\n  mutation UpdatePolicy($projectId: ID!, $policyId: ID!, $data: PolicyInput!) {\n    updatePolicy(projectId: $projectId, policyId: $policyId, data: $data) {\n      id\n      name\n    }\n  }\n": types.UpdatePolicyDocument,
    "\n  mutation DeletePolicy($projectId: ID!, $policyId: ID!) {\n    deletePolicy(projectId: $projectId, policyId: $policyId)\n  }\n": types.DeletePolicyDocument,
    "\n  query ViewAsMember($projectId: ID!, $userId: ID!, $sql: String!) {\n    viewAsMember(projectId: $projectId, userId: $userId, sql: $sql) {\n      compiledSql\n      columns\n      rows\n      truncated\n    }\n  }\n": types.ViewAsMemberDocument,
    "\n  query SampleDatasets {\n    sampleDatasets {\n      name\n      displayName\n      description\n    }\n  }\n": types.SampleDatasetsDocument,
    "\n  query DataSource($projectId: ID!) {\n    dataSource(projectId: $projectId) {\n      type\n      properties\n      sampleDataset\n    }\n  }\n": types.DataSourceDocument,
    "\n  mutation TestDataSourceConnection($projectId: ID!, $data: DataSourceInput!) {\n    testDataSourceConnection(projectId: $projectId, data: $data)\n  }\n": types.TestDataSourceConnectionDocument,
    "\n  mutation SaveDataSource($projectId: ID!, $data: DataSourceInput!) {\n    saveDataSource(projectId: $projectId, data: $data) {\n      type\n      properties\n      sampleDataset\n    }\n  }\n": types.SaveDataSourceDocument,
    "\n  mutation UpdateDataSource($projectId: ID!, $data: DataSourceInput!) {\n    updateDataSource(projectId: $projectId, data: $data) {\n      type\n      properties\n      sampleDataset\n    }\n  }\n": types.UpdateDataSourceDocument,
    "\n  mutation StartSampleDataset($projectId: ID!, $name: SampleDatasetName!) {\n    startSampleDataset(projectId: $projectId, name: $name)\n  }\n": types.StartSampleDatasetDocument,
    "\n  query SchemaChange($projectId: ID!) {\n    schemaChange(projectId: $projectId) {\n      addedTables\n      removedTables\n      addedColumns\n      removedColumns\n      changedColumns\n      detectedAt\n    }\n  }\n": types.SchemaChangeDocument,
    "\n  mutation TriggerDataSourceDetection($projectId: ID!) {\n    triggerDataSourceDetection(projectId: $projectId) {\n      addedTables\n      removedTables\n      addedColumns\n      removedColumns\n      changedColumns\n      detectedAt\n    }\n  }\n": types.TriggerDataSourceDetectionDocument,
    "\n  mutation ResolveSchemaChange($projectId: ID!) {\n    resolveSchemaChange(projectId: $projectId)\n  }\n": types.ResolveSchemaChangeDocument,
    "\n  query DataSync($projectId: ID!) {\n    dataSync(projectId: $projectId) {\n      mode\n      everyMinutes\n      stopped\n      status\n      lastSyncedAt\n      nextSyncAt\n      tables {\n        schema\n        name\n        cursor\n      }\n    }\n    syncJobs(projectId: $projectId) {\n      id\n      status\n      rowsSynced\n      error\n      createdAt\n      finishedAt\n      tables {\n        table\n        rows\n      }\n    }\n  }\n": types.DataSyncDocument,
    "\n  query SyncSourceTables($projectId: ID!) {\n    listDataSourceTables(projectId: $projectId) {\n      name\n      schema\n      columns {\n        name\n      }\n    }\n  }\n": types.SyncSourceTablesDocument,
    "\n  mutation SetDataSync($projectId: ID!, $mode: SyncMode!, $tables: [SyncTableInput!]!, $everyMinutes: Int!) {\n    setDataSync(projectId: $projectId, mode: $mode, tables: $tables, everyMinutes: $everyMinutes) {\n      status\n    }\n  }\n": types.SetDataSyncDocument,
    "\n  mutation StopDataSync($projectId: ID!) {\n    stopDataSync(projectId: $projectId) {\n      stopped\n    }\n  }\n": types.StopDataSyncDocument,
    "\n  mutation ResumeDataSync($projectId: ID!) {\n    resumeDataSync(projectId: $projectId) {\n      stopped\n    }\n  }\n": types.ResumeDataSyncDocument,
    "\n  mutation SyncDataNow($projectId: ID!) {\n    syncDataNow(projectId: $projectId)\n  }\n": types.SyncDataNowDocument,
    "\n  fragment FolderFields on Folder {\n    id\n    name\n    access\n    createdBy\n    canEdit\n    canManageAccess\n    members {\n      id\n      label\n      addedAt\n    }\n    groups {\n      id\n      label\n      addedAt\n    }\n  }\n": types.FolderFieldsFragmentDoc,
    "\n  query FolderTree($projectId: ID!) {\n    folderTree(projectId: $projectId) {\n      canCreateFolders\n      folders {\n        ...FolderFields\n      }\n      items {\n        kind\n        id\n        name\n        folderId\n        shared\n        createdBy\n        updatedAt\n      }\n    }\n  }\n": types.FolderTreeDocument,
    "\n  mutation CreateFolder($projectId: ID!, $data: CreateFolderInput!) {\n    createFolder(projectId: $projectId, data: $data) {\n      ...FolderFields\n    }\n  }\n": types.CreateFolderDocument,
    "\n  mutation UpdateFolder($projectId: ID!, $folderId: ID!, $data: UpdateFolderInput!) {\n    updateFolder(projectId: $projectId, folderId: $folderId, data: $data) {\n      ...FolderFields\n    }\n  }\n": types.UpdateFolderDocument,
    "\n  mutation DeleteFolder($projectId: ID!, $folderId: ID!) {\n    deleteFolder(projectId: $projectId, folderId: $folderId)\n  }\n": types.DeleteFolderDocument,
    "\n  mutation AddFolderMember($projectId: ID!, $folderId: ID!, $userId: ID!) {\n    addFolderMember(projectId: $projectId, folderId: $folderId, userId: $userId) {\n      ...FolderFields\n    }\n  }\n": types.AddFolderMemberDocument,
    "\n  mutation RemoveFolderMember($projectId: ID!, $folderId: ID!, $userId: ID!) {\n    removeFolderMember(projectId: $projectId, folderId: $folderId, userId: $userId) {\n      ...FolderFields\n    }\n  }\n": types.RemoveFolderMemberDocument,
    "\n  mutation AddFolderGroup($projectId: ID!, $folderId: ID!, $groupId: ID!) {\n    addFolderGroup(projectId: $projectId, folderId: $folderId, groupId: $groupId) {\n      ...FolderFields\n    }\n  }\n": types.AddFolderGroupDocument,
    "\n  mutation RemoveFolderGroup($projectId: ID!, $folderId: ID!, $groupId: ID!) {\n    removeFolderGroup(projectId: $projectId, folderId: $folderId, groupId: $groupId) {\n      ...FolderFields\n    }\n  }\n": types.RemoveFolderGroupDocument,
    "\n  mutation ShareToFolder($projectId: ID!, $folderId: ID!, $threadId: ID!) {\n    shareToFolder(projectId: $projectId, folderId: $folderId, threadId: $threadId)\n  }\n": types.ShareToFolderDocument,
    "\n  mutation RevokeShareToFolder($projectId: ID!, $folderId: ID!, $threadId: ID!) {\n    revokeShareToFolder(projectId: $projectId, folderId: $folderId, threadId: $threadId)\n  }\n": types.RevokeShareToFolderDocument,
    "\n  mutation SwitchFolder($projectId: ID!, $kind: FolderItemKind!, $itemId: ID!, $folderId: ID) {\n    switchFolder(projectId: $projectId, kind: $kind, itemId: $itemId, folderId: $folderId)\n  }\n": types.SwitchFolderDocument,
    "\n  fragment GenerationTaskFields on GenerationTask {\n    id\n    kind\n    status\n    error\n    generatedBy\n    questions\n    relationships {\n      fromModel\n      fromColumn\n      toModel\n      toColumn\n      type\n      reason\n    }\n    modelDescriptions {\n      model\n      description\n      columns {\n        column\n        description\n      }\n    }\n  }\n": types.GenerationTaskFieldsFragmentDoc,
    "\n  query GenerationTask($projectId: ID!, $taskId: ID!) {\n    generationTask(projectId: $projectId, taskId: $taskId) {\n      ...GenerationTaskFields\n    }\n  }\n": types.GenerationTaskDocument,
    "\n  mutation CreateModelDescriptionTask($projectId: ID!, $models: [String!]!) {\n    createModelDescriptionTask(projectId: $projectId, models: $models) {\n      ...GenerationTaskFields\n    }\n  }\n": types.CreateModelDescriptionTaskDocument,
    "\n  mutation CreateRecommendedQuestionsTask($projectId: ID!, $threadId: ID) {\n    createRecommendedQuestionsTask(projectId: $projectId, threadId: $threadId) {\n      ...GenerationTaskFields\n    }\n  }\n": types.CreateRecommendedQuestionsTaskDocument,
    "\n  mutation CreateRelationshipRecommendationTask($projectId: ID!) {\n    createRelationshipRecommendationTask(projectId: $projectId) {\n      ...GenerationTaskFields\n    }\n  }\n": types.CreateRelationshipRecommendationTaskDocument,
    "\n  query OrgGroups {\n    orgGroups {\n      id\n      name\n      memberCount\n      createdAt\n      updatedAt\n    }\n  }\n": types.OrgGroupsDocument,
    "\n  query OrgGroupMembers($groupId: ID!) {\n    orgGroupMembers(groupId: $groupId) {\n      userId\n      email\n      name\n      addedAt\n    }\n  }\n": types.OrgGroupMembersDocument,
    "\n  mutation CreateOrgGroup($data: CreateOrgGroupInput!) {\n    createOrgGroup(data: $data) {\n      id\n      name\n      memberCount\n      createdAt\n      updatedAt\n    }\n  }\n": types.CreateOrgGroupDocument,
    "\n  mutation UpdateOrgGroup($where: OrgGroupWhereUniqueInput!, $data: UpdateOrgGroupInput!) {\n    updateOrgGroup(where: $where, data: $data) {\n      id\n      name\n      updatedAt\n    }\n  }\n": types.UpdateOrgGroupDocument,
    "\n  mutation DeleteOrgGroup($where: OrgGroupWhereUniqueInput!) {\n    deleteOrgGroup(where: $where)\n  }\n": types.DeleteOrgGroupDocument,
    "\n  mutation AddOrgGroupMember($data: OrgGroupMemberInput!) {\n    addOrgGroupMember(data: $data) {\n      id\n      memberCount\n    }\n  }\n": types.AddOrgGroupMemberDocument,
    "\n  mutation RemoveOrgGroupMember($data: OrgGroupMemberInput!) {\n    removeOrgGroupMember(data: $data) {\n      id\n      memberCount\n    }\n  }\n": types.RemoveOrgGroupMemberDocument,
    "\n  fragment InvitationFields on Invitation {\n    id\n    email\n    role\n    status\n    createdAt\n    expiresAt\n    invitor {\n      id\n      email\n      name\n    }\n    org {\n      id\n      name\n    }\n    projects {\n      id\n      displayName\n      role\n    }\n  }\n": types.InvitationFieldsFragmentDoc,
    "\n  query Invitations {\n    invitations {\n      ...InvitationFields\n    }\n  }\n": types.InvitationsDocument,
    "\n  query InvitationByCode($code: String!) {\n    invitationByCode(code: $code) {\n      ...InvitationFields\n    }\n  }\n": types.InvitationByCodeDocument,
    "\n  query PendingInvitations {\n    pendingInvitations {\n      ...InvitationFields\n    }\n  }\n": types.PendingInvitationsDocument,
    "\n  mutation CreateAndSendInvitation($data: CreateInvitationInput!) {\n    createAndSendInvitation(data: $data) {\n      id\n      email\n      role\n      url\n      status\n      expiresAt\n    }\n  }\n": types.CreateAndSendInvitationDocument,
    "\n  mutation DeleteInvitation($where: InvitationWhereUniqueInput!) {\n    deleteInvitation(where: $where)\n  }\n": types.DeleteInvitationDocument,
    "\n  mutation AcceptInvitation($data: AcceptInvitationInput!) {\n    acceptInvitation(data: $data) {\n      id\n      name\n      myRole\n    }\n  }\n": types.AcceptInvitationDocument,
    "\n  query SqlPairs($projectId: ID!) {\n    sqlPairs(projectId: $projectId) {\n      id\n      question\n      sql\n      createdAt\n      updatedAt\n    }\n  }\n": types.SqlPairsDocument,
    "\n  mutation CreateSqlPair($projectId: ID!, $data: CreateSqlPairInput!) {\n    createSqlPair(projectId: $projectId, data: $data) {\n      id\n    }\n  }\n": types.CreateSqlPairDocument,
    "\n  mutation UpdateSqlPair($projectId: ID!, $id: ID!, $data: UpdateSqlPairInput!) {\n    updateSqlPair(projectId: $projectId, id: $id, data: $data) {\n      id\n      question\n      sql\n      updatedAt\n    }\n  }\n": types.UpdateSqlPairDocument,
    "\n  mutation DeleteSqlPair($projectId: ID!, $id: ID!) {\n    deleteSqlPair(projectId: $projectId, id: $id)\n  }\n": types.DeleteSqlPairDocument,
    "\n  query Instructions($projectId: ID!) {\n    instructions(projectId: $projectId) {\n      id\n      instruction\n      isGlobal\n      questions\n      createdAt\n      updatedAt\n    }\n  }\n": types.InstructionsDocument,
    "\n  mutation CreateInstruction($projectId: ID!, $data: InstructionInput!) {\n    createInstruction(projectId: $projectId, data: $data) {\n      id\n    }\n  }\n": types.CreateInstructionDocument,
    "\n  mutation UpdateInstruction($projectId: ID!, $id: ID!, $data: InstructionInput!) {\n    updateInstruction(projectId: $projectId, id: $id, data: $data) {\n      id\n      instruction\n      isGlobal\n      questions\n      updatedAt\n    }\n  }\n": types.UpdateInstructionDocument,
    "\n  mutation DeleteInstruction($projectId: ID!, $id: ID!) {\n    deleteInstruction(projectId: $projectId, id: $id)\n  }\n": types.DeleteInstructionDocument,
    "\n  query TaughtTerms($projectId: ID!) {\n    taughtTerms(projectId: $projectId) {\n      id\n      phrase\n      model\n      column\n      removed\n      createdAt\n    }\n  }\n": types.TaughtTermsDocument,
    "\n  mutation TeachTerm($projectId: ID!, $data: TermInput!) {\n    teachTerm(projectId: $projectId, data: $data) {\n      id\n      phrase\n      model\n      column\n      removed\n    }\n  }\n": types.TeachTermDocument,
    "\n  mutation RemoveDerivedTerm($projectId: ID!, $data: TermInput!) {\n    removeDerivedTerm(projectId: $projectId, data: $data) {\n      id\n      phrase\n      model\n      column\n      removed\n    }\n  }\n": types.RemoveDerivedTermDocument,
    "\n  mutation DeleteTaughtTerm($projectId: ID!, $id: ID!) {\n    deleteTaughtTerm(projectId: $projectId, id: $id)\n  }\n": types.DeleteTaughtTermDocument,
    "\n  query LlmSettings {\n    llmSettings {\n      provider\n      chatModel\n      embeddingModel\n      baseUrl\n      apiVersion\n      region\n      accessKeyId\n      project\n      hasKey\n      updatedAt\n    }\n    llmUsage {\n      since\n      calls\n      inputTokens\n      outputTokens\n    }\n  }\n": types.LlmSettingsDocument,
    "\n  mutation TestProviderConnectivity($data: LlmConfigInput!) {\n    testProviderConnectivity(data: $data)\n  }\n": types.TestProviderConnectivityDocument,
    "\n  mutation ApplyOrgLLMConfigs($data: LlmConfigInput!) {\n    applyOrgLLMConfigs(data: $data) {\n      provider\n      chatModel\n      hasKey\n      updatedAt\n    }\n  }\n": types.ApplyOrgLlmConfigsDocument,
    "\n  mutation RemoveOrgLlmConfig {\n    removeOrgLlmConfig\n  }\n": types.RemoveOrgLlmConfigDocument,
    "\n  query ListDataSourceTables($projectId: ID!) {\n    listDataSourceTables(projectId: $projectId) {\n      name\n      schema\n      displayName\n      columns {\n        name\n        type\n      }\n    }\n  }\n": types.ListDataSourceTablesDocument,
    "\n  query Models($projectId: ID!) {\n    models(projectId: $projectId) {\n      id\n      referenceName\n      displayName\n      columns {\n        id\n        referenceName\n        displayName\n        type\n      }\n    }\n  }\n": types.ModelsDocument,
    "\n  query RecommendedRelationships($projectId: ID!) {\n    recommendedRelationships(projectId: $projectId) {\n      fromModel\n      fromColumn\n      toModel\n      toColumn\n      type\n      reason\n    }\n  }\n": types.RecommendedRelationshipsDocument,
    "\n  mutation SaveTables($projectId: ID!, $tables: [String!]!) {\n    saveTables(projectId: $projectId, tables: $tables) {\n      id\n      referenceName\n    }\n  }\n": types.SaveTablesDocument,
    "\n  mutation SaveRelations($projectId: ID!, $relations: [RelationInput!]!) {\n    saveRelations(projectId: $projectId, relations: $relations) {\n      id\n      name\n    }\n  }\n": types.SaveRelationsDocument,
    "\n  query ModelingDiagram($projectId: ID!) {\n    models(projectId: $projectId) {\n      id\n      referenceName\n      displayName\n      description\n      primaryKey\n      currency\n      sourceTableName\n      sourceSql\n      columns {\n        id\n        referenceName\n        displayName\n        type\n        family\n        hidden\n        isCalculated\n        isPrimaryKey\n        expression\n        description\n        format {\n          style\n          decimals\n          currency\n        }\n      }\n    }\n    relationships(projectId: $projectId) {\n      id\n      name\n      fromModel\n      fromColumn\n      toModel\n      toColumn\n      type\n    }\n    views(projectId: $projectId) {\n      id\n      name\n      displayName\n      description\n      statement\n    }\n    metrics(projectId: $projectId) {\n      name\n      displayName\n      baseObject\n      dimensions\n      measures\n      timeGrains\n    }\n  }\n": types.ModelingDiagramDocument,
    "\n  query ExportMdl($projectId: ID!) {\n    exportMdl(projectId: $projectId)\n  }\n": types.ExportMdlDocument,
    "\n  mutation ImportMdl($projectId: ID!, $mdl: String!) {\n    importMdl(projectId: $projectId, mdl: $mdl)\n  }\n": types.ImportMdlDocument,
    "\n  query DeployStatus($projectId: ID!) {\n    deployStatus(projectId: $projectId) {\n      status\n      lastDeploy {\n        id\n        status\n        log\n        error\n        startedAt\n        finishedAt\n      }\n    }\n  }\n": types.DeployStatusDocument,
    "\n  mutation Deploy($projectId: ID!) {\n    deploy(projectId: $projectId) {\n      status\n      error\n      deployId\n    }\n  }\n": types.DeployDocument,
    "\n  mutation CreateModel($data: CreateModelInput!) {\n    createModel(data: $data)\n  }\n": types.CreateModelDocument,
    "\n  mutation DeleteModel($modelId: ID!) {\n    deleteModel(modelId: $modelId)\n  }\n": types.DeleteModelDocument,
    "\n  mutation UpdateModelMetadata($modelId: ID!, $data: UpdateModelMetadataInput!) {\n    updateModelMetadata(modelId: $modelId, data: $data)\n  }\n": types.UpdateModelMetadataDocument,
    "\n  mutation CreateCalculatedField($modelId: ID!, $data: CalculatedFieldInput!) {\n    createCalculatedField(modelId: $modelId, data: $data)\n  }\n": types.CreateCalculatedFieldDocument,
    "\n  mutation UpdateCalculatedField($columnId: ID!, $data: CalculatedFieldInput!) {\n    updateCalculatedField(columnId: $columnId, data: $data)\n  }\n": types.UpdateCalculatedFieldDocument,
    "\n  mutation DeleteCalculatedField($columnId: ID!) {\n    deleteCalculatedField(columnId: $columnId)\n  }\n": types.DeleteCalculatedFieldDocument,
    "\n  mutation CreateRelationship($projectId: ID!, $data: RelationInput!) {\n    createRelationship(projectId: $projectId, data: $data) {\n      id\n    }\n  }\n": types.CreateRelationshipDocument,
    "\n  mutation UpdateRelationship($relationshipId: ID!, $type: RelationType!) {\n    updateRelationship(relationshipId: $relationshipId, type: $type)\n  }\n": types.UpdateRelationshipDocument,
    "\n  mutation DeleteRelationship($relationshipId: ID!) {\n    deleteRelationship(relationshipId: $relationshipId)\n  }\n": types.DeleteRelationshipDocument,
    "\n  mutation CreateView($data: CreateViewInput!) {\n    createView(data: $data) {\n      id\n      name\n    }\n  }\n": types.CreateViewDocument,
    "\n  mutation UpdateViewMetadata($viewId: ID!, $data: UpdateViewMetadataInput!) {\n    updateViewMetadata(viewId: $viewId, data: $data)\n  }\n": types.UpdateViewMetadataDocument,
    "\n  mutation DeleteView($viewId: ID!) {\n    deleteView(viewId: $viewId)\n  }\n": types.DeleteViewDocument,
    "\n  query PreviewModelData($modelId: ID!, $limit: Int) {\n    previewModelData(modelId: $modelId, limit: $limit) {\n      columns {\n        name\n        type\n      }\n      rows\n    }\n  }\n": types.PreviewModelDataDocument,
    "\n  query PreviewViewData($viewId: ID!, $limit: Int) {\n    previewViewData(viewId: $viewId, limit: $limit) {\n      columns {\n        name\n        type\n      }\n      rows\n    }\n  }\n": types.PreviewViewDataDocument,
    "\n  query ModelSql($modelId: ID!) {\n    modelSql(modelId: $modelId)\n  }\n": types.ModelSqlDocument,
    "\n  query ViewSql($viewId: ID!) {\n    viewSql(viewId: $viewId)\n  }\n": types.ViewSqlDocument,
    "\n  query ModelTerms($projectId: ID!) {\n    models(projectId: $projectId) {\n      id\n      referenceName\n      terms {\n        text\n        source\n      }\n      columns {\n        id\n        referenceName\n        hidden\n        terms {\n          text\n          source\n        }\n      }\n    }\n  }\n": types.ModelTermsDocument,
    "\n  query OrgMembers {\n    me(withMembers: true) {\n      id\n      currentOrg {\n        id\n        myRole\n        myPermissions {\n          ...OrgPermissionFields\n        }\n        members {\n          id\n          userId\n          email\n          emailVerified\n          name\n          firstName\n          lastName\n          role\n          enabled\n          joinedAt\n          groups {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": types.OrgMembersDocument,
    "\n  mutation CreateOrgMember($data: CreateOrgMemberInput!) {\n    createOrgMember(data: $data) {\n      success\n      temporaryPassword\n      member {\n        id\n        email\n        role\n        enabled\n      }\n    }\n  }\n": types.CreateOrgMemberDocument,
    "\n  mutation UpdateOrgMember($where: MemberWhereUniqueInput!, $data: UpdateOrgMemberInput!) {\n    updateOrgMember(where: $where, data: $data) {\n      id\n      role\n      enabled\n    }\n  }\n": types.UpdateOrgMemberDocument,
    "\n  mutation DeleteOrgMember($where: MemberWhereUniqueInput!) {\n    deleteOrgMember(where: $where)\n  }\n": types.DeleteOrgMemberDocument,
    "\n  fragment OrgPermissionFields on OrgPermissions {\n    canUpdateOrg\n    canDeleteOrg\n    canManageMembers\n    canManageGroups\n    canManageInvitations\n    canReadActivityLog\n    canManageOrgApiKeys\n  }\n": types.OrgPermissionFieldsFragmentDoc,
    "\n  query Orgs {\n    orgs {\n      id\n      name\n      myRole\n      state\n    }\n  }\n": types.OrgsDocument,
    "\n  mutation SwitchCurrentOrg($where: OrgWhereUniqueInput!) {\n    switchCurrentOrg(where: $where) {\n      id\n      currentOrg {\n        id\n        name\n        myRole\n      }\n      currentOrgRole\n    }\n  }\n": types.SwitchCurrentOrgDocument,
    "\n  mutation CreateOrg($data: CreateOrgInput!) {\n    createOrg(data: $data) {\n      id\n      name\n      myRole\n    }\n  }\n": types.CreateOrgDocument,
    "\n  mutation UpdateOrg($where: OrgWhereUniqueInput!, $data: UpdateOrgInput!) {\n    updateOrg(where: $where, data: $data) {\n      id\n      name\n    }\n  }\n": types.UpdateOrgDocument,
    "\n  query OrgUsage {\n    me(withUsage: true) {\n      id\n      currentOrg {\n        id\n        name\n        createdAt\n        myRole\n        myPermissions {\n          canUpdateOrg\n          canDeleteOrg\n        }\n        usage {\n          totalMembers\n          totalProjects\n          questionsAsked\n          totalApiCalls\n          rowsExported\n        }\n      }\n    }\n  }\n": types.OrgUsageDocument,
    "\n  query CurrentOrg {\n    me {\n      id\n      currentOrg {\n        id\n        name\n        state\n        myRole\n        myPermissions {\n          ...OrgPermissionFields\n        }\n      }\n    }\n  }\n": types.CurrentOrgDocument,
    "\n  mutation DeleteOrg($where: OrgWhereUniqueInput!) {\n    deleteOrg(where: $where) {\n      id\n      name\n      state\n    }\n  }\n": types.DeleteOrgDocument,
    "\n  fragment ProjectMemberFields on ProjectMember {\n    id\n    userId\n    email\n    name\n    role\n    joinedAt\n  }\n": types.ProjectMemberFieldsFragmentDoc,
    "\n  fragment ProjectGroupFields on ProjectGroup {\n    id\n    groupId\n    name\n    memberCount\n    role\n    addedAt\n  }\n": types.ProjectGroupFieldsFragmentDoc,
    "\n  query ProjectAccess($where: ProjectWhereUniqueInput!) {\n    project(where: $where) {\n      id\n      displayName\n      myRole\n      myPermissions {\n        canManageMembers\n      }\n      members {\n        ...ProjectMemberFields\n      }\n      groups {\n        ...ProjectGroupFields\n      }\n    }\n  }\n": types.ProjectAccessDocument,
    "\n  mutation AddProjectMember($data: AddProjectMemberInput!) {\n    addProjectMember(data: $data) {\n      ...ProjectMemberFields\n    }\n  }\n": types.AddProjectMemberDocument,
    "\n  mutation UpdateProjectMemberRole($data: UpdateProjectMemberInput!) {\n    updateProjectMemberRole(data: $data) {\n      id\n      role\n    }\n  }\n": types.UpdateProjectMemberRoleDocument,
    "\n  mutation RemoveProjectMember($data: RemoveProjectMemberInput!) {\n    removeProjectMember(data: $data)\n  }\n": types.RemoveProjectMemberDocument,
    "\n  mutation AddProjectGroup($data: ProjectGroupInput!) {\n    addProjectGroup(data: $data) {\n      ...ProjectGroupFields\n    }\n  }\n": types.AddProjectGroupDocument,
    "\n  mutation UpdateProjectGroupRole($data: ProjectGroupInput!) {\n    updateProjectGroupRole(data: $data) {\n      id\n      role\n    }\n  }\n": types.UpdateProjectGroupRoleDocument,
    "\n  mutation RemoveProjectGroup($data: RemoveProjectGroupInput!) {\n    removeProjectGroup(data: $data)\n  }\n": types.RemoveProjectGroupDocument,
    "\n  query Projects {\n    projects {\n      id\n      displayName\n      language\n      state\n      onboardingStatus\n      createdAt\n      myRole\n    }\n  }\n": types.ProjectsDocument,
    "\n  query Project($where: ProjectWhereUniqueInput!) {\n    project(where: $where) {\n      id\n      orgId\n      displayName\n      language\n      timezone\n      onboardingStatus\n      state\n      createdAt\n      myRole\n      myPermissions {\n        canUpdateProject\n        canManageDataSource\n        canUpdateModels\n        canManageFolderAccess\n      }\n    }\n  }\n": types.ProjectDocument,
    "\n  query Timezones {\n    timezones\n  }\n": types.TimezonesDocument,
    "\n  mutation CreateProject($data: CreateProjectInput!) {\n    createProject(data: $data) {\n      id\n      displayName\n      language\n      timezone\n      onboardingStatus\n      state\n      createdAt\n    }\n  }\n": types.CreateProjectDocument,
    "\n  mutation UpdateProject($where: ProjectWhereUniqueInput!, $data: UpdateProjectInput!) {\n    updateProject(where: $where, data: $data) {\n      id\n      displayName\n      language\n      timezone\n    }\n  }\n": types.UpdateProjectDocument,
    "\n  mutation DeleteProject($where: ProjectWhereUniqueInput!) {\n    deleteProject(where: $where) {\n      id\n      state\n    }\n  }\n": types.DeleteProjectDocument,
    "\n  mutation ResetProject($where: ProjectWhereUniqueInput!) {\n    resetProject(where: $where) {\n      id\n      state\n      onboardingStatus\n    }\n  }\n": types.ResetProjectDocument,
    "\n  mutation SwitchCurrentProject($where: ProjectWhereUniqueInput!) {\n    switchCurrentProject(where: $where) {\n      id\n      currentProject {\n        id\n        displayName\n        language\n        timezone\n      }\n      currentProjectRole\n    }\n  }\n": types.SwitchCurrentProjectDocument,
    "\n  fragment SpreadsheetFields on Spreadsheet {\n    id\n    name\n    sql\n    responseId\n    folderId\n    columns {\n      name\n      label\n      hidden\n    }\n    sort {\n      column\n      direction\n    }\n    filters {\n      column\n      operator\n      value\n    }\n    canEdit\n    updatedAt\n  }\n": types.SpreadsheetFieldsFragmentDoc,
    "\n  fragment SpreadsheetPageFields on SpreadsheetPage {\n    columns {\n      ...ResultColumnFields\n    }\n    rows\n    page\n    pageSize\n    totalRows\n    totalPages\n  }\n": types.SpreadsheetPageFieldsFragmentDoc,
    "\n  query Spreadsheet($projectId: ID!, $spreadsheetId: ID!) {\n    spreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId) {\n      ...SpreadsheetFields\n    }\n  }\n": types.SpreadsheetDocument,
    "\n  query SpreadsheetPage($projectId: ID!, $spreadsheetId: ID!, $data: PageInput!) {\n    spreadsheetPage(projectId: $projectId, spreadsheetId: $spreadsheetId, data: $data) {\n      ...SpreadsheetPageFields\n    }\n  }\n": types.SpreadsheetPageDocument,
    "\n  query PreviewSpreadsheet($projectId: ID!, $data: PreviewSpreadsheetInput!) {\n    previewSpreadsheet(projectId: $projectId, data: $data) {\n      ...SpreadsheetPageFields\n    }\n  }\n": types.PreviewSpreadsheetDocument,
    "\n  query SpreadsheetExport($projectId: ID!, $exportId: ID!) {\n    spreadsheetExport(projectId: $projectId, exportId: $exportId) {\n      ...SpreadsheetExportFields\n    }\n  }\n": types.SpreadsheetExportDocument,
    "\n  fragment SpreadsheetExportFields on SpreadsheetExport {\n    id\n    status\n    rowsWritten\n    bytesWritten\n    error\n    downloadUrl\n  }\n": types.SpreadsheetExportFieldsFragmentDoc,
    "\n  mutation CreateSpreadsheet($projectId: ID!, $data: CreateSpreadsheetInput!) {\n    createSpreadsheet(projectId: $projectId, data: $data) {\n      ...SpreadsheetFields\n    }\n  }\n": types.CreateSpreadsheetDocument,
    "\n  mutation UpdateSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $name: String!) {\n    updateSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, name: $name) {\n      ...SpreadsheetFields\n    }\n  }\n": types.UpdateSpreadsheetDocument,
    "\n  mutation SaveSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $data: SaveSpreadsheetInput!) {\n    saveSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, data: $data) {\n      ...SpreadsheetFields\n    }\n  }\n": types.SaveSpreadsheetDocument,
    "\n  mutation DeleteSpreadsheet($projectId: ID!, $spreadsheetId: ID!) {\n    deleteSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId)\n  }\n": types.DeleteSpreadsheetDocument,
    "\n  mutation ExportSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $view: SaveSpreadsheetInput) {\n    exportSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, view: $view) {\n      ...SpreadsheetExportFields\n    }\n  }\n": types.ExportSpreadsheetDocument,
    "\n  query Me {\n    me {\n      id\n      email\n      name\n      picture\n      consentPrivacyStatement\n      emailVerified\n      firstName\n      lastName\n      country\n      companyName\n      jobTitle\n      currentOrg {\n        id\n        name\n        myRole\n        state\n        myPermissions {\n          ...OrgPermissionFields\n        }\n      }\n      currentOrgRole\n      currentProject {\n        id\n        displayName\n        language\n        timezone\n        permissions {\n          canCreateModels\n          canUpdateModels\n          canManageKnowledge\n          canManageDashboards\n          canReadApiManagement\n          canManageOrgApiKeys\n          canManageDataSecurity\n        }\n      }\n      currentProjectRole\n    }\n  }\n": types.MeDocument,
    "\n  mutation OnboardUser($data: OnboardUserInput!) {\n    onboardUser(data: $data) {\n      id\n      consentPrivacyStatement\n      firstName\n      lastName\n      country\n      companyName\n      jobTitle\n      currentOrg {\n        id\n        name\n        myRole\n      }\n    }\n  }\n": types.OnboardUserDocument,
    "\n  mutation UpdateMyProfile($data: UpdateMyProfileInput!) {\n    updateMyProfile(data: $data) {\n      id\n      name\n      firstName\n      lastName\n      country\n      companyName\n      jobTitle\n    }\n  }\n": types.UpdateMyProfileDocument,
    "\n  mutation DeleteMyAccount {\n    deleteMyAccount\n  }\n": types.DeleteMyAccountDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActivityLogs($filter: ActivityLogFilter, $offset: Int!, $limit: Int!) {\n    activityLogs(filter: $filter, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        kind\n        actorId\n        actorEmail\n        targetKind\n        targetId\n        targetLabel\n        projectId\n        detail\n        clientAddress\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query ActivityLogs($filter: ActivityLogFilter, $offset: Int!, $limit: Int!) {\n    activityLogs(filter: $filter, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        kind\n        actorId\n        actorEmail\n        targetKind\n        targetId\n        targetLabel\n        projectId\n        detail\n        clientAddress\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys($projectId: ID!) {\n    apiKeys(projectId: $projectId) {\n      id\n      name\n      prefix\n      organizationWide\n      projectId\n      scopes\n      createdByEmail\n      expiresAt\n      lastUsedAt\n      revokedAt\n      createdAt\n      active\n    }\n  }\n"): (typeof documents)["\n  query ApiKeys($projectId: ID!) {\n    apiKeys(projectId: $projectId) {\n      id\n      name\n      prefix\n      organizationWide\n      projectId\n      scopes\n      createdByEmail\n      expiresAt\n      lastUsedAt\n      revokedAt\n      createdAt\n      active\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($projectId: ID!, $data: CreateApiKeyInput!) {\n    createApiKey(projectId: $projectId, data: $data) {\n      key {\n        id\n        name\n        prefix\n      }\n      secret\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($projectId: ID!, $data: CreateApiKeyInput!) {\n    createApiKey(projectId: $projectId, data: $data) {\n      key {\n        id\n        name\n        prefix\n      }\n      secret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($projectId: ID!, $keyId: ID!) {\n    revokeApiKey(projectId: $projectId, keyId: $keyId) {\n      id\n      revokedAt\n      active\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeApiKey($projectId: ID!, $keyId: ID!) {\n    revokeApiKey(projectId: $projectId, keyId: $keyId) {\n      id\n      revokedAt\n      active\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiHistory($projectId: ID!, $filter: ApiHistoryFilter, $offset: Int!, $limit: Int!) {\n    apiHistory(projectId: $projectId, filter: $filter, offset: $offset, limit: $limit) {\n      total\n      retentionDays\n      items {\n        id\n        callType\n        method\n        path\n        statusCode\n        durationMs\n        apiKeyId\n        keyPrefix\n        projectId\n        threadId\n        requestBody\n        responseBody\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query ApiHistory($projectId: ID!, $filter: ApiHistoryFilter, $offset: Int!, $limit: Int!) {\n    apiHistory(projectId: $projectId, filter: $filter, offset: $offset, limit: $limit) {\n      total\n      retentionDays\n      items {\n        id\n        callType\n        method\n        path\n        statusCode\n        durationMs\n        apiKeyId\n        keyPrefix\n        projectId\n        threadId\n        requestBody\n        responseBody\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetApiHistoryRetention($projectId: ID!, $days: Int!) {\n    setApiHistoryRetention(projectId: $projectId, days: $days)\n  }\n"): (typeof documents)["\n  mutation SetApiHistoryRetention($projectId: ID!, $days: Int!) {\n    setApiHistoryRetention(projectId: $projectId, days: $days)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ResultColumnFields on ResultColumnGql {\n    name\n    type\n    family\n    displayName\n    format {\n      style\n      decimals\n      currency\n    }\n  }\n"): (typeof documents)["\n  fragment ResultColumnFields on ResultColumnGql {\n    name\n    type\n    family\n    displayName\n    format {\n      style\n      decimals\n      currency\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AskingTaskFields on AskingTask {\n    id\n    threadId\n    responseId\n    question\n    status\n    statusCode\n    understood\n    reading {\n      kind\n      label\n      text\n      start\n      end\n    }\n    suggestions\n    teachOffers {\n      phrase\n      candidates {\n        model\n        column\n        label\n      }\n    }\n    intent\n    reasoning\n    answeredBy\n    correctionRounds\n    error {\n      code\n      message\n      shortMessage\n    }\n  }\n"): (typeof documents)["\n  fragment AskingTaskFields on AskingTask {\n    id\n    threadId\n    responseId\n    question\n    status\n    statusCode\n    understood\n    reading {\n      kind\n      label\n      text\n      start\n      end\n    }\n    suggestions\n    teachOffers {\n      phrase\n      candidates {\n        model\n        column\n        label\n      }\n    }\n    intent\n    reasoning\n    answeredBy\n    correctionRounds\n    error {\n      code\n      message\n      shortMessage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ThreadResponseFields on ThreadResponse {\n    id\n    threadId\n    question\n    sql\n    answer\n    answerStatus\n    chartStatus\n    chartError\n    rowCount\n    truncated\n    withheld\n    chart {\n      chartType\n      title\n      x\n      y\n      color\n    }\n    columns {\n      ...ResultColumnFields\n    }\n    askingTask {\n      ...AskingTaskFields\n    }\n  }\n"): (typeof documents)["\n  fragment ThreadResponseFields on ThreadResponse {\n    id\n    threadId\n    question\n    sql\n    answer\n    answerStatus\n    chartStatus\n    chartError\n    rowCount\n    truncated\n    withheld\n    chart {\n      chartType\n      title\n      x\n      y\n      color\n    }\n    columns {\n      ...ResultColumnFields\n    }\n    askingTask {\n      ...AskingTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Threads($projectId: ID!) {\n    threads(projectId: $projectId) {\n      id\n      summary\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query Threads($projectId: ID!) {\n    threads(projectId: $projectId) {\n      id\n      summary\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Thread($projectId: ID!, $threadId: ID!) {\n    thread(projectId: $projectId, threadId: $threadId) {\n      id\n      summary\n      canEdit\n      responses {\n        ...ThreadResponseFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Thread($projectId: ID!, $threadId: ID!) {\n    thread(projectId: $projectId, threadId: $threadId) {\n      id\n      summary\n      canEdit\n      responses {\n        ...ThreadResponseFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AskingTask($projectId: ID!, $taskId: ID!) {\n    askingTask(projectId: $projectId, taskId: $taskId) {\n      ...AskingTaskFields\n    }\n  }\n"): (typeof documents)["\n  query AskingTask($projectId: ID!, $taskId: ID!) {\n    askingTask(projectId: $projectId, taskId: $taskId) {\n      ...AskingTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ThreadResponse($projectId: ID!, $responseId: ID!) {\n    threadResponse(projectId: $projectId, responseId: $responseId) {\n      id\n      threadId\n      question\n      sql\n    }\n  }\n"): (typeof documents)["\n  query ThreadResponse($projectId: ID!, $responseId: ID!) {\n    threadResponse(projectId: $projectId, responseId: $responseId) {\n      id\n      threadId\n      question\n      sql\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ResponseData($projectId: ID!, $responseId: ID!, $offset: Int, $limit: Int) {\n    previewResponseData(projectId: $projectId, responseId: $responseId, offset: $offset, limit: $limit) {\n      rows\n      total\n      truncated\n      columns {\n        ...ResultColumnFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ResponseData($projectId: ID!, $responseId: ID!, $offset: Int, $limit: Int) {\n    previewResponseData(projectId: $projectId, responseId: $responseId, offset: $offset, limit: $limit) {\n      rows\n      total\n      truncated\n      columns {\n        ...ResultColumnFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SuggestedQuestions($projectId: ID!) {\n    suggestedQuestions(projectId: $projectId)\n  }\n"): (typeof documents)["\n  query SuggestedQuestions($projectId: ID!) {\n    suggestedQuestions(projectId: $projectId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAskingTask($projectId: ID!, $data: AskingTaskInput!) {\n    createAskingTask(projectId: $projectId, data: $data) {\n      ...AskingTaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAskingTask($projectId: ID!, $data: AskingTaskInput!) {\n    createAskingTask(projectId: $projectId, data: $data) {\n      ...AskingTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateThread($projectId: ID!, $data: CreateThreadInput!) {\n    createThread(projectId: $projectId, data: $data) {\n      id\n      summary\n    }\n  }\n"): (typeof documents)["\n  mutation CreateThread($projectId: ID!, $data: CreateThreadInput!) {\n    createThread(projectId: $projectId, data: $data) {\n      id\n      summary\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateThread($projectId: ID!, $threadId: ID!, $data: UpdateThreadInput!) {\n    updateThread(projectId: $projectId, threadId: $threadId, data: $data) {\n      id\n      summary\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateThread($projectId: ID!, $threadId: ID!, $data: UpdateThreadInput!) {\n    updateThread(projectId: $projectId, threadId: $threadId, data: $data) {\n      id\n      summary\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteThread($projectId: ID!, $threadId: ID!) {\n    deleteThread(projectId: $projectId, threadId: $threadId)\n  }\n"): (typeof documents)["\n  mutation DeleteThread($projectId: ID!, $threadId: ID!) {\n    deleteThread(projectId: $projectId, threadId: $threadId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateThreadResponse($projectId: ID!, $threadId: ID!, $data: ThreadResponseInput!) {\n    createThreadResponse(projectId: $projectId, threadId: $threadId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateThreadResponse($projectId: ID!, $threadId: ID!, $data: ThreadResponseInput!) {\n    createThreadResponse(projectId: $projectId, threadId: $threadId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelAskingTask($projectId: ID!, $taskId: ID!) {\n    cancelAskingTask(projectId: $projectId, taskId: $taskId)\n  }\n"): (typeof documents)["\n  mutation CancelAskingTask($projectId: ID!, $taskId: ID!) {\n    cancelAskingTask(projectId: $projectId, taskId: $taskId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateThreadResponse($projectId: ID!, $responseId: ID!, $data: UpdateThreadResponseInput!) {\n    updateThreadResponse(projectId: $projectId, responseId: $responseId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateThreadResponse($projectId: ID!, $responseId: ID!, $data: UpdateThreadResponseInput!) {\n    updateThreadResponse(projectId: $projectId, responseId: $responseId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdjustThreadResponse($projectId: ID!, $responseId: ID!, $data: AdjustThreadResponseInput!) {\n    adjustThreadResponse(projectId: $projectId, responseId: $responseId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdjustThreadResponse($projectId: ID!, $responseId: ID!, $data: AdjustThreadResponseInput!) {\n    adjustThreadResponse(projectId: $projectId, responseId: $responseId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdjustThreadResponseChart($projectId: ID!, $responseId: ID!, $data: AdjustChartInput!) {\n    adjustThreadResponseChart(projectId: $projectId, responseId: $responseId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdjustThreadResponseChart($projectId: ID!, $responseId: ID!, $data: AdjustChartInput!) {\n    adjustThreadResponseChart(projectId: $projectId, responseId: $responseId, data: $data) {\n      ...ThreadResponseFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GenerateThreadResponseChart($projectId: ID!, $responseId: ID!) {\n    generateThreadResponseChart(projectId: $projectId, responseId: $responseId) {\n      ...ThreadResponseFields\n    }\n  }\n"): (typeof documents)["\n  mutation GenerateThreadResponseChart($projectId: ID!, $responseId: ID!) {\n    generateThreadResponseChart(projectId: $projectId, responseId: $responseId) {\n      ...ThreadResponseFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendResetPasswordEmail($email: String!) {\n    sendResetPasswordEmail(email: $email)\n  }\n"): (typeof documents)["\n  mutation SendResetPasswordEmail($email: String!) {\n    sendResetPasswordEmail(email: $email)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CsvImportJob($id: ID!) {\n    csvImportJob(id: $id) {\n      id\n      state\n      progress\n      error\n      tableName\n      notes\n    }\n  }\n"): (typeof documents)["\n  query CsvImportJob($id: ID!) {\n    csvImportJob(id: $id) {\n      id\n      state\n      progress\n      error\n      tableName\n      notes\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CsvImportJobs($projectId: ID!) {\n    csvImportJobs(projectId: $projectId) {\n      id\n      state\n      error\n      fileName\n      tableName\n      rowCount\n      notes\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query CsvImportJobs($projectId: ID!) {\n    csvImportJobs(projectId: $projectId) {\n      id\n      state\n      error\n      fileName\n      tableName\n      rowCount\n      notes\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CsvTableColumns($projectId: ID!) {\n    listDataSourceTables(projectId: $projectId) {\n      name\n      columns {\n        name\n        type\n        family\n      }\n    }\n  }\n"): (typeof documents)["\n  query CsvTableColumns($projectId: ID!) {\n    listDataSourceTables(projectId: $projectId) {\n      name\n      columns {\n        name\n        type\n        family\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeCsvColumnType($projectId: ID!, $table: String!, $column: String!, $type: ColumnTypeFamily!) {\n    changeCsvColumnType(projectId: $projectId, table: $table, column: $column, type: $type) {\n      table\n      column\n      type\n      family\n      converted\n      failed\n    }\n  }\n"): (typeof documents)["\n  mutation ChangeCsvColumnType($projectId: ID!, $table: String!, $column: String!, $type: ColumnTypeFamily!) {\n    changeCsvColumnType(projectId: $projectId, table: $table, column: $column, type: $type) {\n      table\n      column\n      type\n      family\n      converted\n      failed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DashboardItemFields on DashboardItem {\n    id\n    dashboardId\n    name\n    type\n    text\n    chart {\n      chartType\n      title\n      x\n      y\n      color\n    }\n    layout {\n      x\n      y\n      w\n      h\n    }\n    lastError\n    refreshedAt\n    data {\n      columns {\n        ...ResultColumnFields\n      }\n      rows\n      truncated\n      cacheHit\n      cacheCreatedAt\n      overridden\n      stale\n      error\n      unfiltered\n    }\n  }\n"): (typeof documents)["\n  fragment DashboardItemFields on DashboardItem {\n    id\n    dashboardId\n    name\n    type\n    text\n    chart {\n      chartType\n      title\n      x\n      y\n      color\n    }\n    layout {\n      x\n      y\n      w\n      h\n    }\n    lastError\n    refreshedAt\n    data {\n      columns {\n        ...ResultColumnFields\n      }\n      rows\n      truncated\n      cacheHit\n      cacheCreatedAt\n      overridden\n      stale\n      error\n      unfiltered\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DashboardRefreshFields on DashboardRefresh {\n    id\n    status\n    scheduled\n    tilesRefreshed\n    tilesFailed\n    startedAt\n    finishedAt\n    reason\n  }\n"): (typeof documents)["\n  fragment DashboardRefreshFields on DashboardRefresh {\n    id\n    status\n    scheduled\n    tilesRefreshed\n    tilesFailed\n    startedAt\n    finishedAt\n    reason\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DashboardScheduleFields on DashboardSchedule {\n    frequency\n    day\n    hour\n    minute\n    cron\n    timezone\n    nextRunAt\n  }\n"): (typeof documents)["\n  fragment DashboardScheduleFields on DashboardSchedule {\n    frequency\n    day\n    hour\n    minute\n    cron\n    timezone\n    nextRunAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Dashboards($projectId: ID!) {\n    dashboards(projectId: $projectId) {\n      id\n      name\n      canEdit\n    }\n  }\n"): (typeof documents)["\n  query Dashboards($projectId: ID!) {\n    dashboards(projectId: $projectId) {\n      id\n      name\n      canEdit\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Dashboard($projectId: ID!, $dashboardId: ID!, $filters: [DashboardFilterInput!]! = []) {\n    dashboard(projectId: $projectId, dashboardId: $dashboardId, filters: $filters) {\n      id\n      name\n      folderId\n      canEdit\n      cacheEnabled\n      cacheTtlSeconds\n      schedule {\n        ...DashboardScheduleFields\n      }\n      lastRefresh {\n        ...DashboardRefreshFields\n      }\n      items {\n        ...DashboardItemFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Dashboard($projectId: ID!, $dashboardId: ID!, $filters: [DashboardFilterInput!]! = []) {\n    dashboard(projectId: $projectId, dashboardId: $dashboardId, filters: $filters) {\n      id\n      name\n      folderId\n      canEdit\n      cacheEnabled\n      cacheTtlSeconds\n      schedule {\n        ...DashboardScheduleFields\n      }\n      lastRefresh {\n        ...DashboardRefreshFields\n      }\n      items {\n        ...DashboardItemFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardRefreshStatus($projectId: ID!, $dashboardId: ID!) {\n    dashboard(projectId: $projectId, dashboardId: $dashboardId) {\n      id\n      lastRefresh {\n        ...DashboardRefreshFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query DashboardRefreshStatus($projectId: ID!, $dashboardId: ID!) {\n    dashboard(projectId: $projectId, dashboardId: $dashboardId) {\n      id\n      lastRefresh {\n        ...DashboardRefreshFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDashboard($projectId: ID!, $data: CreateDashboardInput!) {\n    createDashboard(projectId: $projectId, data: $data) {\n      id\n      name\n      canEdit\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDashboard($projectId: ID!, $data: CreateDashboardInput!) {\n    createDashboard(projectId: $projectId, data: $data) {\n      id\n      name\n      canEdit\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDashboard($projectId: ID!, $dashboardId: ID!, $data: UpdateDashboardInput!) {\n    updateDashboard(projectId: $projectId, dashboardId: $dashboardId, data: $data) {\n      id\n      name\n      cacheEnabled\n      cacheTtlSeconds\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDashboard($projectId: ID!, $dashboardId: ID!, $data: UpdateDashboardInput!) {\n    updateDashboard(projectId: $projectId, dashboardId: $dashboardId, data: $data) {\n      id\n      name\n      cacheEnabled\n      cacheTtlSeconds\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDashboard($projectId: ID!, $dashboardId: ID!) {\n    deleteDashboard(projectId: $projectId, dashboardId: $dashboardId)\n  }\n"): (typeof documents)["\n  mutation DeleteDashboard($projectId: ID!, $dashboardId: ID!) {\n    deleteDashboard(projectId: $projectId, dashboardId: $dashboardId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDashboardItem($projectId: ID!, $data: CreateDashboardItemInput!) {\n    createDashboardItem(projectId: $projectId, data: $data) {\n      id\n      dashboardId\n      name\n      type\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDashboardItem($projectId: ID!, $data: CreateDashboardItemInput!) {\n    createDashboardItem(projectId: $projectId, data: $data) {\n      id\n      dashboardId\n      name\n      type\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDashboardItem($projectId: ID!, $itemId: ID!, $name: String!) {\n    updateDashboardItem(projectId: $projectId, itemId: $itemId, name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDashboardItem($projectId: ID!, $itemId: ID!, $name: String!) {\n    updateDashboardItem(projectId: $projectId, itemId: $itemId, name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDashboardItem($projectId: ID!, $itemId: ID!) {\n    deleteDashboardItem(projectId: $projectId, itemId: $itemId)\n  }\n"): (typeof documents)["\n  mutation DeleteDashboardItem($projectId: ID!, $itemId: ID!) {\n    deleteDashboardItem(projectId: $projectId, itemId: $itemId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDashboardItemLayouts($projectId: ID!, $dashboardId: ID!, $layouts: [ItemLayoutInput!]!) {\n    updateDashboardItemLayouts(projectId: $projectId, dashboardId: $dashboardId, layouts: $layouts) {\n      id\n      items {\n        id\n        layout {\n          x\n          y\n          w\n          h\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDashboardItemLayouts($projectId: ID!, $dashboardId: ID!, $layouts: [ItemLayoutInput!]!) {\n    updateDashboardItemLayouts(projectId: $projectId, dashboardId: $dashboardId, layouts: $layouts) {\n      id\n      items {\n        id\n        layout {\n          x\n          y\n          w\n          h\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDashboardSchedule($projectId: ID!, $dashboardId: ID!, $data: SetDashboardScheduleInput!) {\n    setDashboardSchedule(projectId: $projectId, dashboardId: $dashboardId, data: $data) {\n      id\n      schedule {\n        ...DashboardScheduleFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetDashboardSchedule($projectId: ID!, $dashboardId: ID!, $data: SetDashboardScheduleInput!) {\n    setDashboardSchedule(projectId: $projectId, dashboardId: $dashboardId, data: $data) {\n      id\n      schedule {\n        ...DashboardScheduleFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefreshDashboardItem($projectId: ID!, $itemId: ID!) {\n    refreshDashboardItem(projectId: $projectId, itemId: $itemId) {\n      ...DashboardItemFields\n    }\n  }\n"): (typeof documents)["\n  mutation RefreshDashboardItem($projectId: ID!, $itemId: ID!) {\n    refreshDashboardItem(projectId: $projectId, itemId: $itemId) {\n      ...DashboardItemFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefreshDashboard($projectId: ID!, $dashboardId: ID!) {\n    refreshDashboard(projectId: $projectId, dashboardId: $dashboardId) {\n      id\n      lastRefresh {\n        ...DashboardRefreshFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RefreshDashboard($projectId: ID!, $dashboardId: ID!) {\n    refreshDashboard(projectId: $projectId, dashboardId: $dashboardId) {\n      id\n      lastRefresh {\n        ...DashboardRefreshFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DrillIntoDashboardItem($projectId: ID!, $itemId: ID!, $data: DrillInput!) {\n    drillIntoDashboardItem(projectId: $projectId, itemId: $itemId, data: $data)\n  }\n"): (typeof documents)["\n  mutation DrillIntoDashboardItem($projectId: ID!, $itemId: ID!, $data: DrillInput!) {\n    drillIntoDashboardItem(projectId: $projectId, itemId: $itemId, data: $data)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDashboardTextItem($projectId: ID!, $data: CreateDashboardTextItemInput!) {\n    createDashboardTextItem(projectId: $projectId, data: $data) {\n      ...DashboardItemFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDashboardTextItem($projectId: ID!, $data: CreateDashboardTextItemInput!) {\n    createDashboardTextItem(projectId: $projectId, data: $data) {\n      ...DashboardItemFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDashboardItemText($projectId: ID!, $itemId: ID!, $text: String!) {\n    updateDashboardItem(projectId: $projectId, itemId: $itemId, text: $text) {\n      ...DashboardItemFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDashboardItemText($projectId: ID!, $itemId: ID!, $text: String!) {\n    updateDashboardItem(projectId: $projectId, itemId: $itemId, text: $text) {\n      ...DashboardItemFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionProperties($projectId: ID!) {\n    sessionProperties(projectId: $projectId) {\n      id\n      name\n      valueType\n      scope\n      required\n      defaultValue\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query SessionProperties($projectId: ID!) {\n    sessionProperties(projectId: $projectId) {\n      id\n      name\n      valueType\n      scope\n      required\n      defaultValue\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionPropertyValues($projectId: ID!, $propertyId: ID!) {\n    sessionPropertyValues(projectId: $projectId, propertyId: $propertyId) {\n      propertyId\n      userId\n      groupId\n      apiKeyId\n      value\n    }\n  }\n"): (typeof documents)["\n  query SessionPropertyValues($projectId: ID!, $propertyId: ID!) {\n    sessionPropertyValues(projectId: $projectId, propertyId: $propertyId) {\n      propertyId\n      userId\n      groupId\n      apiKeyId\n      value\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Policies($projectId: ID!) {\n    policies(projectId: $projectId) {\n      id\n      kind\n      name\n      model\n      condition\n      columnName\n      property\n      operator\n      threshold\n      adminsExempt\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query Policies($projectId: ID!) {\n    policies(projectId: $projectId) {\n      id\n      kind\n      name\n      model\n      condition\n      columnName\n      property\n      operator\n      threshold\n      adminsExempt\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSessionProperty($projectId: ID!, $data: CreateSessionPropertyInput!) {\n    createSessionProperty(projectId: $projectId, data: $data) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSessionProperty($projectId: ID!, $data: CreateSessionPropertyInput!) {\n    createSessionProperty(projectId: $projectId, data: $data) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSessionProperty($projectId: ID!, $propertyId: ID!) {\n    deleteSessionProperty(projectId: $projectId, propertyId: $propertyId)\n  }\n"): (typeof documents)["\n  mutation DeleteSessionProperty($projectId: ID!, $propertyId: ID!) {\n    deleteSessionProperty(projectId: $projectId, propertyId: $propertyId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetSessionPropertyValue($projectId: ID!, $data: SessionPropertyValueInput!) {\n    setSessionPropertyValue(projectId: $projectId, data: $data)\n  }\n"): (typeof documents)["\n  mutation SetSessionPropertyValue($projectId: ID!, $data: SessionPropertyValueInput!) {\n    setSessionPropertyValue(projectId: $projectId, data: $data)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePolicy($projectId: ID!, $data: PolicyInput!) {\n    createPolicy(projectId: $projectId, data: $data) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePolicy($projectId: ID!, $data: PolicyInput!) {\n    createPolicy(projectId: $projectId, data: $data) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePolicy($projectId: ID!, $policyId: ID!, $data: PolicyInput!) {\n    updatePolicy(projectId: $projectId, policyId: $policyId, data: $data) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePolicy($projectId: ID!, $policyId: ID!, $data: PolicyInput!) {\n    updatePolicy(projectId: $projectId, policyId: $policyId, data: $data) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeletePolicy($projectId: ID!, $policyId: ID!) {\n    deletePolicy(projectId: $projectId, policyId: $policyId)\n  }\n"): (typeof documents)["\n  mutation DeletePolicy($projectId: ID!, $policyId: ID!) {\n    deletePolicy(projectId: $projectId, policyId: $policyId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ViewAsMember($projectId: ID!, $userId: ID!, $sql: String!) {\n    viewAsMember(projectId: $projectId, userId: $userId, sql: $sql) {\n      compiledSql\n      columns\n      rows\n      truncated\n    }\n  }\n"): (typeof documents)["\n  query ViewAsMember($projectId: ID!, $userId: ID!, $sql: String!) {\n    viewAsMember(projectId: $projectId, userId: $userId, sql: $sql) {\n      compiledSql\n      columns\n      rows\n      truncated\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SampleDatasets {\n    sampleDatasets {\n      name\n      displayName\n      description\n    }\n  }\n"): (typeof documents)["\n  query SampleDatasets {\n    sampleDatasets {\n      name\n      displayName\n      description\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DataSource($projectId: ID!) {\n    dataSource(projectId: $projectId) {\n      type\n      properties\n      sampleDataset\n    }\n  }\n"): (typeof documents)["\n  query DataSource($projectId: ID!) {\n    dataSource(projectId: $projectId) {\n      type\n      properties\n      sampleDataset\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestDataSourceConnection($projectId: ID!, $data: DataSourceInput!) {\n    testDataSourceConnection(projectId: $projectId, data: $data)\n  }\n"): (typeof documents)["\n  mutation TestDataSourceConnection($projectId: ID!, $data: DataSourceInput!) {\n    testDataSourceConnection(projectId: $projectId, data: $data)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveDataSource($projectId: ID!, $data: DataSourceInput!) {\n    saveDataSource(projectId: $projectId, data: $data) {\n      type\n      properties\n      sampleDataset\n    }\n  }\n"): (typeof documents)["\n  mutation SaveDataSource($projectId: ID!, $data: DataSourceInput!) {\n    saveDataSource(projectId: $projectId, data: $data) {\n      type\n      properties\n      sampleDataset\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDataSource($projectId: ID!, $data: DataSourceInput!) {\n    updateDataSource(projectId: $projectId, data: $data) {\n      type\n      properties\n      sampleDataset\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDataSource($projectId: ID!, $data: DataSourceInput!) {\n    updateDataSource(projectId: $projectId, data: $data) {\n      type\n      properties\n      sampleDataset\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartSampleDataset($projectId: ID!, $name: SampleDatasetName!) {\n    startSampleDataset(projectId: $projectId, name: $name)\n  }\n"): (typeof documents)["\n  mutation StartSampleDataset($projectId: ID!, $name: SampleDatasetName!) {\n    startSampleDataset(projectId: $projectId, name: $name)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SchemaChange($projectId: ID!) {\n    schemaChange(projectId: $projectId) {\n      addedTables\n      removedTables\n      addedColumns\n      removedColumns\n      changedColumns\n      detectedAt\n    }\n  }\n"): (typeof documents)["\n  query SchemaChange($projectId: ID!) {\n    schemaChange(projectId: $projectId) {\n      addedTables\n      removedTables\n      addedColumns\n      removedColumns\n      changedColumns\n      detectedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TriggerDataSourceDetection($projectId: ID!) {\n    triggerDataSourceDetection(projectId: $projectId) {\n      addedTables\n      removedTables\n      addedColumns\n      removedColumns\n      changedColumns\n      detectedAt\n    }\n  }\n"): (typeof documents)["\n  mutation TriggerDataSourceDetection($projectId: ID!) {\n    triggerDataSourceDetection(projectId: $projectId) {\n      addedTables\n      removedTables\n      addedColumns\n      removedColumns\n      changedColumns\n      detectedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResolveSchemaChange($projectId: ID!) {\n    resolveSchemaChange(projectId: $projectId)\n  }\n"): (typeof documents)["\n  mutation ResolveSchemaChange($projectId: ID!) {\n    resolveSchemaChange(projectId: $projectId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DataSync($projectId: ID!) {\n    dataSync(projectId: $projectId) {\n      mode\n      everyMinutes\n      stopped\n      status\n      lastSyncedAt\n      nextSyncAt\n      tables {\n        schema\n        name\n        cursor\n      }\n    }\n    syncJobs(projectId: $projectId) {\n      id\n      status\n      rowsSynced\n      error\n      createdAt\n      finishedAt\n      tables {\n        table\n        rows\n      }\n    }\n  }\n"): (typeof documents)["\n  query DataSync($projectId: ID!) {\n    dataSync(projectId: $projectId) {\n      mode\n      everyMinutes\n      stopped\n      status\n      lastSyncedAt\n      nextSyncAt\n      tables {\n        schema\n        name\n        cursor\n      }\n    }\n    syncJobs(projectId: $projectId) {\n      id\n      status\n      rowsSynced\n      error\n      createdAt\n      finishedAt\n      tables {\n        table\n        rows\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SyncSourceTables($projectId: ID!) {\n    listDataSourceTables(projectId: $projectId) {\n      name\n      schema\n      columns {\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query SyncSourceTables($projectId: ID!) {\n    listDataSourceTables(projectId: $projectId) {\n      name\n      schema\n      columns {\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDataSync($projectId: ID!, $mode: SyncMode!, $tables: [SyncTableInput!]!, $everyMinutes: Int!) {\n    setDataSync(projectId: $projectId, mode: $mode, tables: $tables, everyMinutes: $everyMinutes) {\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation SetDataSync($projectId: ID!, $mode: SyncMode!, $tables: [SyncTableInput!]!, $everyMinutes: Int!) {\n    setDataSync(projectId: $projectId, mode: $mode, tables: $tables, everyMinutes: $everyMinutes) {\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StopDataSync($projectId: ID!) {\n    stopDataSync(projectId: $projectId) {\n      stopped\n    }\n  }\n"): (typeof documents)["\n  mutation StopDataSync($projectId: ID!) {\n    stopDataSync(projectId: $projectId) {\n      stopped\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeDataSync($projectId: ID!) {\n    resumeDataSync(projectId: $projectId) {\n      stopped\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeDataSync($projectId: ID!) {\n    resumeDataSync(projectId: $projectId) {\n      stopped\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SyncDataNow($projectId: ID!) {\n    syncDataNow(projectId: $projectId)\n  }\n"): (typeof documents)["\n  mutation SyncDataNow($projectId: ID!) {\n    syncDataNow(projectId: $projectId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FolderFields on Folder {\n    id\n    name\n    access\n    createdBy\n    canEdit\n    canManageAccess\n    members {\n      id\n      label\n      addedAt\n    }\n    groups {\n      id\n      label\n      addedAt\n    }\n  }\n"): (typeof documents)["\n  fragment FolderFields on Folder {\n    id\n    name\n    access\n    createdBy\n    canEdit\n    canManageAccess\n    members {\n      id\n      label\n      addedAt\n    }\n    groups {\n      id\n      label\n      addedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FolderTree($projectId: ID!) {\n    folderTree(projectId: $projectId) {\n      canCreateFolders\n      folders {\n        ...FolderFields\n      }\n      items {\n        kind\n        id\n        name\n        folderId\n        shared\n        createdBy\n        updatedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query FolderTree($projectId: ID!) {\n    folderTree(projectId: $projectId) {\n      canCreateFolders\n      folders {\n        ...FolderFields\n      }\n      items {\n        kind\n        id\n        name\n        folderId\n        shared\n        createdBy\n        updatedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateFolder($projectId: ID!, $data: CreateFolderInput!) {\n    createFolder(projectId: $projectId, data: $data) {\n      ...FolderFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateFolder($projectId: ID!, $data: CreateFolderInput!) {\n    createFolder(projectId: $projectId, data: $data) {\n      ...FolderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateFolder($projectId: ID!, $folderId: ID!, $data: UpdateFolderInput!) {\n    updateFolder(projectId: $projectId, folderId: $folderId, data: $data) {\n      ...FolderFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateFolder($projectId: ID!, $folderId: ID!, $data: UpdateFolderInput!) {\n    updateFolder(projectId: $projectId, folderId: $folderId, data: $data) {\n      ...FolderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteFolder($projectId: ID!, $folderId: ID!) {\n    deleteFolder(projectId: $projectId, folderId: $folderId)\n  }\n"): (typeof documents)["\n  mutation DeleteFolder($projectId: ID!, $folderId: ID!) {\n    deleteFolder(projectId: $projectId, folderId: $folderId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddFolderMember($projectId: ID!, $folderId: ID!, $userId: ID!) {\n    addFolderMember(projectId: $projectId, folderId: $folderId, userId: $userId) {\n      ...FolderFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddFolderMember($projectId: ID!, $folderId: ID!, $userId: ID!) {\n    addFolderMember(projectId: $projectId, folderId: $folderId, userId: $userId) {\n      ...FolderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveFolderMember($projectId: ID!, $folderId: ID!, $userId: ID!) {\n    removeFolderMember(projectId: $projectId, folderId: $folderId, userId: $userId) {\n      ...FolderFields\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveFolderMember($projectId: ID!, $folderId: ID!, $userId: ID!) {\n    removeFolderMember(projectId: $projectId, folderId: $folderId, userId: $userId) {\n      ...FolderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddFolderGroup($projectId: ID!, $folderId: ID!, $groupId: ID!) {\n    addFolderGroup(projectId: $projectId, folderId: $folderId, groupId: $groupId) {\n      ...FolderFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddFolderGroup($projectId: ID!, $folderId: ID!, $groupId: ID!) {\n    addFolderGroup(projectId: $projectId, folderId: $folderId, groupId: $groupId) {\n      ...FolderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveFolderGroup($projectId: ID!, $folderId: ID!, $groupId: ID!) {\n    removeFolderGroup(projectId: $projectId, folderId: $folderId, groupId: $groupId) {\n      ...FolderFields\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveFolderGroup($projectId: ID!, $folderId: ID!, $groupId: ID!) {\n    removeFolderGroup(projectId: $projectId, folderId: $folderId, groupId: $groupId) {\n      ...FolderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ShareToFolder($projectId: ID!, $folderId: ID!, $threadId: ID!) {\n    shareToFolder(projectId: $projectId, folderId: $folderId, threadId: $threadId)\n  }\n"): (typeof documents)["\n  mutation ShareToFolder($projectId: ID!, $folderId: ID!, $threadId: ID!) {\n    shareToFolder(projectId: $projectId, folderId: $folderId, threadId: $threadId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeShareToFolder($projectId: ID!, $folderId: ID!, $threadId: ID!) {\n    revokeShareToFolder(projectId: $projectId, folderId: $folderId, threadId: $threadId)\n  }\n"): (typeof documents)["\n  mutation RevokeShareToFolder($projectId: ID!, $folderId: ID!, $threadId: ID!) {\n    revokeShareToFolder(projectId: $projectId, folderId: $folderId, threadId: $threadId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SwitchFolder($projectId: ID!, $kind: FolderItemKind!, $itemId: ID!, $folderId: ID) {\n    switchFolder(projectId: $projectId, kind: $kind, itemId: $itemId, folderId: $folderId)\n  }\n"): (typeof documents)["\n  mutation SwitchFolder($projectId: ID!, $kind: FolderItemKind!, $itemId: ID!, $folderId: ID) {\n    switchFolder(projectId: $projectId, kind: $kind, itemId: $itemId, folderId: $folderId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GenerationTaskFields on GenerationTask {\n    id\n    kind\n    status\n    error\n    generatedBy\n    questions\n    relationships {\n      fromModel\n      fromColumn\n      toModel\n      toColumn\n      type\n      reason\n    }\n    modelDescriptions {\n      model\n      description\n      columns {\n        column\n        description\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment GenerationTaskFields on GenerationTask {\n    id\n    kind\n    status\n    error\n    generatedBy\n    questions\n    relationships {\n      fromModel\n      fromColumn\n      toModel\n      toColumn\n      type\n      reason\n    }\n    modelDescriptions {\n      model\n      description\n      columns {\n        column\n        description\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GenerationTask($projectId: ID!, $taskId: ID!) {\n    generationTask(projectId: $projectId, taskId: $taskId) {\n      ...GenerationTaskFields\n    }\n  }\n"): (typeof documents)["\n  query GenerationTask($projectId: ID!, $taskId: ID!) {\n    generationTask(projectId: $projectId, taskId: $taskId) {\n      ...GenerationTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateModelDescriptionTask($projectId: ID!, $models: [String!]!) {\n    createModelDescriptionTask(projectId: $projectId, models: $models) {\n      ...GenerationTaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateModelDescriptionTask($projectId: ID!, $models: [String!]!) {\n    createModelDescriptionTask(projectId: $projectId, models: $models) {\n      ...GenerationTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRecommendedQuestionsTask($projectId: ID!, $threadId: ID) {\n    createRecommendedQuestionsTask(projectId: $projectId, threadId: $threadId) {\n      ...GenerationTaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateRecommendedQuestionsTask($projectId: ID!, $threadId: ID) {\n    createRecommendedQuestionsTask(projectId: $projectId, threadId: $threadId) {\n      ...GenerationTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRelationshipRecommendationTask($projectId: ID!) {\n    createRelationshipRecommendationTask(projectId: $projectId) {\n      ...GenerationTaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateRelationshipRecommendationTask($projectId: ID!) {\n    createRelationshipRecommendationTask(projectId: $projectId) {\n      ...GenerationTaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrgGroups {\n    orgGroups {\n      id\n      name\n      memberCount\n      createdAt\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query OrgGroups {\n    orgGroups {\n      id\n      name\n      memberCount\n      createdAt\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrgGroupMembers($groupId: ID!) {\n    orgGroupMembers(groupId: $groupId) {\n      userId\n      email\n      name\n      addedAt\n    }\n  }\n"): (typeof documents)["\n  query OrgGroupMembers($groupId: ID!) {\n    orgGroupMembers(groupId: $groupId) {\n      userId\n      email\n      name\n      addedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOrgGroup($data: CreateOrgGroupInput!) {\n    createOrgGroup(data: $data) {\n      id\n      name\n      memberCount\n      createdAt\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation CreateOrgGroup($data: CreateOrgGroupInput!) {\n    createOrgGroup(data: $data) {\n      id\n      name\n      memberCount\n      createdAt\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOrgGroup($where: OrgGroupWhereUniqueInput!, $data: UpdateOrgGroupInput!) {\n    updateOrgGroup(where: $where, data: $data) {\n      id\n      name\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateOrgGroup($where: OrgGroupWhereUniqueInput!, $data: UpdateOrgGroupInput!) {\n    updateOrgGroup(where: $where, data: $data) {\n      id\n      name\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteOrgGroup($where: OrgGroupWhereUniqueInput!) {\n    deleteOrgGroup(where: $where)\n  }\n"): (typeof documents)["\n  mutation DeleteOrgGroup($where: OrgGroupWhereUniqueInput!) {\n    deleteOrgGroup(where: $where)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddOrgGroupMember($data: OrgGroupMemberInput!) {\n    addOrgGroupMember(data: $data) {\n      id\n      memberCount\n    }\n  }\n"): (typeof documents)["\n  mutation AddOrgGroupMember($data: OrgGroupMemberInput!) {\n    addOrgGroupMember(data: $data) {\n      id\n      memberCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveOrgGroupMember($data: OrgGroupMemberInput!) {\n    removeOrgGroupMember(data: $data) {\n      id\n      memberCount\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveOrgGroupMember($data: OrgGroupMemberInput!) {\n    removeOrgGroupMember(data: $data) {\n      id\n      memberCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment InvitationFields on Invitation {\n    id\n    email\n    role\n    status\n    createdAt\n    expiresAt\n    invitor {\n      id\n      email\n      name\n    }\n    org {\n      id\n      name\n    }\n    projects {\n      id\n      displayName\n      role\n    }\n  }\n"): (typeof documents)["\n  fragment InvitationFields on Invitation {\n    id\n    email\n    role\n    status\n    createdAt\n    expiresAt\n    invitor {\n      id\n      email\n      name\n    }\n    org {\n      id\n      name\n    }\n    projects {\n      id\n      displayName\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Invitations {\n    invitations {\n      ...InvitationFields\n    }\n  }\n"): (typeof documents)["\n  query Invitations {\n    invitations {\n      ...InvitationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvitationByCode($code: String!) {\n    invitationByCode(code: $code) {\n      ...InvitationFields\n    }\n  }\n"): (typeof documents)["\n  query InvitationByCode($code: String!) {\n    invitationByCode(code: $code) {\n      ...InvitationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PendingInvitations {\n    pendingInvitations {\n      ...InvitationFields\n    }\n  }\n"): (typeof documents)["\n  query PendingInvitations {\n    pendingInvitations {\n      ...InvitationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAndSendInvitation($data: CreateInvitationInput!) {\n    createAndSendInvitation(data: $data) {\n      id\n      email\n      role\n      url\n      status\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAndSendInvitation($data: CreateInvitationInput!) {\n    createAndSendInvitation(data: $data) {\n      id\n      email\n      role\n      url\n      status\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteInvitation($where: InvitationWhereUniqueInput!) {\n    deleteInvitation(where: $where)\n  }\n"): (typeof documents)["\n  mutation DeleteInvitation($where: InvitationWhereUniqueInput!) {\n    deleteInvitation(where: $where)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptInvitation($data: AcceptInvitationInput!) {\n    acceptInvitation(data: $data) {\n      id\n      name\n      myRole\n    }\n  }\n"): (typeof documents)["\n  mutation AcceptInvitation($data: AcceptInvitationInput!) {\n    acceptInvitation(data: $data) {\n      id\n      name\n      myRole\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SqlPairs($projectId: ID!) {\n    sqlPairs(projectId: $projectId) {\n      id\n      question\n      sql\n      createdAt\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query SqlPairs($projectId: ID!) {\n    sqlPairs(projectId: $projectId) {\n      id\n      question\n      sql\n      createdAt\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSqlPair($projectId: ID!, $data: CreateSqlPairInput!) {\n    createSqlPair(projectId: $projectId, data: $data) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSqlPair($projectId: ID!, $data: CreateSqlPairInput!) {\n    createSqlPair(projectId: $projectId, data: $data) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSqlPair($projectId: ID!, $id: ID!, $data: UpdateSqlPairInput!) {\n    updateSqlPair(projectId: $projectId, id: $id, data: $data) {\n      id\n      question\n      sql\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSqlPair($projectId: ID!, $id: ID!, $data: UpdateSqlPairInput!) {\n    updateSqlPair(projectId: $projectId, id: $id, data: $data) {\n      id\n      question\n      sql\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSqlPair($projectId: ID!, $id: ID!) {\n    deleteSqlPair(projectId: $projectId, id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteSqlPair($projectId: ID!, $id: ID!) {\n    deleteSqlPair(projectId: $projectId, id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Instructions($projectId: ID!) {\n    instructions(projectId: $projectId) {\n      id\n      instruction\n      isGlobal\n      questions\n      createdAt\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query Instructions($projectId: ID!) {\n    instructions(projectId: $projectId) {\n      id\n      instruction\n      isGlobal\n      questions\n      createdAt\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateInstruction($projectId: ID!, $data: InstructionInput!) {\n    createInstruction(projectId: $projectId, data: $data) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateInstruction($projectId: ID!, $data: InstructionInput!) {\n    createInstruction(projectId: $projectId, data: $data) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateInstruction($projectId: ID!, $id: ID!, $data: InstructionInput!) {\n    updateInstruction(projectId: $projectId, id: $id, data: $data) {\n      id\n      instruction\n      isGlobal\n      questions\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateInstruction($projectId: ID!, $id: ID!, $data: InstructionInput!) {\n    updateInstruction(projectId: $projectId, id: $id, data: $data) {\n      id\n      instruction\n      isGlobal\n      questions\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteInstruction($projectId: ID!, $id: ID!) {\n    deleteInstruction(projectId: $projectId, id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteInstruction($projectId: ID!, $id: ID!) {\n    deleteInstruction(projectId: $projectId, id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaughtTerms($projectId: ID!) {\n    taughtTerms(projectId: $projectId) {\n      id\n      phrase\n      model\n      column\n      removed\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query TaughtTerms($projectId: ID!) {\n    taughtTerms(projectId: $projectId) {\n      id\n      phrase\n      model\n      column\n      removed\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TeachTerm($projectId: ID!, $data: TermInput!) {\n    teachTerm(projectId: $projectId, data: $data) {\n      id\n      phrase\n      model\n      column\n      removed\n    }\n  }\n"): (typeof documents)["\n  mutation TeachTerm($projectId: ID!, $data: TermInput!) {\n    teachTerm(projectId: $projectId, data: $data) {\n      id\n      phrase\n      model\n      column\n      removed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveDerivedTerm($projectId: ID!, $data: TermInput!) {\n    removeDerivedTerm(projectId: $projectId, data: $data) {\n      id\n      phrase\n      model\n      column\n      removed\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveDerivedTerm($projectId: ID!, $data: TermInput!) {\n    removeDerivedTerm(projectId: $projectId, data: $data) {\n      id\n      phrase\n      model\n      column\n      removed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTaughtTerm($projectId: ID!, $id: ID!) {\n    deleteTaughtTerm(projectId: $projectId, id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteTaughtTerm($projectId: ID!, $id: ID!) {\n    deleteTaughtTerm(projectId: $projectId, id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LlmSettings {\n    llmSettings {\n      provider\n      chatModel\n      embeddingModel\n      baseUrl\n      apiVersion\n      region\n      accessKeyId\n      project\n      hasKey\n      updatedAt\n    }\n    llmUsage {\n      since\n      calls\n      inputTokens\n      outputTokens\n    }\n  }\n"): (typeof documents)["\n  query LlmSettings {\n    llmSettings {\n      provider\n      chatModel\n      embeddingModel\n      baseUrl\n      apiVersion\n      region\n      accessKeyId\n      project\n      hasKey\n      updatedAt\n    }\n    llmUsage {\n      since\n      calls\n      inputTokens\n      outputTokens\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestProviderConnectivity($data: LlmConfigInput!) {\n    testProviderConnectivity(data: $data)\n  }\n"): (typeof documents)["\n  mutation TestProviderConnectivity($data: LlmConfigInput!) {\n    testProviderConnectivity(data: $data)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApplyOrgLLMConfigs($data: LlmConfigInput!) {\n    applyOrgLLMConfigs(data: $data) {\n      provider\n      chatModel\n      hasKey\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation ApplyOrgLLMConfigs($data: LlmConfigInput!) {\n    applyOrgLLMConfigs(data: $data) {\n      provider\n      chatModel\n      hasKey\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveOrgLlmConfig {\n    removeOrgLlmConfig\n  }\n"): (typeof documents)["\n  mutation RemoveOrgLlmConfig {\n    removeOrgLlmConfig\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListDataSourceTables($projectId: ID!) {\n    listDataSourceTables(projectId: $projectId) {\n      name\n      schema\n      displayName\n      columns {\n        name\n        type\n      }\n    }\n  }\n"): (typeof documents)["\n  query ListDataSourceTables($projectId: ID!) {\n    listDataSourceTables(projectId: $projectId) {\n      name\n      schema\n      displayName\n      columns {\n        name\n        type\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Models($projectId: ID!) {\n    models(projectId: $projectId) {\n      id\n      referenceName\n      displayName\n      columns {\n        id\n        referenceName\n        displayName\n        type\n      }\n    }\n  }\n"): (typeof documents)["\n  query Models($projectId: ID!) {\n    models(projectId: $projectId) {\n      id\n      referenceName\n      displayName\n      columns {\n        id\n        referenceName\n        displayName\n        type\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecommendedRelationships($projectId: ID!) {\n    recommendedRelationships(projectId: $projectId) {\n      fromModel\n      fromColumn\n      toModel\n      toColumn\n      type\n      reason\n    }\n  }\n"): (typeof documents)["\n  query RecommendedRelationships($projectId: ID!) {\n    recommendedRelationships(projectId: $projectId) {\n      fromModel\n      fromColumn\n      toModel\n      toColumn\n      type\n      reason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveTables($projectId: ID!, $tables: [String!]!) {\n    saveTables(projectId: $projectId, tables: $tables) {\n      id\n      referenceName\n    }\n  }\n"): (typeof documents)["\n  mutation SaveTables($projectId: ID!, $tables: [String!]!) {\n    saveTables(projectId: $projectId, tables: $tables) {\n      id\n      referenceName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveRelations($projectId: ID!, $relations: [RelationInput!]!) {\n    saveRelations(projectId: $projectId, relations: $relations) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation SaveRelations($projectId: ID!, $relations: [RelationInput!]!) {\n    saveRelations(projectId: $projectId, relations: $relations) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ModelingDiagram($projectId: ID!) {\n    models(projectId: $projectId) {\n      id\n      referenceName\n      displayName\n      description\n      primaryKey\n      currency\n      sourceTableName\n      sourceSql\n      columns {\n        id\n        referenceName\n        displayName\n        type\n        family\n        hidden\n        isCalculated\n        isPrimaryKey\n        expression\n        description\n        format {\n          style\n          decimals\n          currency\n        }\n      }\n    }\n    relationships(projectId: $projectId) {\n      id\n      name\n      fromModel\n      fromColumn\n      toModel\n      toColumn\n      type\n    }\n    views(projectId: $projectId) {\n      id\n      name\n      displayName\n      description\n      statement\n    }\n    metrics(projectId: $projectId) {\n      name\n      displayName\n      baseObject\n      dimensions\n      measures\n      timeGrains\n    }\n  }\n"): (typeof documents)["\n  query ModelingDiagram($projectId: ID!) {\n    models(projectId: $projectId) {\n      id\n      referenceName\n      displayName\n      description\n      primaryKey\n      currency\n      sourceTableName\n      sourceSql\n      columns {\n        id\n        referenceName\n        displayName\n        type\n        family\n        hidden\n        isCalculated\n        isPrimaryKey\n        expression\n        description\n        format {\n          style\n          decimals\n          currency\n        }\n      }\n    }\n    relationships(projectId: $projectId) {\n      id\n      name\n      fromModel\n      fromColumn\n      toModel\n      toColumn\n      type\n    }\n    views(projectId: $projectId) {\n      id\n      name\n      displayName\n      description\n      statement\n    }\n    metrics(projectId: $projectId) {\n      name\n      displayName\n      baseObject\n      dimensions\n      measures\n      timeGrains\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExportMdl($projectId: ID!) {\n    exportMdl(projectId: $projectId)\n  }\n"): (typeof documents)["\n  query ExportMdl($projectId: ID!) {\n    exportMdl(projectId: $projectId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImportMdl($projectId: ID!, $mdl: String!) {\n    importMdl(projectId: $projectId, mdl: $mdl)\n  }\n"): (typeof documents)["\n  mutation ImportMdl($projectId: ID!, $mdl: String!) {\n    importMdl(projectId: $projectId, mdl: $mdl)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DeployStatus($projectId: ID!) {\n    deployStatus(projectId: $projectId) {\n      status\n      lastDeploy {\n        id\n        status\n        log\n        error\n        startedAt\n        finishedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query DeployStatus($projectId: ID!) {\n    deployStatus(projectId: $projectId) {\n      status\n      lastDeploy {\n        id\n        status\n        log\n        error\n        startedAt\n        finishedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Deploy($projectId: ID!) {\n    deploy(projectId: $projectId) {\n      status\n      error\n      deployId\n    }\n  }\n"): (typeof documents)["\n  mutation Deploy($projectId: ID!) {\n    deploy(projectId: $projectId) {\n      status\n      error\n      deployId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateModel($data: CreateModelInput!) {\n    createModel(data: $data)\n  }\n"): (typeof documents)["\n  mutation CreateModel($data: CreateModelInput!) {\n    createModel(data: $data)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteModel($modelId: ID!) {\n    deleteModel(modelId: $modelId)\n  }\n"): (typeof documents)["\n  mutation DeleteModel($modelId: ID!) {\n    deleteModel(modelId: $modelId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateModelMetadata($modelId: ID!, $data: UpdateModelMetadataInput!) {\n    updateModelMetadata(modelId: $modelId, data: $data)\n  }\n"): (typeof documents)["\n  mutation UpdateModelMetadata($modelId: ID!, $data: UpdateModelMetadataInput!) {\n    updateModelMetadata(modelId: $modelId, data: $data)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCalculatedField($modelId: ID!, $data: CalculatedFieldInput!) {\n    createCalculatedField(modelId: $modelId, data: $data)\n  }\n"): (typeof documents)["\n  mutation CreateCalculatedField($modelId: ID!, $data: CalculatedFieldInput!) {\n    createCalculatedField(modelId: $modelId, data: $data)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCalculatedField($columnId: ID!, $data: CalculatedFieldInput!) {\n    updateCalculatedField(columnId: $columnId, data: $data)\n  }\n"): (typeof documents)["\n  mutation UpdateCalculatedField($columnId: ID!, $data: CalculatedFieldInput!) {\n    updateCalculatedField(columnId: $columnId, data: $data)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCalculatedField($columnId: ID!) {\n    deleteCalculatedField(columnId: $columnId)\n  }\n"): (typeof documents)["\n  mutation DeleteCalculatedField($columnId: ID!) {\n    deleteCalculatedField(columnId: $columnId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRelationship($projectId: ID!, $data: RelationInput!) {\n    createRelationship(projectId: $projectId, data: $data) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateRelationship($projectId: ID!, $data: RelationInput!) {\n    createRelationship(projectId: $projectId, data: $data) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateRelationship($relationshipId: ID!, $type: RelationType!) {\n    updateRelationship(relationshipId: $relationshipId, type: $type)\n  }\n"): (typeof documents)["\n  mutation UpdateRelationship($relationshipId: ID!, $type: RelationType!) {\n    updateRelationship(relationshipId: $relationshipId, type: $type)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteRelationship($relationshipId: ID!) {\n    deleteRelationship(relationshipId: $relationshipId)\n  }\n"): (typeof documents)["\n  mutation DeleteRelationship($relationshipId: ID!) {\n    deleteRelationship(relationshipId: $relationshipId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateView($data: CreateViewInput!) {\n    createView(data: $data) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateView($data: CreateViewInput!) {\n    createView(data: $data) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateViewMetadata($viewId: ID!, $data: UpdateViewMetadataInput!) {\n    updateViewMetadata(viewId: $viewId, data: $data)\n  }\n"): (typeof documents)["\n  mutation UpdateViewMetadata($viewId: ID!, $data: UpdateViewMetadataInput!) {\n    updateViewMetadata(viewId: $viewId, data: $data)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteView($viewId: ID!) {\n    deleteView(viewId: $viewId)\n  }\n"): (typeof documents)["\n  mutation DeleteView($viewId: ID!) {\n    deleteView(viewId: $viewId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PreviewModelData($modelId: ID!, $limit: Int) {\n    previewModelData(modelId: $modelId, limit: $limit) {\n      columns {\n        name\n        type\n      }\n      rows\n    }\n  }\n"): (typeof documents)["\n  query PreviewModelData($modelId: ID!, $limit: Int) {\n    previewModelData(modelId: $modelId, limit: $limit) {\n      columns {\n        name\n        type\n      }\n      rows\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PreviewViewData($viewId: ID!, $limit: Int) {\n    previewViewData(viewId: $viewId, limit: $limit) {\n      columns {\n        name\n        type\n      }\n      rows\n    }\n  }\n"): (typeof documents)["\n  query PreviewViewData($viewId: ID!, $limit: Int) {\n    previewViewData(viewId: $viewId, limit: $limit) {\n      columns {\n        name\n        type\n      }\n      rows\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ModelSql($modelId: ID!) {\n    modelSql(modelId: $modelId)\n  }\n"): (typeof documents)["\n  query ModelSql($modelId: ID!) {\n    modelSql(modelId: $modelId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ViewSql($viewId: ID!) {\n    viewSql(viewId: $viewId)\n  }\n"): (typeof documents)["\n  query ViewSql($viewId: ID!) {\n    viewSql(viewId: $viewId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ModelTerms($projectId: ID!) {\n    models(projectId: $projectId) {\n      id\n      referenceName\n      terms {\n        text\n        source\n      }\n      columns {\n        id\n        referenceName\n        hidden\n        terms {\n          text\n          source\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ModelTerms($projectId: ID!) {\n    models(projectId: $projectId) {\n      id\n      referenceName\n      terms {\n        text\n        source\n      }\n      columns {\n        id\n        referenceName\n        hidden\n        terms {\n          text\n          source\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrgMembers {\n    me(withMembers: true) {\n      id\n      currentOrg {\n        id\n        myRole\n        myPermissions {\n          ...OrgPermissionFields\n        }\n        members {\n          id\n          userId\n          email\n          emailVerified\n          name\n          firstName\n          lastName\n          role\n          enabled\n          joinedAt\n          groups {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrgMembers {\n    me(withMembers: true) {\n      id\n      currentOrg {\n        id\n        myRole\n        myPermissions {\n          ...OrgPermissionFields\n        }\n        members {\n          id\n          userId\n          email\n          emailVerified\n          name\n          firstName\n          lastName\n          role\n          enabled\n          joinedAt\n          groups {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOrgMember($data: CreateOrgMemberInput!) {\n    createOrgMember(data: $data) {\n      success\n      temporaryPassword\n      member {\n        id\n        email\n        role\n        enabled\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateOrgMember($data: CreateOrgMemberInput!) {\n    createOrgMember(data: $data) {\n      success\n      temporaryPassword\n      member {\n        id\n        email\n        role\n        enabled\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOrgMember($where: MemberWhereUniqueInput!, $data: UpdateOrgMemberInput!) {\n    updateOrgMember(where: $where, data: $data) {\n      id\n      role\n      enabled\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateOrgMember($where: MemberWhereUniqueInput!, $data: UpdateOrgMemberInput!) {\n    updateOrgMember(where: $where, data: $data) {\n      id\n      role\n      enabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteOrgMember($where: MemberWhereUniqueInput!) {\n    deleteOrgMember(where: $where)\n  }\n"): (typeof documents)["\n  mutation DeleteOrgMember($where: MemberWhereUniqueInput!) {\n    deleteOrgMember(where: $where)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrgPermissionFields on OrgPermissions {\n    canUpdateOrg\n    canDeleteOrg\n    canManageMembers\n    canManageGroups\n    canManageInvitations\n    canReadActivityLog\n    canManageOrgApiKeys\n  }\n"): (typeof documents)["\n  fragment OrgPermissionFields on OrgPermissions {\n    canUpdateOrg\n    canDeleteOrg\n    canManageMembers\n    canManageGroups\n    canManageInvitations\n    canReadActivityLog\n    canManageOrgApiKeys\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Orgs {\n    orgs {\n      id\n      name\n      myRole\n      state\n    }\n  }\n"): (typeof documents)["\n  query Orgs {\n    orgs {\n      id\n      name\n      myRole\n      state\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SwitchCurrentOrg($where: OrgWhereUniqueInput!) {\n    switchCurrentOrg(where: $where) {\n      id\n      currentOrg {\n        id\n        name\n        myRole\n      }\n      currentOrgRole\n    }\n  }\n"): (typeof documents)["\n  mutation SwitchCurrentOrg($where: OrgWhereUniqueInput!) {\n    switchCurrentOrg(where: $where) {\n      id\n      currentOrg {\n        id\n        name\n        myRole\n      }\n      currentOrgRole\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOrg($data: CreateOrgInput!) {\n    createOrg(data: $data) {\n      id\n      name\n      myRole\n    }\n  }\n"): (typeof documents)["\n  mutation CreateOrg($data: CreateOrgInput!) {\n    createOrg(data: $data) {\n      id\n      name\n      myRole\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOrg($where: OrgWhereUniqueInput!, $data: UpdateOrgInput!) {\n    updateOrg(where: $where, data: $data) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateOrg($where: OrgWhereUniqueInput!, $data: UpdateOrgInput!) {\n    updateOrg(where: $where, data: $data) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrgUsage {\n    me(withUsage: true) {\n      id\n      currentOrg {\n        id\n        name\n        createdAt\n        myRole\n        myPermissions {\n          canUpdateOrg\n          canDeleteOrg\n        }\n        usage {\n          totalMembers\n          totalProjects\n          questionsAsked\n          totalApiCalls\n          rowsExported\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrgUsage {\n    me(withUsage: true) {\n      id\n      currentOrg {\n        id\n        name\n        createdAt\n        myRole\n        myPermissions {\n          canUpdateOrg\n          canDeleteOrg\n        }\n        usage {\n          totalMembers\n          totalProjects\n          questionsAsked\n          totalApiCalls\n          rowsExported\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CurrentOrg {\n    me {\n      id\n      currentOrg {\n        id\n        name\n        state\n        myRole\n        myPermissions {\n          ...OrgPermissionFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query CurrentOrg {\n    me {\n      id\n      currentOrg {\n        id\n        name\n        state\n        myRole\n        myPermissions {\n          ...OrgPermissionFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteOrg($where: OrgWhereUniqueInput!) {\n    deleteOrg(where: $where) {\n      id\n      name\n      state\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteOrg($where: OrgWhereUniqueInput!) {\n    deleteOrg(where: $where) {\n      id\n      name\n      state\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProjectMemberFields on ProjectMember {\n    id\n    userId\n    email\n    name\n    role\n    joinedAt\n  }\n"): (typeof documents)["\n  fragment ProjectMemberFields on ProjectMember {\n    id\n    userId\n    email\n    name\n    role\n    joinedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProjectGroupFields on ProjectGroup {\n    id\n    groupId\n    name\n    memberCount\n    role\n    addedAt\n  }\n"): (typeof documents)["\n  fragment ProjectGroupFields on ProjectGroup {\n    id\n    groupId\n    name\n    memberCount\n    role\n    addedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectAccess($where: ProjectWhereUniqueInput!) {\n    project(where: $where) {\n      id\n      displayName\n      myRole\n      myPermissions {\n        canManageMembers\n      }\n      members {\n        ...ProjectMemberFields\n      }\n      groups {\n        ...ProjectGroupFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProjectAccess($where: ProjectWhereUniqueInput!) {\n    project(where: $where) {\n      id\n      displayName\n      myRole\n      myPermissions {\n        canManageMembers\n      }\n      members {\n        ...ProjectMemberFields\n      }\n      groups {\n        ...ProjectGroupFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddProjectMember($data: AddProjectMemberInput!) {\n    addProjectMember(data: $data) {\n      ...ProjectMemberFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddProjectMember($data: AddProjectMemberInput!) {\n    addProjectMember(data: $data) {\n      ...ProjectMemberFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProjectMemberRole($data: UpdateProjectMemberInput!) {\n    updateProjectMemberRole(data: $data) {\n      id\n      role\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProjectMemberRole($data: UpdateProjectMemberInput!) {\n    updateProjectMemberRole(data: $data) {\n      id\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveProjectMember($data: RemoveProjectMemberInput!) {\n    removeProjectMember(data: $data)\n  }\n"): (typeof documents)["\n  mutation RemoveProjectMember($data: RemoveProjectMemberInput!) {\n    removeProjectMember(data: $data)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddProjectGroup($data: ProjectGroupInput!) {\n    addProjectGroup(data: $data) {\n      ...ProjectGroupFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddProjectGroup($data: ProjectGroupInput!) {\n    addProjectGroup(data: $data) {\n      ...ProjectGroupFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProjectGroupRole($data: ProjectGroupInput!) {\n    updateProjectGroupRole(data: $data) {\n      id\n      role\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProjectGroupRole($data: ProjectGroupInput!) {\n    updateProjectGroupRole(data: $data) {\n      id\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveProjectGroup($data: RemoveProjectGroupInput!) {\n    removeProjectGroup(data: $data)\n  }\n"): (typeof documents)["\n  mutation RemoveProjectGroup($data: RemoveProjectGroupInput!) {\n    removeProjectGroup(data: $data)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Projects {\n    projects {\n      id\n      displayName\n      language\n      state\n      onboardingStatus\n      createdAt\n      myRole\n    }\n  }\n"): (typeof documents)["\n  query Projects {\n    projects {\n      id\n      displayName\n      language\n      state\n      onboardingStatus\n      createdAt\n      myRole\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Project($where: ProjectWhereUniqueInput!) {\n    project(where: $where) {\n      id\n      orgId\n      displayName\n      language\n      timezone\n      onboardingStatus\n      state\n      createdAt\n      myRole\n      myPermissions {\n        canUpdateProject\n        canManageDataSource\n        canUpdateModels\n        canManageFolderAccess\n      }\n    }\n  }\n"): (typeof documents)["\n  query Project($where: ProjectWhereUniqueInput!) {\n    project(where: $where) {\n      id\n      orgId\n      displayName\n      language\n      timezone\n      onboardingStatus\n      state\n      createdAt\n      myRole\n      myPermissions {\n        canUpdateProject\n        canManageDataSource\n        canUpdateModels\n        canManageFolderAccess\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Timezones {\n    timezones\n  }\n"): (typeof documents)["\n  query Timezones {\n    timezones\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProject($data: CreateProjectInput!) {\n    createProject(data: $data) {\n      id\n      displayName\n      language\n      timezone\n      onboardingStatus\n      state\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProject($data: CreateProjectInput!) {\n    createProject(data: $data) {\n      id\n      displayName\n      language\n      timezone\n      onboardingStatus\n      state\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProject($where: ProjectWhereUniqueInput!, $data: UpdateProjectInput!) {\n    updateProject(where: $where, data: $data) {\n      id\n      displayName\n      language\n      timezone\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProject($where: ProjectWhereUniqueInput!, $data: UpdateProjectInput!) {\n    updateProject(where: $where, data: $data) {\n      id\n      displayName\n      language\n      timezone\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProject($where: ProjectWhereUniqueInput!) {\n    deleteProject(where: $where) {\n      id\n      state\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteProject($where: ProjectWhereUniqueInput!) {\n    deleteProject(where: $where) {\n      id\n      state\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetProject($where: ProjectWhereUniqueInput!) {\n    resetProject(where: $where) {\n      id\n      state\n      onboardingStatus\n    }\n  }\n"): (typeof documents)["\n  mutation ResetProject($where: ProjectWhereUniqueInput!) {\n    resetProject(where: $where) {\n      id\n      state\n      onboardingStatus\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SwitchCurrentProject($where: ProjectWhereUniqueInput!) {\n    switchCurrentProject(where: $where) {\n      id\n      currentProject {\n        id\n        displayName\n        language\n        timezone\n      }\n      currentProjectRole\n    }\n  }\n"): (typeof documents)["\n  mutation SwitchCurrentProject($where: ProjectWhereUniqueInput!) {\n    switchCurrentProject(where: $where) {\n      id\n      currentProject {\n        id\n        displayName\n        language\n        timezone\n      }\n      currentProjectRole\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SpreadsheetFields on Spreadsheet {\n    id\n    name\n    sql\n    responseId\n    folderId\n    columns {\n      name\n      label\n      hidden\n    }\n    sort {\n      column\n      direction\n    }\n    filters {\n      column\n      operator\n      value\n    }\n    canEdit\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment SpreadsheetFields on Spreadsheet {\n    id\n    name\n    sql\n    responseId\n    folderId\n    columns {\n      name\n      label\n      hidden\n    }\n    sort {\n      column\n      direction\n    }\n    filters {\n      column\n      operator\n      value\n    }\n    canEdit\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SpreadsheetPageFields on SpreadsheetPage {\n    columns {\n      ...ResultColumnFields\n    }\n    rows\n    page\n    pageSize\n    totalRows\n    totalPages\n  }\n"): (typeof documents)["\n  fragment SpreadsheetPageFields on SpreadsheetPage {\n    columns {\n      ...ResultColumnFields\n    }\n    rows\n    page\n    pageSize\n    totalRows\n    totalPages\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Spreadsheet($projectId: ID!, $spreadsheetId: ID!) {\n    spreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId) {\n      ...SpreadsheetFields\n    }\n  }\n"): (typeof documents)["\n  query Spreadsheet($projectId: ID!, $spreadsheetId: ID!) {\n    spreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId) {\n      ...SpreadsheetFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SpreadsheetPage($projectId: ID!, $spreadsheetId: ID!, $data: PageInput!) {\n    spreadsheetPage(projectId: $projectId, spreadsheetId: $spreadsheetId, data: $data) {\n      ...SpreadsheetPageFields\n    }\n  }\n"): (typeof documents)["\n  query SpreadsheetPage($projectId: ID!, $spreadsheetId: ID!, $data: PageInput!) {\n    spreadsheetPage(projectId: $projectId, spreadsheetId: $spreadsheetId, data: $data) {\n      ...SpreadsheetPageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PreviewSpreadsheet($projectId: ID!, $data: PreviewSpreadsheetInput!) {\n    previewSpreadsheet(projectId: $projectId, data: $data) {\n      ...SpreadsheetPageFields\n    }\n  }\n"): (typeof documents)["\n  query PreviewSpreadsheet($projectId: ID!, $data: PreviewSpreadsheetInput!) {\n    previewSpreadsheet(projectId: $projectId, data: $data) {\n      ...SpreadsheetPageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SpreadsheetExport($projectId: ID!, $exportId: ID!) {\n    spreadsheetExport(projectId: $projectId, exportId: $exportId) {\n      ...SpreadsheetExportFields\n    }\n  }\n"): (typeof documents)["\n  query SpreadsheetExport($projectId: ID!, $exportId: ID!) {\n    spreadsheetExport(projectId: $projectId, exportId: $exportId) {\n      ...SpreadsheetExportFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SpreadsheetExportFields on SpreadsheetExport {\n    id\n    status\n    rowsWritten\n    bytesWritten\n    error\n    downloadUrl\n  }\n"): (typeof documents)["\n  fragment SpreadsheetExportFields on SpreadsheetExport {\n    id\n    status\n    rowsWritten\n    bytesWritten\n    error\n    downloadUrl\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSpreadsheet($projectId: ID!, $data: CreateSpreadsheetInput!) {\n    createSpreadsheet(projectId: $projectId, data: $data) {\n      ...SpreadsheetFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSpreadsheet($projectId: ID!, $data: CreateSpreadsheetInput!) {\n    createSpreadsheet(projectId: $projectId, data: $data) {\n      ...SpreadsheetFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $name: String!) {\n    updateSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, name: $name) {\n      ...SpreadsheetFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $name: String!) {\n    updateSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, name: $name) {\n      ...SpreadsheetFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $data: SaveSpreadsheetInput!) {\n    saveSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, data: $data) {\n      ...SpreadsheetFields\n    }\n  }\n"): (typeof documents)["\n  mutation SaveSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $data: SaveSpreadsheetInput!) {\n    saveSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, data: $data) {\n      ...SpreadsheetFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSpreadsheet($projectId: ID!, $spreadsheetId: ID!) {\n    deleteSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId)\n  }\n"): (typeof documents)["\n  mutation DeleteSpreadsheet($projectId: ID!, $spreadsheetId: ID!) {\n    deleteSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ExportSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $view: SaveSpreadsheetInput) {\n    exportSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, view: $view) {\n      ...SpreadsheetExportFields\n    }\n  }\n"): (typeof documents)["\n  mutation ExportSpreadsheet($projectId: ID!, $spreadsheetId: ID!, $view: SaveSpreadsheetInput) {\n    exportSpreadsheet(projectId: $projectId, spreadsheetId: $spreadsheetId, view: $view) {\n      ...SpreadsheetExportFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      id\n      email\n      name\n      picture\n      consentPrivacyStatement\n      emailVerified\n      firstName\n      lastName\n      country\n      companyName\n      jobTitle\n      currentOrg {\n        id\n        name\n        myRole\n        state\n        myPermissions {\n          ...OrgPermissionFields\n        }\n      }\n      currentOrgRole\n      currentProject {\n        id\n        displayName\n        language\n        timezone\n        permissions {\n          canCreateModels\n          canUpdateModels\n          canManageKnowledge\n          canManageDashboards\n          canReadApiManagement\n          canManageOrgApiKeys\n          canManageDataSecurity\n        }\n      }\n      currentProjectRole\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      id\n      email\n      name\n      picture\n      consentPrivacyStatement\n      emailVerified\n      firstName\n      lastName\n      country\n      companyName\n      jobTitle\n      currentOrg {\n        id\n        name\n        myRole\n        state\n        myPermissions {\n          ...OrgPermissionFields\n        }\n      }\n      currentOrgRole\n      currentProject {\n        id\n        displayName\n        language\n        timezone\n        permissions {\n          canCreateModels\n          canUpdateModels\n          canManageKnowledge\n          canManageDashboards\n          canReadApiManagement\n          canManageOrgApiKeys\n          canManageDataSecurity\n        }\n      }\n      currentProjectRole\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OnboardUser($data: OnboardUserInput!) {\n    onboardUser(data: $data) {\n      id\n      consentPrivacyStatement\n      firstName\n      lastName\n      country\n      companyName\n      jobTitle\n      currentOrg {\n        id\n        name\n        myRole\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation OnboardUser($data: OnboardUserInput!) {\n    onboardUser(data: $data) {\n      id\n      consentPrivacyStatement\n      firstName\n      lastName\n      country\n      companyName\n      jobTitle\n      currentOrg {\n        id\n        name\n        myRole\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMyProfile($data: UpdateMyProfileInput!) {\n    updateMyProfile(data: $data) {\n      id\n      name\n      firstName\n      lastName\n      country\n      companyName\n      jobTitle\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMyProfile($data: UpdateMyProfileInput!) {\n    updateMyProfile(data: $data) {\n      id\n      name\n      firstName\n      lastName\n      country\n      companyName\n      jobTitle\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteMyAccount {\n    deleteMyAccount\n  }\n"): (typeof documents)["\n  mutation DeleteMyAccount {\n    deleteMyAccount\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;