import { adminUserListSchema, adminUsersQuerySchema } from '@studio/shared/schemas/admin-users';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { answers, fits } from '../openapi/answers.ts';
import { listUsers } from '../services/users/list-users.ts';

/** Mounted under /api/admin, whose whole prefix is guarded by requireAdmin in app.ts. */
export const adminUserRoutes = new Hono<AppEnv>().get(
  '/',
  answers({ 200: adminUserListSchema }),
  validate('query', adminUsersQuerySchema),
  async (c) =>
    c.json(
      fits(adminUserListSchema, await listUsers({ db: c.var.db, query: c.req.valid('query') })),
      200,
    ),
);
