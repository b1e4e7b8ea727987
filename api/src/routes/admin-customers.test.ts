import { randomUUID } from 'node:crypto';
import { customerMessages } from '@studio/shared/messages/customers';
import type { OrderStatus } from '@studio/shared/schemas/orders';
import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { payments } from '../db/schema/payments.ts';
import { projectSubmissions } from '../db/schema/project-submissions.ts';
import { refunds } from '../db/schema/refunds.ts';
import { subscribers } from '../db/schema/subscribers.ts';
import { users } from '../db/schema/users.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { placeOrder } from '../test/orders.ts';
import { createSubmission } from '../test/submissions.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  t = await createTestApp({ ORDER_MAX_UNPAID: '1000' }, { jobs: true });
  admin = await signInAdmin(t.db);
});

/** A customer registered through the API, with a last name no other test uses. */
const register = (overrides: Record<string, unknown> = {}) =>
  signUpCustomer(t, { lastName: `Zed${randomUUID().slice(0, 8)}`, ...overrides });

/** An order placed by the customer, then moved to `status` by the admin (as the Orders tab does). */
async function order(token: string, status: OrderStatus, quantity = 1) {
  const placedOrder = await placeOrder(t, token, {
    product: { priceCents: 1000, stock: 100 },
    quantity,
  });
  if (status !== 'pending') {
    const moved = await read(
      t.as(admin.token).api.admin.orders[':id'].status.$put({
        param: { id: placedOrder.id },
        json: { status },
      }),
    );
    expect(moved.status).toBe(200);
  }
  return placedOrder;
}

const list = (query: Record<string, string>) =>
  read(t.as(admin.token).api.admin.customers.$get({ query }));

