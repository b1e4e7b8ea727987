import { orderMessages } from '@studio/shared/messages/orders';
import { paymentMessages } from '@studio/shared/messages/payments';
import { createOrderSchema, executePaymentSchema } from '@studio/shared/schemas/orders';
import { paginationSchema } from '@studio/shared/schemas/pagination';
import { orderPaymentConfirmSchema } from '@studio/shared/schemas/payments';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { clientIp } from '../lib/client-ip.ts';
import { pdfDownload } from '../lib/pdf-download.ts';
import { refuseUnsettledPayment } from '../lib/refuse-unsettled-payment.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/auth.ts';
import {
  invoiceRateLimit,
  orderRateLimitByAccount,
  orderRateLimitByIp,
  paymentRateLimit,
} from '../middleware/rate-limits.ts';
import { openInvoice } from '../services/invoices/open-invoice.ts';
import { cancelMyOrder } from '../services/orders/cancel-my-order.ts';
import { createOrder } from '../services/orders/create-order.ts';
import { getMyOrder } from '../services/orders/get-my-order.ts';
import { listMyOrders } from '../services/orders/list-my-orders.ts';
import { confirmPayment } from '../services/payments/confirm-payment.ts';

export const orderRoutes = new Hono<AppEnv>()
  .post(
    '/',
    requireUser,
    orderRateLimitByIp,
    orderRateLimitByAccount,
    validate('json', createOrderSchema),
    async (c) => {
      const order = await createOrder({
        ...c.var,
        userId: c.var.user.id,
        input: c.req.valid('json'),
      });
      return c.json({ order }, 201);
    },
  )
  .get('/', requireUser, validate('query', paginationSchema), async (c) => {
    const { page, pageSize } = c.req.valid('query');
    return c.json(await listMyOrders({ db: c.var.db, userId: c.var.user.id, page, pageSize }), 200);
  })
  /**
   * The spec's call after PayPal returns to /checkout/success?paymentId&PayerID&orderId:
   * captures and verifies on the server, then answers the order summary the page shows.
   */
  .post(
    '/execute-payment',
    requireUser,
    paymentRateLimit,
    validate('json', executePaymentSchema),
    async (c) => {
      const { db, user } = c.var;
      const { paymentId, orderId } = c.req.valid('json');
      const result = refuseUnsettledPayment(
        await confirmPayment({
          ...c.var,
          subject: { kind: 'order', id: orderId },
          caller: user,
          method: 'paypal',
          reference: paymentId,
          clientAddress: clientIp(c),
        }),
      );
      const order = await getMyOrder({ db, user, orderId });
      if (result.status !== 'confirmed') {
        return c.json(
          {
            success: false as const,
            status: result.status,
            message: paymentMessages.pending,
            order,
          },
          202,
        );
      }
      return c.json({ success: true as const, status: result.status, order }, 200);
    },
  )
  .get('/:id', requireUser, async (c) => {
    const order = await getMyOrder({ ...c.var, orderId: c.req.param('id') });
    return c.json({ order }, 200);
  })
  // The customer cancels their own unpaid order; its stock goes back at once.
  .post('/:id/cancel', requireUser, async (c) => {
    const order = await cancelMyOrder({ ...c.var, orderId: c.req.param('id') });
    return c.json({ message: orderMessages.cancelled, order }, 200);
  })
  // The customer's own invoice once the order is paid (decision 036).
  .get('/:id/invoice.pdf', requireUser, invoiceRateLimit, async (c) => {
    const pdf = pdfDownload(
      await openInvoice({
        ...c.var,
        subject: { kind: 'order', id: c.req.param('id') },
        ownerId: c.var.user.id,
      }),
    );
    return c.body(pdf.body, 200, pdf.headers);
  })
  .post(
    '/:id/payment-confirm',
    requireUser,
    paymentRateLimit,
    validate('json', orderPaymentConfirmSchema),
    async (c) => {
      const { paymentMethod, transactionId } = c.req.valid('json');
      const result = refuseUnsettledPayment(
        await confirmPayment({
          ...c.var,
          subject: { kind: 'order', id: c.req.param('id') },
          caller: c.var.user,
          method: paymentMethod,
          reference: transactionId,
          clientAddress: clientIp(c),
        }),
      );
      return c.json(
        { success: true as const, status: result.status, paymentId: result.paymentId },
        result.status === 'confirmed' ? 200 : 202,
      );
    },
  );
