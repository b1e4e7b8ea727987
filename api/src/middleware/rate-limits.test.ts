import { messages } from '@studio/shared/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema/rate-limits.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: 'true',
    CONTACT_RATE_LIMIT_PER_HOUR: '2',
    PAYMENT_RATE_LIMIT_PER_HOUR: '2',
  });
});

/** Three POSTs of `body` from `ip`: the statuses, and the last answer's body and Retry-After. */
async function thrice(path: string, ip: string, body: unknown) {
  const statuses: number[] = [];
  let last: Response | undefined;
  for (let i = 0; i < 3; i++) {
    last = await t.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify(body),
    });
    statuses.push(last.status);
  }
  return {
    statuses,
    body: await last?.json(),
    retryAfter: Number(last?.headers.get('retry-after')),
  };
}

async function countOf(key: string) {
  const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row?.count;
}

describe('per-address route limits (an hour each)', () => {
  it.each([
    [
      'contact',
      '/api/contact',
      { name: 'Ray', email: 'ray@example.net', subject: 'Mixing', message: 'Mix my EP?' },
      messages.contact.tooMany,
    ],
    [
      'newsletter',
      '/api/contact/newsletter',
      { email: 'reader@example.net' },
      messages.contact.tooMany,
    ],
    ['payment', '/api/payments/quote', {}, messages.payments.tooManyAttempts],
  ])(
    '%s: 429 past the limit with its message and Retry-After, counted under <action>:ip:<ip>',
    async (action, path, body, message) => {
      const ip = `10.9.0.${action.length}`;
      const r = await thrice(path, ip, body);
      expect(r.statuses.slice(0, 2)).not.toContain(429);
      expect(r.statuses[2]).toBe(429);
      expect(r.body).toEqual({ message, code: 'RATE_LIMITED' });
      expect(r.retryAfter).toBeGreaterThan(3500);
      expect(r.retryAfter).toBeLessThanOrEqual(3600);
      expect(await countOf(`${action}:ip:${ip}`)).toBe(3);
    },
  );

  it('counts contact messages and newsletter sign-ups apart', async () => {
    const ip = '10.9.1.1';
    await thrice('/api/contact/newsletter', ip, { email: 'apart@example.net' });
    const res = await t.app.request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify({
        name: 'Ray',
        email: 'ray@example.net',
        subject: 'Mixing',
        message: 'Mix my EP?',
      }),
    });
    expect(res.status).not.toBe(429);
  });
});
