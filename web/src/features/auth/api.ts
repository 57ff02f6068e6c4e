// REST calls under /api/auth (docs/contracts.md). State-changing calls fetch a CSRF token first.
const AUTH_BASE = '/api/auth';

export interface SessionUser {
  id: string;
  email: string;
  name?: string | null;
  image?: string | null;
  emailVerified?: boolean;
}

export interface Session {
  user?: SessionUser;
  expires?: string;
}

/** An error answered by an auth endpoint: `{"error": {code, message, shortMessage}}`. */
export class AuthApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly shortMessage?: string;

  constructor(status: number, code: string, message: string, shortMessage?: string) {
    super(message);
    this.name = 'AuthApiError';
    this.status = status;
    this.code = code;
    this.shortMessage = shortMessage;
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${AUTH_BASE}/${path}`, {
    credentials: 'same-origin',
    ...init,
    headers: { Accept: 'application/json', ...(init.headers ?? {}) },
  });
  const body = (await readJson(response)) as { error?: { code?: string; message?: string; shortMessage?: string } };
  if (!response.ok) {
    const error = body.error ?? {};
    throw new AuthApiError(
      response.status,
      error.code ?? `HTTP_${response.status}`,
      error.message ?? response.statusText ?? 'Request failed',
      error.shortMessage,
    );
  }
  return body as T;
}

/** GET csrf; the token equals the browser's CSRF cookie and goes with each state-changing call. */
export async function fetchCsrfToken(): Promise<string> {
  const body = await request<{ csrfToken: string }>('csrf');
  return body.csrfToken;
}

async function post<T>(path: string, payload: Record<string, unknown>, withBodyToken: boolean): Promise<T> {
  const token = await fetchCsrfToken();
  return request<T>(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
    body: JSON.stringify(withBodyToken ? { ...payload, csrfToken: token } : payload),
  });
}

export const authApi = {
  session: () => request<Session>('session'),
  signIn: (email: string, password: string) =>
    post<{ ok: boolean; url?: string }>('callback/credentials', { email, password }, true),
  /** With the code of an invitation to this address, the account starts verified. */
  signUp: (email: string, password: string, name?: string, invitationCode?: string) =>
    post<{ ok: boolean }>(
      'signup',
      { email, password, ...(name ? { name } : {}), ...(invitationCode ? { invitationCode } : {}) },
      true,
    ),
  signOut: () => post<{ ok: boolean }>('signout', {}, true),
  verifyEmail: (token: string) => post<{ ok: boolean; email?: string }>('verify-email', { token }, false),
  resendVerification: (email: string) => post<{ ok: boolean }>('verify-email/resend', { email }, true),
  resetPassword: (token: string, password: string) =>
    post<{ ok: boolean }>('reset-password', { token, password }, false),
};

/** Client error report (fire and forget; never throws, never reports itself). */
export function reportClientError(code: string, level: 'error' | 'warn' = 'error', message?: string): void {
  if (!shouldReport(code)) return;
  try {
    void fetch(`${AUTH_BASE}/_log`, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ level, code, ...(message ? { message: message.slice(0, 500) } : {}) }),
    }).catch(() => undefined);
  } catch {
    // Reporting must never break the page.
  }
}

// The endpoint rate-limits; a burst of identical failures is reported once per window.
const REPORT_WINDOW_MS = 60_000;
const MAX_REPORTS_PER_WINDOW = 10;
let windowStart = 0;
let reportsInWindow = 0;
const reportedCodes = new Set<string>();

function shouldReport(code: string): boolean {
  const now = Date.now();
  if (now - windowStart > REPORT_WINDOW_MS) {
    windowStart = now;
    reportsInWindow = 0;
    reportedCodes.clear();
  }
  if (reportedCodes.has(code) || reportsInWindow >= MAX_REPORTS_PER_WINDOW) return false;
  reportedCodes.add(code);
  reportsInWindow += 1;
  return true;
}
