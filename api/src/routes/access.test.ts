import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteKey } from '../app.ts';
import { downloadGrants } from '../db/schema/downloads.ts';
import { emailBlastRecipients, emailBlasts } from '../db/schema/email-blasts.ts';
import { events } from '../db/schema/events.ts';
import { services } from '../db/schema/services.ts';
import { signValue } from '../lib/signed-token.ts';
import type { AccessRow } from '../openapi/access-row.ts';
import { apiEndpoints } from '../openapi/route-table.ts';
import { CONFIRM_PURPOSE, confirmValue } from '../services/newsletter/confirm-url.ts';
import { UNSUBSCRIBE_PURPOSE } from '../services/newsletter/unsubscribe-url.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import {
  adminUpload,
  digitalOrder,
  digitalProduct,
  uploadToDraft,
  zipBytes,
} from '../test/downloads.ts';
import { createTestApp, newUser, read, type TestApp, type TestClient } from '../test/harness.ts';
import { testJpeg } from '../test/images.ts';
import { markOrderPaid, paidSubmission } from '../test/invoices.ts';
import { wavHead } from '../test/multipart.ts';
import { placeOrder, shippingAddress } from '../test/orders.ts';
import { failedMail } from '../test/outbound-mail.ts';
import { createProduct } from '../test/products.ts';
import { roomProject, shareTestVersion } from '../test/project-room.ts';
import { confirmedCryptoPayment, refundHash, requestId } from '../test/refunds.ts';
import { createSubmission, submissionWithFile } from '../test/submissions.ts';
import { completedUpload, createUpload, newDraft, TUS, wavBytes } from '../test/tus.ts';
import { accessRows } from './access.ts';

/** A paid order of `token`'s with a digital product's file: its id and the file's. */
async function paidFile(token: string) {
  const { product, file } = await digitalProduct(t);
  const order = await digitalOrder(t, token, product.id);
  return { orderId: order.id, fileId: file.id };
}

/**
 * Every route of the app, called by an anonymous visitor, a customer and an admin: each gets
 * the status its route file's access row states. Every call brings its own fixture and its
 * own account, so no call changes what another one reads.
 */
let t: TestApp;
/** Makes fixtures that need an admin (an order ready to ship); never one of the callers. */
let setupAdmin: string;

beforeAll(async () => {
  // The setup admin places an order for each row that needs one, more than ORDER_MAX_UNPAID.
  t = await createTestApp({ ORDER_MAX_UNPAID: '100000' }, { jobs: true });
  setupAdmin = (await signInAdmin(t.db)).token;
});

type Who = 'anonymous' | 'customer' | 'admin';

interface Caller {
  who: Who;
  client: TestClient;
  /** The caller's account; an anonymous caller has none. */
  account?: { token: string; id: string; password: string };
}

async function caller(who: Who): Promise<Caller> {
  if (who === 'anonymous') return { who, client: t.client };
  if (who === 'customer') {
    const { token, user } = await signUpCustomer(t);
    return { who, client: t.as(token), account: { token, id: user.id, password: 'Secret123' } };
  }
  const { token, user, password } = await signInAdmin(t.db);
  return { who, client: t.as(token), account: { token, id: user.id, password } };
}

/** The caller's own token, or a new customer's for an anonymous caller (whose order it reads). */
async function ownerToken(c: Caller) {
  return c.account?.token ?? (await signUpCustomer(t)).token;
}

const jpegBytes = await testJpeg({ width: 400, height: 300 });
const jpeg = () => new Blob([jpegBytes], { type: 'image/jpeg' });
const unique = () => randomBytes(4).toString('hex');

function form(fields: Record<string, string>, files: Record<string, [Blob, string]> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const [name, [blob, filename]] of Object.entries(files)) body.set(name, blob, filename);
  return { init: { body } };
}

const eventFields = () => ({
  title: 'Listening Party',
  description: 'New album, big speakers.',
  date: '2030-05-01T20:00:00Z',
});

