import { useQuery } from 'urql';
import { ProjectQuery } from '../graphql/project';

export function useProject(projectId: string) {
  const [result, reexecute] = useQuery({ query: ProjectQuery, variables: { where: { id: projectId } } });
  return {
    project: result.data?.project,
    fetching: result.fetching && !result.data,
    error: result.error,
    refetch: () => reexecute({ requestPolicy: 'network-only' }),
  };
}
