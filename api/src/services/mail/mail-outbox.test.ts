import { createServer } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { outboundMail } from '../../db/schema/outbound-mail.ts';
import { payments } from '../../db/schema/payments.ts';
import { signInAdmin } from '../../test/accounts.ts';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';
import { multipartBody, postMultipart, wavHead } from '../../test/multipart.ts';
import { startSilentSmtpServer, startSmtpServer } from '../../test/smtp.ts';
import { createSubmission } from '../../test/submissions.ts';
import { until } from '../../test/until.ts';
import { markPaid } from '../payments/mark-paid.ts';
import { markStaleMailUnknown } from './mark-stale-mail-unknown.ts';

/**
 * The transactional mail outbox against a real SMTP server that goes down, refuses for now,
 * refuses for good, cuts the connection mid-message or never says a word. Every test counts the
 * mails that arrived: none lost, none twice.
 */

const inbox = 'owner@studio.example';

/**
 * The apps of one test file share its database, and any app's worker sends any queued mail:
 * each test's apps are stopped, and its mails removed, before the next test.
 */
const apps: TestApp[] = [];
async function newApp(env: Record<string, string>) {
  const app = await createTestApp(env);
  apps.push(app);
  return app;
}
afterEach(async () => {
  const done = apps.splice(0);
  for (const app of done) await app.stopMailWorker();
  await done[0]?.db.delete(outboundMail);
});
let n = 0;
const visitor = () => `visitor${++n}.${Date.now().toString(36)}@example.net`;

/** Reads until what it read passes `ok` (the worker sends meanwhile); answers that. */
const readUntil = <T>(read: () => Promise<T>, ok: (value: T) => boolean) =>
  until(
    async () => {
      const value = await read();
      return ok(value) && { value };
    },
    20_000,
    'the outbox',
    100,
  ).then(({ value }) => value);

const rowsFor = (t: TestApp, purpose: string) =>
  t.db.select().from(outboundMail).where(eq(outboundMail.purpose, purpose));

async function contact(t: TestApp, email: string, message = 'Hello there') {
  return read(
    t.client.api.contact.$post({ json: { name: 'Vi', email, subject: 'Mixing', message } }),
  );
}

describe('with the mail server down', () => {
  it('stores every contact message and submission, answers at once, and mails each exactly once when the server is back', async () => {
    // A port where a mail server was and is no more.
    const first = await startSmtpServer();
    const port = first.port;
    await first.close();
    const t = await newApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CONTACT_TO: inbox,
      MAIL_RETRY_SECONDS: '0.2',
    });
    const senders = Array.from({ length: 10 }, visitor);
    for (const email of senders) expect((await contact(t, email)).status).toBe(201);
    const url = `${await t.listen()}${t.client.api.projects.submit.$path()}`;
    const client = visitor();
    const submitted = await postMultipart(
      url,
      multipartBody(
        {
          name: 'Nina',
          email: client,
          service: 'Song Mix',
          notes: 'Two songs, stems attached.',
          timeline: '2 weeks',
          budget: '$500',
        },
        [{ field: 'files', filename: 'verse.wav', head: wavHead(), size: 4000 }],
      ),
    );
    expect(submitted.status).toBe(201);

    // Nothing is lost meanwhile: each mail waits, with the reason.
    const waiting = await readUntil(
      () => t.db.select().from(outboundMail),
      (rows) => rows.length === 12 && rows.every((r) => r.attempts >= 1),
    );
    expect(waiting.every((r) => r.status === 'pending' || r.status === 'sending')).toBe(true);
    expect(waiting.find((r) => r.status === 'pending')?.lastError).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startSmtpServer({ port });
    await smtp.waitFor(inbox, 11, 30_000);
    await smtp.waitFor(client, 1, 30_000);
    for (const email of senders) {
      expect(smtp.to(inbox).filter((m) => m.replyTo?.text.includes(email))).toHaveLength(1);
    }
    const confirmation = smtp.to(client);
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]?.text).toContain(`/projects/${submitted.body.submissionId}/pay`);
    const rows = await readUntil(
      () => t.db.select().from(outboundMail),
      (all) => all.every((r) => r.status === 'sent'),
    );
    expect(rows).toHaveLength(12);
    // Settled: nothing more arrives.
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received).toHaveLength(12);
  }, 60_000);
});

describe('with a mail server that never answers', () => {
  it('answers the visitor at once and keeps the mail for later', async () => {
    const silent = await startSilentSmtpServer();
    const t = await newApp({ SMTP_URL: silent.url, CONTACT_TO: inbox });
    const started = Date.now();
    const res = await contact(t, visitor());
    const took = Date.now() - started;
    expect(res.status).toBe(201);
    // The mail is not awaited: the request does not wait for the 5 s greeting timeout.
    expect(took).toBeLessThan(4000);
    const [row] = await readUntil(
      () => rowsFor(t, 'contact-notice'),
      (rows) => rows[0]?.status === 'pending' && (rows[0]?.attempts ?? 0) >= 1,
    );
    expect(row?.lastError).toMatch(/Greeting never received/);
    expect(silent.connections()).toBeGreaterThanOrEqual(1);
  }, 30_000);
});

