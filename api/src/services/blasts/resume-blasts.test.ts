import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../client.ts';
import { emailBlastRecipients, emailBlasts } from '../../db/schema/email-blasts.ts';
import { signInAdmin } from '../../test/accounts.ts';
import { blastOf } from '../../test/blasts.ts';
import { multipartBody, postMultipart } from '../../test/multipart.ts';
import { type Running, startApi, until } from '../../test/process.ts';
import { processBed } from '../../test/process-bed.ts';
import { startSmtpServer } from '../../test/smtp.ts';

/** The processes `pid` started (tsx runs the API in a child node process). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** SIGKILL for the API process and the tsx wrapper above it: a crash, no shutdown code runs. */
function killHard(run: Running) {
  const pid = run.child.pid;
  if (!pid) throw new Error('no pid');
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) tree.push(...childrenOf(tree[i] ?? 0));
  for (const p of tree.reverse()) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return run.exited;
}

const { db, databaseUrl, dataDir, running } = await processBed('blast-crash', {
  connections: 3,
  kill: killHard,
});

describe('a blast whose process is killed mid-way', () => {
  it('is finished by the next process, no recipient mailed twice', async () => {
    const smtp = await startSmtpServer();
    const admin = await signInAdmin(db);
    const env = {
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      BLAST_RATE: '20',
      DATA_DIR: dataDir,
      SITE_DIR: path.join(os.tmpdir(), 'studio-no-site'),
      APP_SECRET: 'crash-test-secret-0123456789abcdef0123',
    };
    const emails = Array.from({ length: 50 }, (_, i) => `crash${i}@example.com`);

    const first = await startApi(env);
    running.push(first);
    const answer = postMultipart(
      createClient(first.url).events.admin['send-email-blast'].$url().href,
      multipartBody({ emails: emails.join('\n'), subject: 'Crash test' }, []),
      { Authorization: `Bearer ${admin.token}` },
    ).catch((error: unknown) => error);

    await until(() => smtp.received.length >= 20, 30_000, '20 messages', 2);
    // Kill between two sends: once every message the server took is recorded as sent.
    const sent = async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailBlastRecipients)
        .where(eq(emailBlastRecipients.status, 'sent'));
      return (row?.n ?? 0) >= smtp.received.length;
    };
    await until(sent, 5000, 'the sent rows', 2);
    await killHard(first);
    expect(await answer).toBeInstanceOf(Error);

    const atCrash = smtp.received.length;
    expect(atCrash).toBeGreaterThanOrEqual(20);
    expect(atCrash).toBeLessThan(50);
    const [blast] = await db.select().from(emailBlasts);
    expect(blast?.status).toBe('sending');
    // Nothing is sent while no process runs.
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.length).toBe(atCrash);

    const second = await startApi(env);
    running.push(second);
    try {
      await until(
        async () => (await blastOf(db, { id: blast?.id ?? '' }))?.status === 'done',
        30_000,
        'the blast to be done',
      );
    } finally {
      await second.stop('SIGTERM');
    }

    // Nobody twice. A message handed to the server just before the kill is `unknown` (the job
    // does not send it again); at 20 per second one at a time, at most one such.
    expect(emails.filter((e) => smtp.to(e).length > 1)).toEqual([]);
    const rows = await db
      .select()
      .from(emailBlastRecipients)
      .where(eq(emailBlastRecipients.blastId, blast?.id ?? ''));
    const sentRows = rows.filter((r) => r.status === 'sent');
    const unknown = rows.filter((r) => r.status === 'unknown');
    expect(sentRows.length + unknown.length).toBe(50);
    expect(unknown.length).toBeLessThanOrEqual(1);
    expect(sentRows.every((r) => smtp.to(r.email).length === 1 && r.attempts === 1)).toBe(true);
    expect(smtp.received.length).toBeGreaterThanOrEqual(sentRows.length);
  }, 120_000);
});
