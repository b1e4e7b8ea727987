import { contactMessages } from '@studio/shared/messages/contact';
import { paymentMessages } from '@studio/shared/messages/payments';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import { createTestApp, invalid, type TestApp } from '../../test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: 'true',
    CONTACT_RATE_LIMIT_PER_HOUR: '2',
    PAYMENT_RATE_LIMIT_PER_HOUR: '2',
  });
});

/** A typed call, sent with the given request options (here the client address). */
type Send = (options: { headers: Record<string, string> }) => Promise<Response>;
const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });

const contact = { name: 'Ray', email: 'ray@example.net', subject: 'Mixing', message: 'Mix my EP?' };
const sendContact: Send = (o) => t.client.api.contact.$post({ json: contact }, o);
const sendNewsletter =
  (email: string): Send =>
  (o) =>
    t.client.api.contact.newsletter.$post({ json: { email } }, o);

// The limit counts before the body is read: an empty one is enough.
const sendQuote: Send = (o) => t.client.api.payments.quote.$post({ json: invalid({}) }, o);

/** Three calls from `ip`: the statuses, and the last answer's body and Retry-After. */
async function thrice(send: Send, ip: string) {
  const statuses: number[] = [];
  let last: Response | undefined;
  for (let i = 0; i < 3; i++) {
    last = await send(from(ip));
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
    ['contact', sendContact, contactMessages.tooMany],
    ['newsletter', sendNewsletter('reader@example.net'), contactMessages.tooMany],
    ['payment', sendQuote, paymentMessages.tooManyAttempts],
  ] as const)(
    '%s: 429 past the limit with its message and Retry-After, counted under <action>:ip:<ip>',
    async (action, send, message) => {
      const ip = `10.9.0.${action.length}`;
      const r = await thrice(send, ip);
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
    await thrice(sendNewsletter('apart@example.net'), ip);
    const res = await sendContact(from(ip));
    expect(res.status).not.toBe(429);
  });
});
