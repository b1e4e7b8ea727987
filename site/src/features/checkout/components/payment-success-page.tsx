import { PageShell } from '../../../components/ui/page-shell';

/**
 * Where the payment provider returns the buyer (paymentId, PayerID, orderId). Confirming the
 * payment and the processing/failed states come in a later issue.
 */
export function PaymentSuccessPage() {
  return <PageShell title="Payment Successful" />;
}
