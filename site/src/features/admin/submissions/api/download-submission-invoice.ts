import { invoiceMessages } from '@studio/shared/messages/invoices';
import { useMutation } from '@tanstack/react-query';
import { ApiError, readApiError } from '../../../../lib/api-error';
import { saveBlob } from '../../../../lib/save-blob';
import { useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

/** The name the API gives the file (`invoice-2026-000001.pdf`), from its Content-Disposition. */
function fileName(res: Response): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'invoice.pdf';
}

/**
 * GET /api/admin/submissions/:id/invoice.pdf with the admin's token, saved under the name the
 * API gives it (in the desktop console, Electron asks where), as the order's invoice is.
 */
async function downloadInvoice(api: AdminApi, submissionId: string) {
  let res: Response;
  try {
    res = await api.admin.submissions[':id']['invoice.pdf'].$get({ param: { id: submissionId } });
  } catch {
    throw new ApiError(invoiceMessages.downloadFailed, 0);
  }
  if (!res.ok) throw await readApiError(res, invoiceMessages.downloadFailed);
  saveBlob(await res.blob(), fileName(res));
}

export function useDownloadSubmissionInvoice() {
  const api = useAdminApi();
  return useMutation({ mutationFn: (id: string) => downloadInvoice(api, id) });
}
