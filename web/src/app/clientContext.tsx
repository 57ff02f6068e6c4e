import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Provider } from 'urql';
import { createQuarryClient } from './urqlClient';

// Signing out or switching organization drops every cached answer: a new client is the
// simplest way to be sure nothing of the previous org or user is shown.
const ResetClientContext = createContext<() => void>(() => undefined);

export function GraphqlProvider({ children }: { children: ReactNode }) {
  const [client, setClient] = useState(createQuarryClient);
  const reset = useCallback(() => setClient(createQuarryClient()), []);
  return (
    <ResetClientContext.Provider value={reset}>
      <Provider value={client}>{children}</Provider>
    </ResetClientContext.Provider>
  );
}

export function useResetGraphqlClient(): () => void {
  return useContext(ResetClientContext);
}
