import { toast } from '../../components/ui';

export const UNAUTHORIZED_REDIRECT_MESSAGE = 'You are not authorized to view this page, redirecting...';
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 1500;

let redirecting = false;

export function isProjectPage(pathname: string): boolean {
  return /^\/projects\/[^/]+/.test(pathname);
}

export function isRedirectingUnauthorized(): boolean {
  return redirecting;
}

/** PRODUCT.md §8: inside a project page, tell the user once, wait 1.5 s and go to the root. */
export function redirectUnauthorized(go: (path: string) => void = (path) => window.location.assign(path)): void {
  if (redirecting) return;
  redirecting = true;
  toast.warning(UNAUTHORIZED_REDIRECT_MESSAGE);
  window.setTimeout(() => go('/'), UNAUTHORIZED_REDIRECT_DELAY_MS);
}

/** For tests. */
export function resetUnauthorizedRedirect(): void {
  redirecting = false;
}