describe('GET /api/admin/customers', () => {
  it('gives each customer their orders count, what their paid orders total and their last order', async () => {
    const ada = await register();
    const paid = await order(ada.token, 'paid', 2);
    const delivered = await order(ada.token, 'delivered');
    await order(ada.token, 'cancelled');
    const last = await order(ada.token, 'pending');
    const quiet = await register();
    // Part of the paid order given back: a completed refund counts, a pending one not yet.
    const [payment] = await t.db
      .insert(payments)
      .values({
        method: 'paypal',
        orderId: paid.id,
        amountCents: paid.totalCents,
        status: 'confirmed',
      })
      .returning();
    const refund = (amountCents: number, status: 'completed' | 'pending') => ({
      id: randomUUID(),
      paymentId: String(payment?.id),
      orderId: paid.id,
      amountCents,
      method: 'paypal' as const,
      status,
      source: 'admin' as const,
      reason: 'Damaged in transit',
    });
    await t.db.insert(refunds).values([refund(500, 'completed'), refund(300, 'pending')]);

    const res = await list({ q: ada.user.email });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.customers).toEqual([
      {
        id: ada.user.id,
        firstName: 'Ada',
        lastName: ada.user.lastName,
        email: ada.user.email,
        role: 'customer',
        ordersCount: 4,
        // Paid and delivered count, less what was refunded; cancelled and pending do not.
        totalSpentCents: paid.totalCents + delivered.totalCents - 500,
        lastOrderAt: new Date(last.createdAt).toISOString(),
        createdAt: expect.any(String),
      },
    ]);
    expect(paid.totalCents).toBeGreaterThan(2000);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon/);

    const none = await list({ q: quiet.user.lastName });
    expect(none.body.customers).toMatchObject([
      { id: quiet.user.id, ordersCount: 0, totalSpentCents: 0, lastOrderAt: null },
    ]);
  });

  it('searches by name and e-mail, filters by role, treats % and _ as text', async () => {
    const grace = await register({ firstName: 'Gracious' });
    const byName = await list({ q: `gracious ${grace.user.lastName.toLowerCase()}` });
    expect(byName.body.customers.map((c: { id: string }) => c.id)).toEqual([grace.user.id]);
    const byPart = await list({ q: grace.user.email.slice(0, 12).toUpperCase() });
    expect(byPart.body.customers.map((c: { id: string }) => c.id)).toContain(grace.user.id);

    const admins = await list({ role: 'admin', pageSize: '100' });
    expect(admins.body.customers.length).toBeGreaterThan(0);
    expect(admins.body.customers.every((c: { role: string }) => c.role === 'admin')).toBe(true);
    expect(admins.body.customers.map((c: { id: string }) => c.id)).toContain(admin.user.id);

    for (const q of ['%', '_', '\\']) expect((await list({ q })).body.total).toBe(0);
  });

  it('sorts by total spent, orders count, last order and name, and pages', async () => {
    const tag = `Sort${randomUUID().slice(0, 6)}`;
    const small = await register({ firstName: tag, lastName: 'Alpha' });
    const big = await register({ firstName: tag, lastName: 'Beta' });
    const none = await register({ firstName: tag, lastName: 'Gamma' });
    await order(small.token, 'paid', 1);
    await order(big.token, 'shipped', 5);
    await order(big.token, 'pending', 1);
    await order(big.token, 'pending', 1);

    const ids = async (query: Record<string, string>) =>
      (await list({ q: tag, ...query })).body.customers.map((c: { id: string }) => c.id);
    expect(await ids({ sort: 'totalSpent', dir: 'desc' })).toEqual([
      big.user.id,
      small.user.id,
      none.user.id,
    ]);
    expect(await ids({ sort: 'totalSpent', dir: 'asc' })).toEqual([
      none.user.id,
      small.user.id,
      big.user.id,
    ]);
    expect(await ids({ sort: 'ordersCount', dir: 'desc' })).toEqual([
      big.user.id,
      small.user.id,
      none.user.id,
    ]);
    // No order at all comes last whichever way.
    expect((await ids({ sort: 'lastOrderAt', dir: 'asc' })).at(-1)).toBe(none.user.id);
    expect((await ids({ sort: 'lastOrderAt', dir: 'desc' })).at(-1)).toBe(none.user.id);
    expect(await ids({ sort: 'name', dir: 'desc' })).toEqual([
      none.user.id,
      big.user.id,
      small.user.id,
    ]);

    const second = await list({ q: tag, sort: 'name', dir: 'asc', pageSize: '2', page: '2' });
    expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.body.customers.map((c: { id: string }) => c.id)).toEqual([none.user.id]);
  });

  it('answers 400 for a bad sort, page size or role', async () => {
    const bad: Record<string, string>[] = [
      { sort: 'password' },
      { pageSize: '1000' },
      { role: 'owner' },
    ];
    for (const query of bad) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/admin/customers/:id', () => {
  const detail = (id: string) =>
    read(t.as(admin.token).api.admin.customers[':id'].$get({ param: { id } }));

  it('shows the customer, their orders, submissions and newsletter status', async () => {
    const ada = await register();
    const first = await order(ada.token, 'paid');
    const second = await order(ada.token, 'pending');
    // One sent signed in (written with the account), one signed out with the e-mail in capitals.
    const { submission: signedIn } = await createSubmission(t.db);
    const { submission: signedOut } = await createSubmission(t.db, 'EPM-001');
    await t.db
      .update(projectSubmissions)
      .set({ userId: ada.user.id })
      .where(eq(projectSubmissions.id, signedIn.id));
    await t.db
      .update(projectSubmissions)
      .set({ email: ada.user.email.toUpperCase() })
      .where(eq(projectSubmissions.id, signedOut.id));
    await createSubmission(t.db); // someone else's

    const res = await detail(ada.user.id);
    expect(res.status).toBe(200);
    expect(res.body.customer).toMatchObject({
      id: ada.user.id,
      email: ada.user.email,
      phone: '+15551234567',
      role: 'customer',
      ordersCount: 2,
      totalSpentCents: first.totalCents,
    });
    expect(res.body.orders.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect(res.body.orders[1]).toMatchObject({ status: 'paid', totalCents: first.totalCents });
    expect(res.body.submissions.map((s: { id: string }) => s.id).sort()).toEqual(
      [signedIn.id, signedOut.id].sort(),
    );
    expect(res.body.submissions.find((s: { id: string }) => s.id === signedOut.id)).toMatchObject({
      service: 'EP Mix',
      paymentState: 'unpaid',
    });
    expect(res.body.submissionsCount).toBe(2);
    expect(res.body.newsletter).toEqual({ status: 'none', since: null });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon/);
  });

  it.each([
    ['active', 'subscribed'],
    ['pending', 'pending'],
    ['unsubscribed', 'unsubscribed'],
  ] as const)('reads a %s subscriber row as %s', async (status, shown) => {
    const ada = await register();
    const at = new Date('2026-02-03T04:05:06Z');
    await t.db.insert(subscribers).values({
      email: ada.user.email,
      status,
      requestedAt: at,
      consentedAt: status === 'active' ? at : null,
      unsubscribedAt: status === 'unsubscribed' ? at : null,
    });
    const res = await detail(ada.user.id);
    expect(res.body.newsletter).toEqual({ status: shown, since: at.toISOString() });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await detail(id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(customerMessages.customerNotFound);
    }
  });
});

