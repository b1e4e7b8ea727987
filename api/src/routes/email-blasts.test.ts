import { randomBytes } from 'node:crypto';
import { blastMessages as m } from '@studio/shared/messages/blasts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { emailBlastRecipients, emailBlasts } from '../db/schema/email-blasts.ts';
import { subscribers } from '../db/schema/subscribers.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, read, type TestApp, type TestClient } from '../test/harness.ts';
import { exeHead, type FilePart, multipartBody, postMultipart } from '../test/multipart.ts';
import { rawHeader, startSmtpServer } from '../test/smtp.ts';
import { sampleBytes } from '../test/upload-samples.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let base: string;
let adminToken: string;
let adminId: string;
let customerToken: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://studio.example.com', BLAST_RATE: '50' },
    { jobs: true },
  );
  base = await t.listen();
  const admin = await signInAdmin(t.db);
  adminToken = admin.token;
  adminId = admin.user.id;
  customerToken = (await signUpCustomer(t)).token;
}, 60_000);

/** A fresh address for each use: tests share the SMTP server. */
const address = (label: string) => `${label}.${randomBytes(4).toString('hex')}@example.com`;

const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
// A whole PNG (file-type reads its first chunk, so a bare signature is no PNG).
const pngHead = sampleBytes('png');
const pdfHead = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

function sendBlast(fields: Record<string, string>, files: FilePart[] = [], token = adminToken) {
  return postMultipart(
    `${base}${t.client.api.events.admin['send-email-blast'].$path()}`,
    multipartBody(fields, files),
    token ? { Authorization: `Bearer ${token}` } : {},
  );
}

async function blastCount() {
  return (await t.db.select({ id: emailBlasts.id }).from(emailBlasts)).length;
}

