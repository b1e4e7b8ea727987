import { orderMessages } from '@studio/shared/messages/orders';
import {
  adminOrderAnswerSchema,
  adminOrderChangeSchema,
  adminOrderListSchema,
} from '@studio/shared/schemas/admin-orders';
import {
  adminOrdersQuerySchema,
  orderStatusSchema,
  shippingInfoSchema,
} from '@studio/shared/schemas/orders';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { pdfDownload } from '../lib/pdf-download.ts';
import { validate } from '../lib/validate.ts';
import { answers, fits } from '../openapi/answers.ts';
import { grantAgain } from '../services/downloads/grant-again.ts';
import { openInvoice } from '../services/invoices/open-invoice.ts';
import { addShipping } from '../services/orders/add-shipping.ts';
import { getOrderForAdmin } from '../services/orders/get-order-for-admin.ts';
import { listOrders } from '../services/orders/list-orders.ts';
import { updateOrderStatus } from '../services/orders/update-order-status.ts';

const invoicePdf = { mediaType: 'application/pdf', description: 'The invoice, a PDF file.' };

export const adminOrderRoutes = new Hono<AdminEnv>()
  .get(
    '/',
    answers({ 200: adminOrderListSchema }),
    validate('query', adminOrdersQuerySchema),
    async (c) =>
      c.json(
        fits(adminOrderListSchema, await listOrders({ db: c.var.db, query: c.req.valid('query') })),
        200,
      ),
  )
  .get('/:id', answers({ 200: adminOrderAnswerSchema }), async (c) =>
    c.json(
      fits(adminOrderAnswerSchema, {
        order: await getOrderForAdmin({ db: c.var.db, id: c.req.param('id') }),
      }),
      200,
    ),
  )
  // Any paid order's invoice (decision 036).
  .get('/:id/invoice.pdf', answers({ 200: invoicePdf }), async (c) => {
    const pdf = pdfDownload(
      await openInvoice({
        ...c.var,
        subject: { kind: 'order', id: c.req.param('id') },
        ownerId: null,
      }),
    );
    return c.body(pdf.body, 200, pdf.headers);
  })
  .put(
    '/:id/status',
    answers({ 200: adminOrderChangeSchema }),
    validate('json', orderStatusSchema),
    async (c) => {
      const order = await updateOrderStatus({
        db: c.var.db,
        actorId: c.var.user.id,
        id: c.req.param('id'),
        status: c.req.valid('json').status,
      });
      return c.json(
        fits(adminOrderChangeSchema, { order, message: orderMessages.statusUpdated }),
        200,
      );
    },
  )
  .put(
    '/:id/shipping',
    answers({ 200: adminOrderChangeSchema }),
    validate('json', shippingInfoSchema),
    async (c) => {
      const order = await addShipping({
        ...c.var,
        actorId: c.var.user.id,
        id: c.req.param('id'),
        input: c.req.valid('json'),
      });
      return c.json(
        fits(adminOrderChangeSchema, { order, message: orderMessages.shippingAdded }),
        200,
      );
    },
  )
  // Grants a buyer's downloads again: the count starts over, the days run from now (decision 045).
  .post('/:id/grants/:grantId/renew', answers({ 200: adminOrderChangeSchema }), async (c) => {
    const { id, grantId } = c.req.param();
    const { message } = await grantAgain({
      db: c.var.db,
      orderId: id,
      grantId,
      actorId: c.var.user.id,
    });
    const order = await getOrderForAdmin({ db: c.var.db, id });
    return c.json(fits(adminOrderChangeSchema, { order, message }), 200);
  });
