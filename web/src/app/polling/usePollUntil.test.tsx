import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CombinedError, Provider, type Client, type OperationResult } from 'urql';
import { GraphQLError, parse } from 'graphql';
import { concat, fromValue, makeSubject, never, toPromise, type Source } from 'wonka';
import { pollUntil, usePollUntil } from './usePollUntil';

type Task = { task: { status: string } };
const TaskQuery = parse('query Task($id: ID!) { task(id: $id) { status } }');
const INTERVAL = 1000;

const task = (status: string): Task => ({ task: { status } });
const isDone = (data: Task | undefined) => data?.task.status === 'DONE';
const failure = () => new CombinedError({ graphQLErrors: [new GraphQLError('boom')] });

/**
 * A client whose n-th query request answers `answers[n]` (the last one repeats) at once, or
 * waits for `send` when `answers` is 'manual'. `policies` records each request's policy.
 */
function pollingClient(answers: (Task | CombinedError)[] | 'manual') {
  const policies: (string | undefined)[] = [];
  const pending: ((answer: Task) => void)[] = [];
  const toResult = (operation: unknown, answer: Task | CombinedError) =>
    answer instanceof CombinedError
      ? { operation, data: undefined, error: answer, stale: false, hasNext: false }
      : { operation, data: answer, error: undefined, stale: false, hasNext: false };
  const answer = (request: unknown, context?: { requestPolicy?: string }): Source<unknown> => {
    policies.push(context?.requestPolicy);
    if (answers === 'manual') {
      const subject = makeSubject<unknown>();
      pending.push((answer) => {
        subject.next(toResult(request, answer));
      });
      return subject.source;
    }
    // A fresh object per answer, as a real network answer is.
    const next = answers[Math.min(policies.length - 1, answers.length - 1)];
    return fromValue(toResult(request, next instanceof CombinedError ? next : structuredClone(next)));
  };
  const client = {
    // A query's stream stays open after its answer, as the real client's does.
    executeQuery: (request: unknown, context?: { requestPolicy?: string }) => concat([answer(request, context), never]),
    executeMutation: () => fromValue({}),
    executeSubscription: () => fromValue({}),
    query: (_query: unknown, _variables: unknown, context?: { requestPolicy?: string }) => ({
      toPromise: () => toPromise(answer(null, context)),
    }),
  } as unknown as Client;
  return { client, policies, requests: () => policies.length, send: (answer: Task) => pending.shift()?.(answer) };
}

