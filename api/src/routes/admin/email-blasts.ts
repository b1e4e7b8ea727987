import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';

/**
 * Mass e-mail: the spec's POST /api/events/admin/send-email-blast (mounted under
 * /api/events/admin) lives in `blastSendRoutes`; progress, history and retries under
 * /api/admin in `adminBlastRoutes`.
 */
export const blastSendRoutes = new Hono<AppEnv>();
export const adminBlastRoutes = new Hono<AppEnv>();
