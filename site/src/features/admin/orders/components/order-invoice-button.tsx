import { Button } from '@mantine/core';
import { invoiceMessages } from '@studio/shared/messages/invoices';
import { IconFileDownload } from '@tabler/icons-react';
import { failureToast } from '../../admin-toast';
import { useDownloadOrderInvoice } from '../api/download-invoice';

/** A paid order's invoice as a PDF (decision 036); an unpaid order has none yet. */
export function OrderInvoiceButton({ order }: { order: { id: string; invoiceNumber: string } }) {
  const download = useDownloadOrderInvoice();
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconFileDownload size={16} aria-hidden />}
      loading={download.isPending}
      onClick={() =>
        download.mutate(order, {
          onError: (error) => failureToast(invoiceMessages.downloadFailed, error),
        })
      }
    >
      Download invoice (PDF)
    </Button>
  );
}
