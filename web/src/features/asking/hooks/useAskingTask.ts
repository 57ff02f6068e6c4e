import { usePollUntil } from '../../../app/polling/usePollUntil';
import type { AskStatus } from '../../../gql/graphql';
import { AskingTaskQuery } from '../graphql/asking';

/** How often a running task is polled. */
export const TASK_POLL_MS = 500;
/** How often a task still waiting for a worker (IDLE) is polled: under load, waiting clients ask less. */
export const QUEUED_POLL_MS = 1500;

/** The wait before the next poll of a task in `status`. */
export function pollInterval(status: AskStatus | undefined | null): number {
  return status === 'IDLE' ? QUEUED_POLL_MS : TASK_POLL_MS;
}

/** PRODUCT.md §4: tasks in these states never move again (AskStatus::FINAL on the server). */
export const FINAL_STATUSES: readonly AskStatus[] = ['FINISHED', 'FAILED', 'STOPPED', 'NO_RESULT', 'DEPLOY_FAILED'];

export function isFinal(status: AskStatus | undefined | null): boolean {
  return !!status && FINAL_STATUSES.includes(status);
}

/**
 * Polls an asking task with `network-only` until it reaches a final state, then calls
 * `onSettled` once (the caller reloads the response it filled).
 */
export function useAskingTask(projectId: string, taskId: string | null | undefined, onSettled?: () => void) {
  const [{ data, error }] = usePollUntil(
    {
      query: AskingTaskQuery,
      variables: { projectId, taskId: taskId ?? '' },
      pause: !taskId,
      requestPolicy: 'network-only',
    },
    { interval: (answer) => pollInterval(answer?.askingTask?.status), done: (answer) => isFinal(answer?.askingTask?.status), onDone: () => onSettled?.() },
  );
  return { task: data?.askingTask, error };
}
