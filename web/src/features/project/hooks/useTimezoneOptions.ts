import { useMemo } from 'react';
import { useQuery } from 'urql';
import { TimezonesQuery } from '../graphql/project';

export function useTimezoneOptions(pause = false) {
  const [result] = useQuery({ query: TimezonesQuery, pause, requestPolicy: 'cache-first' });
  const timezones = useMemo(() => result.data?.timezones ?? [], [result.data]);
  const options = useMemo(() => timezones.map((zone) => ({ value: zone, label: zone })), [timezones]);
  return { timezones, options, fetching: result.fetching, error: result.error };
}
