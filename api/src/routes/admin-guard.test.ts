import { beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let tokens: Record<'anonymous' | 'customer' | 'admin', string | undefined>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = {
    anonymous: undefined,
    customer: (await signUpCustomer(t)).token,
    admin: (await signInAdmin(t.db)).token,
  };
});

// The guard covers the whole /api/admin prefix: without the role, even an unknown path answers
// 401/403, never 404, so it reveals nothing about which admin routes exist.
describe.each([
  ['GET', '/api/admin/users', 200],
  ['GET', '/api/admin/users?role=admin&q=admin', 200],
  ['GET', '/api/admin/no-such-thing', 404],
  ['DELETE', '/api/admin/users/123', 404],
  ['POST', '/api/admin/anything', 404],
])('%s %s', (method, path, adminStatus) => {
  it.each([
    ['anonymous', 401, 'UNAUTHORIZED'],
    ['customer', 403, 'FORBIDDEN'],
  ] as const)('%s gets %i', async (who, status, code) => {
    const res = await t.call(method, path, { token: tokens[who] });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(typeof res.body.message).toBe('string');
  });

  it(`admin gets ${adminStatus}`, async () => {
    const res = await t.call(method, path, { token: tokens.admin });
    expect(res.status).toBe(adminStatus);
  });
});

describe('GET /api/admin/users', () => {
  it('lists accounts without password hashes, filtered and searched', async () => {
    const customer = await signUpCustomer(t);
    const all = await t.call('GET', '/api/admin/users?pageSize=100', { token: tokens.admin });
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(all.body)).not.toMatch(/passwordHash|argon/);

    const admins = await t.call('GET', '/api/admin/users?role=admin', { token: tokens.admin });
    expect(admins.body.users.every((u: { role: string }) => u.role === 'admin')).toBe(true);

    const found = await t.call(
      'GET',
      `/api/admin/users?q=${encodeURIComponent(customer.user.email)}`,
      {
        token: tokens.admin,
      },
    );
    expect(found.body.users.map((u: { id: string }) => u.id)).toEqual([customer.user.id]);
    expect(found.body.total).toBe(1);
  });

  it('treats % and _ in a search as text', async () => {
    const res = await t.call('GET', '/api/admin/users?q=%25', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(0);
  });

  it('answers 400 for a bad page size', async () => {
    const res = await t.call('GET', '/api/admin/users?pageSize=1000', { token: tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});
