import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Provider, type Client } from 'urql';
import { fromValue, never } from 'wonka';
import { AntApp, ConfigProvider, validateMessages } from '../components/ui';

/** A urql client whose queries answer `data` (or never), for component tests. */
export function mockClient(data?: Record<string, unknown>, onMutation?: (variables: unknown) => unknown): Client {
  return {
    executeQuery: () => (data ? fromValue({ data }) : never),
    executeMutation: ({ variables }: { variables: unknown }) => fromValue({ data: onMutation?.(variables) }),
    executeSubscription: () => never,
  } as unknown as Client;
}

export function renderWithProviders(ui: ReactElement, client: Client = mockClient()) {
  return render(
    <ConfigProvider form={{ validateMessages }}>
      <AntApp>
        <Provider value={client}>
          <MemoryRouter>{ui}</MemoryRouter>
        </Provider>
      </AntApp>
    </ConfigProvider>,
  );
}
