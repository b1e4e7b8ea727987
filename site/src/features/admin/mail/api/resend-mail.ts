import { mailMessages } from '@studio/shared/messages/mail';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import { mailKeys } from './mail-keys';

/** POST /api/admin/mail/:id/resend: a failed or unknown mail goes back in the queue. */
export function useResendMail() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.admin.mail[':id'].resend.$post({ param: { id } }), mailMessages.resendFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
