import { downloadLimits } from '@studio/shared/downloads';
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
import {
  type ProductFileChangeAnswer,
  type ProductFileDraftAnswer,
  type ProductFilesAnswer,
  productFileAttachSchema,
  productFileChangeAnswerSchema,
  productFileDraftAnswerSchema,
  productFilesAnswerSchema,
} from '@studio/shared/schemas/downloads';
import { paginationSchema } from '@studio/shared/schemas/pagination';
import { singleLine } from '@studio/shared/schemas/text';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AdminEnv } from '../context.ts';
import { ApiError } from '../lib/api-error.ts';
import { validate } from '../lib/validate.ts';
import { answers, fits } from '../openapi/answers.ts';
import { attachProductFile } from '../services/downloads/attach-product-file.ts';
import { listProductFiles } from '../services/downloads/list-product-files.ts';
import { removeProductFile } from '../services/downloads/remove-product-file.ts';
import { addProductImage } from '../services/products/add-product-image.ts';
import { createProduct } from '../services/products/create-product.ts';
import { deactivateProduct } from '../services/products/deactivate-product.ts';
import { findProduct } from '../services/products/find-product.ts';
import { listProductsForAdmin } from '../services/products/list-products-for-admin.ts';
import { presentProduct } from '../services/products/present-product.ts';
import { removeProductImage } from '../services/products/remove-product-image.ts';
import { updateProduct } from '../services/products/update-product.ts';
import { listStockHistory } from '../services/stock/list-stock-history.ts';
import { createUploadDraft } from '../services/uploads/create-upload-draft.ts';
import { tusUploads } from '../services/uploads/tus-uploads.ts';

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
  )
  // A digital product's files (decision 045): a draft for the admin's resumable uploads, then
  // each completed upload added (or put in place of a file), listed and removed.
  .post('/file-drafts', answers({ 201: productFileDraftAnswerSchema }), async (c) => {
    const { draftToken } = await createUploadDraft({ db: c.var.db, purpose: 'product-file' });
    return c.json(
      { draftToken, maxFileBytes: downloadLimits.maxFileBytes } satisfies ProductFileDraftAnswer,
      201,
    );
  })
  .get('/:id/files', answers({ 200: productFilesAnswerSchema }), async (c) => {
    const found = await findProduct(c.var.db, c.req.param('id'));
    return c.json(
      {
        files: await listProductFiles(c.var.db, found.id),
        maxFileBytes: downloadLimits.maxFileBytes,
        maxFiles: downloadLimits.maxFilesPerProduct,
      } satisfies ProductFilesAnswer,
      200,
    );
  })
  .post(
    '/:id/files',
    answers({ 201: productFileChangeAnswerSchema }),
    validate('json', productFileAttachSchema),
    async (c) => {
      const { draftToken, uploadId, replaces } = c.req.valid('json');
      const done = await attachProductFile({
        ...c.var,
        store: tusUploads(c.var).store,
        productId: c.req.param('id'),
        draftToken,
        uploadId,
        replaces,
        actorId: c.var.user.id,
      });
      return c.json(done satisfies ProductFileChangeAnswer, 201);
    },
  )
  .delete('/:id/files/:fileId', answers({ 200: productFileChangeAnswerSchema }), async (c) => {
    const done = await removeProductFile({
      ...c.var,
      productId: c.req.param('id'),
      fileId: c.req.param('fileId'),
      actorId: c.var.user.id,
    });
    return c.json(done satisfies ProductFileChangeAnswer, 200);
  });
