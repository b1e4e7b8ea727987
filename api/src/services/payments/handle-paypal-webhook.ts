import { centsToDecimal } from '@studio/shared/crypto-units';
import { httpMessages } from '@studio/shared/messages/http';
import { paymentMessages } from '@studio/shared/messages/payments';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { recordPaypalRefund } from '../refunds/record-paypal-refund.ts';
import { applyVerdict } from './apply-verdict.ts';
import { loadPayable, loadPayment, subjectOf } from './load-payment.ts';
import { markPaid } from './mark-paid.ts';
import { paypalCaptureKey } from './paypal-capture-key.ts';
import { PaypalError, paypalClient } from './paypal-client.ts';
import { recordPaymentState } from './record-payment-state.ts';
import { settleDoubtfulPaypalPayments } from './settle-doubtful-paypal-payments.ts';
import { verifyPaypalOrder } from './verify-paypal-order.ts';

interface Money {
  currency_code?: string;
  value?: string;
}

interface WebhookEvent {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    custom_id?: string;
    amount?: Money;
    links?: { href: string; rel: string }[];
    supplementary_data?: { related_ids?: { order_id?: string; capture_id?: string } };
    /** A refund's (PAYMENT.CAPTURE.REFUNDED): what has been refunded of the capture so far. */
    seller_payable_breakdown?: { total_refunded_amount?: Money };
  };
}

/** The capture a refund (or a reversal) belongs to: its `up` link, or the related ids. */
function captureIdOf(resource: NonNullable<WebhookEvent['resource']>): string | undefined {
  return (
    resource.supplementary_data?.related_ids?.capture_id ??
    resource.links?.find((l) => l.rel === 'up')?.href.match(/captures\/([^/?]+)/)?.[1]
  );
}

/** The payment a capture (or a refund of it) belongs to: by custom_id, else by capture id. */
async function paymentFor(db: Db, resource: NonNullable<WebhookEvent['resource']>) {
  if (resource.custom_id && /^[0-9a-f-]{36}$/.test(resource.custom_id)) {
    const byCustom = await loadPayment(db, resource.custom_id);
    if (byCustom) return byCustom;
  }
  const captureId = captureIdOf(resource);
  if (!captureId) return undefined;
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.externalId, `paypal:${captureId}`))
    .limit(1);
  return row;
}

/**
 * PayPal webhooks, each verified first with PayPal's verify-webhook-signature call on the body
 * exactly as it was received (`rawBody`). They catch what a closed browser tab misses: an approved
 * order is captured here, a pending capture that completes is confirmed, denials and reversals are
 * recorded, and refunds follow what has been refunded of the capture in all: refunds that add up
 * to the whole refund the payment. PayPal down answers 503, and PayPal delivers the event again.
 */
export async function handlePaypalWebhook({
  db,
  env,
  secret,
  jobs,
  log,
  headers,
  rawBody,
}: {
  db: Db;
  env: Env;
  /** Signs a project's room link in its receipt (decision 046). */
  secret: string;
  jobs: Jobs;
  log: Logger;
  headers: Record<string, string | undefined>;
  /** The request body as received. */
  rawBody: Uint8Array;
}): Promise<{ handled: boolean }> {
  if (!env.PAYPAL_WEBHOOK_ID || !env.PAYPAL_CLIENT_ID) {
    throw new ApiError('NOT_FOUND', paymentMessages.webhooksOff);
  }
  // PayPal refuses to check a request that lacks its headers (400): not a valid event.
  let event: WebhookEvent;
  try {
    event = JSON.parse(Buffer.from(rawBody).toString('utf8')) as WebhookEvent;
  } catch {
    throw new ApiError('MALFORMED_JSON', httpMessages.malformedJson);
  }
  const verified = await paypalClient(env)
    .verifyWebhook(headers, rawBody)
    .catch((error: unknown) => {
      if (error instanceof PaypalError && error.status < 500) return false;
      throw error;
    });
  if (!verified) throw new ApiError('BAD_REQUEST', paymentMessages.webhookSignatureInvalid);
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
      await settleDoubtfulPaypalPayments({
        db,
        env,
        secret,
        jobs,
        log,
        payment,
        source: 'webhook',
      });
      const payable = await loadPayable(db, subjectOf(payment));
      if (payable.paid || !payable.payable) {
        log.warn(
          { paymentId: payment.id },
          'approved PayPal order for something already paid or closed: not captured',
        );
        return { handled: false };
      }
      const verdict = await verifyPaypalOrder({
        env,
        log,
        payment,
        captureKey: await paypalCaptureKey(db, payment.id),
      });
      await applyVerdict({
        db,
        env,
        secret,
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
        secret,
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
    case 'PAYMENT.CAPTURE.REFUNDED': {
      // The resource is the refund: an admin's made here (its custom_id), or one made in
      // PayPal's dashboard (services/refunds/record-paypal-refund.ts).
      const payment = await paymentFor(db, resource);
      if (payment?.method !== 'paypal') return { handled: false };
      await recordPaypalRefund({
        db,
        env,
        log,
        payment,
        resource: { ...resource, id: resource.id },
        captureId: captureIdOf(resource) ?? payment.externalId?.replace(/^paypal:/, ''),
      });
      return { handled: true };
    }
    case 'PAYMENT.CAPTURE.REVERSED': {
      const payment = await paymentFor(db, resource);
      if (payment?.method !== 'paypal') return { handled: false };
      await recordPaymentState({
        db,
        paymentId: payment.id,
        to: 'refunded',
        source: 'webhook',
        reason: 'reversed',
        detail: { resourceId: resource.id },
      });
      return { handled: true };
    }
    default:
      return { handled: false };
  }
}
