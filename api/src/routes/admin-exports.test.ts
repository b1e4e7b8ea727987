import { randomBytes } from 'node:crypto';
import { exportMessages } from '@studio/shared/messages/exports';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { projectSubmissions, submissionFiles } from '../db/schema/project-submissions.ts';
import { shipments } from '../db/schema/shipments.ts';
import { subscribers } from '../db/schema/subscribers.ts';
import { users } from '../db/schema/users.ts';
import { createExportLink } from '../services/exports/create-export-link.ts';
import { signInAdmin } from '../test/accounts.ts';
import { createTestApp, invalid, read, type TestApp } from '../test/harness.ts';
import { createProduct } from '../test/products.ts';
import { createSubmission } from '../test/submissions.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.db);
});

const unique = () => randomBytes(4).toString('hex');
const BOM = '\ufeff';

/** RFC 4180: quoted cells (doubled quotes inside), CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || record.length > 0) throw new Error('the file does not end with CRLF');
  return records;
}

/** The export as a caller gets it: status, headers, the raw text and its records as objects. */
async function exported(res: Response | Promise<Response>) {
  const answer = await res;
  const raw = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await answer.arrayBuffer());
  if (answer.status !== 200) return { status: answer.status, raw, header: [], rows: [] };
  expect(raw.startsWith(BOM)).toBe(true);
  const [header = [], ...records] = parseCsv(raw.slice(1));
  const rows = records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
  return { status: answer.status, headers: answer.headers, raw, header, rows };
}

const adminApi = () => t.as(admin.token).api.admin.exports;

async function customer(firstName: string, lastName: string, email?: string) {
  const [row] = await t.db
    .insert(users)
    .values({
      firstName,
      lastName,
      email: email ?? `c.${unique()}@example.com`,
      passwordHash: 'x',
    })
    .returning();
  if (!row) throw new Error('no user');
  return row;
}

async function order(
  userId: string,
  values: Partial<typeof orders.$inferInsert> & {
    items?: { name: string; sku: string; quantity: number; unitPriceCents: number }[];
  } = {},
) {
  const { items = [], ...rest } = values;
  const subtotal = items.reduce((sum, i) => sum + i.quantity * i.unitPriceCents, 0);
  const [row] = await t.db
    .insert(orders)
    .values({
      orderNumber: `ORD-T${unique().toUpperCase()}`,
      userId,
      subtotalCents: subtotal,
      shippingCents: 599,
      taxCents: 70,
      totalCents: subtotal + 599 + 70,
      ...rest,
    })
    .returning();
  if (!row) throw new Error('no order');
  for (const item of items) {
    const product = await createProduct(t.db, { name: item.name });
    await t.db.insert(orderItems).values({
      orderId: row.id,
      productId: product.id,
      name: item.name,
      sku: item.sku,
      unitPriceCents: item.unitPriceCents,
      quantity: item.quantity,
      lineTotalCents: item.quantity * item.unitPriceCents,
    });
  }
  return row;
}

const ORDER_HEADER = [
  'Order number',
  'Date (UTC)',
  'Status',
  'Customer',
  'Customer e-mail',
  'Items',
  'Subtotal',
  'Shipping',
  'Tax',
  'Total',
  'Currency',
  'Paid at (UTC)',
  'Payment method',
  'Carrier',
  'Tracking number',
  'Shipped at (UTC)',
  'Ship to',
  'Street',
  'City',
  'State',
  'ZIP code',
  'Phone',
];

