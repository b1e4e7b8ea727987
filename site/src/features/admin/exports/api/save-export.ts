import { exportMessages } from '@studio/shared/messages/exports';
import type { ExportLinkInput } from '@studio/shared/schemas/exports';
import { useMutation } from '@tanstack/react-query';
import { ApiError, unwrap } from '../../../../lib/api-error';
import { toast } from '../../../../lib/toast';
import { useAdminApi, useAdminHost } from '../../admin-context';
import { ADMIN_TOAST, failureToast } from '../../admin-toast';
import type { AdminHost, ExportOutcome, ExportRequest } from '../../host';
import type { AdminApi } from '../../types';

/** One export and its filter, as the API's query parameters (none empty). */
export type ExportChoice = Pick<ExportRequest, 'kind' | 'query'>;

const what: Record<ExportChoice['kind'], string> = {
  orders: 'Orders',
  'order-lines': 'Order lines',
  subscribers: 'Subscribers',
  submissions: 'Submissions',
};

/** The filter without its empty values: what the Orders and Submissions tabs leave unset. */
export function exportQuery(filter: Record<string, string | null | undefined>) {
  return Object.fromEntries(
    Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** POST /api/admin/exports/links: the export's signed link, good for a few minutes. */
async function exportLink(api: AdminApi, host: AdminHost, choice: ExportChoice) {
  const json = { kind: choice.kind, ...choice.query } as ExportLinkInput;
  const { url } = await unwrap(
    api.admin.exports.links.$post({ json }),
    exportMessages.exportFailed,
  );
  return `${host.apiBase.replace(/\/$/, '')}${url}`;
}

/**
 * Saves an export through the host (decision 034): a native download of a signed link in the
 * browser, the save dialog and a streamed write in the console. Toasts what became of it; a
 * dialog closed is no error, and an ended session signs the admin out as any call does.
 */
export function useSaveExport() {
  const api = useAdminApi();
  const host = useAdminHost();
  return useMutation({
    mutationFn: async (choice: ExportChoice): Promise<ExportOutcome> => {
      const outcome = await host.saveExport({
        ...choice,
        link: () => exportLink(api, host, choice),
      });
      if (outcome.outcome === 'failed') {
        if (outcome.status === 401) host.sessionExpired();
        throw new ApiError(outcome.message, outcome.status);
      }
      return outcome;
    },
    onSuccess: (outcome, choice) => {
      if (outcome.outcome === 'started')
        toast.success(exportMessages.downloading(what[choice.kind]), ADMIN_TOAST);
      if (outcome.outcome === 'saved')
        toast.success(exportMessages.saved(what[choice.kind], outcome.path), ADMIN_TOAST);
    },
    onError: (error) => failureToast(exportMessages.exportFailed, error),
  });
}