describe('PUT /api/admin/customers/:id/role', () => {
  const setRole = (token: string, id: string, role: 'admin' | 'customer') =>
    read(t.as(token).api.admin.customers[':id'].role.$put({ param: { id }, json: { role } }));

  /** Leaves exactly these accounts admin, every other one a customer. */
  async function onlyAdmins(...ids: string[]) {
    await t.db.update(users).set({ role: 'customer' }).where(eq(users.role, 'admin'));
    for (const id of ids) await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
  }

  const adminCount = async () =>
    (await t.db.select().from(users).where(eq(users.role, 'admin'))).length;

  it('makes a customer admin and back, audited, and their session follows at once', async () => {
    const ada = await register();
    const asAda = () => read(t.as(ada.token).api.admin.customers.$get({ query: {} }));
    expect((await asAda()).status).toBe(403);

    const given = await setRole(admin.token, ada.user.id, 'admin');
    expect(given.status).toBe(200);
    expect(given.body).toEqual({
      changed: true,
      role: 'admin',
      message: customerMessages.roleGiven(`Ada ${ada.user.lastName}`),
    });
    // The same session, no new sign-in: the role is read from the account on each request.
    expect((await asAda()).status).toBe(200);

    const again = await setRole(admin.token, ada.user.id, 'admin');
    expect(again.body).toMatchObject({ changed: false, role: 'admin' });

    const taken = await setRole(admin.token, ada.user.id, 'customer');
    expect(taken.status).toBe(200);
    expect(taken.body.message).toBe(customerMessages.roleTaken(`Ada ${ada.user.lastName}`));
    expect((await asAda()).status).toBe(403);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.role'), eq(auditLog.entityId, ada.user.id)))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.actorId, a.detail])).toEqual([
      [admin.user.id, { from: 'customer', to: 'admin' }],
      [admin.user.id, { from: 'admin', to: 'customer' }],
    ]);
  });

  it('never takes the role from the last admin, their own included', async () => {
    const other = await signInAdmin(t.db);
    await onlyAdmins(other.user.id);
    const before = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.role'));

    const res = await setRole(other.token, other.user.id, 'customer');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', message: customerMessages.lastAdmin });
    expect(await adminCount()).toBe(1);
    const after = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.role'));
    expect(after.length).toBe(before.length);
  });

  it('lets an admin take their own role while another admin remains', async () => {
    const one = await signInAdmin(t.db);
    const two = await signInAdmin(t.db);
    await onlyAdmins(one.user.id, two.user.id);
    const res = await setRole(one.token, one.user.id, 'customer');
    expect(res.status).toBe(200);
    // Their next request is a customer's.
    const next = await read(t.as(one.token).api.admin.customers.$get({ query: {} }));
    expect(next.status).toBe(403);
    expect(await adminCount()).toBe(1);
  });

  it('leaves one admin when the last two demote each other at the same moment', async () => {
    for (let round = 0; round < 8; round++) {
      const a = await signInAdmin(t.db);
      const b = await signInAdmin(t.db);
      await onlyAdmins(a.user.id, b.user.id);
      const [ab, ba] = await Promise.all([
        setRole(a.token, b.user.id, 'customer'),
        setRole(b.token, a.user.id, 'customer'),
      ]);
      const statuses = [ab.status, ba.status].sort();
      // The first wins; the second's caller is no admin any more (403), or, had it run first, the
      // remaining one is the last admin (409).
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([403, 409], `round ${round}`).toContain(statuses[1]);
      expect(await adminCount()).toBe(1);
    }
  });

  it('leaves one admin when three admins each demote the others at once', async () => {
    const three = await Promise.all([signInAdmin(t.db), signInAdmin(t.db), signInAdmin(t.db)]);
    await onlyAdmins(...three.map((a) => a.user.id));
    const calls = three.flatMap((actor) =>
      three
        .filter((target) => target !== actor)
        .map((target) => setRole(actor.token, target.user.id, 'customer')),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => [200, 403, 409].includes(r.status))).toBe(true);
    expect(await adminCount()).toBe(1);
  });

  it('answers 400 for a role that is not admin or customer, 404 for no account', async () => {
    await onlyAdmins(admin.user.id);
    const ada = await register();
    const bad = await read(
      t.as(admin.token).api.admin.customers[':id'].role.$put({
        param: { id: ada.user.id },
        // biome-ignore lint/suspicious/noExplicitAny: the wrong value on purpose
        json: { role: 'owner' as any },
      }),
    );
    expect(bad.status).toBe(400);
    expect((await setRole(admin.token, randomUUID(), 'admin')).status).toBe(404);
    expect((await setRole(admin.token, 'x', 'admin')).status).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, ada.user.id));
    expect(row?.role).toBe('customer');
    expect(
      await t.db
        .select()
        .from(users)
        .where(and(eq(users.role, 'admin'), ne(users.id, admin.user.id))),
    ).toEqual([]);
  });
});
