import { useQuery } from 'urql';
import { Alert } from '../../../components/ui';
import { DeployStatusQuery } from '../../modeling/graphql/modeling';

/** PRODUCT.md §8: on the home and thread pages a failed deploy is a panel, not a toast. */
export function DeployFailurePanel({ projectId }: { projectId: string }) {
  const [{ data }] = useQuery({ query: DeployStatusQuery, variables: { projectId }, requestPolicy: 'cache-and-network' });
  const last = data?.deployStatus.lastDeploy;
  if (last?.status !== 'FAILED') return null;
  return (
    <Alert
      data-testid="deploy-failure"
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message="Failed to deploy"
      description={<pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{last.error ?? last.log}</pre>}
    />
  );
}
