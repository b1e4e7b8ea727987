import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';

/** The spec's admin event calls, mounted at /api/events/admin (guarded by requireAdmin in app.ts). */
export const adminEventRoutes = new Hono<AppEnv>();
