import { type ServiceListAnswer, serviceListAnswerSchema } from '@studio/shared/schemas/catalog';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { publicCache } from '../middleware/public-cache.ts';
import { answers } from '../openapi/answers.ts';
import { listServices } from '../services/audio-services/list-services.ts';

export const serviceRoutes = new Hono<AppEnv>().get(
  '/',
  answers({ 200: serviceListAnswerSchema }),
  publicCache(300),
  async (c) =>
    c.json({ services: await listServices({ db: c.var.db }) } satisfies ServiceListAnswer, 200),
);
