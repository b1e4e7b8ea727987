import { serviceUpdateSchema } from '@studio/shared/schemas/admin';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { listServicesForAdmin } from '../services/audio-services/list-services-for-admin.ts';
import { updateService } from '../services/audio-services/update-service.ts';

export const adminServiceRoutes = new Hono<AdminEnv>()
  .get('/', async (c) => c.json(await listServicesForAdmin({ db: c.var.db }), 200))
  .put('/:id', validate('json', serviceUpdateSchema), async (c) => {
    const service = await updateService({
      db: c.var.db,
      actorId: c.var.user.id,
      id: c.req.param('id'),
      input: c.req.valid('json'),
    });
    return c.json({ service }, 200);
  });
