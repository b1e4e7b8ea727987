import { downloadMessages } from '@studio/shared/messages/downloads';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { getMyOrder, type MyOrder, myOrderQueryOptions } from './get-my-order';

/**
 * POST /api/orders/:id/files/:fileId/link: a signed link to one file of the customer's order,
 * or the download's own refusal (403 none left, 410 ended or refunded, 409 not paid) with the
 * server's message.
 */
export async function orderFileLink(orderId: string, fileId: string) {
  return unwrap(
    api.orders[':id'].files[':fileId'].link.$post({ param: { id: orderId, fileId } }),
    downloadMessages.downloadFailed,
  );
}

const usedOf = (order: MyOrder, fileId: string) =>
  order.downloads.flatMap((d) => d.files).find((f) => f.id === fileId)?.downloadsUsed ?? 0;

const REFRESH_TRIES = 8;
const REFRESH_GAP_MS = 750;

/**
 * The server counts a download when the browser's request for the file arrives, which the page
 * cannot see: the order is fetched again a few times until its count of that file moves.
 */
async function refreshUntilCounted(
  queryClient: QueryClient,
  orderId: string,
  fileId: string,
  usedBefore: number,
) {
  const { queryKey } = myOrderQueryOptions(orderId);
  for (let i = 0; i < REFRESH_TRIES; i++) {
    await new Promise((resolve) => setTimeout(resolve, REFRESH_GAP_MS));
    try {
      const order = await getMyOrder(orderId);
      queryClient.setQueryData(queryKey, order);
      if (usedOf(order, fileId) > usedBefore) return;
    } catch {
      // A failed refresh leaves the count as it was; the next try may get through.
    }
  }
}

/**
 * A file of the customer's order, downloaded by the browser itself: the signed link is opened
 * as a navigation, which the file's `Content-Disposition: attachment` turns into a native
 * download (its own progress, pause and resume) while the page stays. Then the order is
 * refreshed, so the downloads left go down.
 */
export function useDownloadOrderFile(order: MyOrder) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => orderFileLink(order.id, fileId),
    onSuccess: ({ url }, fileId) => {
      window.location.assign(url);
      void refreshUntilCounted(queryClient, order.id, fileId, usedOf(order, fileId));
    },
  });
}
