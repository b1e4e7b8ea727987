import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { API_PAGE_POLICY, API_POLICY } from '../lib/content-security-policy.ts';
import { arrivedOverTls } from '../lib/request-tls.ts';

/**
 * Powerful features the site never uses, denied to it and to every frame in it (PayPal's
 * included). Not listed, so left at their defaults: `payment` (PayPal's frames may use the
 * Payment Request API when the browser offers a wallet), `clipboard-write` (the Minecraft page
 * copies the server address), `fullscreen`. Only names Chromium knows (not `bluetooth`): an
 * unknown one is a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * The headers of every answer: Hono's `secureHeaders()` defaults (COOP relaxed so PayPal's
 * popup can talk back) without HSTS, which only an answer over TLS gets, plus the
 * Permissions-Policy. Nothing frames the site (CSP frame-ancestors 'none'; X-Frame-Options
 * for browsers without it).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Origin-Agent-Cluster': '?1',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'DENY',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};

/** Sent only over TLS: over plain HTTP it is meaningless, and it must not come from a stranger's header. */
export const HSTS = 'max-age=15552000; includeSubDomains';

const entries = Object.entries(SECURITY_HEADERS);

/** The CSP of an answer the API writes itself, by its type (the site's pages set their own). */
export function apiPolicyFor(contentType: string | null | undefined): string {
  return contentType?.startsWith('text/html') ? API_PAGE_POLICY : API_POLICY;
}

const prebuilt = new Map<string, Readonly<Record<string, string>>>();
for (const policy of [API_POLICY, API_PAGE_POLICY]) {
  for (const tls of [false, true]) {
    prebuilt.set(`${tls}${policy}`, {
      ...SECURITY_HEADERS,
      'Content-Security-Policy': policy,
      ...(tls ? { 'Strict-Transport-Security': HSTS } : {}),
    });
  }
}

/** Every security header of an API answer of this type, as one frozen object (the fast path's). */
export function securityHeadersFor(
  contentType: string | null | undefined,
  tls: boolean,
): Readonly<Record<string, string>> {
  return prebuilt.get(`${tls}${apiPolicyFor(contentType)}`) ?? SECURITY_HEADERS;
}

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const headers = c.res.headers;
  for (const [name, value] of entries) headers.set(name, value);
  if (!headers.has('content-security-policy')) {
    headers.set('Content-Security-Policy', apiPolicyFor(headers.get('content-type')));
  }
  if (arrivedOverTls(c, c.var.env.TRUST_PROXY)) headers.set('Strict-Transport-Security', HSTS);
});
