import { useEffect, useRef } from 'react';
import { useQuery } from 'urql';
import type { AnyVariables, Client, CombinedError, DocumentInput, OperationResult, UseQueryArgs, UseQueryResponse } from 'urql';

export interface PollOptions<Data> {
  /** Milliseconds from an answer to the next request, or a function of that answer. */
  interval: number | ((data: Data | undefined) => number);
  /** True once the answer is in a terminal state: polling stops there. */
  done: (data: Data | undefined) => boolean;
  /** Poll only while true (the query itself still runs unless paused). Default: true. */
  enabled?: boolean;
  /** Called once when an answer in a terminal state arrives while polling. */
  onDone?: (data: Data) => void;
  /** Called once per failed answer while polling; polling stops until the query is re-executed. */
  onError?: (error: CombinedError) => void;
}

/**
 * A urql query that is re-executed with `network-only` `interval` ms after each answer until
 * `done` says the answer is terminal (or the query fails, is paused, or `enabled` is false).
 * Returns what `useQuery` returns.
 */
export function usePollUntil<Data = unknown, Variables extends AnyVariables = AnyVariables>(
  args: UseQueryArgs<Variables, Data>,
  { interval, done, enabled = true, onDone, onError }: PollOptions<Data>,
): UseQueryResponse<Data, Variables> {
  const response = useQuery<Data, Variables>(args);
  const [{ data, error, fetching }, reexecute] = response;
  const active = enabled && !args.pause;
  const finished = active && done(data);
  const wait = typeof interval === 'function' ? interval(data) : interval;

  // The latest callbacks, without making every render restart the timer.
  const callbacks = useRef({ onDone, onError });
  useEffect(() => {
    callbacks.current = { onDone, onError };
  });
  // The answer and the error already reported, so each is reported once.
  const reported = useRef<{ data?: Data; error?: CombinedError }>({});

  useEffect(() => {
    if (!active) {
      reported.current = {};
      return;
    }
    if (error) {
      if (reported.current.error !== error) {
        reported.current.error = error;
        callbacks.current.onError?.(error);
      }
      return;
    }
    if (finished) {
      if (data !== undefined && reported.current.data !== data) {
        reported.current.data = data;
        callbacks.current.onDone?.(data);
      }
      return;
    }
    // The next request goes out `interval` ms after this one's answer.
    if (fetching) return;
    const timer = window.setTimeout(() => reexecute({ requestPolicy: 'network-only' }), wait);
    return () => window.clearTimeout(timer);
  }, [active, error, finished, fetching, data, wait, reexecute]);

  return response;
}

export interface PollQueryOptions<Data> {
  interval: number;
  done: (data: Data | undefined) => boolean;
  /** Each answer that is not terminal (progress). */
  onProgress?: (data: Data | undefined) => void;
  /** Stops polling; the promise then resolves to null. */
  signal?: AbortSignal;
}

/**
 * `usePollUntil` outside a component, for flows that await the outcome: runs `query` with
 * `network-only` every `interval` ms until `done` or an error, and resolves to that answer
 * (null when `signal` aborted first).
 */
export async function pollUntil<Data, Variables extends AnyVariables>(
  client: Client,
  query: DocumentInput<Data, Variables>,
  variables: Variables,
  { interval, done, onProgress, signal }: PollQueryOptions<Data>,
): Promise<OperationResult<Data, Variables> | null> {
  for (;;) {
    const result = await client.query(query, variables, { requestPolicy: 'network-only' }).toPromise();
    if (signal?.aborted) return null;
    if (result.error || done(result.data)) return result;
    onProgress?.(result.data);
    await sleep(interval, signal);
    if (signal?.aborted) return null;
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(finish, ms);
    signal?.addEventListener('abort', finish, { once: true });
    function finish() {
      window.clearTimeout(timer);
      signal?.removeEventListener('abort', finish);
      resolve();
    }
  });
}
