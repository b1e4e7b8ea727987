import type { HttpBindings } from '@hono/node-server';

interface RequestLike {
  var: { env: { TRUST_PROXY: boolean } };
  req: { header(name: string): string | undefined };
  env: Partial<HttpBindings> | undefined;
}

/** The caller's address: the socket's, or with TRUST_PROXY the first X-Forwarded-For entry. */
export function clientIp(c: RequestLike): string {
  if (c.var.env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  // No socket for an in-process request (tests).
  return c.env?.incoming?.socket.remoteAddress ?? 'unknown';
}
