import { authMessages } from '@studio/shared/messages/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpCustomer } from '../../test/accounts.ts';
import { createTestApp, newUser, read, type TestApp } from '../../test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: 'true',
    AUTH_RATE_LIMIT_PER_IP: '5',
    // Sign-ups per e-mail.
    AUTH_RATE_LIMIT_PER_EMAIL: '3',
  });
});

const from = (ip: string) => ({ 'X-Forwarded-For': ip });

describe('sign-in rate limits', () => {
  // Decision 024: past LOGIN_FREE_FAILURES (3) each guess from an unknown device waits (1 s, then
  // doubling); login-throttling.test.ts has the rest.
  it('holds an account after 3 failed sign-ins from unknown devices, even for the right password, with Retry-After', async () => {
    const account = await signUpCustomer(t);
    const email = account.user.email;
    for (let i = 0; i < 3; i++) {
      const res = await read(
        t.client.api.auth.login.$post(
          { json: { email, password: 'Wrong12345' } },
          { headers: from(`10.1.0.${i}`) },
        ),
      );
      expect(res.status).toBe(401);
    }
    const locked = await read(
      t.client.api.auth.login.$post(
        { json: { email, password: 'Secret123' } },
        { headers: from('10.1.0.99') },
      ),
    );
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: authMessages.tooManyAttempts, code: 'RATE_LIMITED' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('does not count successful sign-ins against the account', async () => {
    const account = await signUpCustomer(t);
    for (let i = 0; i < 4; i++) {
      const res = await read(
        t.client.api.auth.login.$post(
          { json: { email: account.user.email, password: 'Secret123' } },
          { headers: from(`10.2.0.${i}`) },
        ),
      );
      expect(res.status).toBe(200);
    }
  });

  it('limits attempts per address, and only that address', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await read(
        t.client.api.auth.login.$post(
          { json: { email: `nobody${i}@example.com`, password: 'Wrong12345' } },
          { headers: from('10.3.0.1') },
        ),
      );
      expect(res.status).toBe(401);
    }
    const sixth = await read(
      t.client.api.auth.login.$post(
        { json: { email: 'nobody9@example.com', password: 'Wrong12345' } },
        { headers: from('10.3.0.1') },
      ),
    );
    expect(sixth.status).toBe(429);
    const register = await read(
      t.client.api.auth.register.$post({ json: newUser() }, { headers: from('10.3.0.1') }),
    );
    expect(register.status).toBe(429);
    const other = await read(
      t.client.api.auth.login.$post(
        { json: { email: 'nobody9@example.com', password: 'Wrong12345' } },
        { headers: from('10.3.0.2') },
      ),
    );
    expect(other.status).toBe(401);
  });

  it('limits sign-ups per e-mail', async () => {
    const body = newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await read(
        t.client.api.auth.register.$post({ json: body }, { headers: from(`10.4.0.${i}`) }),
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 409, 409, 429]);
  });
});
