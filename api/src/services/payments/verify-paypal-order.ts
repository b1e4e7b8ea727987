import { centsToDecimal } from '@studio/shared/crypto-units';
import { paymentMessages } from '@studio/shared/messages/payments';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Payment } from './load-payment.ts';
import { firstCapture, PaypalError, type PaypalOrder, paypalClient } from './paypal-client.ts';
import { PeerUnavailableError } from './peer-unavailable-error.ts';
import type { Verdict } from './verdict.ts';

/**
 * Captures a PayPal order (idempotent: `captureKey` is the PayPal-Request-Id, the same for every
 * retry of this capture) or reads an already captured one, then checks what PayPal reports
 * against what is due: status, USD, the exact value, and our payment id in `custom_id`. A declined
 * funding source is `declined` (the buyer may approve again); PayPal down or too slow throws
 * PeerUnavailableError.
 */
export async function verifyPaypalOrder({
  env,
  log,
  payment,
  capture = true,
  captureKey = `capture-${payment.id}`,
}: {
  env: Env;
  log: Logger;
  payment: Payment;
  capture?: boolean;
  captureKey?: string;
}): Promise<Verdict> {
  const client = paypalClient(env);
  const orderId = payment.providerReference ?? '';
  const detail: Record<string, unknown> = { orderId };
  let order: PaypalOrder;
  try {
    // Read first: a repeated capture with the same PayPal-Request-Id would answer the first
    // (possibly pending) result again, while the order shows the capture as it is now.
    order = await client.getOrder(orderId);
    if (order.status === 'APPROVED' && !firstCapture(order) && capture) {
      order = await client.captureOrder(orderId, captureKey);
    }
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    if (error.hasIssue('ORDER_ALREADY_CAPTURED')) {
      order = await client.getOrder(orderId);
    } else if (error.hasIssue('INSTRUMENT_DECLINED')) {
      // PayPal's restart: the buyer picks another funding source and approves this same order
      // again (the error's `redirect` link), so the payment stays open.
      const redirect = (error.body.links as { rel?: string; href?: string }[] | undefined)?.find(
        (l) => l.rel === 'redirect',
      )?.href;
      return {
        state: 'declined',
        message: paymentMessages.declined,
        detail: { ...detail, issue: 'INSTRUMENT_DECLINED', captureKey, redirect },
      };
    } else if (error.hasIssue('TRANSACTION_REFUSED')) {
      return { state: 'failed', reason: 'declined', message: paymentMessages.declined, detail };
    } else if (error.hasIssue('ORDER_NOT_APPROVED')) {
      return { state: 'pending', detail: { ...detail, approved: false } };
    } else if (error.status === 404 || error.hasIssue('RESOURCE_NOT_FOUND')) {
      return { state: 'unknown', detail };
    } else {
      // An answer we cannot act on (credentials, permissions): as good as no answer for now.
      log.error({ err: error, paymentId: payment.id }, 'PayPal refused the call');
      throw new PeerUnavailableError('paypal', error.message, { cause: error });
    }
  }
  const found = firstCapture(order);
  if (!found) {
    return order.status === 'COMPLETED'
      ? {
          state: 'failed',
          reason: 'no-capture',
          message: paymentMessages.paypalVerificationFailed,
          detail,
        }
      : { state: 'pending', detail: { ...detail, orderStatus: order.status } };
  }
  detail.captureId = found.id;
  detail.captureStatus = found.status;
  const expected = centsToDecimal(payment.amountCents);
  if (
    found.amount.currency_code !== 'USD' ||
    found.amount.value !== expected ||
    found.custom_id !== payment.id
  ) {
    log.error(
      { paymentId: payment.id, expected, got: found.amount, customId: found.custom_id },
      'PayPal capture does not match the payment: needs a refund by hand',
    );
    return {
      state: 'failed',
      reason: 'wrong-amount',
      message: paymentMessages.wrongAmount,
      detail,
    };
  }
  if (found.status === 'COMPLETED')
    return { state: 'confirmed', externalId: `paypal:${found.id}`, detail };
  if (found.status === 'PENDING') return { state: 'pending', detail };
  return { state: 'failed', reason: 'declined', message: paymentMessages.declined, detail };
}
