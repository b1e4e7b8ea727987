import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient } from '../src/client.ts';
import { outboundMail } from '../src/db/schema/outbound-mail.ts';
import { startApi, until } from '../src/test/process.ts';
import { processBed } from '../src/test/process-bed.ts';
import { startSmtpServer } from '../src/test/smtp.ts';

/**
 * The mail outbox when the API process dies (SIGKILL: no shutdown code runs): a mail whose
 * request was answered is sent by the next process, exactly once; a mail the dead process had
 * already handed to the mail server is never sent again by itself.
 */

const { db, databaseUrl, dataDir, running } = await processBed('outbox-fault', { connections: 3 });
const inbox = 'owner@studio.example';

async function start(smtpUrl: string, retrySeconds = '0.5') {
  const run = await startApi({
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    CONTACT_TO: inbox,
    MAIL_RETRY_SECONDS: retrySeconds,
    CONTACT_RATE_LIMIT_PER_HOUR: '100000',
    DATA_DIR: dataDir,
    SITE_DIR: path.join(os.tmpdir(), 'studio-no-site'),
    APP_SECRET: 'outbox-fault-secret-0123456789abcdef0123',
  });
  running.push(run);
  return run;
}

async function postContact(baseUrl: string, email: string) {
  const res = await createClient(baseUrl).contact.$post({
    json: { name: 'Vi', email, subject: 'Mixing', message: `From ${email}` },
  });
  return res.status;
}

describe('the mail outbox across a crash', () => {
  it('sends after a restart every mail whose request was answered while the server refused, each once', async () => {
    const smtp = await startSmtpServer();
    // Greylisting: every recipient refused for now.
    smtp.setRefusal(() => ({ code: 451, message: '4.7.1 Greylisted, try again later' }));
    // Retries 10 s apart: the kill comes between attempts, when no notice is in the server's
    // hands (one that is would rightly be left unknown, not re-sent).
    const first = await start(smtp.url, '10');
    const senders = Array.from({ length: 8 }, (_, i) => `crash.visitor${i}@example.net`);
    for (const email of senders) expect(await postContact(first.url, email)).toBe(201);
    await until(
      async () => {
        const rows = await db.select().from(outboundMail);
        return rows.length === 8 && rows.every((r) => r.attempts >= 1 && r.status === 'pending');
      },
      20_000,
      'every notice refused once and waiting',
    );
    await first.stop('SIGKILL');
    expect(smtp.received).toHaveLength(0);

    // Each notice is retried when its backoff (grown while refused) comes due: wait for the
    // latest of them, plus time to start and send.
    const [latest] = await db
      .select({
        ms: sql<number>`extract(epoch from max(${outboundMail.nextAttemptAt}) - now()) * 1000`,
      })
      .from(outboundMail);
    smtp.setRefusal(undefined);
    const second = await start(smtp.url);
    await smtp.waitFor(inbox, 8, Math.max(0, Number(latest?.ms ?? 0)) + 30_000);
    await until(
      async () => (await db.select().from(outboundMail)).every((r) => r.status === 'sent'),
      10_000,
      'every notice recorded sent',
    );
    await new Promise((r) => setTimeout(r, 1500));
    const lost = senders.filter((email) => !smtp.received.some((m) => m.text?.includes(email)));
    const doubled = senders.filter(
      (email) => smtp.received.filter((m) => m.text?.includes(email)).length > 1,
    );
    expect({ lost, doubled, received: smtp.received.length }).toEqual({
      lost: [],
      doubled: [],
      received: 8,
    });
    await second.stop('SIGTERM');
  }, 180_000);

  it('does not send again a mail the dead process had handed to the mail server', async () => {
    // Whatever the test before left running or queued would take this test's mails.
    for (const run of running) if (run.child.exitCode === null) await run.stop('SIGKILL');
    await db.delete(outboundMail);
    const smtp = await startSmtpServer();
    smtp.setDataMode('stall'); // takes the message and never answers
    const first = await start(smtp.url);
    expect(await postContact(first.url, 'mid.send@example.net')).toBe(201);
    await until(
      async () => (await db.select().from(outboundMail))[0]?.status === 'sending',
      20_000,
      'the notice handed to the server',
    );
    await first.stop('SIGKILL');

    smtp.setDataMode('accept');
    const second = await start(smtp.url);
    // The next process sends what is due, and this one is not due: it may have arrived.
    expect(await postContact(second.url, 'after.restart@example.net')).toBe(201);
    await smtp.waitForMail((m) => m.text?.includes('after.restart@example.net') ?? false, 20_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.filter((m) => m.text?.includes('mid.send@example.net'))).toHaveLength(0);
    const [row] = await db
      .select()
      .from(outboundMail)
      .where(sql`${outboundMail.message}->>'text' like '%mid.send@example.net%'`);
    expect(row?.attempts).toBe(1);
    expect(['sending', 'unknown']).toContain(row?.status);
    await second.stop('SIGTERM');
  }, 180_000);
});
