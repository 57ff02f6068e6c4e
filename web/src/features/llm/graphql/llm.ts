import { graphql } from '../../../gql';

export const LlmSettingsQuery = graphql(`
  query LlmSettings {
    llmSettings {
      provider
      chatModel
      embeddingModel
      baseUrl
      apiVersion
      region
      accessKeyId
      project
      hasKey
      updatedAt
    }
    llmUsage {
      since
      calls
      inputTokens
      outputTokens
    }
  }
`);

export const TestProviderConnectivityMutation = graphql(`
  mutation TestProviderConnectivity($data: LlmConfigInput!) {
    testProviderConnectivity(data: $data)
  }
`);

export const ApplyOrgLlmConfigsMutation = graphql(`
  mutation ApplyOrgLLMConfigs($data: LlmConfigInput!) {
    applyOrgLLMConfigs(data: $data) {
      provider
      chatModel
      hasKey
      updatedAt
    }
  }
`);

export const RemoveOrgLlmConfigMutation = graphql(`
  mutation RemoveOrgLlmConfig {
    removeOrgLlmConfig
  }
`);
