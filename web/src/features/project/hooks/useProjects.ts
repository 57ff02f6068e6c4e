import { useEffect, useMemo } from 'react';
import { useQuery } from 'urql';
import { ProjectsQuery } from '../graphql/project';

export const PROJECT_STATE_POLL_MS = 3000;

/** The current org's projects; re-fetched from the network every 3 s while one is being deleted or reset. */
export function useProjects() {
  const context = useMemo(() => ({ additionalTypenames: ['Project'] }), []);
  const [result, reexecute] = useQuery({ query: ProjectsQuery, context });
  const projects = useMemo(() => result.data?.projects ?? [], [result.data]);
  const busy = projects.some((project) => project.state === 'DELETING' || project.state === 'RESETTING');

  useEffect(() => {
    if (!busy) return;
    const timer = window.setInterval(() => reexecute({ requestPolicy: 'network-only' }), PROJECT_STATE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [busy, reexecute]);

  return {
    projects,
    fetching: result.fetching && !result.data,
    error: result.error,
    refetch: () => reexecute({ requestPolicy: 'network-only' }),
  };
}
