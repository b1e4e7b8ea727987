import { centsToDecimal } from '@studio/shared/crypto-units';
import { messages } from '@studio/shared/messages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { applyVerdict } from './apply-verdict.ts';
import { loadPayable, loadPayment, subjectOf } from './load-payment.ts';
import { markPaid } from './mark-paid.ts';
import { PaypalError, paypalClient } from './paypal-client.ts';
import { recordPaymentState } from './record-payment-state.ts';
import { transitionPayment } from './transition-payment.ts';
import { verifyPaypalOrder } from './verify-paypal-order.ts';

interface WebhookEvent {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    custom_id?: string;
    amount?: { currency_code?: string; value?: string };
    links?: { href: string; rel: string }[];
    supplementary_data?: { related_ids?: { order_id?: string; capture_id?: string } };
  };
}

/** The payment a capture (or a refund of it) belongs to: by custom_id, else by capture id. */
async function paymentFor(db: Db, resource: NonNullable<WebhookEvent['resource']>) {
  if (resource.custom_id && /^[0-9a-f-]{36}$/.test(resource.custom_id)) {
    const byCustom = await loadPayment(db, resource.custom_id);
    if (byCustom) return byCustom;
  }
  const captureId =
    resource.supplementary_data?.related_ids?.capture_id ??
    resource.links?.find((l) => l.rel === 'up')?.href.match(/captures\/([^/?]+)/)?.[1];
  if (!captureId) return undefined;
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.externalId, `paypal:${captureId}`))
    .limit(1);
  return row;
}

/**
 * PayPal webhooks, each verified with PayPal's verify-webhook-signature call first. They catch
 * what a closed browser tab misses: an approved order is captured here, a pending capture that
 * completes is confirmed, and denials, refunds and reversals are recorded.
 */
export async function handlePaypalWebhook({
  db,
  env,
  jobs,
  log,
  headers,
  event,
}: {
  db: Db;
  env: Env;
  jobs: Jobs;
  log: Logger;
  headers: Record<string, string | undefined>;
  event: WebhookEvent;
}): Promise<{ handled: boolean }> {
  if (!env.PAYPAL_WEBHOOK_ID || !env.PAYPAL_CLIENT_ID) {
    throw new ApiError('NOT_FOUND', messages.payments.webhooksOff);
  }
  // PayPal refuses to check a request that lacks its headers (400): not a valid event.
  const verified = await paypalClient(env)
    .verifyWebhook(headers, event)
    .catch((error: unknown) => {
      if (error instanceof PaypalError && error.status < 500) return false;
      throw error;
    });
  if (!verified) throw new ApiError('BAD_REQUEST', messages.payments.webhookSignatureInvalid);
  const resource = event.resource;
  if (!resource?.id) return { handled: false };
  log.info(
    { eventId: event.id, type: event.event_type, resourceId: resource.id },
    'PayPal webhook',
  );

  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED': {
      const [payment] = await db
        .select()
        .from(payments)
        .where(eq(payments.providerReference, resource.id))
        .limit(1);
      if (payment?.status !== 'pending' || payment.method !== 'paypal') return { handled: false };
      const payable = await loadPayable(db, subjectOf(payment));
      if (payable.paid || !payable.payable) {
        log.warn(
          { paymentId: payment.id },
          'approved PayPal order for something already paid or closed: not captured',
        );
        return { handled: false };
      }
      const verdict = await verifyPaypalOrder({ env, log, payment });
      await applyVerdict({
        db,
        env,
        jobs,
        payment,
        verdict,
        reference: resource.id,
        source: 'webhook',
      }).catch((err: unknown) =>
        log.warn({ err, paymentId: payment.id }, 'approved order could not be settled'),
      );
      return { handled: true };
    }
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const payment = await paymentFor(db, resource);
      if (payment?.method !== 'paypal') return { handled: false };
      const value = resource.amount?.value;
      if (
        resource.amount?.currency_code !== 'USD' ||
        value !== centsToDecimal(payment.amountCents)
      ) {
        log.error(
          { paymentId: payment.id, amount: resource.amount },
          'webhook capture amount does not match',
        );
        await recordPaymentState({
          db,
          paymentId: payment.id,
          to: 'failed',
          source: 'webhook',
          reason: 'wrong-amount',
        });
        return { handled: true };
      }
      await markPaid({
        db,
        env,
        paymentId: payment.id,
        externalId: `paypal:${resource.id}`,
        source: 'webhook',
      });
      return { handled: true };
    }
    case 'PAYMENT.CAPTURE.DENIED': {
      const payment = await paymentFor(db, resource);
      if (!payment) return { handled: false };
      await recordPaymentState({
        db,
        paymentId: payment.id,
        to: 'failed',
        source: 'webhook',
        reason: 'declined',
      });
      return { handled: true };
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const payment = await paymentFor(db, resource);
      if (payment?.method !== 'paypal') return { handled: false };
      // A partial refund (a goodwill gesture) leaves the payment standing; it is only noted.
      const refunded = resource.amount?.value;
      if (
        event.event_type === 'PAYMENT.CAPTURE.REFUNDED' &&
        refunded &&
        refunded !== centsToDecimal(payment.amountCents)
      ) {
        await db.transaction((tx) =>
          transitionPayment(tx, {
            paymentId: payment.id,
            source: 'webhook',
            detail: { partialRefund: refunded, resourceId: resource.id },
          }),
        );
        return { handled: true };
      }
      await recordPaymentState({
        db,
        paymentId: payment.id,
        to: 'refunded',
        source: 'webhook',
        reason: event.event_type === 'PAYMENT.CAPTURE.REVERSED' ? 'reversed' : 'refunded',
        detail: { resourceId: resource.id },
      });
      return { handled: true };
    }
    default:
      return { handled: false };
  }
}