describe('GET /api/admin/exports/orders', () => {
  it('streams the filtered orders as a dated CSV download with a BOM, a header and one row each', async () => {
    const surname = `Ångström${unique()}`;
    const zoe = await customer('Zoë', surname);
    const paidAt = new Date('2026-03-04T05:06:07.089Z');
    const paid = await order(zoe.id, {
      status: 'paid',
      paidAt,
      createdAt: new Date('2026-03-01T10:00:00.000Z'),
      shippingAddress: {
        firstName: 'Zoë',
        lastName: surname,
        street: '1 Rue de l’Été',
        city: 'Montréal',
        state: 'QC',
        zipCode: 'H2X 1Y4',
        phone: '+15145550100',
      },
      items: [
        { name: 'Tape', sku: 'T-1', quantity: 2, unitPriceCents: 1250 },
        { name: 'Book', sku: 'B-1', quantity: 1, unitPriceCents: 3000 },
      ],
    });
    await t.db.insert(payments).values({
      orderId: paid.id,
      method: 'paypal',
      status: 'confirmed',
      amountCents: paid.totalCents,
      confirmedAt: paidAt,
    });
    await t.db.insert(shipments).values({
      orderId: paid.id,
      carrier: 'DHL',
      trackingNumber: 'JD0146',
      shippingMethod: 'express',
      createdAt: new Date('2026-03-05T00:00:00.000Z'),
    });
    const pending = await order(zoe.id, { createdAt: new Date('2026-03-02T10:00:00.000Z') });
    // Another customer's order, outside the search.
    await order((await customer('Other', 'Person')).id, { status: 'paid' });

    const all = await exported(adminApi().orders.$get({ query: { q: surname } }));
    expect(all.status).toBe(200);
    expect(all.headers?.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(all.headers?.get('content-disposition')).toBe(
      `attachment; filename="orders-${today}.csv"; filename*=UTF-8''orders-${today}.csv`,
    );
    expect(all.headers?.get('cache-control')).toBe('private, no-store');
    expect(all.header).toEqual(ORDER_HEADER);
    // Newest first, as the tab sorts by default.
    expect(all.rows.map((r) => r['Order number'])).toEqual([pending.orderNumber, paid.orderNumber]);
    expect(all.rows[1]).toEqual({
      'Order number': paid.orderNumber,
      'Date (UTC)': '2026-03-01T10:00:00.000Z',
      Status: 'paid',
      Customer: `Zoë ${surname}`,
      'Customer e-mail': zoe.email,
      Items: '3',
      Subtotal: '55.00',
      Shipping: '5.99',
      Tax: '0.70',
      Total: '61.69',
      Currency: 'USD',
      'Paid at (UTC)': '2026-03-04T05:06:07.089Z',
      'Payment method': 'paypal',
      Carrier: 'DHL',
      'Tracking number': 'JD0146',
      'Shipped at (UTC)': '2026-03-05T00:00:00.000Z',
      'Ship to': `Zoë ${surname}`,
      Street: '1 Rue de l’Été',
      City: 'Montréal',
      State: 'QC',
      'ZIP code': 'H2X 1Y4',
      Phone: "'+15145550100",
    });
    expect(all.rows[0]).toMatchObject({ Status: 'pending', 'Paid at (UTC)': '', Carrier: '' });

    const onlyPaid = await exported(
      adminApi().orders.$get({ query: { q: surname, status: 'paid' } }),
    );
    expect(onlyPaid.rows.map((r) => r['Order number'])).toEqual([paid.orderNumber]);
    const byNumber = await exported(adminApi().orders.$get({ query: { q: pending.orderNumber } }));
    expect(byNumber.rows.map((r) => r['Order number'])).toEqual([pending.orderNumber]);
    const oldestFirst = await exported(
      adminApi().orders.$get({ query: { q: surname, sort: 'createdAt', dir: 'asc' } }),
    );
    expect(oldestFirst.rows.map((r) => r['Order number'])).toEqual([
      paid.orderNumber,
      pending.orderNumber,
    ]);
    const byTotal = await exported(
      adminApi().orders.$get({ query: { q: surname, sort: 'total', dir: 'desc' } }),
    );
    expect(byTotal.rows.map((r) => r['Order number'])).toEqual([
      paid.orderNumber,
      pending.orderNumber,
    ]);
  });

  it('holds exactly what the Orders tab lists for the same filter, search and sort', async () => {
    const surname = `Tally${unique()}`;
    const who = await customer('Tess', surname);
    const statuses = [
      'pending',
      'paid',
      'shipped',
      'paid',
      'cancelled',
      'paid',
      'delivered',
    ] as const;
    for (const [i, status] of statuses.entries()) {
      await order(who.id, { status, totalCents: 1000 + ((i * 37) % 5) * 100 });
    }
    for (const query of [
      { q: surname },
      { q: surname, status: 'paid' as const },
      { q: surname, sort: 'total' as const, dir: 'asc' as const },
      { q: surname, sort: 'status' as const, dir: 'desc' as const },
      { q: surname.toUpperCase(), sort: 'orderNumber' as const, dir: 'asc' as const },
    ]) {
      const list = await read(
        t.as(admin.token).api.admin.orders.$get({ query: { ...query, pageSize: '100' } }),
      );
      const csv = await exported(adminApi().orders.$get({ query }));
      expect(csv.rows.map((r) => r['Order number'])).toEqual(
        list.body.orders.map((o: { orderNumber: string }) => o.orderNumber),
      );
    }
  });

  it('makes cells that would start a formula text, and keeps its own amounts numbers', async () => {
    const surname = `Formula${unique()}`;
    const evil = await customer(
      '=HYPERLINK("http://evil.example","click")',
      surname,
      `@evil.${unique()}@example.com`,
    );
    const o = await order(evil.id, {
      shippingAddress: {
        firstName: '+1+1',
        lastName: 'x',
        street: '-2+3 Main St',
        city: '@SUM(1)',
        state: '\tTab',
        zipCode: '=1',
        phone: '+15551234567',
      },
    });
    await t.db.insert(shipments).values({
      orderId: o.id,
      carrier: 'UPS',
      trackingNumber: '=cmd|/C calc!A0',
      shippingMethod: 'standard',
    });
    const csv = await exported(adminApi().orders.$get({ query: { q: surname } }));
    expect(csv.rows).toHaveLength(1);
    expect(csv.rows[0]).toMatchObject({
      Customer: `'=HYPERLINK("http://evil.example","click") ${surname}`,
      'Customer e-mail': `'${evil.email}`,
      'Tracking number': "'=cmd|/C calc!A0",
      'Ship to': "'+1+1 x",
      Street: "'-2+3 Main St",
      City: "'@SUM(1)",
      State: "'\tTab",
      'ZIP code': "'=1",
      Total: '6.69',
    });
    // The raw text quotes every cell, so no separator inside one starts a cell of its own.
    expect(csv.raw).toContain(`"'=HYPERLINK(""http://evil.example"",""click"") ${surname}"`);
  });

  it('answers 400 for a filter the tab would never send', async () => {
    const res = await read(adminApi().orders.$get({ query: { status: invalid('lost') } }));
    expect(res.status).toBe(400);
    const long = await read(adminApi().orders.$get({ query: { q: 'x'.repeat(201) } }));
    expect(long.status).toBe(400);
  });
});

describe('GET /api/admin/exports/order-lines', () => {
  it('writes one row per item with its order’s number, date and status, for the same filter', async () => {
    const surname = `Lines${unique()}`;
    const who = await customer('Lena', surname);
    const first = await order(who.id, {
      status: 'shipped',
      createdAt: new Date('2026-02-01T00:00:00.000Z'),
      items: [
        { name: 'Ærø Tape', sku: 'AT-1', quantity: 2, unitPriceCents: 1250 },
        { name: '@Poster', sku: 'P-1', quantity: 1, unitPriceCents: 999 },
      ],
    });
    const second = await order(who.id, {
      createdAt: new Date('2026-02-02T00:00:00.000Z'),
      items: [{ name: 'Book', sku: 'B-1', quantity: 3, unitPriceCents: 500 }],
    });
    const csv = await exported(adminApi()['order-lines'].$get({ query: { q: surname } }));
    expect(csv.status).toBe(200);
    expect(csv.headers?.get('content-disposition')).toMatch(
      /^attachment; filename="order-lines-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.header).toEqual([
      'Order number',
      'Order date (UTC)',
      'Order status',
      'Customer e-mail',
      'SKU',
      'Product',
      'Quantity',
      'Unit price',
      'Line total',
      'Currency',
    ]);
    expect(csv.rows.map((r) => Object.values(r))).toEqual([
      [
        second.orderNumber,
        '2026-02-02T00:00:00.000Z',
        'pending',
        who.email,
        'B-1',
        'Book',
        '3',
        '5.00',
        '15.00',
        'USD',
      ],
      [
        first.orderNumber,
        '2026-02-01T00:00:00.000Z',
        'shipped',
        who.email,
        'P-1',
        "'@Poster",
        '1',
        '9.99',
        '9.99',
        'USD',
      ],
      [
        first.orderNumber,
        '2026-02-01T00:00:00.000Z',
        'shipped',
        who.email,
        'AT-1',
        'Ærø Tape',
        '2',
        '12.50',
        '25.00',
        'USD',
      ],
    ]);
    const shipped = await exported(
      adminApi()['order-lines'].$get({ query: { q: surname, status: 'shipped' } }),
    );
    expect(new Set(shipped.rows.map((r) => r['Order number']))).toEqual(
      new Set([first.orderNumber]),
    );
  });
});

