import { useProjectPermissions } from '../../user/hooks/useProjectPermissions';

export interface ModelingRights {
  /** Create and delete models, fields, relationships and views (owner). */
  canCreate: boolean;
  /** Update metadata and relationship types, and deploy (owner and contributor). */
  canUpdate: boolean;
}

/**
 * What the caller may do on the modeling page, as the server says (PRODUCT.md §6). While it is
 * unknown nothing is hidden: the server decides every call either way.
 */
export function useModelingRights(projectId: string): ModelingRights {
  const here = useProjectPermissions(projectId);
  return { canCreate: here?.canCreateModels ?? true, canUpdate: here?.canUpdateModels ?? true };
}
