import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { publicCache } from '../middleware/public-cache.ts';
import { listServices } from '../services/audio-services/list-services.ts';

export const serviceRoutes = new Hono<AppEnv>().get('/', publicCache(300), async (c) =>
  c.json({ services: await listServices({ db: c.var.db }) }, 200),
);
