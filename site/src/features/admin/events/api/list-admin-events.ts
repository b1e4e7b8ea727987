import { eventMessages } from '@studio/shared/messages/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

export const adminEventsKey = ['admin', 'events'] as const;

/** GET /api/events/admin: every event, past ones too, latest date first. */
export async function listAdminEvents(api: AdminApi) {
  const { events } = await unwrap(api.events.admin.$get(), eventMessages.fetchFailed);
  return events;
}

export type AdminEvent = Awaited<ReturnType<typeof listAdminEvents>>[number];

export const adminEventsQueryOptions = (api: AdminApi) =>
  queryOptions({
    queryKey: adminEventsKey,
    queryFn: () => listAdminEvents(api),
    ...ADMIN_QUERY_DEFAULTS,
  });

/** Spec 7: loaded only while the Events tab is open (the tab's panel unmounts when closed). */
export function useAdminEvents() {
  return useQuery(adminEventsQueryOptions(useAdminApi()));
}
