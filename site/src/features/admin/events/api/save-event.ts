import { eventMessages } from '@studio/shared/messages/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';
import { adminEventsKey } from './list-admin-events';

/** The event form as sent: text fields as the server's schema reads them, the flyer apart. */
export interface EventSubmission {
  title: string;
  description: string;
  /** An ISO timestamp with its zone, so the server stores the moment the admin meant. */
  date: string;
  location: string;
  ticketLink: string;
  /** Required on create; on edit, null keeps the current flyer. */
  flyer: File | null;
}

/**
 * The multipart body of POST and PUT /api/events/admin. Text fields go first: the server checks
 * them when the file starts and stores nothing for a bad form (decision 006). Blank optional
 * fields are sent blank, which on an edit clears them.
 */
function eventForm(input: EventSubmission): FormData {
  const form = new FormData();
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('date', input.date);
  form.append('location', input.location);
  form.append('ticketLink', input.ticketLink);
  if (input.flyer) form.append('flyer', input.flyer);
  return form;
}

/**
 * POST /api/events/admin (no id) or PUT /api/events/admin/:id; the server's message on failure.
 * The routes stream their multipart body (no validator), so the typed client declares no `form`
 * input for them: the body goes in `init`, and fetch sets the multipart boundary.
 */
export async function saveEvent(api: AdminApi, id: string | null, input: EventSubmission) {
  const init = { init: { body: eventForm(input) } };
  if (id) {
    return unwrap(api.events.admin[':id'].$put({ param: { id } }, init), eventMessages.saveFailed);
  }
  return unwrap(api.events.admin.$post({}, init), eventMessages.saveFailed);
}

/** Saves an event, then refreshes the admin list and the landing page's list (spec 4). */
export function useSaveEvent() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: EventSubmission }) =>
      saveEvent(api, id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminEventsKey }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}
