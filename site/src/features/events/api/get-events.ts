import { eventMessages } from '@studio/shared/messages/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/** GET /api/events: upcoming events, soonest first, each with its flyer's URL (or null). */
export async function getEvents() {
  const { events } = await unwrap(api.events.$get(), eventMessages.fetchFailed);
  return events;
}

export type LandingEvent = Awaited<ReturnType<typeof getEvents>>[number];

/** Spec 7 and 9: cached 5 minutes. */
export const eventsQueryOptions = () =>
  queryOptions({ queryKey: ['events', 'upcoming'], queryFn: getEvents, staleTime: 5 * 60_000 });

/** Spec 7: fetched only while the events modal is open. */
export function useEvents({ enabled }: { enabled: boolean }) {
  return useQuery({ ...eventsQueryOptions(), enabled });
}
