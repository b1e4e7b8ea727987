import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/checkout/')({
  head: titleHead('Checkout'),
  component: CheckoutPage,
});
