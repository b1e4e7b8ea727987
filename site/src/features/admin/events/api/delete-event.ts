import { eventMessages } from '@studio/shared/messages/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import { adminEventsKey } from './list-admin-events';

/** DELETE /api/events/admin/:id, after the admin confirmed; refreshes both event lists. */
export function useDeleteEvent() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.events.admin[':id'].$delete({ param: { id } }), eventMessages.deleteFailed),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminEventsKey }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}
