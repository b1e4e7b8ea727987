import {
  adminCustomerListSchema,
  adminCustomerSchema,
  customerRoleAnswerSchema,
} from '@studio/shared/schemas/admin-customers';
import { adminCustomersQuerySchema, customerRoleSchema } from '@studio/shared/schemas/customers';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { answers, fits } from '../openapi/answers.ts';
import { changeCustomerRole } from '../services/customers/change-customer-role.ts';
import { getCustomer } from '../services/customers/get-customer.ts';
import { listCustomers } from '../services/customers/list-customers.ts';

/**
 * The Customers tab (decision 033): every account with its figures, one account's page, and
 * its role. Mounted under /api/admin, whose whole prefix requireAdmin guards (app.ts).
 * `GET /api/admin/users` stays as the plain account list it was.
 */
export const adminCustomerRoutes = new Hono<AdminEnv>()
  .get(
    '/',
    answers({ 200: adminCustomerListSchema }),
    validate('query', adminCustomersQuerySchema),
    async (c) =>
      c.json(
        fits(
          adminCustomerListSchema,
          await listCustomers({ db: c.var.db, query: c.req.valid('query') }),
        ),
        200,
      ),
  )
  .get('/:id', answers({ 200: adminCustomerSchema }), async (c) =>
    c.json(
      fits(adminCustomerSchema, await getCustomer({ db: c.var.db, id: c.req.param('id') })),
      200,
    ),
  )
  .put(
    '/:id/role',
    answers({ 200: customerRoleAnswerSchema }),
    validate('json', customerRoleSchema),
    async (c) =>
      c.json(
        fits(
          customerRoleAnswerSchema,
          await changeCustomerRole({
            db: c.var.db,
            actorId: c.var.user.id,
            id: c.req.param('id'),
            role: c.req.valid('json').role,
          }),
        ),
        200,
      ),
  );
