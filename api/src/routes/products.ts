import {
  type ProductAnswer,
  type ProductListAnswer,
  productAnswerSchema,
  productListAnswerSchema,
  productsQuerySchema,
} from '@studio/shared/schemas/catalog';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { publicCache } from '../middleware/public-cache.ts';
import { answers } from '../openapi/answers.ts';
import { getProduct } from '../services/products/get-product.ts';
import { listProducts } from '../services/products/list-products.ts';

export const productRoutes = new Hono<AppEnv>()
  .get(
    '/',
    answers({ 200: productListAnswerSchema }),
    publicCache(60),
    validate('query', productsQuerySchema),
    async (c) => {
      const list = await listProducts({ db: c.var.db, query: c.req.valid('query') });
      return c.json(list satisfies ProductListAnswer, 200);
    },
  )
  .get('/:id', answers({ 200: productAnswerSchema }), publicCache(60), async (c) => {
    const product = await getProduct({ db: c.var.db, id: c.req.param('id') });
    return c.json({ product } satisfies ProductAnswer, 200);
  });
