import { paymentMessages } from '@studio/shared/messages/payments';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import type { PaySubject } from '../types';
import { subjectBody } from './create-quote';

/** POST /api/payments/paypal/orders: the server creates the PayPal order from its own price. */
export async function createPaypalOrder(subject: PaySubject): Promise<string> {
  const { orderId } = await unwrap(
    api.payments.paypal.orders.$post({ json: subjectBody(subject) }),
    paymentMessages.paypalFailed,
  );
  return orderId;
}