/** A new order of the account `token` signs in (its id), for the rows that need one. */
const orderOf = async (token: string) =>
  (await placeOrder(t, token, { product: { stock: 20 } })).id;

const submissionFile = () => submissionWithFile(t);

async function event() {
  const [row] = await t.db
    .insert(events)
    .values({ title: 'E', description: 'D', date: new Date() })
    .returning();
  return String(row?.id);
}

/** A finished blast with a failed and an unknown recipient: a retry and a resend have work. */
async function failedBlast() {
  const [blast] = await t.db
    .insert(emailBlasts)
    .values({ subject: 'Old', status: 'done', finishedAt: new Date() })
    .returning();
  const id = String(blast?.id);
  await t.db.insert(emailBlastRecipients).values([
    { blastId: id, email: 'bounced@example.com', status: 'failed', error: '550' },
    { blastId: id, email: 'unsure@example.com', status: 'unknown' },
  ]);
  return id;
}

async function service() {
  const [row] = await t.db
    .insert(services)
    .values({
      sku: `S-${unique()}`,
      title: 'Access check',
      category: 'mixing',
      listPriceCents: 1000,
      description: 'A service made for one call.',
    })
    .returning();
  return String(row?.id);
}

/** A project the caller submitted while signed in (an anonymous caller's has no account). */
const ownProject = (c: Caller) => roomProject(t, c.account ? { id: c.account.id } : {});

