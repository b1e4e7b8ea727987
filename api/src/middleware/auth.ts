import { authMessages } from '@studio/shared/messages/auth';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, AuthedEnv } from '../context.ts';
import { ApiError } from '../lib/api-error.ts';
import { validateSession } from '../services/auth/validate-session.ts';

/** Reads `Authorization: Bearer <token>` and sets `user` and `session` (or null) for the request. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('session', null);
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer ([A-Za-z0-9]{16,128})$/);
  if (match?.[1]) {
    const found = await validateSession({ db: c.var.db, token: match[1] });
    if (found) {
      c.set('user', found.user);
      c.set('session', found.session);
    }
  }
  await next();
});

/** 401 without a valid session. */
export const requireUser = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!c.var.user || !c.var.session) throw new ApiError('UNAUTHORIZED', authMessages.notSignedIn);
  await next();
});

/** 401 without a valid session, 403 when signed in without the admin role. */
export const requireAdmin = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!c.var.user || !c.var.session) throw new ApiError('UNAUTHORIZED', authMessages.notSignedIn);
  if (c.var.user.role !== 'admin') throw new ApiError('FORBIDDEN', authMessages.forbidden);
  await next();
});
