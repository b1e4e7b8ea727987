import { Button } from '@mantine/core';
import { invoiceMessages } from '@studio/shared/messages/invoices';
import { IconFileDownload } from '@tabler/icons-react';
import { failureToast } from '../../admin-toast';
import { useDownloadSubmissionInvoice } from '../api/download-submission-invoice';

/** A paid submission's invoice as a PDF (decision 036). */
export function SubmissionInvoiceButton({ submissionId }: { submissionId: string }) {
  const download = useDownloadSubmissionInvoice();
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconFileDownload size={14} aria-hidden />}
      loading={download.isPending}
      onClick={() =>
        download.mutate(submissionId, {
          onError: (error) => failureToast(invoiceMessages.downloadFailed, error),
        })
      }
    >
      Download invoice (PDF)
    </Button>
  );
}
