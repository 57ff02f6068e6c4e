import { useMemo } from 'react';
import { usePollUntil } from '../../../app/polling/usePollUntil';
import type { ProjectsQuery as ProjectsResult } from '../../../gql/graphql';
import { ProjectsQuery } from '../graphql/project';

export const PROJECT_STATE_POLL_MS = 3000;

const isBusy = (data: ProjectsResult | undefined) =>
  !!data?.projects.some((project) => project.state === 'DELETING' || project.state === 'RESETTING');

/** The current org's projects; re-fetched from the network every 3 s while one is being deleted or reset. */
export function useProjects() {
  const context = useMemo(() => ({ additionalTypenames: ['Project'] }), []);
  const [result, reexecute] = usePollUntil(
    { query: ProjectsQuery, context },
    { interval: PROJECT_STATE_POLL_MS, done: (data) => !isBusy(data) },
  );
  const projects = useMemo(() => result.data?.projects ?? [], [result.data]);

  return {
    projects,
    fetching: result.fetching && !result.data,
    error: result.error,
    refetch: () => reexecute({ requestPolicy: 'network-only' }),
  };
}
