import { hc } from 'hono/client';
import type { AppType } from './app.ts';

export type { AppType };

export interface ClientOptions {
  /** Read on every request, so a sign-in or sign-out applies at once. */
  getToken?: () => string | null;
  fetch?: typeof fetch;
}

/**
 * The typed API client for the site and the console: `createClient(origin).auth.login.$post(...)`.
 * `baseUrl` is the origin serving the API (its `/api` prefix is added here).
 */
export function createClient(baseUrl: string, options: ClientOptions = {}) {
  return hc<AppType>(`${baseUrl.replace(/\/$/, '')}/api`, {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    headers: (): Record<string, string> => {
      const token = options.getToken?.();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  });
}

export type ApiClient = ReturnType<typeof createClient>;