describe('POST /api/events/admin/send-email-blast', () => {
  it('mails each recipient once: subject, escaped message, unsubscribe link and headers; 200 with the counts', async () => {
    const [a, b, c] = [address('a'), address('b'), address('c')];
    const res = await sendBlast({
      // Duplicates (in any case), blanks and entries that are not addresses are dropped.
      emails: `${a}, ${b.toUpperCase()}\n\n ${c} ,not-an-address\n${a}\r\n@nope.com`,
      subject: 'Spring sale',
      message: 'Hello <b>friends</b> & "fans"\nSecond line',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sentCount: 3,
      failedCount: 0,
      skippedCount: 0,
      blastId: expect.any(String),
    });

    for (const to of [a, b, c]) {
      const mails = smtp.to(to);
      expect(mails).toHaveLength(1);
      const mail = mails[0];
      expect(mail?.subject).toBe('Spring sale');
      expect(mail?.text).toContain('Hello <b>friends</b> & "fans"\nSecond line');
      expect(mail?.html).toContain('Hello &lt;b&gt;friends&lt;/b&gt; &amp; &quot;fans&quot;<br>');
      expect(mail?.html).not.toContain('<b>friends</b>');
      const header = rawHeader(mail, 'List-Unsubscribe');
      const link = header?.match(/^<(.+)>$/)?.[1] ?? '';
      expect(link).toMatch(
        new RegExp(
          `^https://studio\\.example\\.com/api/contact/unsubscribe\\?email=${encodeURIComponent(to).replace(/\./g, '\\.')}&token=`,
        ),
      );
      expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(mail?.text).toContain(link);
      expect(mail?.html).toContain(link.replace(/&/g, '&amp;'));
      // The link is one the API accepts (the confirmation page of the unsubscribe flow).
      const page = await t.request('GET', link.replace('https://studio.example.com', ''));
      expect(page.status).toBe(200);
    }
    expect(smtp.to('not-an-address')).toHaveLength(0);

    const rows = await t.db
      .select()
      .from(emailBlastRecipients)
      .where(eq(emailBlastRecipients.blastId, res.body.blastId as string));
    expect(rows.map((r) => r.email).sort()).toEqual([a, b, c].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    const [blast] = await t.db
      .select()
      .from(emailBlasts)
      .where(eq(emailBlasts.id, res.body.blastId as string));
    expect(blast).toMatchObject({ status: 'done', subject: 'Spring sale', createdBy: adminId });
    expect(blast?.finishedAt).toBeInstanceOf(Date);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, res.body.blastId as string), eq(auditLog.action, 'blast.send')),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, detail: { recipients: 3 } });
  });

  it.each([
    ['a JPEG', 'flyer.jpg', jpegHead, 'image/jpeg', 'jpg'],
    ['a PNG', 'flyer.png', pngHead, 'image/png', 'png'],
    ['a PDF', 'Spring flyer.pdf', pdfHead, 'application/pdf', 'pdf'],
  ])(
    'attaches %s to every copy, stored as blasts/<uuid>.<ext>',
    async (_l, name, head, type, ext) => {
      const [a, b] = [address('att'), address('att')];
      const size = 2000;
      const res = await sendBlast({ emails: `${a}\n${b}`, subject: 'With flyer' }, [
        // The browser's declared type is ignored: the bytes decide.
        {
          field: 'emailFlyer',
          filename: name,
          head,
          size,
          contentType: 'application/octet-stream',
        },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.sentCount).toBe(2);
      for (const to of [a, b]) {
        const [mail] = smtp.to(to);
        expect(mail?.attachments).toHaveLength(1);
        const attachment = mail?.attachments[0];
        expect(attachment?.filename).toBe(name);
        expect(attachment?.contentType).toBe(type);
        expect(attachment?.size).toBe(size);
        expect(attachment?.content.subarray(0, head.length).equals(head)).toBe(true);
      }
      const [blast] = await t.db
        .select()
        .from(emailBlasts)
        .where(eq(emailBlasts.id, res.body.blastId as string));
      expect(blast?.attachmentKey).toMatch(new RegExp(`^blasts/[0-9a-f-]{36}\\.${ext}$`));
      expect(await t.storage.exists(blast?.attachmentKey ?? '')).toBe(true);
    },
  );

  it('accepts an attachment of exactly 5 MB', async () => {
    const to = address('five');
    const res = await sendBlast({ emails: to, subject: 'Big flyer' }, [
      { field: 'emailFlyer', filename: 'big.pdf', head: pdfHead, size: 5_242_880 },
    ]);
    expect(res.status).toBe(200);
    expect(smtp.to(to)[0]?.attachments[0]?.size).toBe(5_242_880);
  });

  it.each([
    [
      'an .exe renamed .jpg',
      {
        field: 'emailFlyer',
        filename: 'flyer.jpg',
        head: exeHead,
        size: 4000,
        contentType: 'image/jpeg',
      },
      415,
      m.fileType,
    ],
    [
      'a file of 5,242,881 bytes',
      { field: 'emailFlyer', filename: 'huge.pdf', head: pdfHead, size: 5_242_881 },
      413,
      m.fileTooLarge,
    ],
  ])('refuses %s and sends nothing', async (_l, file, status, message) => {
    const to = address('refused');
    const before = await blastCount();
    const res = await sendBlast({ emails: to, subject: 'Refused' }, [file as FilePart]);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await blastCount()).toBe(before);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.to(to)).toHaveLength(0);
  });

  it.each([
    ['no emails', { emails: '', subject: 'Hi' }],
    ['blank emails', { emails: ' \n ', subject: 'Hi' }],
    ['no subject', { emails: 'x@example.com', subject: '' }],
    ['a blank subject and invalid emails', { emails: 'nope', subject: '   ' }],
    ['neither field', {}],
  ])('answers 400 "%s" with the spec message', async (_l, fields) => {
    const before = await blastCount();
    const res = await sendBlast(fields as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.required);
    expect(await blastCount()).toBe(before);
  });

  it('answers 400 when no entry is a valid address', async () => {
    const res = await sendBlast({ emails: 'one, two@\n@three.com', subject: 'Hi' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.noValidRecipients);
  });

  it('skips an unsubscribed address: recorded as skipped, never mailed', async () => {
    const [gone, kept] = [address('gone'), address('kept')];
    await t.db.insert(subscribers).values([
      { email: gone, status: 'unsubscribed', unsubscribedAt: new Date() },
      { email: kept, status: 'active' },
    ]);
    const res = await sendBlast({ emails: `${gone}, ${kept}`, subject: 'News' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sentCount: 1, failedCount: 0, skippedCount: 1 });
    expect(smtp.to(kept)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.to(gone)).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(emailBlastRecipients)
      .where(eq(emailBlastRecipients.email, gone));
    expect(row?.status).toBe('skipped');
  });

  it('is done at once when every recipient unsubscribed', async () => {
    const gone = address('allgone');
    await t.db.insert(subscribers).values({ email: gone, status: 'unsubscribed' });
    const res = await sendBlast({ emails: gone, subject: 'News' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sentCount: 0, failedCount: 0, skippedCount: 1 });
  });
});

