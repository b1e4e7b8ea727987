import { randomBytes } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import { generateCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';
import { arrivedOverTls } from '../../lib/request-tls.ts';
import { signValue, verifySignedValue } from '../../lib/signed-token.ts';

/**
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account gets `<userId>.<nonce>.<HMAC>`; a later sign-in presenting it for the
 * same account is a known device, throttled on its own (decision 024). Path /api/auth: only the
 * sign-in and password-change calls carry it.
 */
export const DEVICE_COOKIE = 'studio_device';
const PURPOSE = 'device-cookie';
/** A year; browsers cap cookies at 400 days. */
const MAX_AGE_SECONDS = 365 * 24 * 3600;

/** A device cookie's content once its signature is checked. */
export interface Device {
  userId: string;
  /** Names this device alone: its failures are counted under it. */
  nonce: string;
}

/** A new device token for `userId`, with a random nonce. */
export function makeDeviceToken(secret: string, userId: string): string {
  const body = `${userId}.${randomBytes(16).toString('base64url')}`;
  return `${body}.${signValue(secret, PURPOSE, body)}`;
}

/** The device a token names, or null when it is missing, malformed or not signed by us. */
export function readDeviceToken(secret: string, token: string | undefined): Device | null {
  if (!token || token.length > 200) return null;
  const [userId, nonce, signature, ...rest] = token.split('.');
  if (!userId || !nonce || !signature || rest.length > 0) return null;
  if (!verifySignedValue(secret, PURPOSE, `${userId}.${nonce}`, signature)) return null;
  return { userId, nonce };
}

/** What the cookie helpers use of a request's context (any route's). */
interface Ctx {
  var: { secret: string; env: { TRUST_PROXY: boolean } };
  req: { url: string; header(name: string): string | undefined };
  env: Partial<HttpBindings> | undefined;
  header(name: string, value: string, options: { append: boolean }): void;
}

/** The request's device cookie, when it carries a valid one (for any account). */
export function deviceOf(c: Ctx): Device | null {
  const cookies = parse(c.req.header('cookie') ?? '', DEVICE_COOKIE);
  return readDeviceToken(c.var.secret, cookies[DEVICE_COOKIE]);
}

/** Sets a fresh device cookie for `userId`: long-lived, HttpOnly, SameSite=Lax, Secure over TLS. */
export function setDeviceCookie(c: Ctx, userId: string): void {
  const cookie = generateCookie(DEVICE_COOKIE, makeDeviceToken(c.var.secret, userId), {
    path: '/api/auth',
    maxAge: MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: 'Lax',
    secure: arrivedOverTls(c, c.var.env.TRUST_PROXY),
  });
  c.header('Set-Cookie', cookie, { append: true });
}
