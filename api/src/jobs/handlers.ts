import type { Deps } from '../context.ts';
import { sendBlast } from '../services/blasts/send-blast.ts';
import { releaseExpiredOrders } from '../services/orders/release-expired-orders.ts';
import { recheckPayment } from '../services/payments/recheck-payment.ts';
import { sendPaymentReceipt } from '../services/payments/send-payment-receipt.ts';
import type { JobHandlers } from './jobs.ts';

/** What each queue does; `deps()` is read when a job runs, after the app is assembled. */
export function jobHandlers(deps: () => Deps): JobHandlers {
  return {
    'payment-recheck': ({ paymentId, attempt }) =>
      recheckPayment({ ...deps(), paymentId, attempt }),
    'payment-receipt': ({ paymentId }) => sendPaymentReceipt({ ...deps(), paymentId }),
    'order-release': async ({ orderId }) => {
      await releaseExpiredOrders({ db: deps().db, orderId });
    },
    'email-blast': ({ blastId }) => sendBlast({ ...deps(), blastId }),
  };
}
