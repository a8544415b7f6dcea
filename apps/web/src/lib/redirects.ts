/** Where the browser may go after sign-in (the shared rule, plus: never back to the login page). */
import { safeRedirect as sharedSafeRedirect } from '@mend/shared';

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

/**
 * A same-origin path to go to after sign-in, else '/'. The shared rule refuses other origins,
 * protocol-relative and backslash tricks and API paths; a path back to /login also gives '/'.
 */
export function safeRedirect(raw: string | null | undefined, origin: string = currentOrigin()): string {
  const path = sharedSafeRedirect(raw ?? '', origin);
  return path === '/login' || /^\/login[/?#]/.test(path) ? '/' : path;
}

/** The login address that brings the user back to `pathWithSearch` afterwards. */
export function loginUrl(pathWithSearch: string): string {
  const target = safeRedirect(pathWithSearch);
  return target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}

/** Where sign-in goes when no page was asked for: the ticket list (DESIGN.md: the default landing). */
export const DEFAULT_LANDING = '/tickets';

/** The page to open after sign-in: the one asked for, else the default landing. */
export function landingAfterSignIn(target: string): string {
  return target === '/' ? DEFAULT_LANDING : target;
}
