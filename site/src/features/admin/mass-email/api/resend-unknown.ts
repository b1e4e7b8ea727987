import { blastMessages } from '@studio/shared/messages/blasts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import { blastKeys } from './blast-keys';

/**
 * POST /api/admin/email-blasts/:id/resend-unknown: the recipients whose result is unknown are
 * queued again (some may then get the e-mail twice: the caller asks first).
 */
export function useResendUnknown() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api.admin['email-blasts'][':id']['resend-unknown'].$post({ param: { id } }),
        blastMessages.resendFailed,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blastKeys.all }),
  });
}
