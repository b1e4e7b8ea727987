import { shopMessages } from '@studio/shared/messages/shop';
import {
  adminProductsQuerySchema,
  productCreateSchema,
  productUpdateSchema,
} from '@studio/shared/schemas/admin';
import {
  adminProductAnswerSchema,
  adminProductListSchema,
  stockHistorySchema,
} from '@studio/shared/schemas/admin-products';
import { paginationSchema } from '@studio/shared/schemas/pagination';
import { singleLine } from '@studio/shared/schemas/text';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AdminEnv } from '../context.ts';
import { ApiError } from '../lib/api-error.ts';
import { validate } from '../lib/validate.ts';
import { answers, fits } from '../openapi/answers.ts';
import { addProductImage } from '../services/products/add-product-image.ts';
import { createProduct } from '../services/products/create-product.ts';
import { deactivateProduct } from '../services/products/deactivate-product.ts';
import { findProduct } from '../services/products/find-product.ts';
import { listProductsForAdmin } from '../services/products/list-products-for-admin.ts';
import { presentProduct } from '../services/products/present-product.ts';
import { removeProductImage } from '../services/products/remove-product-image.ts';
import { updateProduct } from '../services/products/update-product.ts';
import { listStockHistory } from '../services/stock/list-stock-history.ts';

/** One product, as it is now. */
const product = adminProductAnswerSchema;

export const adminProductRoutes = new Hono<AdminEnv>()
  .get(
    '/',
    answers({ 200: adminProductListSchema }),
    validate('query', adminProductsQuerySchema),
    async (c) =>
      c.json(
        fits(
          adminProductListSchema,
          await listProductsForAdmin({ db: c.var.db, query: c.req.valid('query') }),
        ),
        200,
      ),
  )
  .get('/:id', answers({ 200: product }), async (c) =>
    c.json(
      fits(product, { product: presentProduct(await findProduct(c.var.db, c.req.param('id'))) }),
      200,
    ),
  )
  .get(
    '/:id/stock-history',
    answers({ 200: stockHistorySchema }),
    validate('query', paginationSchema),
    async (c) =>
      c.json(
        fits(
          stockHistorySchema,
          await listStockHistory({
            db: c.var.db,
            productId: c.req.param('id'),
            query: c.req.valid('query'),
          }),
        ),
        200,
      ),
  )
  .post('/', answers({ 201: product }), validate('json', productCreateSchema), async (c) => {
    const product = await createProduct({
      db: c.var.db,
      actorId: c.var.user.id,
      input: c.req.valid('json'),
    });
    return c.json(fits(adminProductAnswerSchema, { product }), 201);
  })
  .put('/:id', answers({ 200: product }), validate('json', productUpdateSchema), async (c) => {
    const product = await updateProduct({
      db: c.var.db,
      actorId: c.var.user.id,
      id: c.req.param('id'),
      input: c.req.valid('json'),
    });
    return c.json(fits(adminProductAnswerSchema, { product }), 200);
  })
  .delete('/:id', answers({ 200: product }), async (c) => {
    const product = await deactivateProduct({
      db: c.var.db,
      actorId: c.var.user.id,
      id: c.req.param('id'),
    });
    return c.json(fits(adminProductAnswerSchema, { product }), 200);
  })
  .post('/:id/images', answers({ 201: product }), async (c) => {
    const body = c.env?.incoming ?? c.req.raw.body;
    if (!body) throw new ApiError('BAD_REQUEST', shopMessages.imageMultipartRequired);
    const product = await addProductImage({
      ...c.var,
      actorId: c.var.user.id,
      id: c.req.param('id'),
      body,
      contentType: c.req.header('content-type') ?? '',
    });
    return c.json(fits(adminProductAnswerSchema, { product }), 201);
  })
  .delete(
    '/:id/images',
    answers({ 200: product }),
    validate('query', z.object({ url: singleLine('url').min(1).max(500) })),
    async (c) => {
      const product = await removeProductImage({
        ...c.var,
        actorId: c.var.user.id,
        id: c.req.param('id'),
        url: c.req.valid('query').url,
      });
      return c.json(fits(adminProductAnswerSchema, { product }), 200);
    },
  );
