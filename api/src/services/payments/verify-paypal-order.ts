import { centsToDecimal } from '@studio/shared/crypto-units';
import { messages } from '@studio/shared/messages';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Payment } from './load-payment.ts';
import { firstCapture, PaypalError, type PaypalOrder, paypalClient } from './paypal-client.ts';
import type { Verdict } from './verdict.ts';

/**
 * Captures a PayPal order (idempotent: the PayPal-Request-Id is fixed per payment) or reads an
 * already captured one, then checks what PayPal reports against what is due: status, USD,
 * the exact value, and our payment id in `custom_id`.
 */
export async function verifyPaypalOrder({
  env,
  log,
  payment,
  capture = true,
}: {
  env: Env;
  log: Logger;
  payment: Payment;
  capture?: boolean;
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
      order = await client.captureOrder(orderId, `capture-${payment.id}`);
    }
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    if (error.hasIssue('ORDER_ALREADY_CAPTURED')) {
      order = await client.getOrder(orderId);
    } else if (error.hasIssue('INSTRUMENT_DECLINED') || error.hasIssue('TRANSACTION_REFUSED')) {
      return { state: 'failed', reason: 'declined', message: messages.payments.declined, detail };
    } else if (error.hasIssue('ORDER_NOT_APPROVED')) {
      return { state: 'pending', detail: { ...detail, approved: false } };
    } else if (error.status === 404 || error.hasIssue('RESOURCE_NOT_FOUND')) {
      return { state: 'unknown', detail };
    } else {
      log.error({ err: error, paymentId: payment.id }, 'PayPal capture failed');
      throw new ApiError('UNAVAILABLE', messages.payments.providerUnavailable);
    }
  }
  const found = firstCapture(order);
  if (!found) {
    return order.status === 'COMPLETED'
      ? {
          state: 'failed',
          reason: 'no-capture',
          message: messages.payments.paypalVerificationFailed,
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
      message: messages.payments.wrongAmount,
      detail,
    };
  }
  if (found.status === 'COMPLETED')
    return { state: 'confirmed', externalId: `paypal:${found.id}`, detail };
  if (found.status === 'PENDING') return { state: 'pending', detail };
  return { state: 'failed', reason: 'declined', message: messages.payments.declined, detail };
}
