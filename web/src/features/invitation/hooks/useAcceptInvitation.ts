import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, type CombinedError } from 'urql';
import { toast } from '../../../components/ui';
import { useResetGraphqlClient } from '../../../app/clientContext';
import { paths } from '../../../app/routes/paths';
import type { AcceptInvitationInput } from '../../../gql/graphql';
import { AcceptInvitationMutation } from '../graphql/invitation';

/**
 * acceptInvitation makes the invitation's org the current one: every cached answer is of the
 * previous org (or of nobody), so the client starts over at the project list.
 * Resolves to the error when the server refused, for the caller to show. `joined` turns true
 * with the new client, so the caller can stop queries that no longer have an answer (the
 * accepted invitation's code is spent).
 */
export function useAcceptInvitation() {
  const [{ fetching }, acceptInvitation] = useMutation(AcceptInvitationMutation);
  const [joined, setJoined] = useState(false);
  const resetClient = useResetGraphqlClient();
  const navigate = useNavigate();

  const accept = useCallback(
    async (data: AcceptInvitationInput): Promise<CombinedError | null> => {
      const result = await acceptInvitation({ data });
      if (result.error || !result.data) return result.error ?? null;
      toast.success(`You joined ${result.data.acceptInvitation.name}.`);
      setJoined(true);
      resetClient();
      navigate(paths.projects, { replace: true });
      return null;
    },
    [acceptInvitation, resetClient, navigate],
  );

  return { accept, accepting: fetching, joined };
}
