import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { LlmSettings } from './LlmSettings';

describe('LlmSettings', () => {
  it('picks a provider, shows why the connection failed, and saves a working one', async () => {
    let tests = 0;
    const api = mockOperations({
      LlmSettings: { data: { llmSettings: null, llmUsage: { since: '2026-11-01T00:00:00Z', calls: 0, inputTokens: 0, outputTokens: 0 } } },
      TestProviderConnectivity: () => {
        tests += 1;
        return tests === 1
          ? { error: { code: 'CONNECTION_REFUSED', message: 'OpenAI refused the request (401): Incorrect API key provided.' } }
          : { data: { testProviderConnectivity: true } };
      },
      ApplyOrgLLMConfigs: { data: { applyOrgLLMConfigs: { provider: 'openai', chatModel: 'llama3.1', hasKey: true, updatedAt: '2026-11-23T00:00:00Z' } } },
    });
    renderWithProviders(<LlmSettings />, api.client);
    fireEvent.click(await screen.findByRole('button', { name: 'Set up OpenAI-compatible' }));
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'sk-wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('OpenAI refused the request (401): Incorrect API key provided.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'sk-right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connection successful.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsOf('ApplyOrgLLMConfigs')).toHaveLength(1));
    expect(api.callsOf('ApplyOrgLLMConfigs')[0]).toEqual({
      data: {
        provider: 'openai',
        chatModel: 'llama3.1',
        embeddingModel: null,
        baseUrl: 'http://localhost:11434/v1',
        apiVersion: null,
        region: null,
        accessKeyId: null,
        project: null,
        apiKey: 'sk-right',
      },
    });
  });

  it('shows the saved provider without its key', async () => {
    const saved = {
      provider: 'azure', chatModel: 'gpt-4o-prod', embeddingModel: null, baseUrl: 'https://acme.openai.azure.com',
      apiVersion: '2024-06-01', region: null, accessKeyId: null, project: null, hasKey: true, updatedAt: '2026-11-23T00:00:00Z',
    };
    const usage = { since: '2026-11-01T00:00:00Z', calls: 42, inputTokens: 12345, outputTokens: 678 };
    renderWithProviders(<LlmSettings />, mockOperations({ LlmSettings: { data: { llmSettings: saved, llmUsage: usage } } }).client);
    expect(await screen.findByText('Azure OpenAI')).toBeInTheDocument();
    expect(screen.getByText('gpt-4o-prod')).toBeInTheDocument();
    expect(screen.getByText('Saved, encrypted (never shown)')).toBeInTheDocument();
    expect(screen.getByText('Local model (all-MiniLM-L6-v2)')).toBeInTheDocument();
    expect(screen.getByTestId('llm-usage')).toHaveTextContent('42 calls · 12,345 input and 678 output tokens');
  });
});
