import { authMessages } from '@studio/shared/messages/auth';
import {
  changePasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
} from '@studio/shared/schemas/auth';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { clientIp } from '../lib/client-ip.ts';
import { deviceOf, setDeviceCookie } from '../lib/device-cookie.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/auth.ts';
import { authRateLimit } from '../middleware/rate-limits.ts';
import { changePassword } from '../services/auth/change-password.ts';
import { invalidateSession } from '../services/auth/invalidate-session.ts';
import { loginUser } from '../services/auth/login-user.ts';
import { registerUser } from '../services/auth/register-user.ts';
import { revokeSessions } from '../services/auth/revoke-sessions.ts';
import { toPublicUser } from '../services/auth/to-public-user.ts';
import { updateProfile } from '../services/auth/update-profile.ts';

export const authRoutes = new Hono<AppEnv>()
  .post('/register', validate('json', registerSchema), authRateLimit, async (c) => {
    const { db, counters, env } = c.var;
    const result = await registerUser({ db, counters, env, input: c.req.valid('json') });
    return c.json(result, 201);
  })
  // Sign-in and password change are held by guardPasswordAttempt (device, address, account),
  // not authRateLimit: a known device must not be refused for its address's other callers.
  .post('/login', validate('json', loginSchema), async (c) => {
    const { db, counters, env } = c.var;
    const result = await loginUser({
      db,
      counters,
      env,
      ...c.req.valid('json'),
      ip: clientIp(c),
      device: deviceOf(c),
    });
    setDeviceCookie(c, result.user.id);
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
  })
  .put('/password', requireUser, validate('json', changePasswordSchema), async (c) => {
    const { db, counters, env, user, session } = c.var;
    const input = c.req.valid('json');
    await changePassword({
      db,
      counters,
      env,
      user,
      session,
      ...input,
      ip: clientIp(c),
      device: deviceOf(c),
    });
    return c.json({ success: true as const, message: authMessages.passwordChanged }, 200);
  })
  .post('/logout-all', requireUser, async (c) => {
    const signedOut = await revokeSessions({ db: c.var.db, userId: c.var.user.id });
    return c.json({ success: true as const, signedOut }, 200);
  });