/** How each route is reached, with a fixture of its own: one entry a route, none missing. */
const calls: Record<RouteKey, (c: Caller) => Promise<Response>> = {
  'GET /api/health': (c) => c.client.api.health.$get(),
  'GET /api/services': (c) => c.client.api.services.$get(),
  'GET /api/products': (c) => c.client.api.products.$get({ query: {} }),
  'GET /api/products/:id': async (c) =>
    c.client.api.products[':id'].$get({ param: { id: (await createProduct(t.db)).id } }),
  'GET /api/events': (c) => c.client.api.events.$get(),
  'GET /api/media/:folder/:name': async (c) => {
    const name = `access-${unique()}.jpg`;
    await t.storage.put(`products/${name}`, Readable.from([jpegBytes]));
    return c.client.api.media[':folder'][':name'].$get({ param: { folder: 'products', name } });
  },
  'POST /api/contact': (c) =>
    c.client.api.contact.$post({
      json: {
        name: 'Ray',
        email: `visitor.${unique()}@example.net`,
        subject: 'Hi',
        message: 'Hello',
      },
    }),
  'POST /api/contact/newsletter': (c) =>
    c.client.api.contact.newsletter.$post({ json: { email: `fan.${unique()}@example.com` } }),
  'GET /api/contact/newsletter/confirm': (c) => {
    const email = `fan.${unique()}@example.com`;
    const expires = String(Math.floor(Date.now() / 1000) + 3600);
    const token = signValue(t.secret, CONFIRM_PURPOSE, confirmValue(email, Number(expires)));
    return c.client.api.contact.newsletter.confirm.$get({ query: { email, expires, token } });
  },
  'POST /api/contact/newsletter/confirm': async (c) => {
    const email = `fan.${unique()}@example.com`;
    await read(t.client.api.contact.newsletter.$post({ json: { email } }));
    const expires = String(Math.floor(Date.now() / 1000) + 3600);
    const token = signValue(t.secret, CONFIRM_PURPOSE, confirmValue(email, Number(expires)));
    return c.client.api.contact.newsletter.confirm.$post({ query: { email, expires, token } });
  },
  'GET /api/contact/unsubscribe': (c) => {
    const email = `fan.${unique()}@example.com`;
    const token = signValue(t.secret, UNSUBSCRIBE_PURPOSE, email);
    return c.client.api.contact.unsubscribe.$get({ query: { email, token } });
  },
  'POST /api/contact/unsubscribe': async (c) => {
    const email = `fan.${unique()}@example.com`;
    await read(t.client.api.contact.newsletter.$post({ json: { email } }));
    const token = signValue(t.secret, UNSUBSCRIBE_PURPOSE, email);
    return c.client.api.contact.unsubscribe.$post({ query: { email, token } });
  },
  'GET /api/contact/subscribers': (c) => c.client.api.contact.subscribers.$get(),
  'POST /api/admin/subscribers/import': (c) =>
    c.client.api.admin.subscribers.import.$post({
      json: { content: `email\nnew.${unique()}@example.com` },
    }),
  'POST /api/projects/submit': (c) =>
    c.client.api.projects.submit.$post(
      {},
      form(
        {
          name: 'Nina Simone',
          email: `nina.${unique()}@example.com`,
          service: 'Song Mix',
          notes: 'Two songs, stems attached.',
        },
        {
          files: [new Blob([wavHead(), Buffer.alloc(2048)], { type: 'audio/wav' }), 'song.wav'],
        },
      ),
    ),
  'POST /api/projects/submit-uploads': async (c) => {
    const draftToken = await newDraft(t);
    return c.client.api.projects['submit-uploads'].$post({
      json: {
        name: 'Nina Simone',
        email: `nina.${unique()}@example.com`,
        service: 'Song Mix',
        notes: 'Two songs, stems attached.',
        draftToken,
        uploadIds: [await completedUpload(t, draftToken)],
      },
    });
  },
  'POST /api/uploads/drafts': (c) => c.client.api.uploads.drafts.$post(),
  'POST /api/uploads': async (c) => {
    const draft = await newDraft(t);
    return c.client.api.uploads.$post(
      {},
      { headers: { ...TUS, 'Upload-Draft': draft, 'Upload-Length': '8192' } },
    );
  },
  'GET /api/uploads/:id': async (c) => {
    const draft = await newDraft(t);
    const { id } = await createUpload(t, draft, { size: 8192 });
    return c.client.api.uploads[':id'].$get(
      { param: { id } },
      { headers: { 'Upload-Draft': draft } },
    );
  },
  'PATCH /api/uploads/:id': async (c) => {
    const draft = await newDraft(t);
    const { id } = await createUpload(t, draft, { size: 8192 });
    return c.client.api.uploads[':id'].$patch(
      { param: { id } },
      {
        headers: {
          ...TUS,
          'Upload-Draft': draft,
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
        },
        init: { body: new Uint8Array(wavBytes(8192)) },
      },
    );
  },
  'DELETE /api/uploads/:id': async (c) => {
    const draft = await newDraft(t);
    const { id } = await createUpload(t, draft, { size: 8192 });
    return c.client.api.uploads[':id'].$delete(
      { param: { id } },
      { headers: { ...TUS, 'Upload-Draft': draft } },
    );
  },
  'POST /api/projects/payment-confirm': async (c) =>
    c.client.api.projects['payment-confirm'].$post({
      json: {
        submissionId: (await createSubmission(t.db)).submission.id,
        paymentMethod: 'usdt',
        transactionId: `0x${'ab'.repeat(32)}`,
      },
    }),
  'GET /api/projects/:id': async (c) =>
    c.client.api.projects[':id'].$get({
      param: { id: (await createSubmission(t.db)).submission.id },
    }),
  'GET /api/projects/:id/invoice.pdf': async (c) =>
    c.client.api.projects[':id']['invoice.pdf'].$get({
      param: { id: (await paidSubmission(t.db, c.account?.id ?? null)).submission.id },
    }),
  'GET /api/payments/config': (c) => c.client.api.payments.config.$get(),
  'POST /api/payments/quote': async (c) =>
    c.client.api.payments.quote.$post({
      json: { submissionId: (await createSubmission(t.db)).submission.id, method: 'usdt' },
    }),
  'POST /api/payments/paypal/orders': async (c) =>
    c.client.api.payments.paypal.orders.$post({
      json: { submissionId: (await createSubmission(t.db)).submission.id },
    }),
  'POST /api/payments/paypal/webhook': (c) =>
    c.client.api.payments.paypal.webhook.$post({
      json: { id: `WH-${unique()}`, event_type: 'PAYMENT.CAPTURE.COMPLETED' },
    }),
  'POST /api/auth/register': (c) => c.client.api.auth.register.$post({ json: newUser() }),
  'POST /api/auth/login': async (c) => {
    const { email, password } = newUser();
    await read(t.client.api.auth.register.$post({ json: { ...newUser(), email, password } }));
    return c.client.api.auth.login.$post({ json: { email, password } });
  },
  'GET /api/auth/me': (c) => c.client.api.auth.me.$get(),
  'PUT /api/auth/profile': (c) => c.client.api.auth.profile.$put({ json: { firstName: 'Ada' } }),
  'POST /api/auth/logout': (c) => c.client.api.auth.logout.$post(),
  'PUT /api/auth/password': (c) =>
    c.client.api.auth.password.$put({
      json: { currentPassword: c.account?.password ?? 'Secret123', newPassword: 'Changed456' },
    }),
  'POST /api/auth/logout-all': (c) => c.client.api.auth['logout-all'].$post(),
  'POST /api/orders': async (c) =>
    c.client.api.orders.$post({
      json: {
        items: [{ productId: (await createProduct(t.db)).id, quantity: 1 }],
        shippingAddress,
      },
    }),
  'GET /api/orders': (c) => c.client.api.orders.$get({ query: {} }),
  'POST /api/orders/execute-payment': async (c) =>
    c.client.api.orders['execute-payment'].$post({
      json: {
        paymentId: 'PAY-1',
        payerId: 'PAYER-1',
        orderId: await orderOf(await ownerToken(c)),
      },
    }),
  'GET /api/orders/:id': async (c) =>
    c.client.api.orders[':id'].$get({ param: { id: await orderOf(await ownerToken(c)) } }),
  'POST /api/orders/:id/cancel': async (c) =>
    c.client.api.orders[':id'].cancel.$post({
      param: { id: await orderOf(await ownerToken(c)) },
    }),
  'GET /api/orders/:id/invoice.pdf': async (c) =>
    c.client.api.orders[':id']['invoice.pdf'].$get({
      param: { id: await markOrderPaid(t.db, await orderOf(await ownerToken(c))) },
    }),
  'POST /api/orders/:id/files/:fileId/link': async (c) => {
    const { orderId, fileId } = await paidFile(await ownerToken(c));
    return c.client.api.orders[':id'].files[':fileId'].link.$post({
      param: { id: orderId, fileId },
    });
  },
  'GET /api/orders/:id/files/:fileId': async (c) => {
    const { orderId, fileId } = await paidFile(await ownerToken(c));
    return c.client.api.orders[':id'].files[':fileId'].$get({
      param: { id: orderId, fileId },
      query: {},
    });
  },
  'POST /api/orders/:id/payment-confirm': async (c) =>
    c.client.api.orders[':id']['payment-confirm'].$post({
      param: { id: await orderOf(await ownerToken(c)) },
      json: { paymentMethod: 'usdt', transactionId: `0x${'cd'.repeat(32)}` },
    }),
  'GET /api/events/admin': (c) => c.client.api.events.admin.$get(),
  'POST /api/events/admin': (c) =>
    c.client.api.events.admin.$post({}, form(eventFields(), { flyer: [jpeg(), 'flyer.jpg'] })),
  'PUT /api/events/admin/:id': async (c) =>
    c.client.api.events.admin[':id'].$put({ param: { id: await event() } }, form(eventFields())),
  'DELETE /api/events/admin/:id': async (c) =>
    c.client.api.events.admin[':id'].$delete({ param: { id: await event() } }),
  'POST /api/events/admin/send-email-blast': (c) =>
    c.client.api.events.admin['send-email-blast'].$post(
      {},
      form({ emails: 'fan1@example.com, fan2@example.com', subject: 'News', message: 'Hello' }),
    ),
  'GET /api/admin/email-blasts': (c) => c.client.api.admin['email-blasts'].$get({ query: {} }),
  'GET /api/admin/email-blasts/:id': async (c) =>
    c.client.api.admin['email-blasts'][':id'].$get({ param: { id: await failedBlast() } }),
  'POST /api/admin/email-blasts/:id/retry': async (c) =>
    c.client.api.admin['email-blasts'][':id'].retry.$post({ param: { id: await failedBlast() } }),
  'POST /api/admin/email-blasts/:id/resend-unknown': async (c) =>
    c.client.api.admin['email-blasts'][':id']['resend-unknown'].$post({
      param: { id: await failedBlast() },
    }),
  // Also the guard's own check: a query changes nothing about who may call.
  'GET /api/admin/users': (c) =>
    c.client.api.admin.users.$get({ query: { role: 'admin', q: 'admin' } }),
  'GET /api/admin/customers': (c) =>
    c.client.api.admin.customers.$get({ query: { q: 'a', sort: 'totalSpent' } }),
  'GET /api/admin/customers/:id': async (c) =>
    c.client.api.admin.customers[':id'].$get({ param: { id: (await signUpCustomer(t)).user.id } }),
  // A new customer made admin: the admin caller's 200 takes no one's role away.
  'PUT /api/admin/customers/:id/role': async (c) =>
    c.client.api.admin.customers[':id'].role.$put({
      param: { id: (await signUpCustomer(t)).user.id },
      json: { role: 'admin' },
    }),
  'GET /api/admin/audit': (c) => c.client.api.admin.audit.$get({ query: { entityType: 'order' } }),
  'GET /api/admin/audit/filters': (c) => c.client.api.admin.audit.filters.$get(),
  'GET /api/admin/dashboard': (c) => c.client.api.admin.dashboard.$get(),
  'GET /api/admin/report': (c) => c.client.api.admin.report.$get({ query: {} }),
  'GET /api/admin/orders': (c) => c.client.api.admin.orders.$get({ query: {} }),
  'GET /api/admin/orders/:id': async (c) =>
    c.client.api.admin.orders[':id'].$get({ param: { id: await orderOf(setupAdmin) } }),
  'GET /api/admin/orders/:id/invoice.pdf': async (c) =>
    c.client.api.admin.orders[':id']['invoice.pdf'].$get({
      param: { id: await markOrderPaid(t.db, await orderOf(setupAdmin)) },
    }),
  'PUT /api/admin/orders/:id/status': async (c) =>
    c.client.api.admin.orders[':id'].status.$put({
      param: { id: await orderOf(setupAdmin) },
      json: { status: 'processing' },
    }),
  // A crypto payment recorded as refunded: nothing leaves for another service.
  'POST /api/admin/orders/:id/refunds': async (c) => {
    const orderId = await orderOf(setupAdmin);
    await confirmedCryptoPayment(t.db, { orderId }, { amountCents: 500 });
    return c.client.api.admin.orders[':id'].refunds.$post({
      param: { id: orderId },
      json: { amountCents: 100, reason: 'Damaged', txHash: refundHash(), requestId: requestId() },
    });
  },
  'POST /api/admin/submissions/:id/refunds': async (c) => {
    const { submission } = await createSubmission(t.db);
    await confirmedCryptoPayment(
      t.db,
      { submissionId: submission.id },
      { method: 'alephium', amountCents: 500 },
    );
    return c.client.api.admin.submissions[':id'].refunds.$post({
      param: { id: submission.id },
      json: {
        amountCents: 500,
        reason: 'Project called off',
        txHash: refundHash('alephium'),
        requestId: requestId(),
      },
    });
  },
  'PUT /api/admin/orders/:id/shipping': async (c) => {
    const id = await orderOf(setupAdmin);
    await read(
      t
        .as(setupAdmin)
        .api.admin.orders[':id'].status.$put({ param: { id }, json: { status: 'processing' } }),
    );
    return c.client.api.admin.orders[':id'].shipping.$put({
      param: { id },
      json: { carrier: 'DHL', trackingNumber: 'JD0146', shippingMethod: 'standard' },
    });
  },
  'GET /api/admin/products': (c) => c.client.api.admin.products.$get({ query: {} }),
  'GET /api/admin/products/:id': async (c) =>
    c.client.api.admin.products[':id'].$get({ param: { id: (await createProduct(t.db)).id } }),
  'GET /api/admin/products/:id/stock-history': async (c) =>
    c.client.api.admin.products[':id']['stock-history'].$get({
      param: { id: (await createProduct(t.db)).id },
      query: {},
    }),
  'POST /api/admin/products': (c) =>
    c.client.api.admin.products.$post({
      json: {
        sku: `P-${unique()}`,
        name: 'Poster',
        category: 'apparel',
        priceCents: 1500,
        stock: 4,
      },
    }),
  'PUT /api/admin/products/:id': async (c) =>
    c.client.api.admin.products[':id'].$put({
      param: { id: (await createProduct(t.db)).id },
      json: { stock: 9 },
    }),
  'DELETE /api/admin/products/:id': async (c) =>
    c.client.api.admin.products[':id'].$delete({ param: { id: (await createProduct(t.db)).id } }),
  'POST /api/admin/products/:id/images': async (c) =>
    c.client.api.admin.products[':id'].images.$post(
      { param: { id: (await createProduct(t.db)).id } },
      form({}, { image: [jpeg(), 'front.jpg'] }),
    ),
  'DELETE /api/admin/products/:id/images': async (c) => {
    const product = await createProduct(t.db, { images: [{ url: '/img/seed.jpg', alt: 'Seed' }] });
    return c.client.api.admin.products[':id'].images.$delete({
      param: { id: product.id },
      query: { url: '/img/seed.jpg' },
    });
  },
  'POST /api/admin/products/file-drafts': (c) => c.client.api.admin.products['file-drafts'].$post(),
  'GET /api/admin/products/:id/files': async (c) =>
    c.client.api.admin.products[':id'].files.$get({
      param: { id: (await digitalProduct(t)).product.id },
    }),
  'POST /api/admin/products/:id/files': async (c) => {
    const { product } = await digitalProduct(t);
    const upload = await adminUpload(t, setupAdmin, zipBytes(4096));
    return c.client.api.admin.products[':id'].files.$post({
      param: { id: product.id },
      json: upload,
    });
  },
  'DELETE /api/admin/products/:id/files/:fileId': async (c) => {
    const { product, file } = await digitalProduct(t);
    return c.client.api.admin.products[':id'].files[':fileId'].$delete({
      param: { id: product.id, fileId: file.id },
    });
  },
  'POST /api/admin/orders/:id/grants/:grantId/renew': async (c) => {
    const { orderId } = await paidFile(setupAdmin);
    const [grant] = await t.db
      .select()
      .from(downloadGrants)
      .where(eq(downloadGrants.orderId, orderId));
    return c.client.api.admin.orders[':id'].grants[':grantId'].renew.$post({
      param: { id: orderId, grantId: grant?.id ?? '' },
    });
  },
  'GET /api/admin/services': (c) => c.client.api.admin.services.$get(),
  'PUT /api/admin/services/:id': async (c) =>
    c.client.api.admin.services[':id'].$put({
      param: { id: await service() },
      json: { popular: true },
    }),
  'GET /api/admin/submissions': (c) => c.client.api.admin.submissions.$get({ query: {} }),
  'GET /api/admin/submissions/:id': async (c) =>
    c.client.api.admin.submissions[':id'].$get({
      param: { id: (await createSubmission(t.db)).submission.id },
    }),
  'GET /api/admin/submissions/:id/invoice.pdf': async (c) =>
    c.client.api.admin.submissions[':id']['invoice.pdf'].$get({
      param: { id: (await paidSubmission(t.db, null)).submission.id },
    }),
  'GET /api/admin/mail': (c) => c.client.api.admin.mail.$get({ query: {} }),
  'POST /api/admin/mail/:id/resend': async (c) =>
    c.client.api.admin.mail[':id'].resend.$post({ param: { id: await failedMail(t.db) } }),
  'GET /api/openapi.json': (c) => c.client.api['openapi.json'].$get(),
  'GET /api/docs': (c) => c.client.api.docs.$get(),
  'GET /api/projects/mine': (c) => c.client.api.projects.mine.$get(),
  'GET /api/projects/:id/room': async (c) =>
    c.client.api.projects[':id'].room.$get({
      param: { id: (await ownProject(c)).submission.id },
      query: {},
    }),
  'POST /api/projects/:id/room/moves': async (c) => {
    const { submission } = await ownProject(c);
    await shareTestVersion(t, setupAdmin, submission.id, [{ kind: 'preview' }]);
    return c.client.api.projects[':id'].room.moves.$post({
      param: { id: submission.id },
      query: {},
      json: { to: 'approved' },
    });
  },
  'POST /api/projects/:id/room/comments': async (c) =>
    c.client.api.projects[':id'].room.comments.$post({
      param: { id: (await ownProject(c)).submission.id },
      query: {},
      json: { body: 'The vocal is a little loud at the end.' },
    }),
  'GET /api/projects/:id/room/files/:fileId': async (c) => {
    // The preview's URL from its room; whoever holds it listens.
    const { submission } = await ownProject({ who: 'anonymous', client: t.client });
    const { room } = await shareTestVersion(t, setupAdmin, submission.id, [{ kind: 'preview' }]);
    const file = room.versions[0]?.files[0];
    const url = new URL(file?.url ?? '', 'http://x');
    return c.client.api.projects[':id'].room.files[':fileId'].$get({
      param: { id: submission.id, fileId: file?.id ?? '' },
      query: Object.fromEntries(url.searchParams),
    });
  },
  'POST /api/projects/:id/room-link': async (c) =>
    c.client.api.projects[':id']['room-link'].$post({
      param: { id: (await ownProject(c)).submission.id },
      json: { email: 'someone@example.com' },
    }),
  'GET /api/admin/submissions/:id/room': async (c) =>
    c.client.api.admin.submissions[':id'].room.$get({
      param: { id: (await createSubmission(t.db)).submission.id },
    }),
  'POST /api/admin/submissions/:id/work': async (c) =>
    c.client.api.admin.submissions[':id'].work.$post({
      param: { id: (await createSubmission(t.db)).submission.id },
      json: { to: 'in_progress' },
    }),
  'POST /api/admin/submissions/:id/comments': async (c) =>
    c.client.api.admin.submissions[':id'].comments.$post({
      param: { id: (await createSubmission(t.db)).submission.id },
      json: { body: 'Thanks, on it.' },
    }),
  'POST /api/admin/submissions/:id/version-drafts': async (c) =>
    c.client.api.admin.submissions[':id']['version-drafts'].$post({
      param: { id: (await createSubmission(t.db)).submission.id },
    }),
  'POST /api/admin/submissions/:id/versions': async (c) => {
    // A draft and a completed upload of the setup admin's; the caller shares them.
    const { submission } = await createSubmission(t.db);
    const draft = await read(
      t.as(setupAdmin).api.admin.submissions[':id']['version-drafts'].$post({
        param: { id: submission.id },
      }),
    );
    const { draftToken, uploadId } = await uploadToDraft(
      t,
      draft.body.draftToken as string,
      wavBytes(8192),
      'mix.wav',
      'audio/wav',
    );
    return c.client.api.admin.submissions[':id'].versions.$post({
      param: { id: submission.id },
      json: { draftToken, note: 'v1', files: [{ uploadId, kind: 'preview' }] },
    });
  },
  'GET /api/admin/submissions/:id/files/:fileId': async (c) =>
    c.client.api.admin.submissions[':id'].files[':fileId'].$get({ param: await submissionFile() }),
  'POST /api/admin/submissions/:id/files/:fileId/link': async (c) =>
    c.client.api.admin.submissions[':id'].files[':fileId'].link.$post({
      param: await submissionFile(),
    }),
  'GET /api/downloads/submissions/:id/files/:fileId': async (c) => {
    // A link the setup admin asked for; whoever holds it downloads.
    const param = await submissionFile();
    const link = await read(
      t.as(setupAdmin).api.admin.submissions[':id'].files[':fileId'].link.$post({ param }),
    );
    const query = Object.fromEntries(new URL(link.body.url, 'http://x').searchParams);
    return c.client.api.downloads.submissions[':id'].files[':fileId'].$get({
      param,
      query: { expires: query.expires, admin: query.admin, token: query.token },
    });
  },
  'GET /api/admin/exports/orders': (c) =>
    c.client.api.admin.exports.orders.$get({ query: { status: 'paid', q: 'ord' } }),
  'GET /api/admin/exports/order-lines': (c) =>
    c.client.api.admin.exports['order-lines'].$get({ query: {} }),
  'GET /api/admin/exports/subscribers': (c) => c.client.api.admin.exports.subscribers.$get(),
  'GET /api/admin/exports/submissions': (c) =>
    c.client.api.admin.exports.submissions.$get({ query: { paymentState: 'paid' } }),
  'POST /api/admin/exports/links': (c) =>
    c.client.api.admin.exports.links.$post({ json: { kind: 'orders', status: 'pending' } }),
  'GET /api/downloads/exports/:kind': async (c) => {
    // A link the setup admin asked for; whoever holds it downloads.
    const link = await read(
      t.as(setupAdmin).api.admin.exports.links.$post({ json: { kind: 'subscribers' } }),
    );
    const query = Object.fromEntries(new URL(link.body.url, 'http://x').searchParams);
    return c.client.api.downloads.exports[':kind'].$get({
      param: { kind: 'subscribers' },
      query: { expires: query.expires, admin: query.admin, token: query.token },
    });
  },
};

