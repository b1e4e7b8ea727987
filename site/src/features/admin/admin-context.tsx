import { createClient } from '@studio/api/client';
import { createContext, type ReactNode, use, useMemo } from 'react';
import type { AdminHost } from './host';

/** Spec 7: every call times out after 30 seconds. */
const REQUEST_TIMEOUT_MS = 30_000;

function adminClient(host: AdminHost) {
  const fetchWithRules: typeof fetch = async (input, init) => {
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const res = await fetch(input, { ...init, signal });
    // Spec 8: any 401 ends the session.
    if (res.status === 401) host.sessionExpired();
    return res;
  };
  return createClient(host.apiBase, { getToken: () => host.token(), fetch: fetchWithRules });
}

export type AdminApi = ReturnType<typeof adminClient>;

interface AdminContextValue {
  host: AdminHost;
  api: AdminApi;
}

const AdminContext = createContext<AdminContextValue | null>(null);

export function AdminProvider({ host, children }: { host: AdminHost; children: ReactNode }) {
  const value = useMemo(() => ({ host, api: adminClient(host) }), [host]);
  return <AdminContext value={value}>{children}</AdminContext>;
}

function useAdminContext(): AdminContextValue {
  const value = use(AdminContext);
  if (!value) throw new Error('The admin dashboard must be rendered inside AdminProvider');
  return value;
}

/** The host (browser or desktop) the dashboard runs in. */
export function useAdminHost(): AdminHost {
  return useAdminContext().host;
}

/** The typed API client for admin calls: the host's API origin and token. */
export function useAdminApi(): AdminApi {
  return useAdminContext().api;
}

/**
 * Spec 7: admin queries retry once and do not refetch on window focus. Every admin query key
 * starts with 'admin', so the site drops them when the account changes.
 */
export const ADMIN_QUERY_DEFAULTS = { retry: 1, refetchOnWindowFocus: false } as const;
