import { useCallback, useState } from 'react';
import { useMutation } from 'urql';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { usePollUntil } from '../../../app/polling/usePollUntil';
import { toast } from '../../../components/ui';
import type { DeployStatusQuery as DeployStatusResult } from '../../../gql/graphql';
import { DeployMutation, DeployStatusQuery } from '../graphql/modeling';

/** PRODUCT.md §9: the sync status is polled every 3 s while a deploy runs. */
export const DEPLOY_POLL_MS = 3000;
export const DEPLOY_FAILED_MESSAGE = 'Failed to deploy. Please check the log for more details.';

/**
 * Whether the deploy being followed is over: the one this page started (`ours`) once its own
 * record is no longer IN_PROGRESS, any other once the status is no longer IN_PROGRESS.
 */
function deployOver(data: DeployStatusResult | undefined, ours: string | null): boolean {
  const status = data?.deployStatus.status;
  const lastDeploy = data?.deployStatus.lastDeploy;
  if (ours) return lastDeploy?.id === ours && lastDeploy.status !== 'IN_PROGRESS';
  return status !== undefined && status !== 'IN_PROGRESS';
}

/**
 * The project's sync status and a deploy action. Starting a deploy sets `deploying` and polls
 * the status every 3 s until it is no longer IN_PROGRESS; a failed deploy, or a status query
 * that fails, stops polling and says so.
 */
export function useDeploy(projectId: string) {
  const [, deployMutation] = useMutation(DeployMutation);
  const [deploying, setDeploying] = useState(false);
  // The deploy this page started: its own outcome is announced, a deploy started elsewhere
  // (setup, another tab) is only followed.
  const [watching, setWatching] = useState<string | null>(null);
  const [{ data, error, fetching }, refetch] = usePollUntil(
    { query: DeployStatusQuery, variables: { projectId }, requestPolicy: 'cache-and-network' },
    {
      interval: DEPLOY_POLL_MS,
      enabled: deploying,
      done: (answer) => deployOver(answer, watching),
      onDone: (answer) => {
        setDeploying(false);
        setWatching(null);
        if (watching && answer.deployStatus.lastDeploy?.status === 'FAILED') toast.error(DEPLOY_FAILED_MESSAGE);
        else if (watching) toast.success('Deployed.');
      },
      onError: (failure) => {
        setDeploying(false);
        setWatching(null);
        showFailureToast(failure, 'Failed to get the deploy status.');
      },
    },
  );
  const status = data?.deployStatus.status;
  const lastDeploy = data?.deployStatus.lastDeploy ?? null;

  // A deploy seen running (started elsewhere, or before this page opened) is followed too.
  const [seenStatus, setSeenStatus] = useState<typeof status>(undefined);
  if (status !== seenStatus) {
    setSeenStatus(status);
    if (status === 'IN_PROGRESS') setDeploying(true);
  }

  const deploy = useCallback(async () => {
    const result = await deployMutation({ projectId });
    if (result.error || !result.data) {
      showFailureToast(result.error, DEPLOY_FAILED_MESSAGE, () => DEPLOY_FAILED_MESSAGE);
      return;
    }
    setWatching(result.data.deploy.deployId);
    setDeploying(true);
    refetch({ requestPolicy: 'network-only' });
  }, [deployMutation, projectId, refetch]);

  /** Edits change the status; call after one to show "deploy needed". */
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);

  return { status, lastDeploy, deploying, loading: fetching && !data, error, deploy, refresh };
}
