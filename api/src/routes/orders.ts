import { pipeline } from 'node:stream/promises';
import { downloadMessages } from '@studio/shared/messages/downloads';
import { orderMessages } from '@studio/shared/messages/orders';
import { paymentMessages } from '@studio/shared/messages/payments';
import {
  type DownloadLinkAnswer,
  downloadLinkAnswerSchema,
} from '@studio/shared/schemas/downloads';
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
import { singleLine } from '@studio/shared/schemas/text';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../lib/api-error.ts';
import { clientIp } from '../lib/client-ip.ts';
import { contentDisposition } from '../lib/content-disposition.ts';
import { pdfDownload } from '../lib/pdf-download.ts';
import { sendFile } from '../lib/send-file.ts';
import { validate } from '../lib/validate.ts';
import { toWebStream } from '../lib/web-stream.ts';
import { requireUser } from '../middleware/auth.ts';
import { sendDirectly } from '../middleware/send-directly.ts';
import { answers } from '../openapi/answers.ts';
import {
  checkOrderFileLink,
  createOrderFileLink,
} from '../services/downloads/create-order-file-link.ts';
import { openOrderFile } from '../services/downloads/open-order-file.ts';
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
import {
  downloadRateLimit,
  orderRateLimitByIp,
  paymentRateLimit,
} from '../services/rate-limit/limit-by-ip.ts';
import { answerStoredFile, withRanges } from './answer-stored-file.ts';

/** A file of a digital product on the caller's paid order (decision 045). */
const orderFile = {
  mediaType: '*/*',
  description: "The file's bytes, as its type; `Content-Disposition: attachment` with its name.",
};

/** The query of a signed download link (services/downloads/create-order-file-link.ts). */
const fileLinkQuery = z.object({
  expires: singleLine('expires').max(20).optional(),
  token: singleLine('token').max(200).optional(),
});

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
  // A signed link to one of the order's files, for the browser to download natively.
  .post(
    '/:id/files/:fileId/link',
    answers({ 200: downloadLinkAnswerSchema }),
    requireUser,
    async (c) => {
      const { id, fileId } = c.req.param();
      const link = await createOrderFileLink({
        db: c.var.db,
        env: c.var.env,
        secret: c.var.secret,
        userId: c.var.user.id,
        orderId: id,
        fileId,
      });
      return c.json(link satisfies DownloadLinkAnswer, 200);
    },
  )
  /**
   * The download (decision 045): with the bearer token or a signed link. Honours `Range` (206)
   * and `If-Range`; HEAD answers the headers and counts nothing. On S3, counted here and then
   * redirected to the bucket (302).
   */
  .get(
    '/:id/files/:fileId',
    answers({
      200: orderFile,
      206: orderFile,
      302: {
        description:
          'On S3 (S3_DOWNLOADS=redirect): the download, counted, continues at a 5-minute presigned URL of the bucket, which answers the bytes, the range and the same Content-Disposition.',
      },
    }),
    downloadRateLimit,
    validate('query', fileLinkQuery),
    async (c) => {
      const { id, fileId } = c.req.param();
      const { expires, token } = c.req.valid('query');
      let userId = c.var.user?.id;
      if (!userId) {
        if (!token) throw new ApiError('UNAUTHORIZED', downloadMessages.signInToDownload);
        userId = await checkOrderFileLink({
          db: c.var.db,
          secret: c.var.secret,
          orderId: id,
          fileId,
          expires: expires ?? '',
          token,
        });
      }
      return withRanges(c, async () =>
        answerStoredFile(
          c,
          await openOrderFile({
            ...c.var,
            userId,
            orderId: id,
            fileId,
            rangeHeader: c.req.header('range'),
            ifRange: c.req.header('if-range'),
            head: c.req.method === 'HEAD',
            ip: clientIp(c),
            userAgent: c.req.header('user-agent') ?? null,
          }),
        ),
      );
    },
  )
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
