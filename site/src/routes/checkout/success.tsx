import { createFileRoute } from '@tanstack/react-router';
import { RoutePending } from '../../components/ui/route-pending';
import { PaymentSuccessPage } from '../../features/checkout/components/payment-success-page';
import { requireSignIn } from '../../features/checkout/require-sign-in';
import { titleHead } from '../../lib/page-title';

/** PayPal's return address: `?paymentId=<PayPal order>&PayerID=<payer>&orderId=<our order>`. */
export interface PaymentReturnSearch {
  paymentId?: string | undefined;
  PayerID?: string | undefined;
  orderId?: string | undefined;
}

const param = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim().length > 0 ? value.trim() : undefined;

export const Route = createFileRoute('/checkout/success')({
  validateSearch: (search: Record<string, unknown>): PaymentReturnSearch => ({
    paymentId: param(search.paymentId),
    PayerID: param(search.PayerID),
    orderId: param(search.orderId),
  }),
  // Capturing needs the customer's session; with a parameter missing there is nothing to
  // capture, and the page says so to anyone.
  beforeLoad: async (ctx) => {
    const { paymentId, PayerID, orderId } = ctx.search;
    if (paymentId && PayerID && orderId) await requireSignIn(ctx);
  },
  pendingMs: 0,
  pendingComponent: RoutePending,
  head: titleHead('Payment Successful'),
  component: PaymentSuccessRoute,
});

function PaymentSuccessRoute() {
  const { paymentId, PayerID, orderId } = Route.useSearch();
  return <PaymentSuccessPage paymentId={paymentId} payerId={PayerID} orderId={orderId} />;
}
