import { useEffect, useState } from 'react';
import { AuthApiError, authApi } from '../api';

export type VerifyEmailState =
  | { status: 'verifying' }
  | { status: 'verified'; email?: string }
  | { status: 'already-verified' }
  | { status: 'invalid'; message?: string };

// A token works once: StrictMode's second effect run must reuse the first request.
const pending = new Map<string, Promise<VerifyEmailState>>();

function verify(token: string): Promise<VerifyEmailState> {
  let request = pending.get(token);
  if (!request) {
    request = authApi
      .verifyEmail(token)
      .then((body): VerifyEmailState => ({ status: 'verified', email: body.email }))
      .catch((error: unknown): VerifyEmailState => {
        if (error instanceof AuthApiError && error.code === 'EMAIL_ALREADY_VERIFIED') return { status: 'already-verified' };
        return { status: 'invalid', message: error instanceof Error ? error.message : undefined };
      });
    pending.set(token, request);
  }
  return request;
}

/** POST verify-email once for the token of the link. */
export function useVerifyEmail(token: string | null): VerifyEmailState {
  // The outcome with the token it is for: a new token is 'verifying' until its own answer.
  const [outcome, setOutcome] = useState<{ token: string; state: VerifyEmailState } | null>(null);
  useEffect(() => {
    if (!token) return;
    let active = true;
    void verify(token).then((state) => {
      if (active) setOutcome({ token, state });
    });
    return () => {
      active = false;
    };
  }, [token]);
  if (!token) return { status: 'invalid' };
  return outcome?.token === token ? outcome.state : { status: 'verifying' };
}
