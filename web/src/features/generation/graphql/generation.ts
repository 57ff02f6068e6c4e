import { graphql } from '../../../gql';

export const GenerationTaskFields = graphql(`
  fragment GenerationTaskFields on GenerationTask {
    id
    kind
    status
    error
    generatedBy
    questions
    relationships {
      fromModel
      fromColumn
      toModel
      toColumn
      type
      reason
    }
    modelDescriptions {
      model
      description
      columns {
        column
        description
      }
    }
  }
`);

export const GenerationTaskQuery = graphql(`
  query GenerationTask($projectId: ID!, $taskId: ID!) {
    generationTask(projectId: $projectId, taskId: $taskId) {
      ...GenerationTaskFields
    }
  }
`);

export const CreateModelDescriptionTaskMutation = graphql(`
  mutation CreateModelDescriptionTask($projectId: ID!, $models: [String!]!) {
    createModelDescriptionTask(projectId: $projectId, models: $models) {
      ...GenerationTaskFields
    }
  }
`);

export const CreateRecommendedQuestionsTaskMutation = graphql(`
  mutation CreateRecommendedQuestionsTask($projectId: ID!, $threadId: ID) {
    createRecommendedQuestionsTask(projectId: $projectId, threadId: $threadId) {
      ...GenerationTaskFields
    }
  }
`);

export const CreateRelationshipRecommendationTaskMutation = graphql(`
  mutation CreateRelationshipRecommendationTask($projectId: ID!) {
    createRelationshipRecommendationTask(projectId: $projectId) {
      ...GenerationTaskFields
    }
  }
`);
