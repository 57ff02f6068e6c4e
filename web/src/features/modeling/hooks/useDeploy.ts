import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { toast } from '../../../components/ui';
import { DeployMutation, DeployStatusQuery } from '../graphql/modeling';

/** PRODUCT.md §9: the sync status is polled every 3 s while a deploy runs. */
export const DEPLOY_POLL_MS = 3000;
export const DEPLOY_FAILED_MESSAGE = 'Failed to deploy. Please check the log for more details.';

/**
 * The project's sync status and a deploy action. Starting a deploy sets `deploying` and polls
 * the status every 3 s until it is no longer IN_PROGRESS; a failed deploy, or a status query
 * that fails, stops polling and says so.
 */
export function useDeploy(projectId: string) {
  const [{ data, error, fetching }, refetch] = useQuery({ query: DeployStatusQuery, variables: { projectId }, requestPolicy: 'cache-and-network' });
  const [, deployMutation] = useMutation(DeployMutation);
  const [deploying, setDeploying] = useState(false);
  // The deploy this page started: its own outcome is announced, a deploy started elsewhere
  // (setup, another tab) is only followed.
  const watching = useRef<string | null>(null);
  const status = data?.deployStatus.status;
  const lastDeploy = data?.deployStatus.lastDeploy ?? null;

  useEffect(() => {
    if (status === 'IN_PROGRESS') setDeploying(true);
  }, [status]);

  useEffect(() => {
    if (!deploying) return;
    if (error) {
      setDeploying(false);
      watching.current = null;
      showFailureToast(error, 'Failed to get the deploy status.');
      return;
    }
    const ours = watching.current;
    const finished = ours ? lastDeploy?.id === ours && lastDeploy.status !== 'IN_PROGRESS' : status !== undefined && status !== 'IN_PROGRESS';
    if (finished) {
      setDeploying(false);
      watching.current = null;
      if (ours && lastDeploy?.status === 'FAILED') toast.error(DEPLOY_FAILED_MESSAGE);
      else if (ours) toast.success('Deployed.');
      return;
    }
    const timer = window.setTimeout(() => refetch({ requestPolicy: 'network-only' }), DEPLOY_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [deploying, status, error, lastDeploy, refetch, data]);

  const deploy = useCallback(async () => {
    const result = await deployMutation({ projectId });
    if (result.error || !result.data) {
      showFailureToast(result.error, DEPLOY_FAILED_MESSAGE, () => DEPLOY_FAILED_MESSAGE);
      return;
    }
    watching.current = result.data.deploy.deployId;
    setDeploying(true);
    refetch({ requestPolicy: 'network-only' });
  }, [deployMutation, projectId, refetch]);

  /** Edits change the status; call after one to show "deploy needed". */
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);

  return { status, lastDeploy, deploying, loading: fetching && !data, error, deploy, refresh };
}
