import { refundMessages } from '@studio/shared/messages/refunds';
import type { CreateRefundInput } from '@studio/shared/schemas/refunds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { toast } from '../../../../lib/toast';
import { useAdminApi } from '../../admin-context';
import { ADMIN_TOAST } from '../../admin-toast';
import { invalidateAfterOrderChange } from '../../orders/api/invalidate-order';
import type { AdminApi } from '../../types';

/** What is refunded: a shop order or a project submission. */
export type RefundSubject = { kind: 'order' | 'submission'; id: string };

const FAILED = refundMessages.failed;

/**
 * POST /api/admin/orders/:id/refunds or /api/admin/submissions/:id/refunds. `requestId` is the
 * refund's idempotency key: the modal keeps it while it retries the same refund.
 */
export async function createRefund(api: AdminApi, subject: RefundSubject, body: CreateRefundInput) {
  return subject.kind === 'order'
    ? unwrap(
        api.admin.orders[':id'].refunds.$post({ param: { id: subject.id }, json: body }),
        FAILED,
      )
    : unwrap(
        api.admin.submissions[':id'].refunds.$post({ param: { id: subject.id }, json: body }),
        FAILED,
      );
}

export function useCreateRefund(subject: RefundSubject) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRefundInput) => createRefund(api, subject, body),
    onSuccess: async (made) => {
      toast.success(made.message, ADMIN_TOAST);
      await (subject.kind === 'order'
        ? invalidateAfterOrderChange(queryClient)
        : queryClient.invalidateQueries({ queryKey: ['admin', 'submissions'] }));
    },
  });
}

/** A request id for a new refund (a UUID; `crypto.randomUUID` needs a secure context). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
