import type { HttpBindings } from '@hono/node-server';

interface RequestLike {
  req: { url: string; header(name: string): string | undefined };
  env: Partial<HttpBindings> | undefined;
}

/**
 * Whether a request reached us over TLS: its socket is a TLS socket (the URL's scheme for an
 * in-process request, which has no socket), or, with TRUST_PROXY, the proxy's first
 * `X-Forwarded-Proto` says https. Without TRUST_PROXY that header is anyone's to send.
 */
export function arrivedOverTls(c: RequestLike, trustProxy: boolean): boolean {
  const socket = c.env?.incoming?.socket as { encrypted?: boolean } | undefined;
  if (socket ? socket.encrypted === true : c.req.url.startsWith('https:')) return true;
  if (!trustProxy) return false;
  const proto = c.req.header('x-forwarded-proto');
  return proto !== undefined && proto.split(',')[0]?.trim().toLowerCase() === 'https';
}
