import { blastMessages as m } from '@studio/shared/messages/blasts';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';
import { blastKeys } from './blast-keys';

/** GET /api/contact/subscribers: the active newsletter subscribers' addresses. */
export function getSubscribers(api: AdminApi) {
  return unwrap(api.contact.subscribers.$get(), m.subscribersFetchFailed);
}

/** Loads the list on demand (a button, not on opening the tab), always fresh. */
export function useLoadSubscribers() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return () =>
    queryClient.fetchQuery({
      queryKey: blastKeys.subscribers,
      queryFn: () => getSubscribers(api),
      staleTime: 0,
      retry: ADMIN_QUERY_DEFAULTS.retry,
    });
}
