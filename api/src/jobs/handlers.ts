import type { Deps } from '../context.ts';
import { sendBlast } from '../services/blasts/send-blast.ts';
import { releaseExpiredOrders } from '../services/orders/release-expired-orders.ts';
import { queuePaymentReceipt } from '../services/payments/queue-payment-receipt.ts';
import { recheckPayment } from '../services/payments/recheck-payment.ts';
import { settleRefund } from '../services/refunds/settle-refund.ts';
import type { JobHandlers } from './jobs.ts';

/** What each queue does; `deps()` is read when a job runs, after the app is assembled. */
export function jobHandlers(deps: () => Deps): JobHandlers {
  return {
    'payment-recheck': ({ paymentId, attempt, reference }) =>
      recheckPayment({ ...deps(), paymentId, attempt, ...(reference ? { reference } : {}) }),
    // Jobs queued before the mail outbox: the receipt is queued there, at most once.
    'payment-receipt': ({ paymentId }) =>
      queuePaymentReceipt(deps().db, { env: deps().env, secret: deps().secret, paymentId }),
    'order-release': async ({ orderId }) => {
      await releaseExpiredOrders({ db: deps().db, orderId });
    },
    'email-blast': ({ blastId, pauses }) => sendBlast({ ...deps(), blastId, pauses }),
    'refund-settle': ({ refundId, check }) => settleRefund({ ...deps(), refundId, check }),
  };
}
