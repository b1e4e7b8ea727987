import { serviceUpdateSchema } from '@studio/shared/schemas/admin';
import {
  adminServiceAnswerSchema,
  adminServiceListSchema,
} from '@studio/shared/schemas/admin-services';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { answers, fits } from '../openapi/answers.ts';
import { listServicesForAdmin } from '../services/audio-services/list-services-for-admin.ts';
import { updateService } from '../services/audio-services/update-service.ts';

export const adminServiceRoutes = new Hono<AdminEnv>()
  .get('/', answers({ 200: adminServiceListSchema }), async (c) =>
    c.json(fits(adminServiceListSchema, await listServicesForAdmin({ db: c.var.db })), 200),
  )
  .put(
    '/:id',
    answers({ 200: adminServiceAnswerSchema }),
    validate('json', serviceUpdateSchema),
    async (c) => {
      const service = await updateService({
        db: c.var.db,
        actorId: c.var.user.id,
        id: c.req.param('id'),
        input: c.req.valid('json'),
      });
      return c.json(fits(adminServiceAnswerSchema, { service }), 200);
    },
  );
