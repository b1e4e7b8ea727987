import { Stack } from '@mantine/core';
import { PageShell } from '../../../components/ui/page-shell';
import { isDownloadsOnly } from '../../cart/cart-store';
import { useCart } from '../../cart/hooks/use-cart';
import { useCheckoutOrder } from '../api/get-order';
import { AddressStep } from './address-step';
import { CheckoutSteps } from './checkout-steps';
import { PaymentStep, type RenderPayment } from './payment-step';

interface CheckoutPageProps {
  /** The order being paid (search param `orderId`); none yet: the address step places one. */
  orderId: string | undefined;
  /** The payment component; the route supplies it so this feature does not import another. */
  renderPayment: RenderPayment;
}

/** Step 1, from the cart: a cart of downloads only has nothing to ship. */
function PlaceOrder() {
  const { items } = useCart();
  return (
    <>
      <CheckoutSteps active={0} shipping={!isDownloadsOnly(items)} />
      <AddressStep />
    </>
  );
}

/** Step 2, from the order placed: one without an address holds downloads only. */
function PayOrder({ orderId, renderPayment }: { orderId: string; renderPayment: RenderPayment }) {
  const order = useCheckoutOrder(orderId);
  return (
    <>
      <CheckoutSteps active={1} shipping={order.shippingAddress !== null} />
      <PaymentStep orderId={orderId} renderPayment={renderPayment} />
    </>
  );
}

/**
 * /checkout (signed in): 1. shipping address (none for downloads only) and items, 2. the
 * server's totals and payment.
 */
export function CheckoutPage({ orderId, renderPayment }: CheckoutPageProps) {
  return (
    <PageShell title="Checkout">
      <Stack gap="lg">
        {orderId ? (
          <PayOrder key={orderId} orderId={orderId} renderPayment={renderPayment} />
        ) : (
          <PlaceOrder />
        )}
      </Stack>
    </PageShell>
  );
}
