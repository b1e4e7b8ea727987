import { loginSchema, profileSchema, registerSchema } from '@studio/shared/schemas/auth';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { clientIp } from '../../lib/client-ip.ts';
import { validate } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { invalidateSession } from '../../services/auth/invalidate-session.ts';
import { loginUser } from '../../services/auth/login-user.ts';
import { toPublicUser } from '../../services/auth/public-user.ts';
import { registerUser } from '../../services/auth/register-user.ts';
import { updateProfile } from '../../services/auth/update-profile.ts';

export const authRoutes = new Hono<AppEnv>()
  .post('/register', validate('json', registerSchema), async (c) => {
    const { db, env } = c.var;
    const result = await registerUser({ db, env, ip: clientIp(c), input: c.req.valid('json') });
    return c.json(result, 201);
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const { db, env } = c.var;
    const result = await loginUser({ db, env, ip: clientIp(c), ...c.req.valid('json') });
    return c.json(result, 200);
  })
  .get('/me', requireUser, (c) => c.json({ user: toPublicUser(c.var.user) }, 200))
  .put('/profile', requireUser, validate('json', profileSchema), async (c) => {
    const input = c.req.valid('json');
    const user = await updateProfile({ db: c.var.db, userId: c.var.user.id, input });
    return c.json({ user }, 200);
  })
  .post('/logout', requireUser, async (c) => {
    await invalidateSession({ db: c.var.db, sessionId: c.var.session.id });
    return c.json({ success: true as const }, 200);
  });
