import { useQuery } from 'urql';
import { MeQuery } from '../graphql/user';
import type { MeQuery as MeQueryResult } from '../../../gql/graphql';

export type Me = MeQueryResult['me'];

export function useMe() {
  const [result, reexecute] = useQuery({ query: MeQuery });
  return { me: result.data?.me, fetching: result.fetching, stale: result.stale, error: result.error, reexecute };
}

/** After sign-in: a user without consent or organization finishes onboarding first. */
export function pathAfterSignIn(me: Pick<Me, 'consentPrivacyStatement' | 'currentOrg'>): string {
  return !me.consentPrivacyStatement || !me.currentOrg ? '/onboarding/register' : '/projects';
}
