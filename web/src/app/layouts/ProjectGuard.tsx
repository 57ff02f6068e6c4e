import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { useMutation } from 'urql';
import type { CombinedError } from 'urql';
import { ErrorState, LoadingState } from '../../components/page/PageStates';
import { SwitchCurrentProjectMutation } from '../../features/project/graphql/project';
import { useMe } from '../../features/user/hooks/useMe';
import { failureMessage, serverErrorOf } from '../errors/operationErrors';
import { paths } from '../routes/paths';

type SwitchState = { projectId: string; status: 'done' } | { projectId: string; status: 'failed'; error?: CombinedError };

/** Project pages: makes the project of the URL the current one before its page renders. */
export function ProjectGuard() {
  const { projectId = '' } = useParams();
  const { me, fetching, error, reexecute } = useMe();
  const [, switchCurrentProject] = useMutation(SwitchCurrentProjectMutation);
  const [switching, setSwitching] = useState<SwitchState | null>(null);
  // The project a switch was sent for (and not retried since): one request per project.
  const requested = useRef<string | null>(null);
  const isCurrent = me?.currentProject?.id === projectId;

  useEffect(() => {
    if (!me || isCurrent || requested.current === projectId) return;
    if (!me.currentOrg && !me.currentProject) return;
    requested.current = projectId;
    void switchCurrentProject({ where: { id: projectId } }).then((result) =>
      setSwitching(
        result.error ? { projectId, status: 'failed', error: result.error } : { projectId, status: 'done' },
      ),
    );
    // (switching: a retry clears it, which runs this again.)
  }, [me, isCurrent, projectId, switching, switchCurrentProject]);

  if (!me && fetching) return <LoadingState />;
  if (!me) {
    return (
      <ErrorState
        message={failureMessage(error, 'Failed to load your account.') ?? undefined}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  }
  // PRODUCT.md §2: no current org and no current project means there is nothing to show.
  if (!me.currentOrg && !me.currentProject) return <Navigate to={paths.notFound} replace />;
  if (isCurrent || (switching?.projectId === projectId && switching.status === 'done')) return <Outlet />;
  if (switching?.projectId === projectId && switching.status === 'failed') {
    const code = serverErrorOf(switching.error)?.code ?? '';
    if (code.includes('NOT_FOUND')) return <Navigate to={paths.notFound} replace />;
    if (code === 'UNAUTHORIZED_ACCESS') return <LoadingState />;
    return (
      <ErrorState
        message={failureMessage(switching.error, 'Failed to open project.') ?? undefined}
        onRetry={() => {
          requested.current = null;
          setSwitching(null);
        }}
      />
    );
  }
  return <LoadingState />;
}
