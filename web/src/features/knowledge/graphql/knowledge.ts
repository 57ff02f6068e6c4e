import { graphql } from '../../../gql';

export const SqlPairsQuery = graphql(`
  query SqlPairs($projectId: ID!) {
    sqlPairs(projectId: $projectId) {
      id
      question
      sql
      createdAt
      updatedAt
    }
  }
`);

export const CreateSqlPairMutation = graphql(`
  mutation CreateSqlPair($projectId: ID!, $data: CreateSqlPairInput!) {
    createSqlPair(projectId: $projectId, data: $data) {
      id
    }
  }
`);

export const UpdateSqlPairMutation = graphql(`
  mutation UpdateSqlPair($projectId: ID!, $id: ID!, $data: UpdateSqlPairInput!) {
    updateSqlPair(projectId: $projectId, id: $id, data: $data) {
      id
      question
      sql
      updatedAt
    }
  }
`);

export const DeleteSqlPairMutation = graphql(`
  mutation DeleteSqlPair($projectId: ID!, $id: ID!) {
    deleteSqlPair(projectId: $projectId, id: $id)
  }
`);

export const InstructionsQuery = graphql(`
  query Instructions($projectId: ID!) {
    instructions(projectId: $projectId) {
      id
      instruction
      isGlobal
      questions
      createdAt
      updatedAt
    }
  }
`);

export const CreateInstructionMutation = graphql(`
  mutation CreateInstruction($projectId: ID!, $data: InstructionInput!) {
    createInstruction(projectId: $projectId, data: $data) {
      id
    }
  }
`);

export const UpdateInstructionMutation = graphql(`
  mutation UpdateInstruction($projectId: ID!, $id: ID!, $data: InstructionInput!) {
    updateInstruction(projectId: $projectId, id: $id, data: $data) {
      id
      instruction
      isGlobal
      questions
      updatedAt
    }
  }
`);

export const DeleteInstructionMutation = graphql(`
  mutation DeleteInstruction($projectId: ID!, $id: ID!) {
    deleteInstruction(projectId: $projectId, id: $id)
  }
`);

export const TaughtTermsQuery = graphql(`
  query TaughtTerms($projectId: ID!) {
    taughtTerms(projectId: $projectId) {
      id
      phrase
      model
      column
      removed
      createdAt
    }
  }
`);

export const TeachTermMutation = graphql(`
  mutation TeachTerm($projectId: ID!, $data: TermInput!) {
    teachTerm(projectId: $projectId, data: $data) {
      id
      phrase
      model
      column
      removed
    }
  }
`);

export const RemoveDerivedTermMutation = graphql(`
  mutation RemoveDerivedTerm($projectId: ID!, $data: TermInput!) {
    removeDerivedTerm(projectId: $projectId, data: $data) {
      id
      phrase
      model
      column
      removed
    }
  }
`);

export const DeleteTaughtTermMutation = graphql(`
  mutation DeleteTaughtTerm($projectId: ID!, $id: ID!) {
    deleteTaughtTerm(projectId: $projectId, id: $id)
  }
`);
