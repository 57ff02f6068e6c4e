import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useResetGraphqlClient } from '../../../app/clientContext';
import { paths } from '../../../app/routes/paths';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { authApi } from '../api';

/**
 * Leaves the page first (its queries and polls stop), then POST signout, then forgets every
 * cached answer: signed out on a project page, its queries would be asked again without a
 * session and answered "not authorized".
 */
export function useSignOut(): (options?: { quiet?: boolean }) => Promise<void> {
  const navigate = useNavigate();
  const resetClient = useResetGraphqlClient();
  return useCallback(
    async ({ quiet = false } = {}) => {
      await navigate(paths.signIn, { replace: true });
      try {
        await authApi.signOut();
      } catch (error) {
        if (!quiet) showFailureToast(error, 'Failed to sign out.');
      }
      resetClient();
    },
    [navigate, resetClient],
  );
}
