import { beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  await signUpCustomer(t);
  adminToken = (await signInAdmin(t.db)).token;
});

describe('GET /api/admin/users', () => {
  it('lists accounts without password hashes, filtered and searched', async () => {
    const customer = await signUpCustomer(t);
    const all = await read(t.as(adminToken).api.admin.users.$get({ query: { pageSize: '100' } }));
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(all.body)).not.toMatch(/passwordHash|argon/);

    const admins = await read(t.as(adminToken).api.admin.users.$get({ query: { role: 'admin' } }));
    expect(admins.body.users.every((u: { role: string }) => u.role === 'admin')).toBe(true);

    const found = await read(
      t.as(adminToken).api.admin.users.$get({ query: { q: customer.user.email } }),
    );
    expect(found.body.users.map((u: { id: string }) => u.id)).toEqual([customer.user.id]);
    expect(found.body.total).toBe(1);
  });

  it('treats % and _ in a search as text', async () => {
    const res = await read(t.as(adminToken).api.admin.users.$get({ query: { q: '%' } }));
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(0);
  });

  it('answers 400 for a bad page size', async () => {
    const res = await read(t.as(adminToken).api.admin.users.$get({ query: { pageSize: '1000' } }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});