describe('GET /api/admin/exports/subscribers', () => {
  it('lists every address with its status, consent record and the name of an account with it', async () => {
    const tag = unique();
    const member = await customer('Zoë', 'Member', `member.${tag}@example.com`);
    const at = (s: string) => new Date(s);
    await t.db.insert(subscribers).values([
      {
        email: member.email,
        status: 'active',
        source: 'newsletter',
        requestedAt: at('2026-01-01T10:00:00.000Z'),
        confirmedAt: at('2026-01-01T10:05:00.000Z'),
        consentedAt: at('2026-01-01T10:05:00.000Z'),
        createdAt: at('2026-01-01T10:00:00.000Z'),
      },
      {
        email: `pending.${tag}@example.com`,
        status: 'pending',
        source: 'newsletter',
        requestedAt: at('2026-01-02T10:00:00.000Z'),
        createdAt: at('2026-01-02T10:00:00.000Z'),
      },
      {
        email: `gone.${tag}@example.com`,
        status: 'unsubscribed',
        source: 'import',
        consentedAt: at('2025-12-01T00:00:00.000Z'),
        unsubscribedAt: at('2026-01-03T00:00:00.000Z'),
        createdAt: at('2025-12-01T00:00:00.000Z'),
      },
      {
        email: `=1+1.${tag}@example.com`,
        status: 'active',
        source: 'import',
        consentedAt: at('2026-01-04T00:00:00.000Z'),
        createdAt: at('2026-01-04T00:00:00.000Z'),
      },
    ]);
    const csv = await exported(adminApi().subscribers.$get());
    expect(csv.status).toBe(200);
    expect(csv.header).toEqual([
      'E-mail',
      'Name',
      'Status',
      'Source',
      'Signed up (UTC)',
      'Confirmed (UTC)',
      'Consent given (UTC)',
      'Unsubscribed (UTC)',
      'Added (UTC)',
    ]);
    const mine = csv.rows.filter((r) => r['E-mail']?.includes(tag));
    // Oldest first.
    expect(mine.map((r) => Object.values(r))).toEqual([
      [
        `gone.${tag}@example.com`,
        '',
        'unsubscribed',
        'import',
        '',
        '',
        '2025-12-01T00:00:00.000Z',
        '2026-01-03T00:00:00.000Z',
        '2025-12-01T00:00:00.000Z',
      ],
      [
        member.email,
        'Zoë Member',
        'active',
        'newsletter',
        '2026-01-01T10:00:00.000Z',
        '2026-01-01T10:05:00.000Z',
        '2026-01-01T10:05:00.000Z',
        '',
        '2026-01-01T10:00:00.000Z',
      ],
      [
        `pending.${tag}@example.com`,
        '',
        'pending',
        'newsletter',
        '2026-01-02T10:00:00.000Z',
        '',
        '',
        '',
        '2026-01-02T10:00:00.000Z',
      ],
      [
        `'=1+1.${tag}@example.com`,
        '',
        'active',
        'import',
        '',
        '',
        '2026-01-04T00:00:00.000Z',
        '',
        '2026-01-04T00:00:00.000Z',
      ],
    ]);
  });
});

