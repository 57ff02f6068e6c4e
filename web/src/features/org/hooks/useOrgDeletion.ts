import { useMemo, useState } from 'react';
import { usePollUntil } from '../../../app/polling/usePollUntil';
import type { OrgsQuery as OrgsResult, ProjectsQuery as ProjectsResult } from '../../../gql/graphql';
import { ProjectsQuery } from '../../project/graphql/project';
import { OrgsQuery } from '../graphql/org';

export const ORG_DELETION_POLL_MS = 2500;

export type OrgDeletionState =
  | { status: 'deleting'; remainingProjects?: number; totalProjects?: number }
  | { status: 'deleted' }
  | { status: 'stopped' };

/** Where the removal of `orgId` stands, from the caller's list of orgs. */
export function orgDeletionState(orgId: string, data: OrgsResult | undefined): OrgDeletionState['status'] | null {
  if (!data) return null;
  const org = data.orgs.find((candidate) => candidate.id === orgId);
  if (!org) return 'deleted';
  return org.state === 'DELETING' ? 'deleting' : 'stopped';
}

/**
 * While `orgId` is being deleted: its list of orgs and (while it is still the current org) its
 * projects, fresh from the network every 2.5 s, until the org is gone or deletion stopped.
 */
export function useOrgDeletion(orgId: string | undefined, active: boolean): OrgDeletionState | null {
  const polling = active && !!orgId;
  const isDone = (data: OrgsResult | undefined) => orgDeletionState(orgId ?? '', data) !== 'deleting';
  const [orgs] = usePollUntil(
    { query: OrgsQuery, requestPolicy: 'network-only', pause: !polling },
    { interval: ORG_DELETION_POLL_MS, done: isDone },
  );
  const status = polling ? orgDeletionState(orgId ?? '', orgs.data) : null;
  const [projects] = usePollUntil(
    { query: ProjectsQuery, requestPolicy: 'network-only', pause: !polling || status === 'deleted' },
    { interval: ORG_DELETION_POLL_MS, done: () => status !== null && status !== 'deleting' },
  );

  // The most projects seen at once: what the progress counts down from.
  const [mostProjects, setMostProjects] = useState(0);
  const remaining = remainingProjects(projects.data);
  if (remaining !== undefined && remaining > mostProjects) setMostProjects(remaining);

  return useMemo((): OrgDeletionState | null => {
    if (!polling) return null;
    if (status === 'deleted' || status === 'stopped') return { status };
    return { status: 'deleting', remainingProjects: remaining, totalProjects: Math.max(mostProjects, remaining ?? 0) };
  }, [polling, status, remaining, mostProjects]);
}

function remainingProjects(data: ProjectsResult | undefined): number | undefined {
  return data?.projects.length;
}
