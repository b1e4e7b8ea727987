import { productsQuerySchema } from '@studio/shared/schemas/catalog';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { publicCache } from '../middleware/public-cache.ts';
import { getProduct } from '../services/products/get-product.ts';
import { listProducts } from '../services/products/list-products.ts';

export const productRoutes = new Hono<AppEnv>()
  .get('/', publicCache(60), validate('query', productsQuerySchema), async (c) =>
    c.json(await listProducts({ db: c.var.db, query: c.req.valid('query') }), 200),
  )
  .get('/:id', publicCache(60), async (c) =>
    c.json({ product: await getProduct({ db: c.var.db, id: c.req.param('id') }) }, 200),
  );
