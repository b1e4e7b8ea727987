import { Readable } from 'node:stream';
import { messages } from '@studio/shared/messages';
import {
  adminProductsQuerySchema,
  adminSubmissionsQuerySchema,
  productCreateSchema,
  productUpdateSchema,
  reportQuerySchema,
  serviceUpdateSchema,
} from '@studio/shared/schemas/admin';
import {
  adminOrdersQuerySchema,
  orderStatusSchema,
  shippingInfoSchema,
} from '@studio/shared/schemas/orders';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, AuthedEnv } from '../../context.ts';
import { ApiError } from '../../lib/api-error.ts';
import { validate } from '../../lib/validate.ts';
import { addShipping } from '../../services/admin/add-shipping.ts';
import { dashboard } from '../../services/admin/dashboard.ts';
import { getOrderForAdmin, listOrders } from '../../services/admin/list-orders.ts';
import { addProductImage, removeProductImage } from '../../services/admin/product-images.ts';
import {
  createProduct,
  deactivateProduct,
  findProduct,
  listProductsForAdmin,
  updateProduct,
} from '../../services/admin/products.ts';
import { report } from '../../services/admin/report.ts';
import { listServicesForAdmin, updateService } from '../../services/admin/services.ts';
import {
  getSubmission,
  listSubmissions,
  openSubmissionFile,
} from '../../services/admin/submissions.ts';
import { updateOrderStatus } from '../../services/admin/update-order-status.ts';
import { presentProduct } from '../../services/catalog/present-product.ts';

/** Every route here sits under /api/admin, whose whole prefix requires an admin (app.ts). */
type Admin = AuthedEnv & AppEnv;

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const adminCommerceRoutes = new Hono<Admin>()
  .get('/dashboard', async (c) => c.json(await dashboard(c.var), 200))
  .get('/report', validate('query', reportQuerySchema), async (c) =>
    c.json(await report({ db: c.var.db, query: c.req.valid('query') }), 200),
  )
  // Orders
  .get('/orders', validate('query', adminOrdersQuerySchema), async (c) =>
    c.json(await listOrders({ db: c.var.db, query: c.req.valid('query') }), 200),
  )
  .get('/orders/:id', async (c) =>
    c.json({ order: await getOrderForAdmin({ db: c.var.db, id: c.req.param('id') }) }, 200),
  )
  .put('/orders/:id/status', validate('json', orderStatusSchema), async (c) => {
    const order = await updateOrderStatus({
      db: c.var.db,
      actorId: c.var.user.id,
      id: c.req.param('id'),
      status: c.req.valid('json').status,
    });
    return c.json({ order, message: messages.orders.statusUpdated }, 200);
  })
  .put('/orders/:id/shipping', validate('json', shippingInfoSchema), async (c) => {
    const order = await addShipping({
      ...c.var,
      actorId: c.var.user.id,
      id: c.req.param('id'),
      input: c.req.valid('json'),
    });
    return c.json({ order, message: messages.orders.shippingAdded }, 200);
  })
  // Products
  .get('/products', validate('query', adminProductsQuerySchema), async (c) =>
    c.json(await listProductsForAdmin({ db: c.var.db, query: c.req.valid('query') }), 200),
  )
  .get('/products/:id', async (c) =>
    c.json({ product: presentProduct(await findProduct(c.var.db, c.req.param('id'))) }, 200),
  )
  .post('/products', validate('json', productCreateSchema), async (c) => {
    const product = await createProduct({
      db: c.var.db,
      actorId: c.var.user.id,
      input: c.req.valid('json'),
    });
    return c.json({ product }, 201);
  })
  .put('/products/:id', validate('json', productUpdateSchema), async (c) => {
    const product = await updateProduct({
      db: c.var.db,
      actorId: c.var.user.id,
      id: c.req.param('id'),
      input: c.req.valid('json'),
    });
    return c.json({ product }, 200);
  })
  .delete('/products/:id', async (c) => {
    const product = await deactivateProduct({
      db: c.var.db,
      actorId: c.var.user.id,
      id: c.req.param('id'),
    });
    return c.json({ product }, 200);
  })
  .post('/products/:id/images', async (c) => {
    const body = c.env?.incoming ?? c.req.raw.body;
    if (!body) throw new ApiError('BAD_REQUEST', 'Send the image as multipart/form-data');
    const product = await addProductImage({
      ...c.var,
      actorId: c.var.user.id,
      id: c.req.param('id'),
      body,
      contentType: c.req.header('content-type') ?? '',
    });
    return c.json({ product }, 201);
  })
  .delete(
    '/products/:id/images',
    validate('query', z.object({ url: z.string().min(1).max(500) })),
    async (c) => {
      const product = await removeProductImage({
        ...c.var,
        actorId: c.var.user.id,
        id: c.req.param('id'),
        url: c.req.valid('query').url,
      });
      return c.json({ product }, 200);
    },
  )
  // Services
  .get('/services', async (c) => c.json(await listServicesForAdmin({ db: c.var.db }), 200))
  .put('/services/:id', validate('json', serviceUpdateSchema), async (c) => {
    const service = await updateService({
      db: c.var.db,
      actorId: c.var.user.id,
      id: c.req.param('id'),
      input: c.req.valid('json'),
    });
    return c.json({ service }, 200);
  })
  // Project submissions
  .get('/submissions', validate('query', adminSubmissionsQuerySchema), async (c) =>
    c.json(await listSubmissions({ db: c.var.db, query: c.req.valid('query') }), 200),
  )
  .get('/submissions/:id', async (c) =>
    c.json(await getSubmission({ db: c.var.db, id: c.req.param('id') }), 200),
  )
  .get('/submissions/:id/files/:fileId', async (c) => {
    const file = await openSubmissionFile({
      ...c.var,
      id: c.req.param('id'),
      fileId: c.req.param('fileId'),
    });
    return c.body(Readable.toWeb(file.stream) as ReadableStream, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes),
      'Content-Disposition': contentDisposition(file.name),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
