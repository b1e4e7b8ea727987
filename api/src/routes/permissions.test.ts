import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailBlastRecipients, emailBlasts } from '../db/schema/email-blasts.ts';
import { events } from '../db/schema/events.ts';
import { submissionFiles } from '../db/schema/project-submissions.ts';
import { services } from '../db/schema/services.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { testJpeg } from '../test/images.ts';
import { createProduct } from '../test/products.ts';
import { createSubmission } from '../test/submissions.ts';

/**
 * Every admin route, with the three callers: anonymous 401, customer 403, admin 2xx. A route
 * added without a line here is a route nobody checked, so keep the table complete.
 */
let t: TestApp;
let tokens: { customer: string; admin: string };
let ids: Record<string, string>;

/** A real JPEG: flyers and product images are decoded and resized. */
const jpegBytes = await testJpeg({ width: 400, height: 300 });
const jpeg = () => new Blob([jpegBytes], { type: 'image/jpeg' });

function eventForm(withFlyer: boolean) {
  const form = new FormData();
  form.set('title', 'Listening Party');
  form.set('description', 'New album, big speakers.');
  form.set('date', '2030-05-01T20:00:00Z');
  if (withFlyer) form.set('flyer', jpeg(), 'flyer.jpg');
  return form;
}

function blastForm() {
  const form = new FormData();
  form.set('emails', 'fan1@example.com, fan2@example.com');
  form.set('subject', 'News');
  form.set('message', 'Hello');
  return form;
}

function imageForm() {
  const form = new FormData();
  form.set('image', jpeg(), 'front.jpg');
  return form;
}

type Body = unknown | (() => FormData);
type Row = [method: string, path: () => string, adminStatus: number, body?: Body];

const routes: Row[] = [
  ['GET', () => '/api/admin/users', 200],
  ['GET', () => '/api/admin/dashboard', 200],
  ['GET', () => '/api/admin/report', 200],
  ['GET', () => '/api/admin/orders', 200],
  ['GET', () => `/api/admin/orders/${ids.order}`, 200],
  ['PUT', () => `/api/admin/orders/${ids.order}/status`, 200, { status: 'processing' }],
  [
    'PUT',
    () => `/api/admin/orders/${ids.order}/shipping`,
    200,
    { carrier: 'DHL', trackingNumber: 'JD0146', shippingMethod: 'standard' },
  ],
  ['GET', () => '/api/admin/products', 200],
  ['GET', () => `/api/admin/products/${ids.product}`, 200],
  [
    'POST',
    () => '/api/admin/products',
    201,
    () => ({
      sku: `P-${Date.now()}`,
      name: 'Poster',
      category: 'apparel',
      priceCents: 1500,
      stock: 4,
    }),
  ],
  ['PUT', () => `/api/admin/products/${ids.product}`, 200, { stock: 9 }],
  ['POST', () => `/api/admin/products/${ids.product}/images`, 201, imageForm],
  [
    'DELETE',
    () => `/api/admin/products/${ids.product}/images?url=${encodeURIComponent('/img/seed.jpg')}`,
    200,
  ],
  ['DELETE', () => `/api/admin/products/${ids.product}`, 200],
  ['GET', () => '/api/admin/services', 200],
  ['PUT', () => `/api/admin/services/${ids.service}`, 200, { popular: true }],
  ['GET', () => '/api/admin/submissions', 200],
  ['GET', () => `/api/admin/submissions/${ids.submission}`, 200],
  ['GET', () => `/api/admin/submissions/${ids.submission}/files/${ids.file}`, 200],
  ['GET', () => '/api/admin/email-blasts', 200],
  ['GET', () => `/api/admin/email-blasts/${ids.blast}`, 200],
  ['POST', () => `/api/admin/email-blasts/${ids.blast}/retry`, 202],
  ['POST', () => '/api/admin/subscribers/import', 200, { content: 'email\nnew.fan@example.com' }],
  ['GET', () => '/api/contact/subscribers', 200],
  ['GET', () => '/api/events/admin', 200],
  ['POST', () => '/api/events/admin', 201, () => eventForm(true)],
  ['PUT', () => `/api/events/admin/${ids.event}`, 200, () => eventForm(false)],
  ['DELETE', () => `/api/events/admin/${ids.event}`, 200],
  ['POST', () => '/api/events/admin/send-email-blast', 200, blastForm],
];

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  tokens = { customer: (await signUpCustomer(t)).token, admin: (await signInAdmin(t.db)).token };
  const customer = await signUpCustomer(t);
  const product = await createProduct(t.db, {
    stock: 20,
    images: [{ url: '/img/seed.jpg', alt: 'Seed' }],
  });
  const order = await t.call('POST', '/api/orders', {
    token: customer.token,
    body: {
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: {
        firstName: 'A',
        lastName: 'B',
        street: 'C 1',
        city: 'D',
        state: 'E',
        zipCode: '12345',
        phone: '+15551234567',
      },
    },
  });
  const { submission } = await createSubmission(t.db);
  await t.storage.put('submissions/perm-file', Readable.from([Buffer.from('bytes')]));
  const [file] = await t.db
    .insert(submissionFiles)
    .values({
      submissionId: submission.id,
      originalName: 'a.wav',
      storageKey: 'submissions/perm-file',
      contentType: 'audio/wav',
      sizeBytes: 5,
    })
    .returning();
  const [service] = await t.db.select().from(services).limit(1);
  const [event] = await t.db
    .insert(events)
    .values({ title: 'E', description: 'D', date: new Date() })
    .returning();
  const [blast] = await t.db
    .insert(emailBlasts)
    .values({ subject: 'Old', status: 'done', finishedAt: new Date() })
    .returning();
  await t.db.insert(emailBlastRecipients).values({
    blastId: blast?.id ?? '',
    email: 'bounced@example.com',
    status: 'failed',
    error: '550',
  });
  ids = {
    order: order.body.order.id,
    product: product.id,
    submission: submission.id,
    file: file?.id ?? '',
    service: service?.id ?? '',
    event: event?.id ?? '',
    blast: blast?.id ?? '',
  };
});

async function send(method: string, path: string, token: string | undefined, body?: Body) {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const value = typeof body === 'function' ? (body as () => unknown)() : body;
  if (value instanceof FormData) return t.app.request(path, { method, headers, body: value });
  if (value !== undefined) {
    return t.app.request(path, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(value),
    });
  }
  return t.app.request(path, { method, headers });
}

describe.each(routes)('%s %s', (method, path, adminStatus, body) => {
  it('anonymous: 401, customer: 403, admin: the route answers', async () => {
    const anonymous = await send(method, path(), undefined, body);
    expect(anonymous.status).toBe(401);
    const customer = await send(method, path(), tokens.customer, body);
    expect(customer.status).toBe(403);
    expect(((await customer.json()) as { code: string }).code).toBe('FORBIDDEN');
    const admin = await send(method, path(), tokens.admin, body);
    expect(admin.status, await admin.clone().text()).toBe(adminStatus);
  });
});
