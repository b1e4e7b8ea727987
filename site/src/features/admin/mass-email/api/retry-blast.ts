import { blastMessages } from '@studio/shared/messages/blasts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import { blastKeys } from './blast-keys';

/** POST /api/admin/email-blasts/:id/retry: the failed recipients are queued again. */
export function useRetryBlast() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api.admin['email-blasts'][':id'].retry.$post({ param: { id } }),
        blastMessages.retryCallFailed,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blastKeys.all }),
  });
}
