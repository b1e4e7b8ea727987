import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient } from '../src/client.ts';
import { outboundMail } from '../src/db/schema/outbound-mail.ts';
import { submissionWorkHistory } from '../src/db/schema/project-room.ts';
import { signInAdmin } from '../src/test/accounts.ts';
import { startApi, until } from '../src/test/process.ts';
import { processBed } from '../src/test/process-bed.ts';
import { addressesOf, startSmtpServer } from '../src/test/smtp.ts';
import { createSubmission } from '../src/test/submissions.ts';

/**
 * Issue 26: the project room's mails when the API process dies (SIGKILL) between a move's commit
 * and its mail's send: the next process sends each move's mail exactly once, none lost, none
 * doubled, and a move asked for again after the restart is refused (409), mailing nothing.
 */
const { db, databaseUrl, dataDir, running } = await processBed('room-mail-fault', {
  connections: 3,
});

async function start(smtpUrl: string, retrySeconds = '0.5') {
  const run = await startApi({
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    CONTACT_TO: 'owner@studio.example',
    MAIL_RETRY_SECONDS: retrySeconds,
    DATA_DIR: dataDir,
    SITE_DIR: path.join(os.tmpdir(), 'studio-no-site'),
    APP_SECRET: 'room-mail-fault-secret-0123456789abcdef01',
  });
  running.push(run);
  return run;
}

describe("the room's mails across a crash", () => {
  it('sends each move’s mail once after a restart, and a repeated move mails nothing', async () => {
    const smtp = await startSmtpServer();
    // Every recipient refused for now, retried 10 s apart: the kill comes between attempts.
    smtp.setRefusal(() => ({ code: 451, message: '4.7.1 Greylisted, try again later' }));
    const first = await start(smtp.url, '10');
    const admin = await signInAdmin(db);
    const projects = await Promise.all(
      Array.from({ length: 6 }, async () => (await createSubmission(db)).submission),
    );
    const api = createClient(first.url, { getToken: () => admin.token });
    for (const p of projects) {
      const res = await api.admin.submissions[':id'].work.$post({
        param: { id: p.id },
        json: { to: 'in_progress' },
      });
      expect(res.status).toBe(200);
    }
    const updates = () =>
      db.select().from(outboundMail).where(eq(outboundMail.purpose, 'project-update'));
    await until(
      async () => {
        const rows = await updates();
        return rows.length === 6 && rows.every((r) => r.attempts >= 1 && r.status === 'pending');
      },
      20_000,
      'every move mail refused once and waiting',
    );
    await first.stop('SIGKILL');
    expect(smtp.received).toHaveLength(0);

    const [latest] = await db
      .select({
        ms: sql<number>`extract(epoch from max(${outboundMail.nextAttemptAt}) - now()) * 1000`,
      })
      .from(outboundMail);
    smtp.setRefusal(undefined);
    const second = await start(smtp.url);
    // The same move asked again of the new process (a retried click): refused, nothing queued.
    const again = createClient(second.url, { getToken: () => admin.token });
    const repeated = await again.admin.submissions[':id'].work.$post({
      param: { id: projects[0]?.id ?? '' },
      json: { to: 'in_progress' },
    });
    expect(repeated.status).toBe(409);

    for (const p of projects)
      await smtp.waitFor(p.email, 1, Math.max(0, Number(latest?.ms ?? 0)) + 30_000);
    await until(
      async () => (await updates()).every((r) => r.status === 'sent'),
      10_000,
      'every move mail recorded sent',
    );
    await new Promise((r) => setTimeout(r, 1500));
    const lost = projects.filter(
      (p) => !smtp.received.some((m) => addressesOf(m.to).includes(p.email)),
    );
    const doubled = projects.filter(
      (p) => smtp.received.filter((m) => addressesOf(m.to).includes(p.email)).length > 1,
    );
    expect({ lost, doubled, received: smtp.received.length }).toEqual({
      lost: [],
      doubled: [],
      received: 6,
    });
    expect(smtp.received[0]?.subject).toBe('Work has started on your project: Song Mix');
    // One move each, as recorded.
    const moves = await db
      .select()
      .from(submissionWorkHistory)
      .where(and(eq(submissionWorkHistory.status, 'in_progress')));
    expect(moves).toHaveLength(6);
    await second.stop('SIGTERM');
  }, 180_000);
});
