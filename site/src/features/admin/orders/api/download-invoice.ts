import { invoiceMessages } from '@studio/shared/messages/invoices';
import { useMutation } from '@tanstack/react-query';
import { ApiError, readApiError } from '../../../../lib/api-error';
import { saveBlob } from '../../../../lib/save-blob';
import { useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

/**
 * GET /api/admin/orders/:id/invoice.pdf with the admin's token, saved as
 * `invoice-<number>.pdf`: the browser downloads it, the desktop console asks where to save it
 * (Electron's own save dialog for a download), as submission files are saved there.
 */
async function downloadInvoice(api: AdminApi, order: { id: string; invoiceNumber: string }) {
  let res: Response;
  try {
    res = await api.admin.orders[':id']['invoice.pdf'].$get({ param: { id: order.id } });
  } catch {
    throw new ApiError(invoiceMessages.downloadFailed, 0);
  }
  if (!res.ok) throw await readApiError(res, invoiceMessages.downloadFailed);
  saveBlob(await res.blob(), `invoice-${order.invoiceNumber}.pdf`);
}

export function useDownloadOrderInvoice() {
  const api = useAdminApi();
  return useMutation({
    mutationFn: (order: { id: string; invoiceNumber: string }) => downloadInvoice(api, order),
  });
}