describe('GET /api/admin/exports/submissions', () => {
  it('lists submissions with service, customer, status, paid amount, dates and file count, filtered as the tab', async () => {
    const tag = unique();
    const { submission: paid } = await createSubmission(t.db, 'SM-001');
    const { submission: open } = await createSubmission(t.db, 'EPM-001');
    const paidAt = new Date('2026-04-01T12:00:00.000Z');
    await t.db
      .update(projectSubmissions)
      .set({
        name: `Zoë ${tag}`,
        paymentState: 'paid',
        paidAt,
        createdAt: new Date('2026-03-31T00:00:00.000Z'),
      })
      .where(eq(projectSubmissions.id, paid.id));
    await t.db
      .update(projectSubmissions)
      .set({
        name: `-Open ${tag}`,
        createdAt: new Date('2026-04-02T00:00:00.000Z'),
        timeline: '2 weeks',
      })
      .where(eq(projectSubmissions.id, open.id));
    await t.db.insert(payments).values([
      {
        submissionId: paid.id,
        method: 'usdt',
        status: 'confirmed',
        amountCents: 23540,
        confirmedAt: paidAt,
      },
      { submissionId: paid.id, method: 'paypal', status: 'failed', amountCents: 23540 },
    ]);
    for (const name of ['a.wav', 'b.wav']) {
      await t.db.insert(submissionFiles).values({
        submissionId: paid.id,
        originalName: name,
        storageKey: `submissions/${unique()}`,
        contentType: 'audio/wav',
        sizeBytes: 10,
      });
    }
    const csv = await exported(adminApi().submissions.$get({ query: { q: tag } }));
    expect(csv.status).toBe(200);
    expect(csv.header).toEqual([
      'Submitted (UTC)',
      'Customer',
      'E-mail',
      'Service',
      'SKU',
      'Payment status',
      'Paid amount',
      'Currency',
      'Payment method',
      'Paid at (UTC)',
      'Files',
      'Timeline',
      'Budget',
    ]);
    expect(csv.rows.map((r) => Object.values(r))).toEqual([
      [
        '2026-04-02T00:00:00.000Z',
        `'-Open ${tag}`,
        open.email,
        'EP Mix',
        'EPM-001',
        'unpaid',
        '',
        '',
        '',
        '',
        '0',
        '2 weeks',
        '',
      ],
      [
        '2026-03-31T00:00:00.000Z',
        `Zoë ${tag}`,
        paid.email,
        'Song Mix',
        'SM-001',
        'paid',
        '235.40',
        'USD',
        'usdt',
        '2026-04-01T12:00:00.000Z',
        '2',
        '',
        '',
      ],
    ]);
    const onlyPaid = await exported(
      adminApi().submissions.$get({ query: { q: tag, paymentState: 'paid' } }),
    );
    expect(onlyPaid.rows.map((r) => r.Customer)).toEqual([`Zoë ${tag}`]);
  });
});

