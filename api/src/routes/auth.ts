import { authMessages } from '@studio/shared/messages/auth';
import { type SuccessAnswer, successAnswerSchema } from '@studio/shared/schemas/answers';
import {
  type AuthResponse,
  authAnswerSchema,
  changePasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  type SignedOutAnswer,
  type SignedOutEverywhereAnswer,
  signedOutAnswerSchema,
  signedOutEverywhereAnswerSchema,
  type UserAnswer,
  userAnswerSchema,
} from '@studio/shared/schemas/auth';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { clientIp } from '../lib/client-ip.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/auth.ts';
import { answers } from '../openapi/answers.ts';
import { changePassword } from '../services/auth/change-password.ts';
import { deviceOf, setDeviceCookie } from '../services/auth/device.ts';
import { invalidateSession } from '../services/auth/invalidate-session.ts';
import { loginUser } from '../services/auth/login-user.ts';
import { registerUser } from '../services/auth/register-user.ts';
import { revokeSessions } from '../services/auth/revoke-sessions.ts';
import { toPublicUser } from '../services/auth/to-public-user.ts';
import { updateProfile } from '../services/auth/update-profile.ts';
import { authRateLimit } from '../services/rate-limit/limit-by-ip.ts';

export const authRoutes = new Hono<AppEnv>()
  .post(
    '/register',
    answers({ 201: authAnswerSchema }),
    validate('json', registerSchema),
    authRateLimit,
    async (c) => {
      const { db, counters, env } = c.var;
      const result = await registerUser({ db, counters, env, input: c.req.valid('json') });
      return c.json(result satisfies AuthResponse, 201);
    },
  )
  // Sign-in and password change are held by guardPasswordAttempt (device, address, account),
  // not authRateLimit: a known device must not be refused for its address's other callers.
  .post('/login', answers({ 200: authAnswerSchema }), validate('json', loginSchema), async (c) => {
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
    return c.json(result satisfies AuthResponse, 200);
  })
  .get('/me', answers({ 200: userAnswerSchema }), requireUser, (c) =>
    c.json({ user: toPublicUser(c.var.user) } satisfies UserAnswer, 200),
  )
  .put(
    '/profile',
    answers({ 200: userAnswerSchema }),
    requireUser,
    validate('json', profileSchema),
    async (c) => {
      const input = c.req.valid('json');
      const user = await updateProfile({ db: c.var.db, userId: c.var.user.id, input });
      return c.json({ user } satisfies UserAnswer, 200);
    },
  )
  .post('/logout', answers({ 200: signedOutAnswerSchema }), requireUser, async (c) => {
    await invalidateSession({ db: c.var.db, sessionId: c.var.session.id });
    return c.json({ success: true as const } satisfies SignedOutAnswer, 200);
  })
  .put(
    '/password',
    answers({ 200: successAnswerSchema }),
    requireUser,
    validate('json', changePasswordSchema),
    async (c) => {
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
      return c.json(
        { success: true as const, message: authMessages.passwordChanged } satisfies SuccessAnswer,
        200,
      );
    },
  )
  .post(
    '/logout-all',
    answers({ 200: signedOutEverywhereAnswerSchema }),
    requireUser,
    async (c) => {
      const signedOut = await revokeSessions({ db: c.var.db, userId: c.var.user.id });
      return c.json({ success: true as const, signedOut } satisfies SignedOutEverywhereAnswer, 200);
    },
  );
