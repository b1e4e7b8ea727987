import { createClient } from '@studio/api/client';
import { createContext, type ReactNode, use, useMemo } from 'react';
import { createApiFetch } from '../../lib/api-client';
import { AdminNavigationProvider } from './admin-navigation';
import type { AdminHost } from './host';
import type { AdminApi, AdminTab } from './types';

/**
 * The site's timeout and 401 rule, with the host's session (the console keeps its own); a 403
 * from the admin guard (the role was taken away) closes the dashboard.
 */
function adminClient(host: AdminHost): AdminApi {
  const fetch = createApiFetch(
    () => host.sessionExpired(),
    () => host.adminRoleLost(),
  );
  return createClient(host.apiBase, { getToken: () => host.token(), fetch });
}

interface AdminContextValue {
  host: AdminHost;
  api: AdminApi;
}

const AdminContext = createContext<AdminContextValue | null>(null);

/**
 * The host and API client, and (given the dashboard's `tab` and `onTab`) admin navigation:
 * `useAdminNavigation()` and `useAdminOpenHandler()` from `./admin-navigation`.
 */
export function AdminProvider({
  host,
  tab = 'orders',
  onTab = noTab,
  children,
}: {
  host: AdminHost;
  tab?: AdminTab;
  onTab?: (tab: AdminTab) => void;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ host, api: adminClient(host) }), [host]);
  return (
    <AdminContext value={value}>
      <AdminNavigationProvider tab={tab} onTab={onTab}>
        {children}
      </AdminNavigationProvider>
    </AdminContext>
  );
}

const noTab = () => {};

function useAdminContext(): AdminContextValue {
  const value = use(AdminContext);
  if (!value) throw new Error('The admin dashboard must be rendered inside AdminProvider');
  return value;
}

/** The host (browser or desktop) the dashboard runs in. */
export function useAdminHost(): AdminHost {
  return useAdminContext().host;
}

/**
 * A URL the API answered (`/api/media/...`) as this page can load it: relative to the API's
 * origin, which in the desktop console is not the page's.
 */
export function useApiUrl(): (url: string) => string {
  const { apiBase } = useAdminHost();
  return (url) => (url.startsWith('/') ? `${apiBase.replace(/\/$/, '')}${url}` : url);
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

export {
  type AdminNavigation,
  type AdminObjectKind,
  useAdminNavigation,
  useAdminOpenHandler,
} from './admin-navigation';
