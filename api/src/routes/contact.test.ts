import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { contactMessages as contactTexts } from '@studio/shared/messages/contact';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../db/schema/contact-messages.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { addressesOf, startSmtpServer } from '../test/smtp.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const inbox = 'studio@example.com';

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    CONTACT_TO: inbox,
    CONTACT_RECIPIENT_ALLOWLIST: 'venue@example.com, Promo@Example.com',
    PUBLIC_URL: 'https://studio.example.com',
  });
});

let n = 0;
const sender = () => `visitor${++n}@example.net`;

describe('POST /api/contact (landing form)', () => {
  it('stores the message and mails the business inbox with Reply-To the sender', async () => {
    const email = sender();
    const res = await read(
      t.client.api.contact.$post({
        json: {
          name: 'Ray',
          email,
          subject: 'Mixing',
          message: 'Can you mix my EP?\nIt has 5 songs.',
        },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: contactTexts.sent });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(row).toMatchObject({ name: 'Ray', subject: 'Mixing', recipient: inbox });
    const mail = await smtp.waitForMail(
      (m) => m.rcpt.includes(inbox) && addressesOf(m.replyTo).includes(email),
    );
    expect(mail?.subject).toBe('Contact: Mixing from Ray');
    expect(mail?.text).toContain('Can you mix my EP?');
  });

  it('escapes what the visitor wrote in the HTML part', async () => {
    const email = sender();
    await read(
      t.client.api.contact.$post({
        json: {
          name: '<b>Bold</b>',
          email,
          subject: 'Other',
          message: '<script>alert(1)</script>',
        },
      }),
    );
    const mail = await smtp.waitForMail(
      (m) => m.rcpt.includes(inbox) && addressesOf(m.replyTo).includes(email),
    );
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).not.toContain('<b>Bold</b>');
  });

  it.each([
    [{ name: '' }, contactTexts.nameRequired],
    [{ email: '' }, contactTexts.emailRequired],
    [{ email: 'nope' }, contactTexts.emailInvalid],
    [{ subject: '' }, contactTexts.subjectRequired],
    [{ message: '   ' }, contactTexts.messageRequired],
  ])('%j answers 400 "%s" and stores nothing', async (overrides, message) => {
    const email = sender();
    const res = await read(
      t.client.api.contact.$post({
        json: { name: 'Ray', email, subject: 'Mixing', message: 'Hello there', ...overrides },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(
      await t.db.select().from(contactMessages).where(eq(contactMessages.email, email)),
    ).toHaveLength(0);
  });
});

describe('POST /api/contact (pitch and promo forms)', () => {
  it('mails an allow-listed recipient', async () => {
    const email = sender();
    const res = await read(
      t.client.api.contact.$post({
        json: {
          name: 'Investor',
          email,
          message: 'Tell me more',
          subject: 'Event Space Inquiry',
          recipient: 'promo@example.com',
        },
      }),
    );
    expect(res.status).toBe(201);
    const [mail] = await smtp.waitFor('promo@example.com');
    expect(addressesOf(mail?.replyTo)).toEqual([email]);
    expect(mail?.subject).toBe('Contact: Event Space Inquiry from Investor');
  });

  it('never mails a recipient outside the allowlist: the business inbox gets it instead', async () => {
    const email = sender();
    const res = await read(
      t.client.api.contact.$post({
        json: { name: 'Spammer', email, message: 'Buy now', recipient: 'victim@elsewhere.org' },
      }),
    );
    expect(res.status).toBe(201);
    const mail = await smtp.waitForMail(
      (m) => m.rcpt.includes(inbox) && addressesOf(m.replyTo).includes(email),
    );
    expect(mail?.subject).toBe('Contact: Website enquiry from Spammer');
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.filter((m) => m.rcpt.includes('victim@elsewhere.org'))).toHaveLength(0);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(row?.recipient).toBe(inbox);
  });

  it.each([{ name: ' ' }, { email: '' }, { message: '' }])(
    '%j answers "Please fill in all fields"',
    async (overrides) => {
      const res = await read(
        t.client.api.contact.$post({
          json: {
            name: 'A',
            email: sender(),
            message: 'Hi',
            recipient: 'venue@example.com',
            ...overrides,
          },
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(contactTexts.fillAllFields);
    },
  );
});

// The newsletter's tests are in newsletter.test.ts.

describe('without SMTP_URL', () => {
  it('writes each message as an .eml file under $DATA_DIR/outbox', async () => {
    await t.stopMailWorker(); // the SMTP app's worker would send this file's mail too
    const offline = await createTestApp({ CONTACT_TO: 'owner@example.com' });
    const res = await read(
      offline.client.api.contact.$post({
        json: {
          name: 'Offline',
          email: 'offline@example.net',
          subject: 'Post',
          message: 'Kept in the outbox',
        },
      }),
    );
    expect(res.status).toBe(201);
    const outbox = path.join(offline.env.DATA_DIR, 'outbox');
    // Written by the mail worker just after the request.
    const emls = () =>
      existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    for (let i = 0; i < 50 && emls().length === 0; i += 1)
      await new Promise((r) => setTimeout(r, 100));
    const files = emls();
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^To: owner@example.com$/m);
    expect(eml).toMatch(/^Reply-To: offline@example.net$/m);
    expect(eml).toContain('Kept in the outbox');
  });
});
