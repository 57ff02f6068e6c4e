import { useMe } from './useMe';

/**
 * What the server says the caller may do in the project (null while unknown, or when the
 * project is not their current one): the controls to show. The server decides every call.
 */
export function useProjectPermissions(projectId: string) {
  const { me } = useMe();
  return me?.currentProject?.id === projectId ? me.currentProject.permissions : null;
}