describe('POST /api/admin/exports/links and GET /api/downloads/exports/:kind', () => {
  async function link(json: Parameters<ReturnType<typeof adminApi>['links']['$post']>[0]['json']) {
    const res = await read(adminApi().links.$post({ json }));
    expect(res.status).toBe(200);
    return res.body as { url: string; expiresAt: string };
  }

  it('gives a short-lived link that downloads the export with its filter, without the token', async () => {
    const surname = `Linked${unique()}`;
    const who = await customer('Lin', surname);
    const paid = await order(who.id, { status: 'paid' });
    await order(who.id, { status: 'pending' });
    const { url, expiresAt } = await link({ kind: 'orders', status: 'paid', q: surname });
    expect(url).toMatch(/^\/api\/downloads\/exports\/orders\?/);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4);
    expect(minutes).toBeLessThanOrEqual(5);
    const res = await t.app.request(url);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const csv = await exported(res);
    expect(csv.status).toBe(200);
    expect(csv.headers?.get('content-disposition')).toMatch(
      /filename="orders-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.rows.map((r) => r['Order number'])).toEqual([paid.orderNumber]);

    const lines = await exported(
      t.app.request((await link({ kind: 'order-lines', q: surname })).url),
    );
    expect(lines.status).toBe(200);
    const subs = await exported(t.app.request((await link({ kind: 'subscribers' })).url));
    expect(subs.header[0]).toBe('E-mail');
    const subm = await exported(
      t.app.request((await link({ kind: 'submissions', paymentState: 'paid' })).url),
    );
    expect(subm.header[0]).toBe('Submitted (UTC)');
  });

  it('refuses a link whose filter, export, admin or signature was changed, or that expired', async () => {
    const { url } = await link({ kind: 'orders', status: 'paid', q: 'someone' });
    const refused = async (href: string, status: number, message: string) => {
      const res = await read(t.app.request(href));
      expect(res.status, href).toBe(status);
      expect(res.body.message).toBe(message);
    };
    const changed = (f: (u: URL) => void) => {
      const u = new URL(url, 'http://x');
      f(u);
      return `${u.pathname}${u.search}`;
    };
    const bad = exportMessages.badExportLink;
    await refused(
      changed((u) => u.searchParams.set('status', 'pending')),
      403,
      bad,
    );
    await refused(
      changed((u) => u.searchParams.delete('q')),
      403,
      bad,
    );
    await refused(
      changed((u) => u.searchParams.set('q', 'someone else')),
      403,
      bad,
    );
    await refused(
      changed((u) => u.searchParams.set('sort', 'total')),
      403,
      bad,
    );
    await refused(
      changed((u) => {
        u.pathname = '/api/downloads/exports/order-lines';
      }),
      403,
      bad,
    );
    await refused(
      changed((u) => u.searchParams.set('token', 'x'.repeat(43))),
      403,
      bad,
    );
    await refused(
      changed((u) =>
        u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 60)),
      ),
      403,
      bad,
    );
    await refused(
      changed((u) => u.searchParams.set('admin', crypto.randomUUID())),
      403,
      bad,
    );
    await refused(
      changed((u) => {
        u.pathname = '/api/downloads/exports/users';
      }),
      404,
      exportMessages.unknownExport,
    );
    // A parameter that is not the export's own changes nothing.
    const extra = await read(
      t.app.request(changed((u) => u.searchParams.set('paymentState', 'paid'))),
    );
    expect(extra.status).toBe(200);

    const old = createExportLink({
      secret: t.secret,
      adminId: admin.user.id,
      input: { kind: 'subscribers' },
      now: Date.now() - 6 * 60_000,
    });
    await refused(old.url, 403, exportMessages.exportLinkExpired);
  });

  it('stops working once the admin who asked is no longer an admin', async () => {
    const other = await signInAdmin(t.db);
    const res = await read(
      t.as(other.token).api.admin.exports.links.$post({ json: { kind: 'subscribers' } }),
    );
    await t.db.update(users).set({ role: 'customer' }).where(eq(users.id, other.user.id));
    const after = await read(t.app.request(res.body.url));
    expect(after.status).toBe(403);
    expect(after.body.message).toBe(exportMessages.badExportLink);
  });

  it('answers 400 for an unknown export or a filter of another', async () => {
    const unknown = await read(adminApi().links.$post({ json: invalid({ kind: 'users' }) }));
    expect(unknown.status).toBe(400);
    const wrong = await read(
      adminApi().links.$post({ json: invalid({ kind: 'orders', status: 'unpaid' }) }),
    );
    expect(wrong.status).toBe(400);
  });
});

