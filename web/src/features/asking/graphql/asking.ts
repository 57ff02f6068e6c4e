import { graphql } from '../../../gql';

/** A result column with what the semantic layer says of it (its title and how its values read). */
export const ResultColumnFields = graphql(`
  fragment ResultColumnFields on ResultColumnGql {
    name
    type
    family
    displayName
    format {
      style
      decimals
      currency
    }
  }
`);

export const AskingTaskFields = graphql(`
  fragment AskingTaskFields on AskingTask {
    id
    threadId
    responseId
    question
    status
    statusCode
    understood
    reading {
      kind
      label
      text
      start
      end
    }
    suggestions
    teachOffers {
      phrase
      candidates {
        model
        column
        label
      }
    }
    intent
    reasoning
    answeredBy
    correctionRounds
    error {
      code
      message
      shortMessage
    }
  }
`);

export const ThreadResponseFields = graphql(`
  fragment ThreadResponseFields on ThreadResponse {
    id
    threadId
    question
    sql
    answer
    answerStatus
    chartStatus
    chartError
    rowCount
    truncated
    withheld
    chart {
      chartType
      title
      x
      y
      color
    }
    columns {
      ...ResultColumnFields
    }
    askingTask {
      ...AskingTaskFields
    }
  }
`);

export const ThreadsQuery = graphql(`
  query Threads($projectId: ID!) {
    threads(projectId: $projectId) {
      id
      summary
      updatedAt
    }
  }
`);

export const ThreadQuery = graphql(`
  query Thread($projectId: ID!, $threadId: ID!) {
    thread(projectId: $projectId, threadId: $threadId) {
      id
      summary
      canEdit
      responses {
        ...ThreadResponseFields
      }
    }
  }
`);

export const AskingTaskQuery = graphql(`
  query AskingTask($projectId: ID!, $taskId: ID!) {
    askingTask(projectId: $projectId, taskId: $taskId) {
      ...AskingTaskFields
    }
  }
`);

export const ThreadResponseQuery = graphql(`
  query ThreadResponse($projectId: ID!, $responseId: ID!) {
    threadResponse(projectId: $projectId, responseId: $responseId) {
      id
      threadId
      question
      sql
    }
  }
`);

export const ResponseDataQuery = graphql(`
  query ResponseData($projectId: ID!, $responseId: ID!, $offset: Int, $limit: Int) {
    previewResponseData(projectId: $projectId, responseId: $responseId, offset: $offset, limit: $limit) {
      rows
      total
      truncated
      columns {
        ...ResultColumnFields
      }
    }
  }
`);

export const SuggestedQuestionsQuery = graphql(`
  query SuggestedQuestions($projectId: ID!) {
    suggestedQuestions(projectId: $projectId)
  }
`);

export const CreateAskingTaskMutation = graphql(`
  mutation CreateAskingTask($projectId: ID!, $data: AskingTaskInput!) {
    createAskingTask(projectId: $projectId, data: $data) {
      ...AskingTaskFields
    }
  }
`);

export const CreateThreadMutation = graphql(`
  mutation CreateThread($projectId: ID!, $data: CreateThreadInput!) {
    createThread(projectId: $projectId, data: $data) {
      id
      summary
    }
  }
`);

export const UpdateThreadMutation = graphql(`
  mutation UpdateThread($projectId: ID!, $threadId: ID!, $data: UpdateThreadInput!) {
    updateThread(projectId: $projectId, threadId: $threadId, data: $data) {
      id
      summary
    }
  }
`);

export const DeleteThreadMutation = graphql(`
  mutation DeleteThread($projectId: ID!, $threadId: ID!) {
    deleteThread(projectId: $projectId, threadId: $threadId)
  }
`);

export const CreateThreadResponseMutation = graphql(`
  mutation CreateThreadResponse($projectId: ID!, $threadId: ID!, $data: ThreadResponseInput!) {
    createThreadResponse(projectId: $projectId, threadId: $threadId, data: $data) {
      ...ThreadResponseFields
    }
  }
`);

export const CancelAskingTaskMutation = graphql(`
  mutation CancelAskingTask($projectId: ID!, $taskId: ID!) {
    cancelAskingTask(projectId: $projectId, taskId: $taskId)
  }
`);

export const UpdateThreadResponseMutation = graphql(`
  mutation UpdateThreadResponse($projectId: ID!, $responseId: ID!, $data: UpdateThreadResponseInput!) {
    updateThreadResponse(projectId: $projectId, responseId: $responseId, data: $data) {
      ...ThreadResponseFields
    }
  }
`);

export const AdjustThreadResponseMutation = graphql(`
  mutation AdjustThreadResponse($projectId: ID!, $responseId: ID!, $data: AdjustThreadResponseInput!) {
    adjustThreadResponse(projectId: $projectId, responseId: $responseId, data: $data) {
      ...ThreadResponseFields
    }
  }
`);

export const AdjustThreadResponseChartMutation = graphql(`
  mutation AdjustThreadResponseChart($projectId: ID!, $responseId: ID!, $data: AdjustChartInput!) {
    adjustThreadResponseChart(projectId: $projectId, responseId: $responseId, data: $data) {
      ...ThreadResponseFields
    }
  }
`);

export const GenerateThreadResponseChartMutation = graphql(`
  mutation GenerateThreadResponseChart($projectId: ID!, $responseId: ID!) {
    generateThreadResponseChart(projectId: $projectId, responseId: $responseId) {
      ...ThreadResponseFields
    }
  }
`);