describe('the access rows', () => {
  it('are one a route of the app’s route table, none missing and none extra', () => {
    const table = apiEndpoints(t.app.routes).map((e) => e.key);
    const rows = accessRows.map((row) => row.route);
    expect(new Set(rows).size).toBe(rows.length);
    expect([...rows].sort()).toEqual([...table].sort());
  });
});

describe.each(accessRows)('$route', (row: AccessRow<RouteKey>) => {
  it.each(['anonymous', 'customer', 'admin'] as const)('%s', async (who) => {
    const res = await read(calls[row.route](await caller(who)));
    expect(res.status, JSON.stringify(res.body)).toBe(row[who]);
    if (res.status === 401 || res.status === 403) {
      expect(res.body.code).toBe(res.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
      expect(typeof res.body.message).toBe('string');
    }
  });
});

// The guard covers the whole /api/admin prefix: without the role, even an unknown path answers
// 401/403, never 404, so it reveals nothing about which admin routes exist. These paths are the
// subject of the test, so they are sent untyped.
describe.each([
  ['GET', '/api/admin/no-such-thing'],
  ['DELETE', '/api/admin/users/123'],
  ['POST', '/api/admin/anything'],
])('the admin prefix: %s %s', (method, path) => {
  it.each([
    ['anonymous', 401, 'UNAUTHORIZED'],
    ['customer', 403, 'FORBIDDEN'],
    ['admin', 404, 'NOT_FOUND'],
  ] as const)('%s gets %i', async (who, status, code) => {
    const res = await t.request(method, path, { token: (await caller(who)).account?.token });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(typeof res.body.message).toBe('string');
  });
});
