import { useProjectPermissions } from '../../user/hooks/useProjectPermissions';

/**
 * Whether the caller may change the project's knowledge: SQL pairs, instructions and taught
 * terms, as the server says (PRODUCT.md §6). While it is unknown nothing is hidden: the server
 * decides every call either way.
 */
export function useKnowledgeRights(projectId: string): { canManage: boolean } {
  return { canManage: useProjectPermissions(projectId)?.canManageKnowledge ?? true };
}
