import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useResetGraphqlClient } from '../../../app/clientContext';
import { paths } from '../../../app/routes/paths';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { authApi } from '../api';

/** POST signout, forget every cached answer, go to sign in. */
export function useSignOut(): (options?: { quiet?: boolean }) => Promise<void> {
  const navigate = useNavigate();
  const resetClient = useResetGraphqlClient();
  return useCallback(
    async ({ quiet = false } = {}) => {
      try {
        await authApi.signOut();
      } catch (error) {
        if (!quiet) showFailureToast(error, 'Failed to sign out.');
      }
      resetClient();
      navigate(paths.signIn, { replace: true });
    },
    [navigate, resetClient],
  );
}