/** `count` orders of one customer, in one statement (the export reads them 1,000 at a time). */
async function manyOrders(count: number) {
  const surname = `Bulk${unique()}`;
  const who = await customer('Bea', surname);
  await t.db.transaction(async (tx) => {
    // The triggers and indexes take longer than the API's 5 s per statement on a busy machine.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`
      insert into orders (order_number, user_id, status, subtotal_cents, shipping_cents, tax_cents, total_cents, created_at)
      select 'ORD-BULK-' || ${surname} || '-' || lpad(i::text, 6, '0'), ${who.id}, 'paid', 1000, 599, 70, 1669,
             now() - i * interval '1 second'
      from generate_series(1, ${count}) i`);
  });
  return surname;
}

/** 20,000 orders (some 4 MB of CSV), made once for the tests that cut an export short. */
let bulk: Promise<string> | undefined;
const bulkOrders = () => {
  bulk ??= manyOrders(20_000);
  return bulk;
};

describe('streaming over HTTP', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await bulkOrders();
  }, 120_000);

  it('sends 2,500 orders in batches, each once, in order', async () => {
    const surname = await manyOrders(2500);
    const base = await t.listen();
    const res = await fetch(`${base}/api/admin/exports/orders?q=${surname}`, {
      headers: { Authorization: `Bearer ${admin.token}`, 'Accept-Encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const csv = await exported(res);
    expect(csv.rows).toHaveLength(2500);
    const numbers = csv.rows.map((r) => r['Order number']);
    expect(new Set(numbers).size).toBe(2500);
    expect(numbers[0]).toMatch(/-000001$/);
    expect(numbers[2499]).toMatch(/-002500$/);
  });

  it('stops reading the database when the client goes away', async () => {
    const queries: string[] = [];
    const watched = await createTestApp({}, { onQuery: (q) => queries.push(q) });
    const surname = await bulkOrders();
    const base = await watched.listen();
    // The batch query of the orders export (services/exports/order-batches.ts).
    const reads = () => queries.filter((q) => q.includes('as "sortValue"')).length;
    const controller = new AbortController();
    const res = await fetch(`${base}/api/admin/exports/orders?q=${surname}`, {
      headers: { Authorization: `Bearer ${admin.token}`, 'Accept-Encoding': 'identity' },
      signal: controller.signal,
    });
    const reader = res.body?.getReader();
    await reader?.read();
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const atAbort = reads();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // At most what the socket's buffers held past the abort; never the 20 batches.
    expect(reads()).toBe(atAbort);
    expect(atAbort).toBeGreaterThan(0);
    expect(atAbort).toBeLessThan(10);
  });

  it.each(['identity', 'gzip'])(
    'cuts the download (%s) when the database goes down midway, never ending it cleanly',
    async (encoding) => {
      const surname = await bulkOrders();
      const base = await t.listen();
      const name = new URL(t.env.DATABASE_URL ?? '').pathname.slice(1);
      const { default: postgres } = await import('postgres');
      const server = new URL(t.env.DATABASE_URL ?? '');
      server.pathname = '/postgres';
      const outside = postgres(server.toString(), { max: 1, onnotice: () => {} });
      const res = await fetch(`${base}/api/admin/exports/orders?q=${surname}`, {
        headers: { Authorization: `Bearer ${admin.token}`, 'Accept-Encoding': encoding },
      });
      expect(res.status).toBe(200);
      const reader = res.body?.getReader();
      if (!reader) throw new Error('no body');
      let bytes = (await reader.read()).value?.length ?? 0;
      try {
        await outside.unsafe(`alter database "${name}" with allow_connections false`);
        await outside.unsafe(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`,
        );
        const rest = (async () => {
          for (;;) {
            const next = await reader.read();
            if (next.done) return 'ended';
            bytes += next.value.length;
          }
        })();
        await expect(rest).rejects.toThrow();
        // 20,000 rows are some 4 MB of CSV: far from all of it arrived.
        expect(bytes).toBeLessThan(3_000_000);
      } finally {
        await outside.unsafe(`alter database "${name}" with allow_connections true`);
        await outside.end();
      }
      // The API is fine afterwards.
      await expect
        .poll(async () => (await read(adminApi().orders.$get({ query: { q: 'none' } }))).status, {
          timeout: 10_000,
        })
        .toBe(200);
    },
  );
});
