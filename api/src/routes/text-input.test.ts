import { inputMessages as m } from '@studio/shared/messages/input';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../db/schema/contact-messages.ts';
import { orders } from '../db/schema/orders.ts';
import { products } from '../db/schema/products.ts';
import { services } from '../db/schema/services.ts';
import { users } from '../db/schema/users.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, invalid, newUser, read, type TestApp } from '../test/harness.ts';
import { shippingAddress } from '../test/orders.ts';
import { createProduct } from '../test/products.ts';
import { createSubmission } from '../test/submissions.ts';

/**
 * The 500s issue 16 measured, each now a 400 naming the field, with nothing written: NUL in
 * text that is stored or searched, an unpaired surrogate bound for jsonb, an empty partial
 * update; and what the rule keeps (NFC, LF line breaks).
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAdmin(t.db)).token;
});

/** The answer is the project's 400 naming `field` in its message and in its issue path. */
function expectRefused(
  res: { status: number; body: { code: string; message: string; issues?: unknown } },
  path: string,
  message: string,
) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('VALIDATION_FAILED');
  expect(res.body.message).toBe(message);
  expect(res.body.issues).toContainEqual({ path, message });
}

describe('NUL in stored text', () => {
  it('a contact message: 400, nothing stored', async () => {
    const email = `nul.contact@example.com`;
    const res = await read(
      t.client.api.contact.$post({
        json: { name: 'Ray', email, subject: 'Hi', message: 'Hello\u0000there' },
      }),
    );
    expectRefused(res, 'message', m.forbiddenCharacter('Message'));
    const rows = await t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(rows).toEqual([]);
  });

  it('a newsletter address (the e-mail pattern let it through)', async () => {
    const res = await read(
      t.client.api.contact.newsletter.$post({ json: { email: 'fan\u0000@example.com' } }),
    );
    expectRefused(res, 'email', m.forbiddenCharacter('Email'));
  });

  it('a registration: no account made', async () => {
    const body = newUser({ lastName: 'Love\u0000lace' });
    const res = await read(t.client.api.auth.register.$post({ json: body }));
    expectRefused(res, 'lastName', m.forbiddenCharacter('Last name'));
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it('a sign-in', async () => {
    const res = await read(
      t.client.api.auth.login.$post({ json: { email: 'a\u0000@example.com', password: 'x1' } }),
    );
    expectRefused(res, 'email', m.forbiddenCharacter('Email'));
  });

  it('a profile', async () => {
    const { token } = await signUpCustomer(t);
    const res = await read(t.as(token).api.auth.profile.$put({ json: { firstName: 'A\u0000da' } }));
    expectRefused(res, 'firstName', m.forbiddenCharacter('First name'));
  });

  it('admin shipping', async () => {
    const res = await read(
      t.as(admin).api.admin.orders[':id'].shipping.$put({
        param: { id: crypto.randomUUID() },
        json: { carrier: 'DHL', trackingNumber: 'JD\u00000146', shippingMethod: 'standard' },
      }),
    );
    expectRefused(res, 'trackingNumber', m.forbiddenCharacter('Tracking number'));
  });

  it('a product and a service', async () => {
    const sku = 'NUL-1';
    const created = await read(
      t.as(admin).api.admin.products.$post({
        json: { sku, name: 'Po\u0000ster', category: 'apparel', priceCents: 100, stock: 1 },
      }),
    );
    expectRefused(created, 'name', m.forbiddenCharacter('Name'));
    expect(await t.db.select().from(products).where(eq(products.sku, sku))).toEqual([]);
    const [service] = await t.db.select().from(services).limit(1);
    const updated = await read(
      t.as(admin).api.admin.services[':id'].$put({
        param: { id: String(service?.id) },
        json: { features: ['Stems', 'Mix\u0000'] },
      }),
    );
    expectRefused(updated, 'features.1', m.forbiddenCharacter('Feature'));
  });

  it('a subscriber import', async () => {
    const res = await read(
      t.as(admin).api.admin.subscribers.import.$post({
        json: { content: 'email\nfan@example.com\u0000' },
      }),
    );
    expectRefused(res, 'content', m.forbiddenCharacter('The list'));
  });

  it.each([
    ['/api/admin/users'],
    ['/api/admin/orders'],
    ['/api/admin/products'],
    ['/api/admin/submissions'],
  ])('the admin search q on %s', async (path) => {
    const res = await t.request('GET', `${path}?q=a%00b`, { token: admin });
    expectRefused(res, 'q', m.forbiddenCharacter('Search'));
  });

  it('a path parameter', async () => {
    const res = await t.request('GET', '/api/products/a%00b');
    expectRefused(res, '(path)', m.forbiddenCharacter(m.pathField));
  });
});

describe('an unpaired surrogate bound for jsonb', () => {
  it('the order’s shipping address: 400, no order', async () => {
    const { token, user } = await signUpCustomer(t);
    const product = await createProduct(t.db);
    const res = await read(
      t.as(token).api.orders.$post({
        json: {
          items: [{ productId: product.id, quantity: 1 }],
          shippingAddress: { ...shippingAddress, street: '\ud800x Main St' },
        },
      }),
    );
    expectRefused(res, 'shippingAddress.street', m.forbiddenCharacter('Street'));
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it('a field the schema takes as anything: the safety net of validate()', async () => {
    const { submission } = await createSubmission(t.db);
    const res = await read(
      t.client.api.projects['payment-confirm'].$post({
        json: {
          submissionId: submission.id,
          paymentMethod: 'usdt',
          transactionId: `0x${'ab'.repeat(32)}`,
          paymentDetails: invalid({ wallet: { note: 'x\udc00' } }),
        },
      }),
    );
    expectRefused(
      res,
      'paymentDetails.wallet.note',
      m.forbiddenCharacter('paymentDetails.wallet.note'),
    );
  });
});

describe('empty partial updates', () => {
  it('PUT /api/admin/services/:id with {}: 400 "Nothing to update", the row unchanged', async () => {
    const [before] = await t.db.select().from(services).limit(1);
    const res = await read(
      t.as(admin).api.admin.services[':id'].$put({ param: { id: String(before?.id) }, json: {} }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: m.nothingToUpdate });
    const [after] = await t.db
      .select()
      .from(services)
      .where(eq(services.id, String(before?.id)));
    expect(after).toEqual(before);
  });

  it('PUT /api/admin/products/:id with {}: 400; with one field, only that field changes', async () => {
    const product = await createProduct(t.db, {
      description: 'Kept',
      tags: ['kept'],
      isActive: false,
    });
    const empty = await read(
      t.as(admin).api.admin.products[':id'].$put({ param: { id: product.id }, json: {} }),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(m.nothingToUpdate);
    const res = await read(
      t.as(admin).api.admin.products[':id'].$put({ param: { id: product.id }, json: { stock: 9 } }),
    );
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ stock: 9, description: 'Kept', tags: ['kept'], isActive: false });
  });
});

describe('what the rule keeps', () => {
  it('stores names in NFC and messages with LF line breaks', async () => {
    const email = 'nfc.contact@example.com';
    const res = await read(
      t.client.api.contact.$post({
        json: {
          name: 'Rene\u0301e',
          email,
          subject: 'Cafe\u0301',
          message: 'Line one\r\n\tLine two',
        },
      }),
    );
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(row).toMatchObject({
      name: 'Ren\u00e9e',
      subject: 'Caf\u00e9',
      message: 'Line one\n\tLine two',
    });
  });

  it('refuses a line break in a one-line field', async () => {
    const res = await read(
      t.client.api.contact.$post({
        json: { name: 'Ray\nBcc: x', email: 'ray@example.com', subject: 'Hi', message: 'Hello' },
      }),
    );
    expectRefused(res, 'name', m.lineBreak('Name'));
  });
});
