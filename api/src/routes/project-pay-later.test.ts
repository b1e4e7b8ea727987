import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paymentMessages } from '@studio/shared/messages/payments';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../client.ts';
import { projectSubmissions } from '../db/schema/project-submissions.ts';
import { services } from '../db/schema/services.ts';
import { submissionConfirmation } from '../services/mail/templates/submission-notice.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { multipartBody, postMultipart, wavHead } from '../test/multipart.ts';
import { startApi } from '../test/process.ts';
import { createTestDatabase } from '../test/setup-db.ts';
import { startSmtpServer } from '../test/smtp.ts';
import { createSubmission } from '../test/submissions.ts';

const PUBLIC_URL = 'https://studio.example.com';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let submitUrl: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  submitUrl = `${await t.listen()}${t.client.api.projects.submit.$path()}`;
});

let n = 0;
function fields(service: string) {
  n += 1;
  return {
    name: 'Nina Simone',
    email: `paylater${n}.${Date.now().toString(36)}@example.com`,
    service,
    notes: 'Two songs, stems attached, rough mixes for reference.',
    timeline: '2 weeks',
    budget: '$500',
  };
}

async function submit(url: string, service: string) {
  const body = fields(service);
  const res = await postMultipart(
    url,
    multipartBody(body, [{ filename: 'verse.wav', head: wavHead(), size: 4096 }]),
  );
  expect(res.status).toBe(201);
  return { id: res.body.submissionId as string, email: body.email };
}

/** A service of this file's own database without a payment price. */
async function serviceWithoutPaymentPrice(sku: string) {
  const [row] = await t.db
    .update(services)
    .set({ checkoutPriceCents: null })
    .where(eq(services.sku, sku))
    .returning();
  if (!row) throw new Error(`no service ${sku}`);
  return row;
}

describe('the confirmation e-mail links to paying later', () => {
  it('carries "Pay for your project" to PUBLIC_URL/projects/<id>/pay in text and HTML', async () => {
    const { id, email } = await submit(submitUrl, 'Song Mix');
    const [mail] = await smtp.waitFor(email);
    const link = `${PUBLIC_URL}/projects/${id}/pay`;
    expect(mail?.text).toContain(`Pay for your project: ${link}`);
    expect(mail?.html).toMatch(
      new RegExp(`<a href="${link.replace(/[.?/]/g, '\\$&')}"[^>]*>Pay for your project</a>`),
    );
  });

  it('has no pay link when the service has no payment price', async () => {
    const service = await serviceWithoutPaymentPrice('EPMA-001');
    const { id, email } = await submit(submitUrl, service.title);
    const [mail] = await smtp.waitFor(email);
    expect(mail?.subject).toBe(`We received your project: ${service.title}`);
    expect(mail?.text).toContain(id);
    expect(mail?.text).not.toContain('Pay for your project');
    expect(mail?.html).not.toContain('Pay for your project');
    expect(mail?.html).not.toContain('/pay');
  });

  it('escapes the link in the HTML', () => {
    const mail = submissionConfirmation({
      submissionId: 'abc',
      name: 'Nina',
      email: 'nina@example.com',
      serviceTitle: 'Song Mix',
      notes: 'notes',
      timeline: null,
      budget: null,
      files: [],
      payUrl: 'https://example.com/p?a=1&b="2"/pay',
    });
    expect(mail.html).toContain('href="https://example.com/p?a=1&amp;b=&quot;2&quot;/pay"');
    expect(mail.text).toContain('Pay for your project: https://example.com/p?a=1&b="2"/pay');
  });
});

describe('GET /api/projects/:id', () => {
  it('answers what the pay page needs: prices from the server, nothing private', async () => {
    const { id } = await submit(submitUrl, 'Song Mix');
    const [row] = await t.db.select().from(projectSubmissions).where(eq(projectSubmissions.id, id));
    const res = await read(t.client.api.projects[':id'].$get({ param: { id } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      submission: {
        id,
        serviceTitle: 'Song Mix',
        serviceSku: 'SM-001',
        name: 'Nina Simone',
        paymentState: 'unpaid',
        paid: false,
        payable: true,
        createdAt: row?.createdAt.toISOString(),
        subtotalCents: 22_000,
        taxCents: 1540,
        totalCents: 23_540,
        subtotal: '$220.00',
        tax: '$15.40',
        total: '$235.40',
      },
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(row?.email);
    expect(text).not.toContain(row?.notes);
    expect(text).not.toContain('verse.wav');
  });

  it('shows a paid submission as paid and not payable', async () => {
    const { submission } = await createSubmission(t.db, 'SM-001');
    await t.db
      .update(projectSubmissions)
      .set({ paymentState: 'paid', paidAt: new Date() })
      .where(eq(projectSubmissions.id, submission.id));
    const res = await read(t.client.api.projects[':id'].$get({ param: { id: submission.id } }));
    expect(res.status).toBe(200);
    expect(res.body.submission).toMatchObject({
      id: submission.id,
      paymentState: 'paid',
      paid: true,
      payable: false,
    });
  });

  it('shows a pending payment as not yet paid, still payable', async () => {
    const { submission } = await createSubmission(t.db, 'SM-001');
    await t.db
      .update(projectSubmissions)
      .set({ paymentState: 'pending' })
      .where(eq(projectSubmissions.id, submission.id));
    const res = await read(t.client.api.projects[':id'].$get({ param: { id: submission.id } }));
    expect(res.body.submission).toMatchObject({
      paymentState: 'pending',
      paid: false,
      payable: true,
    });
  });

  it('is not payable, and has no prices, when the service has no payment price', async () => {
    const service = await serviceWithoutPaymentPrice('AMA-001');
    const { submission } = await createSubmission(t.db, service.sku);
    const res = await read(t.client.api.projects[':id'].$get({ param: { id: submission.id } }));
    expect(res.status).toBe(200);
    expect(res.body.submission).toMatchObject({
      serviceSku: service.sku,
      paid: false,
      payable: false,
      subtotalCents: null,
      taxCents: null,
      totalCents: null,
      subtotal: null,
      tax: null,
      total: null,
    });
  });

  it.each([
    ['an unknown id', randomUUID()],
    ['a malformed id', 'not-a-uuid'],
    ['an id with SQL in it', "1' OR '1'='1"],
  ])('answers 404 for %s', async (_, id) => {
    const res = await read(
      t.client.api.projects[':id'].$get({ param: { id: encodeURIComponent(id) } }),
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Project submission not found', code: 'NOT_FOUND' });
    expect(paymentMessages.submissionNotFound).toBe('Project submission not found');
  });
});

describe('with PORT=0 and no PUBLIC_URL', () => {
  it('links to the address the API actually listens on', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-pay-later-'));
    const api = await startApi({
      DATABASE_URL: await createTestDatabase(),
      DATA_DIR: dataDir,
      SITE_DIR: path.join(os.tmpdir(), 'studio-no-site'),
      SMTP_URL: smtp.url,
    }).catch(async (error) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    });
    try {
      expect(api.url).not.toMatch(/:0$/);
      const client = createClient(api.url);
      const { id, email } = await submit(client.projects.submit.$url().href, 'Song Mix');
      const [mail] = await smtp.waitFor(email);
      expect(mail?.text).toContain(`Pay for your project: ${api.url}/projects/${id}/pay`);
      expect(mail?.html).toContain(`href="${api.url}/projects/${id}/pay"`);
      const res = await client.projects[':id'].$get({ param: { id } });
      expect(res.status).toBe(200);
    } finally {
      await api.stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
