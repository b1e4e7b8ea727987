import { orderMessages } from '@studio/shared/messages/orders';
import { paymentMessages } from '@studio/shared/messages/payments';
import {
  type OrderAnswer,
  type OrderCancelledAnswer,
  type OrderListAnswer,
  orderAnswerSchema,
  orderCancelledAnswerSchema,
  orderListAnswerSchema,
  type PaymentExecutedAnswer,
  type PaymentExecutionPendingAnswer,
  paymentExecutedAnswerSchema,
  paymentExecutionPendingAnswerSchema,
} from '@studio/shared/schemas/order-answers';
import { createOrderSchema, executePaymentSchema } from '@studio/shared/schemas/orders';
import { paginationSchema } from '@studio/shared/schemas/pagination';
import {
  type OrderPaymentConfirmAnswer,
  orderPaymentConfirmedAnswerSchema,
  orderPaymentConfirmSchema,
  orderPaymentPendingAnswerSchema,
} from '@studio/shared/schemas/payments';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { clientIp } from '../lib/client-ip.ts';
import { pdfDownload } from '../lib/pdf-download.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/auth.ts';
import { answers } from '../openapi/answers.ts';
import { openInvoice } from '../services/invoices/open-invoice.ts';
import { cancelMyOrder } from '../services/orders/cancel-my-order.ts';
import { createOrder } from '../services/orders/create-order.ts';
import { getMyOrder } from '../services/orders/get-my-order.ts';
import { listMyOrders } from '../services/orders/list-my-orders.ts';
import { confirmPayment } from '../services/payments/confirm-payment.ts';
import { refuseUnsettledPayment } from '../services/payments/refuse-unsettled-payment.ts';
import {
  invoiceRateLimit,
  orderRateLimitByAccount,
} from '../services/rate-limit/limit-by-account.ts';
import { orderRateLimitByIp, paymentRateLimit } from '../services/rate-limit/limit-by-ip.ts';

const invoicePdf = answers({
  200: { mediaType: 'application/pdf', description: "The paid order's invoice." },
});

export const orderRoutes = new Hono<AppEnv>()
  .post(
    '/',
    answers({ 201: orderAnswerSchema }),
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
      return c.json({ order } satisfies OrderAnswer, 201);
    },
  )
  .get(
    '/',
    answers({ 200: orderListAnswerSchema }),
    requireUser,
    validate('query', paginationSchema),
    async (c) => {
      const { page, pageSize } = c.req.valid('query');
      const list = await listMyOrders({ db: c.var.db, userId: c.var.user.id, page, pageSize });
      return c.json(list satisfies OrderListAnswer, 200);
    },
  )
  /**
   * The spec's call after PayPal returns to /checkout/success?paymentId&PayerID&orderId:
   * captures and verifies on the server, then answers the order summary the page shows.
   */
  .post(
    '/execute-payment',
    answers({ 200: paymentExecutedAnswerSchema, 202: paymentExecutionPendingAnswerSchema }),
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
          } satisfies PaymentExecutionPendingAnswer,
          202,
        );
      }
      return c.json(
        { success: true as const, status: result.status, order } satisfies PaymentExecutedAnswer,
        200,
      );
    },
  )
  .get('/:id', answers({ 200: orderAnswerSchema }), requireUser, async (c) => {
    const order = await getMyOrder({ ...c.var, orderId: c.req.param('id') });
    return c.json({ order } satisfies OrderAnswer, 200);
  })
  // The customer cancels their own unpaid order; its stock goes back at once.
  .post('/:id/cancel', answers({ 200: orderCancelledAnswerSchema }), requireUser, async (c) => {
    const order = await cancelMyOrder({ ...c.var, orderId: c.req.param('id') });
    return c.json({ message: orderMessages.cancelled, order } satisfies OrderCancelledAnswer, 200);
  })
  // The customer's own invoice once the order is paid (decision 036).
  .get('/:id/invoice.pdf', invoicePdf, requireUser, invoiceRateLimit, async (c) => {
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
    answers({ 200: orderPaymentConfirmedAnswerSchema, 202: orderPaymentPendingAnswerSchema }),
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
        {
          success: true as const,
          status: result.status,
          paymentId: result.paymentId,
        } satisfies OrderPaymentConfirmAnswer,
        result.status === 'confirmed' ? 200 : 202,
      );
    },
  );
