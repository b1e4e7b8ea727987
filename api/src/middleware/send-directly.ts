import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';

/** Writes an answer's body to Node's response itself, and ends it (or destroys it on failure). */
export type DirectSender = (out: ServerResponse) => Promise<void>;

/** The answers a route asked to send directly, by their request, until the middleware sends them. */
const pending = new WeakMap<Request, { body: ReadableStream; send: DirectSender }>();

/**
 * Answers `body` as any route does (what an in-process request, or a middleware that rewrites the
 * body, reads), and asks for `send` to be used instead when the answer goes out unchanged to a
 * Node server: a large download then skips the web stream and its per-chunk work.
 */
export function sendDirectly<E extends AppEnv>(
  c: Context<E>,
  body: ReadableStream,
  send: DirectSender,
): ReadableStream {
  pending.set(c.req.raw, { body, send });
  return body;
}

/**
 * The app's outermost middleware: once every other one has set its headers (and logged the
 * answer), writes the status and headers of an answer asked for by `sendDirectly` and hands Node's
 * response to its sender; @hono/node-server is told the answer is sent. A sender that fails has
 * destroyed the response (the client sees a cut download, as with a failing stream) and is
 * logged; the web body it replaced is let go unread.
 */
export const sendDirectAnswers = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const asked = pending.get(c.req.raw);
  if (!asked) return;
  pending.delete(c.req.raw);
  const out = c.env?.outgoing;
  // In process, or the body was replaced (compressed): the web body goes out as it is.
  if (!(out && 'writeHead' in out) || c.res.body !== asked.body) return;
  const headers: Record<string, string | string[]> = {};
  c.res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = c.res.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  out.writeHead(c.res.status, headers);
  asked.send(out).catch((err: unknown) => {
    // A client that went away is an everyday cut; anything else is the server's.
    const level = out.destroyed ? 'debug' : 'warn';
    if (!out.destroyed) out.destroy(err as Error);
    c.var.log?.[level]({ err, requestId: c.var.requestId }, 'answer cut while sending');
  });
  // Forget the answer first, or its headers would be merged into the marker.
  c.res = undefined as unknown as Response;
  c.res = RESPONSE_ALREADY_SENT;
});
