import { usePollUntil } from '../../../app/polling/usePollUntil';
import type { GenerationStatus } from '../../../gql/graphql';
import { GenerationTaskQuery } from '../graphql/generation';

const POLL_MS = 1000;

/** PRODUCT.md §4 generation status: these never change again (GenerationStatus::FINAL on the server). */
const DONE: readonly GenerationStatus[] = ['FINISHED', 'FAILED'];

export const isDone = (status: GenerationStatus | undefined | null) => !!status && DONE.includes(status);

/** Polls a generation task with `network-only` until it is FINISHED or FAILED. */
export function useGenerationTask(projectId: string, taskId: string | null) {
  const [{ data, error }] = usePollUntil(
    {
      query: GenerationTaskQuery,
      variables: { projectId, taskId: taskId ?? '' },
      pause: !taskId,
      requestPolicy: 'network-only',
    },
    { interval: POLL_MS, done: (answer) => isDone(answer?.generationTask?.status) },
  );
  const task = taskId ? data?.generationTask ?? null : null;
  return { task, error };
}
