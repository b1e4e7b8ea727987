import { productsQuerySchema } from '@studio/shared/schemas/catalog';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../lib/validate.ts';
import { nextUtcMidnight, publicCache } from '../../middleware/public-cache.ts';
import { getProduct, listProducts } from '../../services/catalog/list-products.ts';
import { listServices } from '../../services/catalog/list-services.ts';
import { listUpcomingEvents } from '../../services/events/list-upcoming-events.ts';

export const catalogRoutes = new Hono<AppEnv>()
  .get('/services', publicCache(300), async (c) =>
    c.json({ services: await listServices({ db: c.var.db }) }, 200),
  )
  .get('/products', publicCache(60), validate('query', productsQuerySchema), async (c) =>
    c.json(await listProducts({ db: c.var.db, query: c.req.valid('query') }), 200),
  )
  .get('/products/:id', publicCache(60), async (c) =>
    c.json({ product: await getProduct({ db: c.var.db, id: c.req.param('id') }) }, 200),
  )
  .get('/events', publicCache(60, nextUtcMidnight), async (c) =>
    c.json({ events: await listUpcomingEvents({ db: c.var.db }) }, 200),
  );
