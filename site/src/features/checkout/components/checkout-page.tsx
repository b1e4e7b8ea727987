import { Stack } from '@mantine/core';
import { PageShell } from '../../../components/ui/page-shell';
import { AddressStep } from './address-step';
import { CheckoutSteps } from './checkout-steps';
import { PaymentStep, type RenderPayment } from './payment-step';

interface CheckoutPageProps {
  /** The order being paid (search param `orderId`); none yet: the address step places one. */
  orderId: string | undefined;
  /** The payment component; the route supplies it so this feature does not import another. */
  renderPayment: RenderPayment;
}

/** /checkout (signed in): 1. shipping address and items, 2. the server's totals and payment. */
export function CheckoutPage({ orderId, renderPayment }: CheckoutPageProps) {
  return (
    <PageShell title="Checkout">
      <Stack gap="lg">
        <CheckoutSteps active={orderId ? 1 : 0} />
        {orderId ? (
          <PaymentStep key={orderId} orderId={orderId} renderPayment={renderPayment} />
        ) : (
          <AddressStep />
        )}
      </Stack>
    </PageShell>
  );
}
