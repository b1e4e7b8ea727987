import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../src/client.ts';
import { emailBlastRecipients } from '../src/db/schema/email-blasts.ts';
import { signInAdmin } from '../src/test/accounts.ts';
import { blastOf } from '../src/test/blasts.ts';
import { multipartBody, postMultipart } from '../src/test/multipart.ts';
import { type Running, startApi, until } from '../src/test/process.ts';
import { processBed } from '../src/test/process-bed.ts';
import { startSmtpServer } from '../src/test/smtp.ts';

/**
 * E-mail blasts under process faults: the real API process is SIGKILLed at random points of a
 * fast blast (200 per second, claimed 4 at a time, up to 8 in flight) and restarted, again and
 * again; then stopped with SIGTERM mid-blast. Whatever happens, no address may receive the
 * message twice, and every recipient ends `sent` (arrived once) or `unknown` (handed over when
 * the process died).
 */

const { db, databaseUrl, dataDir, running } = await processBed('blast-fault', { connections: 3 });
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let token: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  token = (await signInAdmin(db)).token;
});

const RATE = 200;

async function start() {
  const run = await startApi({
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    BLAST_RATE: String(RATE),
    DATA_DIR: dataDir,
    SITE_DIR: path.join(os.tmpdir(), 'studio-no-site'),
    APP_SECRET: 'blast-fault-secret-0123456789abcdef012',
  });
  running.push(run);
  return run;
}

/** Posts a blast to `emails` on `run`; answers its id once the row exists. */
async function postBlast(run: Running, emails: string[], subject: string) {
  void postMultipart(
    createClient(run.url).events.admin['send-email-blast'].$url().href,
    multipartBody({ emails: emails.join('\n'), subject }, []),
    { Authorization: `Bearer ${token}` },
    // The process may be killed before it answers.
  ).catch(() => undefined);
  return until(async () => (await blastOf(db, { subject }))?.id, 20_000, `the blast "${subject}"`);
}

const untilDone = (blastId: string) =>
  until(
    async () => (await blastOf(db, { id: blastId }))?.status === 'done',
    60_000,
    'the blast to be done',
  );

/** What the blast's rows and the SMTP server say; fails on a duplicate or a lost recipient. */
async function outcome(blastId: string, emails: string[]) {
  const rows = await db
    .select()
    .from(emailBlastRecipients)
    .where(eq(emailBlastRecipients.blastId, blastId));
  const twice = emails.filter((e) => smtp.to(e).length > 1);
  const sent = rows.filter((r) => r.status === 'sent');
  const unknown = rows.filter((r) => r.status === 'unknown');
  expect(twice).toEqual([]);
  expect(rows).toHaveLength(emails.length);
  expect(sent.length + unknown.length).toBe(emails.length);
  // A recipient marked sent got it: the server's 250 came before the row said so.
  expect(sent.filter((r) => smtp.to(r.email).length !== 1).map((r) => r.email)).toEqual([]);
  return {
    sent: sent.length,
    unknown: unknown.length,
    unknownArrived: unknown.filter((r) => smtp.to(r.email).length === 1).length,
  };
}

describe('email blasts and a process that dies or stops', () => {
  it('SIGKILLed at random points in 10 runs: no address mailed twice, each recipient sent or unknown', async () => {
    const runs = 10;
    const perRun = 300;
    const totals = { sent: 0, unknown: 0, unknownArrived: 0 };
    let api = await start();
    for (let i = 0; i < runs; i += 1) {
      const emails = Array.from({ length: perRun }, (_, n) => `r${i}.n${n}@example.com`);
      const before = smtp.received.length;
      const blastId = await postBlast(api, emails, `Crash run ${i}`);
      // At 200 per second the blast takes 1.5 s: die anywhere from its first message on.
      await until(() => smtp.received.length > before, 20_000, 'the first message');
      await new Promise((r) => setTimeout(r, Math.random() * 1300));
      await api.stop('SIGKILL');
      const atKill = smtp.received.length - before;

      api = await start();
      await untilDone(blastId);
      const result = await outcome(blastId, emails);
      totals.sent += result.sent;
      totals.unknown += result.unknown;
      totals.unknownArrived += result.unknownArrived;
      // At most the rows in doubt at the kill: a claim (4 at this rate), 8 in flight, and the
      // answers of the last 20 ms not yet written.
      expect(result.unknown).toBeLessThanOrEqual(20);
      console.info(
        `blast-crash run ${i + 1}: ${atKill} received before the kill; ${result.sent} sent, ${result.unknown} unknown (${result.unknownArrived} of them arrived)`,
      );
    }
    await api.stop('SIGTERM');
    console.info(
      `blast-crash: ${runs} runs of ${perRun}: 0 duplicates, ${totals.sent} sent, ${totals.unknown} unknown (${totals.unknownArrived} of them arrived)`,
    );
  }, 240_000);

  it('SIGTERM mid-blast: the process exits within 10 s with nothing left sending; the next one finishes it, no one mailed twice', async () => {
    const emails = Array.from({ length: 1000 }, (_, n) => `term.n${n}@example.com`);
    const api = await start();
    const before = smtp.received.length;
    const blastId = await postBlast(api, emails, 'Stopped run');
    await until(() => smtp.received.length - before >= 200, 20_000, '200 messages');
    const signalled = Date.now();
    const code = await api.stop('SIGTERM');
    const took = Date.now() - signalled;
    console.info(`blast-crash: SIGTERM exit after ${took} ms (code ${code})`);
    expect(took).toBeLessThan(10_000);
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailBlastRecipients)
      .where(
        sql`${emailBlastRecipients.blastId} = ${blastId} and ${emailBlastRecipients.status} = 'sending'`,
      );
    expect(left?.n).toBe(0);
    const atStop = smtp.received.length - before;
    expect(atStop).toBeLessThan(1000);

    const next = await start();
    await untilDone(blastId);
    await next.stop('SIGTERM');
    const result = await outcome(blastId, emails);
    console.info(
      `blast-crash: SIGTERM after ${atStop} messages; ${result.sent} sent, ${result.unknown} unknown`,
    );
    // The server answered each message in flight within the grace period.
    expect(result).toMatchObject({ sent: 1000, unknown: 0 });
  }, 120_000);
});
