import { Text } from '@mantine/core';
import { PageShell } from '../../../components/ui/page-shell';

export function PaymentCancelledPage() {
  return (
    <PageShell title="Payment Cancelled">
      <Text>Your payment was cancelled. No charges were made.</Text>
    </PageShell>
  );
}
