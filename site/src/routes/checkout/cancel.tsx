import { createFileRoute } from '@tanstack/react-router';
import { PaymentCancelledPage } from '../../features/checkout/components/payment-cancelled-page';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/checkout/cancel')({
  head: titleHead('Payment Cancelled'),
  component: PaymentCancelledPage,
});
