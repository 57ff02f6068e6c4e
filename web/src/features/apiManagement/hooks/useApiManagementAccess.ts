import { useMe } from '../../user/hooks/useMe';
import { useProjectPermissions } from '../../user/hooks/useProjectPermissions';

export interface ApiManagementAccess {
  /** Unknown until `me` has loaded; the server decides either way. */
  status: 'loading' | 'allowed' | 'denied';
  /** Organization-wide keys are created and revoked by organization admins only. */
  isOrgAdmin: boolean;
}

/**
 * Who may see api-management, as the server says (PRODUCT.md §6: the project's owners and
 * contributors, and organization admins; viewers get nothing).
 */
export function useApiManagementAccess(projectId: string): ApiManagementAccess {
  const { me } = useMe();
  const here = useProjectPermissions(projectId);
  if (!me) return { status: 'loading', isOrgAdmin: false };
  const isOrgAdmin = here?.canManageOrgApiKeys ?? me.currentOrg?.myPermissions.canManageOrgApiKeys ?? false;
  return { status: here && !here.canReadApiManagement ? 'denied' : 'allowed', isOrgAdmin };
}