describe('blast history and progress', () => {
  it('lists blasts newest first with their counts, and shows one blast with its recipients', async () => {
    const [a, b] = [address('h'), address('h')];
    const first = await sendBlast({ emails: a, subject: 'History one' });
    const second = await sendBlast({ emails: `${a}, ${b}`, subject: 'History two' });
    expect([first.status, second.status]).toEqual([200, 200]);

    const list = await read(
      t.as(adminToken).api.admin['email-blasts'].$get({ query: { pageSize: '100' } }),
    );
    expect(list.status).toBe(200);
    const ids = (list.body.blasts as { id: string }[]).map((x) => x.id);
    expect(ids.indexOf(second.body.blastId as string)).toBeLessThan(
      ids.indexOf(first.body.blastId as string),
    );
    expect(
      list.body.blasts.find((x: { id: string }) => x.id === second.body.blastId),
    ).toMatchObject({
      subject: 'History two',
      status: 'done',
      total: 2,
      sentCount: 2,
      failedCount: 0,
      skippedCount: 0,
      pendingCount: 0,
    });
    expect(list.body.total).toBe(await blastCount());

    const one = await read(
      t
        .as(adminToken)
        .api.admin['email-blasts'][':id'].$get({ param: { id: second.body.blastId as string } }),
    );
    expect(one.status).toBe(200);
    expect(one.body.blast).toMatchObject({
      id: second.body.blastId,
      subject: 'History two',
      status: 'done',
      total: 2,
      sentCount: 2,
      pendingCount: 0,
    });
    expect(one.body.blast.finishedAt).toEqual(expect.any(String));
    expect(one.body.recipients).toHaveLength(2);
    expect(one.body.recipients.map((r: { email: string }) => r.email).sort()).toEqual(
      [a, b].sort(),
    );
    expect(one.body.recipients[0]).toMatchObject({ status: 'sent', error: null });
  });

  it.each([
    ['GET', '00000000-0000-4000-8000-000000000000'],
    ['GET', 'not-a-uuid'],
    ['POST', '00000000-0000-4000-8000-000000000000'],
    ['POST', 'not-a-uuid'],
  ] as const)(
    '%s /api/admin/email-blasts/%s answers 404 for an unknown blast',
    async (method, id) => {
      const blast = t.as(adminToken).api.admin['email-blasts'][':id'];
      const res = await read(
        method === 'GET' ? blast.$get({ param: { id } }) : blast.retry.$post({ param: { id } }),
      );
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.blastNotFound);
    },
  );

  it('retry of a blast without failed recipients answers 409', async () => {
    const res = await sendBlast({ emails: address('ok'), subject: 'No failures' });
    const retry = await read(
      t.as(adminToken).api.admin['email-blasts'][':id'].retry.$post({
        param: { id: res.body.blastId as string },
      }),
    );
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe(m.nothingToRetry);
  });
});

