import { createFileRoute } from '@tanstack/react-router';
import { PaymentSuccessPage } from '../../features/checkout/components/payment-success-page';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/checkout/success')({
  head: titleHead('Payment Successful'),
  component: PaymentSuccessPage,
});
