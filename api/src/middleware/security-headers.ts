import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';

/**
 * The headers of Hono's `secureHeaders()` defaults (COOP relaxed so PayPal's popup can talk
 * back), kept as one constant: the cached-read fast path spreads it into its answers, and
 * every other answer gets it from the middleware below.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};
const entries = Object.entries(SECURITY_HEADERS);

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const headers = c.res.headers;
  for (const [name, value] of entries) headers.set(name, value);
});
