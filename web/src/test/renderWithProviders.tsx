import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { CombinedError, Provider, type Client } from 'urql';
import type { DocumentNode } from 'graphql';
import { GraphQLError } from 'graphql';
import { concat, fromValue, never, toPromise } from 'wonka';
import { AntApp, ConfigProvider, ToastBridge, validateMessages } from '../components/ui';

/** A urql client whose queries answer `data` (or never), for component tests. */
export function mockClient(data?: Record<string, unknown>, onMutation?: (variables: unknown) => unknown): Client {
  return {
    executeQuery: () => (data ? fromValue({ data }) : never),
    executeMutation: ({ variables }: { variables: unknown }) => fromValue({ data: onMutation?.(variables) }),
    executeSubscription: () => never,
  } as unknown as Client;
}

/** What a mocked operation answers: its data, or a GraphQL error with extensions. */
export type MockAnswer = { data: Record<string, unknown> } | { error: { code: string; message: string } };
type Resolver = MockAnswer | ((variables: Record<string, unknown>) => MockAnswer);

function operationName(query: DocumentNode): string {
  for (const definition of query.definitions) {
    if (definition.kind === 'OperationDefinition' && definition.name) return definition.name.value;
  }
  return '';
}

function toResult(operation: unknown, answer: MockAnswer) {
  if ('error' in answer) {
    const { code, message } = answer.error;
    return {
      operation,
      data: undefined,
      error: new CombinedError({ graphQLErrors: [new GraphQLError(message, { extensions: { code, message } })] }),
      stale: false,
      hasNext: false,
    };
  }
  return { operation, data: answer.data, error: undefined, stale: false, hasNext: false };
}

/**
 * A urql client answering by operation name (`Project`, `SaveTables`…); operations without an
 * answer never resolve. `calls` records each operation's name and variables.
 */
export function mockOperations(resolvers: Record<string, Resolver>) {
  const calls: { name: string; variables: Record<string, unknown> }[] = [];
  const answer = (operation: { query: DocumentNode; variables?: Record<string, unknown> }) => {
    const name = operationName(operation.query);
    const variables = operation.variables ?? {};
    calls.push({ name, variables });
    const resolver = resolvers[name];
    if (!resolver) return never;
    return fromValue(toResult(operation, typeof resolver === 'function' ? resolver(variables) : resolver));
  };
  const client = {
    // A query's stream stays open after its answer, as the real client's does (urql's useQuery
    // would otherwise clear an error when the stream ends).
    executeQuery: (operation: Parameters<typeof answer>[0]) => concat([answer(operation), never]),
    executeMutation: answer,
    executeSubscription: () => never,
    query: (query: DocumentNode, variables?: Record<string, unknown>) => ({
      toPromise: () => toPromise(answer({ query, variables })),
    }),
  } as unknown as Client;
  return { client, calls, callsOf: (name: string) => calls.filter((call) => call.name === name).map((call) => call.variables) };
}

/** Shows where the app navigated to, for assertions. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">
      {location.pathname}
      {location.search}
    </output>
  );
}

export function renderWithProviders(
  ui: ReactElement,
  client: Client = mockClient(),
  { route, path }: { route?: string; path?: string } = {},
) {
  return render(
    <ConfigProvider form={{ validateMessages }} theme={{ token: { motion: false } }}>
      <AntApp>
        <ToastBridge />
        <Provider value={client}>
          {route && path ? (
            <MemoryRouter initialEntries={[route]}>
              <Routes>
                <Route path={path} element={ui} />
                <Route path="*" element={<LocationProbe />} />
              </Routes>
            </MemoryRouter>
          ) : (
            <MemoryRouter>{ui}</MemoryRouter>
          )}
        </Provider>
      </AntApp>
    </ConfigProvider>,
  );
}

/**
 * Fake timers that still move with the clock (so Testing Library's waits work), for tests of
 * components that poll: `elapse(ms)` then lets `ms` of their waits pass at once instead of
 * the test sleeping through them. Call `vi.useRealTimers()` after the test.
 */
export function useFastClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/**
 * Lets `ms` of timers fire now (see `useFastClock`), a step at a time so that a timer a
 * component sets once it has rendered an answer fires within the same call.
 */
export async function elapse(ms: number, step = 100) {
  for (let passed = 0; passed < ms; passed += step) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(step);
    });
  }
}
