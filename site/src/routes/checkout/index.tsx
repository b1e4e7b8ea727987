import { createFileRoute } from '@tanstack/react-router';
import { RoutePending } from '../../components/ui/route-pending';
import { checkoutOrderQueryOptions } from '../../features/checkout/api/get-order';
import { CheckoutError } from '../../features/checkout/components/checkout-error';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { requireSignIn } from '../../features/checkout/require-sign-in';
import { PaymentMethods } from '../../features/payments/components/payment-methods';
import { titleHead } from '../../lib/page-title';

export interface CheckoutSearch {
  /** An order already placed: checkout shows it and its payment, never places another. */
  orderId?: string | undefined;
}

export const Route = createFileRoute('/checkout/')({
  validateSearch: (search: Record<string, unknown>): CheckoutSearch => ({
    orderId:
      typeof search.orderId === 'string' &&
      search.orderId.length > 0 &&
      search.orderId.length <= 100
        ? search.orderId
        : undefined,
  }),
  // Orders belong to accounts (decision 009): checkout needs a signed-in customer.
  beforeLoad: requireSignIn,
  loaderDeps: ({ search }) => ({ orderId: search.orderId }),
  loader: async ({ context, deps }) => {
    if (deps.orderId) {
      await context.queryClient.ensureQueryData(checkoutOrderQueryOptions(deps.orderId));
    }
  },
  pendingMs: 0,
  pendingComponent: RoutePending,
  errorComponent: CheckoutError,
  head: titleHead('Checkout'),
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { orderId } = Route.useSearch();
  // Routes compose features: the payments feature's panel pays checkout's order.
  return (
    <CheckoutPage orderId={orderId} renderPayment={(props) => <PaymentMethods {...props} />} />
  );
}
