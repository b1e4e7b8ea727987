import { createHash } from 'node:crypto';
import { authMessages } from '@studio/shared/messages/auth';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';
import { createTestApp, invalid, newUser, read, type TestApp } from '../test/harness.ts';

const m = authMessages;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

async function register(overrides: Record<string, unknown> = {}) {
  const body = newUser(overrides);
  const res = await read(t.client.api.auth.register.$post({ json: body }));
  expect(res.status).toBe(201);
  return { ...res.body, password: body.password } as {
    token: string;
    user: { id: string; email: string; role: string };
    password: string;
  };
}

describe('register', () => {
  it('creates a customer, answers { token, user } and never the password hash', async () => {
    const body = newUser({ email: '  Grace.Hopper@Example.COM ' });
    const res = await read(t.client.api.auth.register.$post({ json: body }));
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[a-z2-7]{32}$/);
    expect(res.body.user).toEqual({
      id: expect.any(String),
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'grace.hopper@example.com',
      phone: '+15551234567',
      role: 'customer',
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
    const [row] = await t.db.select().from(users).where(eq(users.id, res.body.user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(body.password);
  });

  it('ignores a role in the body: "role":"admin" still makes a customer', async () => {
    const res = await read(t.client.api.auth.register.$post({ json: newUser({ role: 'admin' }) }));
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('customer');
    const [row] = await t.db.select().from(users).where(eq(users.id, res.body.user.id));
    expect(row?.role).toBe('customer');
  });

  it('stores an empty phone as none', async () => {
    const res = await read(t.client.api.auth.register.$post({ json: newUser({ phone: '' }) }));
    expect(res.status).toBe(201);
    expect(res.body.user.phone).toBeNull();
  });

  it('refuses a second account with the same e-mail (any case) with 409', async () => {
    const first = await register();
    const res = await read(
      t.client.api.auth.register.$post({
        json: newUser({ email: first.user.email.toUpperCase() }),
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: m.emailTaken, code: 'CONFLICT' });
    const rows = await t.db.select().from(users).where(eq(users.email, first.user.email));
    expect(rows).toHaveLength(1);
  });

  // Spec section 5, Register: every message, in the field it belongs to.
  it.each([
    [{ firstName: '' }, 'firstName', m.firstNameRequired],
    [{ firstName: '   ' }, 'firstName', m.firstNameRequired],
    [{ firstName: undefined }, 'firstName', m.firstNameRequired],
    [{ firstName: 'A' }, 'firstName', m.firstNameMin],
    [{ lastName: '' }, 'lastName', m.lastNameRequired],
    [{ lastName: 'B' }, 'lastName', m.lastNameMin],
    [{ email: '' }, 'email', m.emailRequired],
    [{ email: undefined }, 'email', m.emailRequired],
    [{ email: 'not-an-email' }, 'email', m.emailInvalid],
    [{ email: 'a@b' }, 'email', m.emailInvalid],
    [{ phone: 'call me' }, 'phone', m.phoneInvalid],
    [{ phone: '+0123456' }, 'phone', m.phoneInvalid],
    [{ phone: '12345678901234567' }, 'phone', m.phoneInvalid],
    [{ password: '' }, 'password', m.passwordRequired],
    [{ password: undefined }, 'password', m.passwordRequired],
    [{ password: 'Ab1' }, 'password', m.passwordMin],
    [{ password: 'secret123' }, 'password', m.passwordComplexity],
    [{ password: 'SECRET123' }, 'password', m.passwordComplexity],
    [{ password: 'SecretPass' }, 'password', m.passwordComplexity],
  ])('%j answers 400 "%s: %s" and creates nothing', async (overrides, field, message) => {
    const body = newUser(overrides);
    const res = await read(t.client.api.auth.register.$post({ json: body }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.message).toBe(message);
    expect(res.body.issues).toContainEqual({ path: field, message });
    if (typeof body.email === 'string' && body.email.includes('@')) {
      const rows = await t.db.select().from(users).where(eq(users.email, body.email));
      expect(rows).toHaveLength(0);
    }
  });

  it('accepts a 16-digit phone with a plus sign', async () => {
    const res = await read(
      t.client.api.auth.register.$post({ json: newUser({ phone: '+1234567890123456' }) }),
    );
    expect(res.status).toBe(201);
  });
});

describe('login', () => {
  it('answers { token, user } with the role, for any case of the e-mail', async () => {
    const account = await register();
    const res = await read(
      t.client.api.auth.login.$post({
        json: { email: ` ${account.user.email.toUpperCase()} `, password: account.password },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: account.user.id, role: 'customer' });
    expect(res.body.token).not.toBe(account.token);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon/);
  });

  it('answers one 401 message for a wrong password and for an unknown e-mail', async () => {
    const account = await register();
    const wrong = await read(
      t.client.api.auth.login.$post({ json: { email: account.user.email, password: 'Wrong1234' } }),
    );
    const unknown = await read(
      t.client.api.auth.login.$post({
        json: { email: 'nobody.here@example.com', password: 'Wrong1234' },
      }),
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: m.invalidCredentials, code: 'UNAUTHORIZED' });
    expect(unknown.body).toEqual(wrong.body);
  });

  // Spec section 5, Login.
  it.each([
    [{ email: '' }, 'email', m.emailRequired],
    [{ email: undefined }, 'email', m.emailRequired],
    [{ email: 'user@' }, 'email', m.emailInvalid],
    [{ password: '' }, 'password', m.passwordRequired],
    [{ password: undefined }, 'password', m.passwordRequired],
    [{ password: '12345' }, 'password', m.passwordMin],
  ])('%j answers 400 "%s: %s"', async (overrides, field, message) => {
    const body = { email: 'someone@example.com', password: 'Secret123', ...overrides };
    const res = await read(t.client.api.auth.login.$post({ json: invalid(body) }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    expect(res.body.issues).toContainEqual({ path: field, message });
  });
});

describe('me, profile and logout', () => {
  it('me answers the signed-in user; without or with a bad token, 401', async () => {
    const account = await register();
    const me = await read(t.as(account.token).api.auth.me.$get());
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: account.user.id, email: account.user.email });
    expect(JSON.stringify(me.body)).not.toMatch(/passwordHash/);

    const none = await read(t.client.api.auth.me.$get());
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: m.notSignedIn, code: 'UNAUTHORIZED' });
    const bad = await read(t.as('a'.repeat(32)).api.auth.me.$get());
    expect(bad.status).toBe(401);
  });

  it('profile updates names and phone, keeps e-mail and role', async () => {
    const account = await register();
    const res = await read(
      t.as(account.token).api.auth.profile.$put({
        json: invalid({
          firstName: '  Augusta ',
          phone: '+447700900123',
          email: 'x@y.zz',
          role: 'admin',
        }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      phone: '+447700900123',
      email: account.user.email,
      role: 'customer',
    });
    const me = await read(t.as(account.token).api.auth.me.$get());
    expect(me.body.user.firstName).toBe('Augusta');
  });

  it('profile validates with the register messages and needs a session', async () => {
    const account = await register();
    const res = await read(t.as(account.token).api.auth.profile.$put({ json: { lastName: 'X' } }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.lastNameMin);
    const anon = await read(t.client.api.auth.profile.$put({ json: { firstName: 'Someone' } }));
    expect(anon.status).toBe(401);
  });

  it('logout ends the session: the old token then gets 401', async () => {
    const account = await register();
    const out = await read(t.as(account.token).api.auth.logout.$post());
    expect(out.status).toBe(200);
    const me = await read(t.as(account.token).api.auth.me.$get());
    expect(me.status).toBe(401);
    const again = await read(t.as(account.token).api.auth.logout.$post());
    expect(again.status).toBe(401);
  });

  it('logout ends only that session', async () => {
    const account = await register();
    const second = await read(
      t.client.api.auth.login.$post({
        json: { email: account.user.email, password: account.password },
      }),
    );
    await read(t.as(account.token).api.auth.logout.$post());
    expect((await read(t.as(second.body.token).api.auth.me.$get())).status).toBe(200);
  });
});

describe('sessions', () => {
  const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

  it('stores only the SHA-256 of the token, never the token', async () => {
    const account = await register();
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, account.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(idOf(account.token));
    const [clear] = await t.db.execute(
      sql`select count(*)::int as n from sessions where id = ${account.token} or id like ${`%${account.token}%`}`,
    );
    expect(clear?.n).toBe(0);
  });

  it('expires after 30 days', async () => {
    const account = await register();
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, idOf(account.token)));
    const days = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('refuses an expired session and removes it', async () => {
    const account = await register();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, idOf(account.token)));
    const me = await read(t.as(account.token).api.auth.me.$get());
    expect(me.status).toBe(401);
    const rows = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, idOf(account.token)));
    expect(rows).toHaveLength(0);
  });

  it('slides the expiry forward when the session is used in its second half', async () => {
    const account = await register();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 2 * 86_400_000) })
      .where(eq(sessions.id, idOf(account.token)));
    expect((await read(t.as(account.token).api.auth.me.$get())).status).toBe(200);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, idOf(account.token)));
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });
});
