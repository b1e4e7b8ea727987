import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { events } from '../db/schema/events.ts';
import { payments } from '../db/schema/payments.ts';
import { recordAudit } from '../services/audit/record-audit.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { customerOrder } from '../test/orders.ts';
import { payOrder } from '../test/payments.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  t = await createTestApp({ ORDER_MAX_UNPAID: '1000' }, { jobs: true });
  admin = await signInAdmin(t.db);
});

const audit = (query: Record<string, string>, token = admin.token) =>
  read(t.as(token).api.admin.audit.$get({ query }));

/** A new customer's pending order. */
const placeNewOrder = async () =>
  (await customerOrder(t, { product: { priceCents: 1000, stock: 10 } })).order;

interface Entry {
  id: number;
  at: string;
  actor: { kind: string; id?: string; name?: string; email?: string };
  action: string;
  actionLabel: string;
  entityType: string;
  object: { link: { kind: string; id: string } | null; label: string | null };
  summary: string;
}

describe('GET /api/admin/audit', () => {
  it('lists who did what, in words, with a link to the object', async () => {
    const clerk = await signInAdmin(t.db);
    const order = await placeNewOrder();
    const moved = await read(
      t.as(clerk.token).api.admin.orders[':id'].status.$put({
        param: { id: order.id },
        json: { status: 'processing' },
      }),
    );
    expect(moved.status).toBe(200);
    const created = await read(
      t.as(clerk.token).api.admin.products.$post({
        json: {
          sku: `AUD-${randomUUID().slice(0, 6)}`,
          name: 'Audit poster',
          category: 'apparel',
          priceCents: 1500,
          stock: 4,
        },
      }),
    );
    expect(created.status).toBe(201);
    const customer = await signUpCustomer(t);
    const promoted = await read(
      t.as(clerk.token).api.admin.customers[':id'].role.$put({
        param: { id: customer.user.id },
        json: { role: 'admin' },
      }),
    );
    expect(promoted.status).toBe(200);

    const res = await audit({ actor: clerk.user.id });
    expect(res.status).toBe(200);
    const entries = res.body.entries as Entry[];
    const person = {
      kind: 'person',
      id: clerk.user.id,
      name: `${clerk.user.firstName} ${clerk.user.lastName}`,
      email: clerk.email,
    };
    // Newest first.
    expect(entries.map((e) => e.action)).toEqual(['user.role', 'product.create', 'order.status']);
    expect(entries[0]).toMatchObject({
      actor: person,
      actionLabel: 'Account role changed',
      entityType: 'user',
      object: { link: { kind: 'customer', id: customer.user.id }, label: 'Ada Lovelace' },
      summary: 'customer → admin',
    });
    expect(entries[1]).toMatchObject({
      actionLabel: 'Product created',
      object: { link: { kind: 'product', id: created.body.product.id }, label: 'Audit poster' },
      summary: `SKU ${created.body.product.sku}`,
    });
    expect(entries[2]).toMatchObject({
      actionLabel: 'Order status changed',
      object: { link: { kind: 'order', id: order.id }, label: `Order ${order.orderNumber}` },
      summary: 'pending → processing (Store)',
    });
    expect(Date.parse(entries[2]?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body.nextBefore).toBeNull();
  });

  it('tells system changes from deleted people, links payments to their order, drops gone objects', async () => {
    const order = await placeNewOrder();
    const [payment] = await t.db
      .insert(payments)
      .values({ method: 'paypal', orderId: order.id, amountCents: 1000 })
      .returning();
    const [gone] = await t.db
      .insert(events)
      .values({ title: 'Gone party', description: 'D', date: new Date() })
      .returning();
    const ghost = randomUUID();
    await t.db.transaction(async (tx) => {
      await recordAudit({
        db: tx,
        actorId: null,
        action: 'payment.status',
        entityType: 'payment',
        entityId: String(payment?.id),
        detail: { from: 'pending', to: 'failed', source: 'webhook', reason: 'declined' },
      });
      await recordAudit({
        db: tx,
        actorId: ghost,
        action: 'event.delete',
        entityType: 'event',
        entityId: String(gone?.id),
        detail: { title: 'Gone party', date: '2026-01-01T00:00:00.000Z', flyerKey: 'events/x.jpg' },
      });
    });
    await t.db.delete(events).where(eq(events.id, String(gone?.id)));

    const system = (await audit({ actor: 'system', entityType: 'payment' })).body
      .entries as Entry[];
    expect(system[0]).toMatchObject({
      actor: { kind: 'system' },
      actionLabel: 'Payment status changed',
      object: { link: { kind: 'order', id: order.id }, label: `Order ${order.orderNumber}` },
      summary: 'pending → failed (PayPal notice): declined',
    });
    const deleted = (await audit({ actor: ghost })).body.entries as Entry[];
    expect(deleted).toEqual([
      expect.objectContaining({
        actor: { kind: 'deleted' },
        actionLabel: 'Event deleted',
        object: { link: null, label: null },
        summary: 'Gone party',
      }),
    ]);
    // The storage key is in the detail, never in the answer.
    expect(JSON.stringify(deleted)).not.toContain('events/x.jpg');
  });

  it('never sends a secret a detail holds', async () => {
    const actor = randomUUID();
    await recordAudit({
      db: t.db,
      actorId: actor,
      action: 'test.secrets',
      entityType: 'test',
      entityId: null,
      detail: {
        password: 'hunter2-plain',
        passwordHash: '$argon2id$v=19$hash',
        token: 'tok-0123456789',
        apiKey: 'key-0123456789',
        webhookSignature: 'sig-0123',
        requestId: 'req-0123',
        note: 'kept',
        nested: { password: 'hunter3-nested' },
      },
    });
    const res = await audit({ actor });
    expect(res.body.entries).toEqual([
      expect.objectContaining({ actionLabel: 'Test secrets', summary: 'note: kept' }),
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/hunter|argon|tok-|key-|sig-|req-/);
  });

  it('filters by action, object type and inclusive UTC days', async () => {
    const actor = randomUUID();
    const at = (iso: string, action: string, entityType = 'order') =>
      t.db.insert(auditLog).values({
        actorId: actor,
        action,
        entityType,
        entityId: null,
        createdAt: new Date(iso),
      });
    // In the order they happened: the log lists in the order entries were written.
    await at('2024-03-09T23:59:59.999Z', 'order.status');
    await at('2024-03-10T00:00:00.000Z', 'order.status');
    await at('2024-03-11T12:00:00.000Z', 'product.update', 'product');
    await at('2024-03-11T23:59:59.999Z', 'order.shipping');
    await at('2024-03-12T00:00:00.000Z', 'order.status');

    const days = async (query: Record<string, string>) =>
      ((await audit({ actor, ...query })).body.entries as Entry[]).map((e) => e.at);
    expect(await days({ from: '2024-03-10', to: '2024-03-11' })).toEqual([
      '2024-03-11T23:59:59.999Z',
      '2024-03-11T12:00:00.000Z',
      '2024-03-10T00:00:00.000Z',
    ]);
    expect(await days({ from: '2024-03-12' })).toEqual(['2024-03-12T00:00:00.000Z']);
    expect(await days({ to: '2024-03-09' })).toEqual(['2024-03-09T23:59:59.999Z']);
    expect(await days({ action: 'order.status', from: '2024-03-10' })).toEqual([
      '2024-03-12T00:00:00.000Z',
      '2024-03-10T00:00:00.000Z',
    ]);
    expect(await days({ entityType: 'product' })).toEqual(['2024-03-11T12:00:00.000Z']);
    expect(await days({ action: 'nothing.here' })).toEqual([]);
  });

  it('pages newest first with `before`, nothing twice, nothing left out', async () => {
    const actor = randomUUID();
    for (let i = 0; i < 7; i++)
      await recordAudit({
        db: t.db,
        actorId: actor,
        action: 'product.update',
        entityType: 'product',
        entityId: null,
        detail: { n: i },
      });
    const seen: number[] = [];
    let before: number | null | undefined;
    let pages = 0;
    do {
      const res = await audit({
        actor,
        pageSize: '3',
        ...(before ? { before: String(before) } : {}),
      });
      expect(res.status).toBe(200);
      seen.push(...(res.body.entries as Entry[]).map((e) => e.id));
      before = res.body.nextBefore;
      pages += 1;
    } while (before && pages < 10);
    expect(pages).toBe(3);
    expect(seen.length).toBe(7);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(7);
  });

  it.each([
    [{ from: '2024-03-12', to: '2024-03-10' }],
    [{ from: '2024-02-30' }],
    [{ actor: 'bob' }],
    [{ action: "x'; drop table audit_log" }],
    [{ before: '-1' }],
    [{ before: 'abc' }],
    [{ pageSize: '500' }],
  ])('answers 400 for %j', async (query) => {
    const res = await audit(query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/admin/audit/filters', () => {
  it('lists the people, object types and actions present, in words', async () => {
    const clerk = await signInAdmin(t.db);
    const order = await placeNewOrder();
    await payOrder(t, order.id, { admin: clerk.token });
    await recordAudit({
      db: t.db,
      actorId: null,
      action: 'payment.status',
      entityType: 'payment',
      entityId: null,
    });
    const res = await read(t.as(admin.token).api.admin.audit.filters.$get());
    expect(res.status).toBe(200);
    expect(res.body.people).toContainEqual({
      id: clerk.user.id,
      name: `${clerk.user.firstName} ${clerk.user.lastName}`,
      email: clerk.email,
      deleted: false,
    });
    expect(res.body.system).toBe(true);
    expect(res.body.entityTypes).toContainEqual({ value: 'order', label: 'Orders' });
    expect(res.body.actions).toContainEqual({
      value: 'order.status',
      label: 'Order status changed',
      entityType: 'order',
    });
    const values = (res.body.actions as { value: string }[]).map((a) => a.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values).not.toContain('product.deactivate');
  });
});
