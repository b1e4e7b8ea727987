import { randomBytes } from 'node:crypto';
import { authMessages } from '@studio/shared/messages/auth';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import { signUpCustomer } from '../../test/accounts.ts';
import { createTestApp, newUser, read, type TestApp } from '../../test/harness.ts';

/**
 * The API with REDIS_URL: sign-in and sign-up limits behave as on PostgreSQL (the same 429,
 * message and Retry-After; right passwords given back), and are counted in Redis alone.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_KEY_PREFIX = `studio-test:${randomBytes(6).toString('hex')}:`;
let t: TestApp;
const raw = new Redis(REDIS_URL, { lazyConnect: true });

beforeAll(async () => {
  t = await createTestApp({
    REDIS_URL,
    REDIS_KEY_PREFIX,
    TRUST_PROXY: 'true',
    AUTH_RATE_LIMIT_PER_IP: '5',
  });
  await raw.connect();
});
afterAll(async () => {
  const keys = await raw.keys(`${REDIS_KEY_PREFIX}*`);
  if (keys.length > 0) await raw.del(...keys);
  raw.disconnect();
});

const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const login = (email: string, password: string, ip: string) =>
  read(t.client.api.auth.login.$post({ json: { email, password } }, { headers: from(ip) }));

describe('rate limits in Redis', () => {
  it('an account is held after 3 failed sign-ins, even for the right password, with Retry-After; counted in Redis only', async () => {
    const { email } = (await signUpCustomer(t)).user;
    for (let i = 0; i < 3; i += 1)
      expect((await login(email, 'Wrong12345', `10.7.0.${i}`)).status).toBe(401);
    const held = await login(email, 'Secret123', '10.7.0.99');
    expect(held.status).toBe(429);
    expect(held.body).toEqual({ message: authMessages.tooManyAttempts, code: 'RATE_LIMITED' });
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await raw.hget(`${REDIS_KEY_PREFIX}rl:login:delay:${email}`, 'count')).toBe('3');
    expect(await raw.hget(`${REDIS_KEY_PREFIX}rl:login:account:${email}`, 'count')).toBe('3');
    expect(await t.db.select().from(rateLimits)).toEqual([]);
  });

  it('right passwords are given back: 6 sign-ins in a row, past the 3 free failures, all pass', async () => {
    const { email } = (await signUpCustomer(t)).user;
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await login(email, 'Secret123', `10.8.0.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await raw.hget(`${REDIS_KEY_PREFIX}rl:login:delay:${email}`, 'count')).toBe('0');
  });

  it('sign-ups per address: the 6th in the window is 429 with about 900 s to wait', async () => {
    const statuses = [];
    let last: Awaited<ReturnType<typeof read>> | undefined;
    for (let i = 0; i < 6; i += 1) {
      last = await read(
        t.client.api.auth.register.$post({ json: newUser() }, { headers: from('10.9.0.1') }),
      );
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(890);
    expect(Number(last?.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    expect(await raw.pttl(`${REDIS_KEY_PREFIX}rl:auth:ip:10.9.0.1`)).toBeGreaterThan(890_000);
  });
});
