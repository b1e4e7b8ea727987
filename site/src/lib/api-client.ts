import { createClient } from '@studio/api/client';
import { authMessages } from '@studio/shared/messages/auth';

/** Browser storage keys fixed by the spec: the session token and the user (as JSON). */
export const TOKEN_STORAGE_KEY = 'token';
export const USER_STORAGE_KEY = 'user';

/** Spec 7: every call times out after 30 seconds. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The stored token: in localStorage when the visitor chose "remember me", else in this tab's
 * sessionStorage (see features/auth/auth-store.ts).
 */
export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY) ?? sessionStorage.getItem(TOKEN_STORAGE_KEY);
}

let onUnauthorized: (() => void) | undefined;

/** Called when an authenticated call is answered 401 (spec 8); set once by the auth provider. */
export function setUnauthorizedHandler(handler: (() => void) | undefined) {
  onUnauthorized = handler;
}

// Sign-in and sign-up answer 401/409 for a wrong password or a taken e-mail: those are form
// errors, not an expired session.
const CREDENTIAL_PATHS = ['/api/auth/login', '/api/auth/register'];

/**
 * Sent by the start-up session check and by sign-out: a 401 there means the session is already
 * gone, which they handle themselves (spec 4), so it must not send the visitor to /login.
 */
export const SESSION_RESTORE_HEADER = 'X-Session-Restore';

function isAuthenticatedCall(init: RequestInit | undefined): boolean {
  const headers = new Headers(init?.headers);
  if (headers.has(SESSION_RESTORE_HEADER)) return false;
  return headers.get('authorization')?.startsWith('Bearer ') ?? false;
}

/**
 * fetch with the spec's timeout and its "any 401 signs you out" rule (spec 7 and 8): a signed-in
 * call answered 401 calls `unauthorized`. The site's own calls and the admin dashboard (which
 * the console also mounts, with its own session) each make one. The dashboard also passes
 * `notAdmin`: a signed-in call refused with the admin guard's 403 ("You do not have permission
 * to do that") means another admin took this account's role away meanwhile.
 */
export function createApiFetch(unauthorized: () => void, notAdmin?: () => void): typeof fetch {
  return async (input, init) => {
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const res = await fetch(input, { ...init, signal });
    if (res.status === 401 && isAuthenticatedCall(init)) {
      const url = new URL(
        typeof input === 'string' || input instanceof URL ? input : input.url,
        window.location.origin,
      );
      if (!CREDENTIAL_PATHS.includes(url.pathname)) unauthorized();
    }
    if (res.status === 403 && notAdmin && isAuthenticatedCall(init)) {
      const body = (await res
        .clone()
        .json()
        .catch(() => null)) as { message?: unknown } | null;
      if (body?.message === authMessages.forbidden) notAdmin();
    }
    return res;
  };
}

export const apiFetch: typeof fetch = createApiFetch(() => onUnauthorized?.());

/**
 * The typed Hono RPC client. Same origin: in dev Vite proxies /api to the API, in production the
 * API serves the built site. Every request carries the stored bearer token, if any.
 */
// Pre-rendering (Node, scripts/prerender.ts) makes no calls, but imports this module.
export const api = createClient(
  typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  { getToken: storedToken, fetch: apiFetch },
);

export type Api = typeof api;
