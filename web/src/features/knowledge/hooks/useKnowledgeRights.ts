import { useMe } from '../../user/hooks/useMe';

/**
 * Whether the caller may change the project's knowledge: SQL pairs, instructions and taught
 * terms (owner and contributor, PRODUCT.md §6). Org admins may; while the role is unknown
 * nothing is hidden (the server decides either way).
 */
export function useKnowledgeRights(projectId: string): { canManage: boolean } {
  const { me } = useMe();
  if (!me || me.currentOrgRole === 'ADMIN' || me.currentProject?.id !== projectId || !me.currentProjectRole) {
    return { canManage: true };
  }
  const role = me.currentProjectRole;
  return { canManage: role === 'OWNER' || role === 'CONTRIBUTOR' };
}
