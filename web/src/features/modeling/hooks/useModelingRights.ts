import { useMe } from '../../user/hooks/useMe';

export interface ModelingRights {
  /** Create and delete models, fields, relationships and views (owner). */
  canCreate: boolean;
  /** Update metadata and relationship types, and deploy (owner and contributor). */
  canUpdate: boolean;
}

/**
 * What the caller may do on the modeling page (PRODUCT.md §6). Org admins may do everything;
 * while the role is unknown nothing is hidden (the server decides either way).
 */
export function useModelingRights(projectId: string): ModelingRights {
  const { me } = useMe();
  if (!me || me.currentOrgRole === 'ADMIN' || me.currentProject?.id !== projectId || !me.currentProjectRole) {
    return { canCreate: true, canUpdate: true };
  }
  const role = me.currentProjectRole;
  return { canCreate: role === 'OWNER', canUpdate: role === 'OWNER' || role === 'CONTRIBUTOR' };
}