describe('with a mail server that closes the connection before its greeting', () => {
  it('keeps each mail pending, since the server received nothing, and mails each exactly once when a real server is back', async () => {
    // Takes the connection and closes it before saying 220: a server starting up or shedding
    // load, or a black-holed address in front of it.
    let connections = 0;
    const closer = createServer((socket) => {
      connections += 1;
      socket.on('error', () => {});
      socket.end();
    });
    const port = await new Promise<number>((resolve) => {
      closer.listen(0, '127.0.0.1', () => {
        const address = closer.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
    const t = await newApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CONTACT_TO: inbox,
      MAIL_RETRY_SECONDS: '0.2',
    });
    const senders = Array.from({ length: 3 }, visitor);
    for (const email of senders) expect((await contact(t, email)).status).toBe(201);
    const refused = await until(async () => {
      const rows = (await rowsFor(t, 'contact-notice')).map(
        (r) => [r.status, r.attempts, r.lastError] as const,
      );
      const settled =
        rows.length === 3 &&
        rows.every(([status, attempts]) => status !== 'sending' && Number(attempts) >= 2);
      return settled && rows;
    });
    // Each was tried again: none is called unknown (it cannot have arrived) or failed.
    expect(refused.map(([status]) => status)).toEqual(['pending', 'pending', 'pending']);
    expect(refused[0]?.[2]).toMatch(/connection was closed/);
    expect(connections).toBeGreaterThanOrEqual(3);

    await new Promise<void>((resolve) => closer.close(() => resolve()));
    const smtp = await startSmtpServer({ port });
    await until(
      async () => (await rowsFor(t, 'contact-notice')).every((r) => r.status === 'sent'),
      30_000,
    );
    // Settled: nothing more arrives.
    await new Promise((r) => setTimeout(r, 1500));
    const arrived = (email: string) =>
      smtp.to(inbox).filter((m) => m.replyTo?.text.includes(email)).length;
    expect(senders.map(arrived)).toEqual([1, 1, 1]);
    expect(smtp.received).toHaveLength(3);
  }, 60_000);
});

describe('payment receipts', () => {
  it('mails exactly one receipt while the business notice is refused five times, and the notice on the sixth attempt', async () => {
    const smtp = await startSmtpServer();
    let refusals = 0;
    smtp.setRefusal((address) => {
      if (address !== inbox || refusals >= 5) return undefined;
      refusals += 1;
      return { code: 451, message: '4.7.1 Try again later' };
    });
    const t = await newApp({
      SMTP_URL: smtp.url,
      CONTACT_TO: inbox,
      MAIL_RETRY_SECONDS: '0.2',
    });
    const { submission, service } = await createSubmission(t.db);
    const [payment] = await t.db
      .insert(payments)
      .values({
        method: 'paypal',
        submissionId: submission.id,
        amountCents: service.checkoutPriceCents ?? 1000,
      })
      .returning();
    if (!payment) throw new Error('no payment');
    const paid = {
      db: t.db,
      env: t.env,
      secret: t.secret,
      paymentId: payment.id,
      source: 'client' as const,
    };
    await markPaid({ ...paid, externalId: 'paypal:CAPTURE-1' });
    // Confirmed again (a webhook after the client): queues nothing more.
    await markPaid({ ...paid, externalId: 'paypal:CAPTURE-1' });

    await smtp.waitFor(inbox, 1, 60_000);
    expect(smtp.refused.get(inbox)).toBe(5);
    expect(smtp.to(submission.email)).toHaveLength(1);
    expect(smtp.to(submission.email)[0]?.subject).toMatch(/receipt|payment/i);
    expect(smtp.to(inbox)).toHaveLength(1);
    const rows = await readUntil(
      () => t.db.select().from(outboundMail).where(eq(outboundMail.subjectId, payment.id)),
      (all) => all.every((r) => r.status === 'sent'),
    );
    expect(Object.fromEntries(rows.map((r) => [r.purpose, [r.status, r.attempts]]))).toEqual({
      'payment-receipt': ['sent', 1],
      'payment-notice': ['sent', 6],
    });
  }, 90_000);
});

describe('outcomes an admin decides on', () => {
  it('fails a mail the server refuses for good (550), lists it for the admin, and sends it once on resend', async () => {
    let mailboxFull = true;
    const smtp = await startSmtpServer({
      refuse: (address) => mailboxFull && address.startsWith('full.'),
    });
    const t = await newApp({ SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '0.2' });
    const admin = (await signInAdmin(t.db)).token;
    const fan = `full.${visitor()}`;
    const subscribed = await read(t.client.api.contact.newsletter.$post({ json: { email: fan } }));
    expect(subscribed.status).toBe(200);
    const [failed] = await readUntil(
      () => rowsFor(t, 'newsletter-confirm'),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(failed?.attempts).toBe(1);
    expect(failed?.lastError).toMatch(/550/);

    const list = await read(t.as(admin).api.admin.mail.$get({ query: {} }));
    expect(list.status).toBe(200);
    expect(list.body.counts).toMatchObject({ failed: 1, unknown: 0 });
    expect(list.body.mails).toEqual([
      expect.objectContaining({
        id: failed?.id,
        purpose: 'newsletter-confirm',
        to: fan,
        status: 'failed',
        attempts: 1,
      }),
    ]);

    // The mailbox has room again; the admin resends it.
    mailboxFull = false;
    const resent = await read(
      t.as(admin).api.admin.mail[':id'].resend.$post({ param: { id: failed?.id ?? '' } }),
    );
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe('pending');
    await smtp.waitFor(fan, 1, 10_000);
    await readUntil(
      () => rowsFor(t, 'newsletter-confirm'),
      (rows) => rows[0]?.status === 'sent',
    );
    // A sent mail is not sent again, by request or by accident.
    const twice = await read(
      t.as(admin).api.admin.mail[':id'].resend.$post({ param: { id: failed?.id ?? '' } }),
    );
    expect(twice.status).toBe(409);
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.to(fan)).toHaveLength(1);
    const audit = await t.db.execute<{ action: string }>(
      sql`select action from audit_log where entity_id = ${failed?.id ?? ''}`,
    );
    expect([...audit].map((a) => a.action)).toEqual(['mail.resend']);
  }, 60_000);
});

describe('a send whose outcome cannot be known', () => {
  it('is recorded unknown when the connection dies before the server answers, and never sent again by itself', async () => {
    const smtp = await startSmtpServer();
    smtp.setDataMode('drop');
    const t = await newApp({ SMTP_URL: smtp.url, CONTACT_TO: inbox, MAIL_RETRY_SECONDS: '0.2' });
    expect((await contact(t, visitor())).status).toBe(201);
    const [row] = await readUntil(
      () => rowsFor(t, 'contact-notice'),
      (rows) => rows[0]?.status === 'unknown',
    );
    expect(row?.attempts).toBe(1);
    smtp.setDataMode('accept');
    await new Promise((r) => setTimeout(r, 2500));
    expect(smtp.received).toHaveLength(0);
    const [still] = await rowsFor(t, 'contact-notice');
    expect(still).toMatchObject({ status: 'unknown', attempts: 1 });
  }, 30_000);

  it('is recorded unknown at shutdown when the server has not answered within the grace', async () => {
    const smtp = await startSmtpServer();
    smtp.setDataMode('stall');
    const t = await newApp({ SMTP_URL: smtp.url, CONTACT_TO: inbox });
    expect((await contact(t, visitor())).status).toBe(201);
    await readUntil(
      () => rowsFor(t, 'contact-notice'),
      (rows) => rows[0]?.status === 'sending',
    );
    const stopping = Date.now();
    await t.stopMailWorker();
    expect(Date.now() - stopping).toBeLessThan(5000);
    const [row] = await rowsFor(t, 'contact-notice');
    expect(row?.status).toBe('unknown');
    expect(row?.lastError).toMatch(/process stopped/);
  }, 30_000);

  it('left `sending` by a process that died is called unknown after five minutes, not re-sent', async () => {
    const smtp = await startSmtpServer();
    const t = await newApp({ SMTP_URL: smtp.url, CONTACT_TO: inbox });
    await t.stopMailWorker();
    const [row] = await t.db
      .insert(outboundMail)
      .values({
        key: `contact-notice:dead-${visitor()}`,
        purpose: 'contact-notice',
        subjectId: 'dead',
        toAddress: inbox,
        message: { to: inbox, subject: 'Dead', text: 'x', html: 'x' },
        status: 'sending',
        attempts: 1,
        attemptedAt: new Date(Date.now() - 4 * 60_000),
      })
      .returning();
    expect(await markStaleMailUnknown({ db: t.db })).toBe(0); // four minutes: maybe still alive
    await t.db
      .update(outboundMail)
      .set({ attemptedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(outboundMail.id, row?.id ?? ''));
    expect(await markStaleMailUnknown({ db: t.db })).toBe(1);
    const [after] = await t.db
      .select()
      .from(outboundMail)
      .where(and(eq(outboundMail.id, row?.id ?? ''), inArray(outboundMail.status, ['unknown'])));
    expect(after?.attempts).toBe(1);
    expect(smtp.received).toHaveLength(0);
  });
});
