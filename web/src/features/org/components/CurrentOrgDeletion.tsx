import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useClient } from 'urql';
import { toast } from '../../../components/ui';
import { useResetGraphqlClient } from '../../../app/clientContext';
import { paths } from '../../../app/routes/paths';
import { MeQuery } from '../../user/graphql/user';
import { OrgDeletionProgress } from './OrgDeletionProgress';

interface DeletingOrg {
  id: string;
  name: string;
}

/** The navigation state the danger zone hands over: the org whose deletion it started. */
export function deletingOrgState(org: DeletingOrg): { deletingOrg: DeletingOrg } {
  return { deletingOrg: { id: org.id, name: org.name } };
}

/**
 * On the project list: how far the current org's deletion is, and, once it is gone, a fresh
 * start in the org the server moves the user to (or onboarding when there is none). The org
 * comes from `me`, or from the danger zone that started it (`me` may already have moved on).
 */
export function CurrentOrgDeletion({ currentOrg }: { currentOrg?: (DeletingOrg & { state: string }) | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useClient();
  const resetClient = useResetGraphqlClient();
  const handedOver = (location.state as { deletingOrg?: DeletingOrg } | null)?.deletingOrg;
  const org = currentOrg?.state === 'DELETING' ? currentOrg : (handedOver ?? null);
  const name = org?.name;

  const leave = useCallback(async () => {
    // Only `me` moves the user out of a deleted org; the other queries then answer for the new one.
    await client.query(MeQuery, {}, { requestPolicy: 'network-only' }).toPromise();
    toast.success(`${name ?? 'The organization'} was deleted.`);
    navigate(paths.projects, { replace: true });
    resetClient();
  }, [client, name, navigate, resetClient]);

  if (!org) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <OrgDeletionProgress org={org} onDeleted={() => void leave()} />
    </div>
  );
}
