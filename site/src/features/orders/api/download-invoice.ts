import { invoiceMessages } from '@studio/shared/messages/invoices';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ApiError, readApiError } from '../../../lib/api-error';
import { saveBlob } from '../../../lib/save-blob';

/**
 * GET /api/orders/:id/invoice.pdf with the customer's token (a plain link could not carry it),
 * saved as `invoice-<number>.pdf`. Small enough to hold in memory on the way to the disk.
 */
export async function downloadInvoice(order: { id: string; invoiceNumber: string }) {
  let res: Response;
  try {
    res = await api.orders[':id']['invoice.pdf'].$get({ param: { id: order.id } });
  } catch {
    throw new ApiError(invoiceMessages.downloadFailed, 0);
  }
  if (!res.ok) throw await readApiError(res, invoiceMessages.downloadFailed);
  saveBlob(await res.blob(), `invoice-${order.invoiceNumber}.pdf`);
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
