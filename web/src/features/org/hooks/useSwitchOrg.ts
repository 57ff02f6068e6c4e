import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { useResetGraphqlClient } from '../../../app/clientContext';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { paths } from '../../../app/routes/paths';
import { SwitchCurrentOrgMutation } from '../graphql/org';

/** Switching org changes what every query answers: drop the cache and start at the project list. */
export function useSwitchOrg() {
  const [{ fetching }, switchCurrentOrg] = useMutation(SwitchCurrentOrgMutation);
  const resetClient = useResetGraphqlClient();
  const navigate = useNavigate();

  const switchOrg = useCallback(
    async (orgId: string) => {
      const result = await switchCurrentOrg({ where: { id: orgId } });
      if (result.error) {
        showFailureToast(result.error, 'Failed to switch organization.');
        return;
      }
      resetClient();
      navigate(paths.projects);
    },
    [switchCurrentOrg, resetClient, navigate],
  );

  /** After createOrg, which already made the new org current. */
  const enterNewOrg = useCallback(() => {
    resetClient();
    navigate(paths.projects);
  }, [resetClient, navigate]);

  return { switchOrg, enterNewOrg, switching: fetching };
}
