import type { LlmProvider } from '../../../gql/graphql';

/** A way to set up a provider; OpenAI-compatible endpoints use the openai provider with a base URL. */
export interface ProviderChoice {
  key: string;
  provider: LlmProvider;
  title: string;
  description: string;
  /** Fields asked for besides the chat model and the key. */
  fields: Array<'baseUrl' | 'apiVersion' | 'region' | 'accessKeyId' | 'project' | 'embeddingModel'>;
  keyLabel: string;
  defaults: { chatModel: string; baseUrl?: string; apiVersion?: string; region?: string };
  /** QUICK_SETUP asks only for the key; the rest keeps these defaults. */
  quick: boolean;
}

export const PROVIDER_CHOICES: ProviderChoice[] = [
  {
    key: 'openai',
    provider: 'openai',
    title: 'OpenAI',
    description: 'GPT models with your OpenAI API key.',
    fields: ['embeddingModel'],
    keyLabel: 'API key',
    defaults: { chatModel: 'gpt-4o-mini' },
    quick: true,
  },
  {
    key: 'openai-compatible',
    provider: 'openai',
    title: 'OpenAI-compatible',
    description: 'Any server speaking the OpenAI API: Ollama, vLLM, LiteLLM…',
    fields: ['baseUrl', 'embeddingModel'],
    keyLabel: 'API key',
    defaults: { chatModel: 'llama3.1', baseUrl: 'http://localhost:11434/v1' },
    quick: false,
  },
  {
    key: 'azure',
    provider: 'azure',
    title: 'Azure OpenAI',
    description: 'A deployment on your Azure OpenAI resource.',
    fields: ['baseUrl', 'apiVersion', 'embeddingModel'],
    keyLabel: 'API key',
    defaults: { chatModel: '', apiVersion: '2024-06-01' },
    quick: false,
  },
  {
    key: 'bedrock',
    provider: 'bedrock',
    title: 'Amazon Bedrock',
    description: 'Claude through the Converse API, signed with an access key.',
    fields: ['region', 'accessKeyId', 'embeddingModel'],
    keyLabel: 'Secret access key',
    defaults: { chatModel: 'anthropic.claude-3-5-sonnet-20240620-v1:0', region: 'us-east-1' },
    quick: false,
  },
  {
    key: 'vertex_ai',
    provider: 'vertex_ai',
    title: 'Google Vertex AI',
    description: 'Gemini with a service-account key.',
    fields: ['region', 'project', 'embeddingModel'],
    keyLabel: 'Service-account key (JSON)',
    defaults: { chatModel: 'gemini-1.5-pro', region: 'us-central1' },
    quick: false,
  },
];

export const FIELD_LABELS: Record<ProviderChoice['fields'][number], string> = {
  baseUrl: 'Endpoint (base URL)',
  apiVersion: 'API version',
  region: 'Region / location',
  accessKeyId: 'Access key id',
  project: 'Google Cloud project',
  embeddingModel: 'Embedding model (empty: the local model)',
};

/** The choice that matches saved settings. */
export function choiceOf(provider: LlmProvider, baseUrl?: string | null): ProviderChoice {
  if (provider === 'openai' && baseUrl) return PROVIDER_CHOICES[1];
  return PROVIDER_CHOICES.find((c) => c.provider === provider) ?? PROVIDER_CHOICES[0];
}
