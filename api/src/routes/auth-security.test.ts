import { authMessages } from '@studio/shared/messages/auth';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';
import { sessionIdFromToken } from '../services/auth/generate-session-token.ts';
import { verifyPassword } from '../services/auth/verify-password.ts';
import { createTestApp, invalid, newUser, read, type TestApp } from '../test/harness.ts';

const m = authMessages;
let t: TestApp;

beforeAll(async () => {
  // A low hourly cap per account for unknown devices (and no growing delay), to show a wrong
  // current password counts as a failed sign-in (decision 024).
  t = await createTestApp({ LOGIN_FAILURES_PER_HOUR: '3', LOGIN_FREE_FAILURES: '1000' });
});

/**
 * A customer with two sessions: `token` (the one making changes) and `other` (another device,
 * whose sign-in gave it the device cookie `device`).
 */
async function customerWithTwoSessions() {
  const body = newUser();
  const reg = await read(t.client.api.auth.register.$post({ json: body }));
  expect(reg.status).toBe(201);
  const login = await read(
    t.client.api.auth.login.$post({ json: { email: body.email, password: body.password } }),
  );
  expect(login.status).toBe(200);
  return {
    id: reg.body.user.id as string,
    email: body.email,
    password: body.password,
    token: reg.body.token as string,
    other: login.body.token as string,
    device: /studio_device=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '',
  };
}

async function passwordHashOf(userId: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? '';
}

async function sessionIdsOf(userId: string) {
  const rows = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
  return rows.map((r) => r.id).sort();
}

const meStatus = async (token: string) => (await read(t.as(token).api.auth.me.$get())).status;

describe('PUT /api/auth/password', () => {
  it('changes the hash, ends every other session, keeps the current one', async () => {
    const a = await customerWithTwoSessions();
    const before = await passwordHashOf(a.id);
    const res = await read(
      t.as(a.token).api.auth.password.$put({
        json: { currentPassword: a.password, newPassword: 'Changed456' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Password changed' });

    const after = await passwordHashOf(a.id);
    expect(after).not.toBe(before);
    expect(after).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(after, 'Changed456')).toBe(true);
    expect(await sessionIdsOf(a.id)).toEqual([sessionIdFromToken(a.token)]);

    expect(await meStatus(a.other)).toBe(401);
    expect(await meStatus(a.token)).toBe(200);
    const oldLogin = await read(
      t.client.api.auth.login.$post({ json: { email: a.email, password: a.password } }),
    );
    expect(oldLogin.status).toBe(401);
    const newLogin = await read(
      t.client.api.auth.login.$post({ json: { email: a.email, password: 'Changed456' } }),
    );
    expect(newLogin.status).toBe(200);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const a = await customerWithTwoSessions();
    const before = await passwordHashOf(a.id);
    const res = await read(
      t.as(a.token).api.auth.password.$put({
        json: { currentPassword: 'Wrong12345', newPassword: 'Changed456' },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Current password is incorrect',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
    });
    expect(await passwordHashOf(a.id)).toBe(before);
    expect(await meStatus(a.other)).toBe(200);
  });

  it.each([
    ['weak (no digit, no upper case)', 'weakpassword', m.passwordComplexity],
    ['too short', 'Ab1', m.passwordMin],
    ['missing', undefined, m.passwordRequired],
  ])(
    'refuses a %s new password with the register rule message',
    async (_, newPassword, message) => {
      const a = await customerWithTwoSessions();
      const before = await passwordHashOf(a.id);
      const res = await read(
        t
          .as(a.token)
          .api.auth.password.$put({ json: invalid({ currentPassword: a.password, newPassword }) }),
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
      expect(res.body.issues).toContainEqual({ path: 'newPassword', message });
      expect(await passwordHashOf(a.id)).toBe(before);
    },
  );

  it('refuses a new password equal to the current one', async () => {
    const a = await customerWithTwoSessions();
    const res = await read(
      t
        .as(a.token)
        .api.auth.password.$put({ json: { currentPassword: a.password, newPassword: a.password } }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Choose a new password that differs from the current one');
    expect(res.body.issues).toEqual([
      { path: 'newPassword', message: 'Choose a new password that differs from the current one' },
    ]);
    expect(await meStatus(a.other)).toBe(200);
  });

  it('refuses a missing current password', async () => {
    const a = await customerWithTwoSessions();
    const res = await read(
      t.as(a.token).api.auth.password.$put({ json: invalid({ newPassword: 'Changed456' }) }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.currentPasswordRequired);
  });

  it('needs a session', async () => {
    const res = await read(
      t.client.api.auth.password.$put({
        json: { currentPassword: 'Secret123', newPassword: 'Changed456' },
      }),
    );
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: m.notSignedIn, code: 'UNAUTHORIZED' });
  });

  it('counts wrong current passwords as failed sign-ins: past the limit both answer 429', async () => {
    const a = await customerWithTwoSessions();
    for (let i = 0; i < 3; i++) {
      const res = await read(
        t.as(a.token).api.auth.password.$put({
          json: { currentPassword: `Guess${i}abcD`, newPassword: 'Changed456' },
        }),
      );
      expect(res.status).toBe(400);
    }
    // Even the right current password is refused now, so guessing cannot go on.
    const locked = await read(
      t.as(a.token).api.auth.password.$put({
        json: { currentPassword: a.password, newPassword: 'Changed456' },
      }),
    );
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: m.tooManyAttempts, code: 'RATE_LIMITED' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    const login = await read(
      t.client.api.auth.login.$post({ json: { email: a.email, password: a.password } }),
    );
    expect(login.status).toBe(429);
  });

  it('lets the owner change it from a known device while strangers’ guesses hold the account', async () => {
    const a = await customerWithTwoSessions();
    expect(a.device).toMatch(/^studio_device=/);
    for (let i = 0; i < 3; i++) {
      const res = await read(
        t.client.api.auth.login.$post({ json: { email: a.email, password: `Guess${i}abcD` } }),
      );
      expect(res.status).toBe(401);
    }
    const stranger = await read(
      t.as(a.token).api.auth.password.$put({
        json: { currentPassword: a.password, newPassword: 'Changed456' },
      }),
    );
    expect(stranger.status).toBe(429);
    const owner = await read(
      t
        .as(a.other)
        .api.auth.password.$put(
          { json: { currentPassword: a.password, newPassword: 'Changed456' } },
          { headers: { Authorization: `Bearer ${a.other}`, Cookie: a.device } },
        ),
    );
    expect(owner.status).toBe(200);
    expect(await verifyPassword(await passwordHashOf(a.id), 'Changed456')).toBe(true);
  });
});

describe('POST /api/auth/logout-all', () => {
  it('ends every session of the user, the current one included, and no one else', async () => {
    const a = await customerWithTwoSessions();
    const bystander = await customerWithTwoSessions();
    const res = await read(t.as(a.token).api.auth['logout-all'].$post());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, signedOut: 2 });

    expect(await sessionIdsOf(a.id)).toEqual([]);
    expect(await meStatus(a.token)).toBe(401);
    expect(await meStatus(a.other)).toBe(401);
    expect(await meStatus(bystander.token)).toBe(200);
    expect(await meStatus(bystander.other)).toBe(200);

    const again = await read(t.as(a.token).api.auth['logout-all'].$post());
    expect(again.status).toBe(401);
  });

  it('needs a session', async () => {
    const res = await read(t.client.api.auth['logout-all'].$post());
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: m.notSignedIn, code: 'UNAUTHORIZED' });
  });
});
