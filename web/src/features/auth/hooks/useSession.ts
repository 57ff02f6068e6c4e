import { useCallback, useEffect, useState } from 'react';
import { authApi, type Session } from '../api';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-in'; session: Session & { user: NonNullable<Session['user']> } }
  | { status: 'signed-out' }
  | { status: 'error'; error: Error };

/** GET /api/auth/session; a session without a user means signed out. */
export function useSession(): SessionState & { refresh: () => void } {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    authApi
      .session()
      .then((session) => {
        if (!active) return;
        setState(session.user ? { status: 'signed-in', session: { ...session, user: session.user } } : { status: 'signed-out' });
      })
      .catch((error: Error) => {
        if (active) setState({ status: 'error', error });
      });
    return () => {
      active = false;
    };
  }, [attempt]);

  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, refresh };
}
