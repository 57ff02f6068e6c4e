import { useMe } from '../../user/hooks/useMe';

/**
 * Whether the caller may change the project's knowledge: SQL pairs, instructions and taught
 * terms, as the server says (PRODUCT.md §6). While it is unknown nothing is hidden: the server
 * decides every call either way.
 */
export function useKnowledgeRights(projectId: string): { canManage: boolean } {
  const { me } = useMe();
  const here = me?.currentProject?.id === projectId ? me.currentProject.permissions : null;
  return { canManage: here?.canManageKnowledge ?? true };
}
