import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { messages } from '@studio/shared/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../db/schema/contact-messages.ts';
import { subscribers } from '../db/schema/subscribers.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { addressesOf, rawHeader, startSmtpServer } from '../test/smtp.ts';

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
    expect(res.body).toEqual({ success: true, message: messages.contact.sent });
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
    [{ name: '' }, messages.contact.nameRequired],
    [{ email: '' }, messages.contact.emailRequired],
    [{ email: 'nope' }, messages.contact.emailInvalid],
    [{ subject: '' }, messages.contact.subjectRequired],
    [{ message: '   ' }, messages.contact.messageRequired],
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
      expect(res.body.message).toBe(messages.contact.fillAllFields);
    },
  );
});

describe('newsletter', () => {
  it('subscribes a trimmed, lower-cased address once, and mails a welcome with one-click unsubscribe', async () => {
    const res = await read(
      t.client.api.contact.newsletter.$post({ json: { email: '  Fan.One@Example.COM ' } }),
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Successfully subscribed!');
    const again = await read(
      t.client.api.contact.newsletter.$post({ json: { email: 'fan.one@example.com' } }),
    );
    expect(again.status).toBe(200);
    const rows = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, 'fan.one@example.com'));
    expect(rows).toHaveLength(1);

    const [welcome] = await smtp.waitFor('fan.one@example.com');
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.to('fan.one@example.com')).toHaveLength(1); // no second welcome
    const link = rawHeader(welcome, 'list-unsubscribe');
    expect(String(link)).toMatch(
      /^<https:\/\/studio\.example\.com\/api\/contact\/unsubscribe\?email=fan\.one%40example\.com&token=[\w-]+>$/,
    );
    expect(rawHeader(welcome, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(welcome?.html).toContain('Unsubscribe');
  });

  it.each([
    ['', messages.newsletter.emailRequired],
    ['   ', messages.newsletter.emailRequired],
    ['fan@', messages.newsletter.emailInvalid],
  ])('%j answers 400 "%s"', async (email, message) => {
    const res = await read(t.client.api.contact.newsletter.$post({ json: { email } }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('unsubscribes by one-click POST, refuses a forged token, and lets the address subscribe again', async () => {
    await read(t.client.api.contact.newsletter.$post({ json: { email: 'fan.two@example.com' } }));
    const [welcome] = await smtp.waitFor('fan.two@example.com');
    const link = String(rawHeader(welcome, 'list-unsubscribe')).slice(1, -1);
    const local = link.replace('https://studio.example.com', '');

    const page = await t.app.request(local);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('fan.two@example.com');
    const [stillActive] = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, 'fan.two@example.com'));
    expect(stillActive?.status).toBe('active'); // opening the link alone changes nothing

    const forged = await t.app.request(local.replace(/token=[\w-]+/, 'token=forged'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(400);

    const oneClick = await t.app.request(local, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const [gone] = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, 'fan.two@example.com'));
    expect(gone?.status).toBe('unsubscribed');

    const back = await read(
      t.client.api.contact.newsletter.$post({ json: { email: 'fan.two@example.com' } }),
    );
    expect(back.status).toBe(200);
    const [active] = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, 'fan.two@example.com'));
    expect(active?.status).toBe('active');
    expect(active?.unsubscribedAt).toBeNull();
    await smtp.waitFor('fan.two@example.com', 2);
  });

  it('lists active subscribers to admins only', async () => {
    await read(t.client.api.contact.newsletter.$post({ json: { email: 'listed@example.com' } }));
    const customer = await signUpCustomer(t);
    const admin = await signInAdmin(t.db);
    expect((await read(t.client.api.contact.subscribers.$get())).status).toBe(401);
    expect((await read(t.as(customer.token).api.contact.subscribers.$get())).status).toBe(403);
    const res = await read(t.as(admin.token).api.contact.subscribers.$get());
    expect(res.status).toBe(200);
    expect(res.body.subscribers).toContain('listed@example.com');
    expect(res.body.subscribers).not.toContain('fan.two@example.com'.replace('two', 'gone'));
    expect(res.body.count).toBe(res.body.subscribers.length);
  });
});

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