function wrapper(client: Client) {
  return ({ children }: { children: ReactNode }) => <Provider value={client}>{children}</Provider>;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('usePollUntil', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('re-executes with network-only every interval until the answer is terminal, then stops', async () => {
    const api = pollingClient([task('RUNNING'), task('RUNNING'), task('DONE')]);
    const onDone = vi.fn();
    const { result } = renderHook(
      () => usePollUntil<Task>({ query: TaskQuery, variables: { id: 't1' } }, { interval: INTERVAL, done: isDone, onDone }),
      { wrapper: wrapper(api.client) },
    );
    expect(api.requests()).toBe(1);
    expect(result.current[0].data?.task.status).toBe('RUNNING');

    await advance(INTERVAL - 1);
    expect(api.requests()).toBe(1);
    await advance(1);
    expect(api.requests()).toBe(2);
    await advance(INTERVAL);
    expect(api.requests()).toBe(3);
    expect(result.current[0].data?.task.status).toBe('DONE');
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledWith(task('DONE'));

    await advance(INTERVAL * 5);
    expect(api.requests()).toBe(3);
    expect(onDone).toHaveBeenCalledTimes(1);
    // The first request keeps the query's own policy; every poll goes to the network.
    expect(api.policies).toEqual([undefined, 'network-only', 'network-only']);
  });

  it('asks again only an interval after the previous answer arrived', async () => {
    const api = pollingClient('manual');
    renderHook(() => usePollUntil<Task>({ query: TaskQuery, variables: { id: 't1' } }, { interval: INTERVAL, done: isDone }), {
      wrapper: wrapper(api.client),
    });
    expect(api.requests()).toBe(1);
    await advance(INTERVAL * 3);
    expect(api.requests()).toBe(1);

    await act(async () => api.send(task('RUNNING')));
    await advance(INTERVAL);
    expect(api.requests()).toBe(2);
    await advance(INTERVAL * 3);
    expect(api.requests()).toBe(2);

    await act(async () => api.send(task('DONE')));
    await advance(INTERVAL * 3);
    expect(api.requests()).toBe(2);
  });

  it('waits as long as a function of the latest answer says: longer while queued, shorter once running', async () => {
    const api = pollingClient([task('QUEUED'), task('QUEUED'), task('RUNNING'), task('RUNNING'), task('DONE')]);
    const wait = (data: Task | undefined) => (data?.task.status === 'QUEUED' ? 3 * INTERVAL : INTERVAL);
    renderHook(() => usePollUntil<Task>({ query: TaskQuery, variables: { id: 't1' } }, { interval: wait, done: isDone }), {
      wrapper: wrapper(api.client),
    });
    expect(api.requests()).toBe(1);
    await advance(3 * INTERVAL - 1);
    expect(api.requests()).toBe(1);
    await advance(1);
    expect(api.requests()).toBe(2);
    await advance(3 * INTERVAL);
    expect(api.requests()).toBe(3);
    // Running now: the next request comes one short interval later.
    await advance(INTERVAL);
    expect(api.requests()).toBe(4);
    await advance(INTERVAL);
    expect(api.requests()).toBe(5);
    await advance(10 * INTERVAL);
    expect(api.requests()).toBe(5);
  });

  it('stops at an error and reports it once', async () => {
    const error = failure();
    const api = pollingClient([task('RUNNING'), error]);
    const onError = vi.fn();
    const { result } = renderHook(
      () => usePollUntil<Task>({ query: TaskQuery, variables: { id: 't1' } }, { interval: INTERVAL, done: isDone, onError }),
      { wrapper: wrapper(api.client) },
    );
    await advance(INTERVAL);
    expect(api.requests()).toBe(2);
    expect(result.current[0].error).toBe(error);
    expect(onError).toHaveBeenCalledTimes(1);
    await advance(INTERVAL * 5);
    expect(api.requests()).toBe(2);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('does not poll a paused query, nor while not enabled, and starts when enabled', async () => {
    const api = pollingClient([task('RUNNING')]);
    const { rerender } = renderHook(
      ({ pause, enabled }: { pause: boolean; enabled: boolean }) =>
        usePollUntil<Task>({ query: TaskQuery, variables: { id: 't1' }, pause }, { interval: INTERVAL, done: isDone, enabled }),
      { wrapper: wrapper(api.client), initialProps: { pause: true, enabled: true } },
    );
    await advance(INTERVAL * 3);
    expect(api.requests()).toBe(0);

    rerender({ pause: false, enabled: false });
    await advance(INTERVAL * 3);
    expect(api.requests()).toBe(1);

    rerender({ pause: false, enabled: true });
    await advance(INTERVAL);
    expect(api.requests()).toBe(2);
    await advance(INTERVAL);
    expect(api.requests()).toBe(3);
  });

  it('calls onDone for an answer already terminal only once polling is enabled', async () => {
    const api = pollingClient([task('DONE')]);
    const onDone = vi.fn();
    const { rerender } = renderHook(
      ({ enabled }: { enabled: boolean }) =>
        usePollUntil<Task>({ query: TaskQuery, variables: { id: 't1' } }, { interval: INTERVAL, done: isDone, enabled, onDone }),
      { wrapper: wrapper(api.client), initialProps: { enabled: false } },
    );
    await advance(INTERVAL);
    expect(onDone).not.toHaveBeenCalled();
    rerender({ enabled: true });
    expect(onDone).toHaveBeenCalledTimes(1);
    await advance(INTERVAL * 3);
    expect(api.requests()).toBe(1);
  });

  it('stops when unmounted', async () => {
    const api = pollingClient([task('RUNNING')]);
    const { unmount } = renderHook(() => usePollUntil<Task>({ query: TaskQuery, variables: { id: 't1' } }, { interval: INTERVAL, done: isDone }), {
      wrapper: wrapper(api.client),
    });
    await advance(INTERVAL);
    expect(api.requests()).toBe(2);
    unmount();
    await advance(INTERVAL * 5);
    expect(api.requests()).toBe(2);
  });
});

describe('pollUntil', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('queries with network-only every interval until the answer is terminal and resolves to it', async () => {
    const api = pollingClient([task('RUNNING'), task('RUNNING'), task('DONE')]);
    const onProgress = vi.fn();
    const outcome = pollUntil<Task, { id: string }>(api.client, TaskQuery, { id: 't1' }, { interval: INTERVAL, done: isDone, onProgress });
    await vi.advanceTimersByTimeAsync(0);
    expect(api.requests()).toBe(1);
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(api.requests()).toBe(1);
    await vi.advanceTimersByTimeAsync(INTERVAL * 2);
    const result = (await outcome) as OperationResult<Task>;
    expect(result.data).toEqual(task('DONE'));
    expect(api.requests()).toBe(3);
    expect(api.policies).toEqual(['network-only', 'network-only', 'network-only']);
    expect(onProgress).toHaveBeenCalledTimes(2);
  });

  it('resolves to an error answer at once', async () => {
    const error = failure();
    const api = pollingClient([task('RUNNING'), error]);
    const outcome = pollUntil<Task, { id: string }>(api.client, TaskQuery, { id: 't1' }, { interval: INTERVAL, done: isDone });
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect((await outcome)?.error).toBe(error);
    expect(api.requests()).toBe(2);
  });

  it('resolves to null when aborted while waiting, and asks no more', async () => {
    const api = pollingClient([task('RUNNING')]);
    const controller = new AbortController();
    const outcome = pollUntil<Task, { id: string }>(api.client, TaskQuery, { id: 't1' }, { interval: INTERVAL, done: isDone, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(INTERVAL / 2);
    controller.abort();
    expect(await outcome).toBeNull();
    await vi.advanceTimersByTimeAsync(INTERVAL * 5);
    expect(api.requests()).toBe(1);
  });
});
