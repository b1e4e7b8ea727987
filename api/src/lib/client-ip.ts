import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

/** The caller's address: the socket's, or with TRUST_PROXY the first X-Forwarded-For entry. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // no socket: an in-process request (tests)
  }
}
