import { Button, Stack, Text } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { toast } from '../../../lib/toast';
import { useDownloadInvoice } from '../api/download-invoice';

/** A paid order's invoice: its number and the PDF to keep (decision 036). */
export function OrderInvoice({ order }: { order: { id: string; invoiceNumber: string } }) {
  const download = useDownloadInvoice();
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        Invoice{' '}
        <Text span fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {order.invoiceNumber}
        </Text>
      </Text>
      <Button
        variant="light"
        leftSection={<IconFileDownload size={18} aria-hidden />}
        loading={download.isPending}
        onClick={() => download.mutate(order, { onError: (error) => toast.error(error.message) })}
      >
        Download invoice (PDF)
      </Button>
    </Stack>
  );
}
