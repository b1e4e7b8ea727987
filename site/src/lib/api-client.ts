import { createClient } from '@studio/api/client';

/** localStorage keys fixed by the spec: the session token and the user (as JSON). */
export const TOKEN_STORAGE_KEY = 'token';
export const USER_STORAGE_KEY = 'user';

/**
 * The typed Hono RPC client. Same origin: in dev Vite proxies /api to the API, in production the
 * API serves the built site. Every request carries the stored bearer token, if any.
 */
export const api = createClient(window.location.origin, {
  getToken: () => localStorage.getItem(TOKEN_STORAGE_KEY),
});

export type Api = typeof api;