describe('POST /api/admin/subscribers/import', () => {
  it('adds new addresses, counts the known, the unsubscribed and the invalid', async () => {
    const tag = randomBytes(3).toString('hex');
    const known = `known.${tag}@example.com`;
    const gone = `gone.${tag}@example.com`;
    await t.db.insert(subscribers).values([
      { email: known, status: 'active' },
      { email: gone, status: 'unsubscribed', unsubscribedAt: new Date() },
    ]);
    const content = [
      'Name,Email,Joined',
      `"Ada","new1.${tag}@example.com",2024-01-01`,
      `Bob;NEW2.${tag}@Example.com`,
      `new3.${tag}@example.com\tCarl`,
      `new1.${tag}@example.com`,
      `"${known}"`,
      gone,
      'broken@',
      'Dan,no address here',
      '',
      `'new4.${tag}@example.com'`,
    ].join('\r\n');
    const res = await read(
      t.as(adminToken).api.admin.subscribers.import.$post({ json: { content } }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      added: 4,
      alreadySubscribed: 1,
      unsubscribed: 1,
      invalid: 2,
      invalidSamples: ['broken@', 'Dan,no address here'],
    });
    const rows = await t.db
      .select()
      .from(subscribers)
      .where(
        inArray(subscribers.email, [
          `new1.${tag}@example.com`,
          `new2.${tag}@example.com`,
          `new3.${tag}@example.com`,
          `new4.${tag}@example.com`,
          gone,
          known,
        ]),
      );
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
    for (const n of [1, 2, 3, 4]) {
      expect(byEmail[`new${n}.${tag}@example.com`]).toMatchObject({
        status: 'active',
        source: 'import',
      });
    }
    // An import is not consent: the unsubscribed address stays unsubscribed.
    expect(byEmail[gone]?.status).toBe('unsubscribed');
    expect(byEmail[known]?.source).toBe('newsletter');

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'subscribers.import'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit).toMatchObject({ actorId: adminId, detail: { added: 4, invalid: 2 } });
  });

  it('keeps only the first 10 invalid samples', async () => {
    const content = Array.from({ length: 15 }, (_, i) => `bad${i}@`).join('\n');
    const res = await read(
      t.as(adminToken).api.admin.subscribers.import.$post({ json: { content } }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ added: 0, invalid: 15 });
    expect(res.body.invalidSamples).toHaveLength(10);
  });

  it('answers 400 for an empty list', async () => {
    const res = await read(
      t.as(adminToken).api.admin.subscribers.import.$post({ json: { content: '' } }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.importContentRequired);
  });
});

describe('permissions', () => {
  /** A blast with one failed recipient, so that retry has something to do. */
  async function blastWithFailure() {
    const res = await sendBlast({ emails: address('perm'), subject: 'Perm' });
    const blastId = res.body.blastId as string;
    await t.db
      .update(emailBlastRecipients)
      .set({ status: 'failed', error: 'test' })
      .where(eq(emailBlastRecipients.blastId, blastId));
    return blastId;
  }

  const jsonRoutes: [string, number, (as: TestClient, id: string) => Promise<Response>][] = [
    ['GET history', 200, (as) => as.api.admin['email-blasts'].$get({ query: {} })],
    ['GET progress', 200, (as, id) => as.api.admin['email-blasts'][':id'].$get({ param: { id } })],
    [
      'POST retry',
      202,
      (as, id) => as.api.admin['email-blasts'][':id'].retry.$post({ param: { id } }),
    ],
    [
      'POST subscribers import',
      200,
      (as) =>
        as.api.admin.subscribers.import.$post({
          json: { content: `perm.${Date.now()}@example.com` },
        }),
    ],
  ];

  it.each(jsonRoutes)('%s: anonymous 401, customer 403, admin %i', async (_l, ok, call) => {
    const blastId = await blastWithFailure();
    const anonymous = await read(call(t.client, blastId));
    expect(anonymous.status).toBe(401);
    const customer = await read(call(t.as(customerToken), blastId));
    expect(customer.status).toBe(403);
    const admin = await read(call(t.as(adminToken), blastId));
    expect(admin.status).toBe(ok);
  });

  it('send-email-blast: anonymous 401, customer 403, admin 200; only the admin’s is mailed', async () => {
    const to = address('permsend');
    const before = await blastCount();
    expect((await sendBlast({ emails: to, subject: 'P' }, [], '')).status).toBe(401);
    expect((await sendBlast({ emails: to, subject: 'P' }, [], customerToken)).status).toBe(403);
    expect(await blastCount()).toBe(before);
    expect((await sendBlast({ emails: to, subject: 'P' })).status).toBe(200);
    expect(smtp.to(to)).toHaveLength(1);
  });

  it('the retry re-sends the failed recipient', async () => {
    const blastId = await blastWithFailure();
    const [row] = await t.db
      .select()
      .from(emailBlastRecipients)
      .where(eq(emailBlastRecipients.blastId, blastId));
    const retry = await read(
      t.as(adminToken).api.admin['email-blasts'][':id'].retry.$post({ param: { id: blastId } }),
    );
    expect(retry.status).toBe(202);
    expect(retry.body).toMatchObject({ blastId, retried: 1 });
    await smtp.waitFor(row?.email ?? '', 2);
  });
});
