import { and, eq, exists, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailBlasts, emailBlastRecipients as r } from '../../db/schema/email-blasts.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { BlastAttachment } from '../mail/templates/blast-mail.ts';
import type { Storage } from '../storage/storage.ts';
import { errorText, mailRecipients, sleep } from './mail-recipients.ts';
import { blastPauseSeconds, pauseBlast } from './pause-blast.ts';
import { transitionBlastRecipient } from './transition-blast-recipient.ts';

type Blast = typeof emailBlasts.$inferSelect;

/**
 * pg-boss fails a job that runs past its expiry (15 min by default) and retries it while the
 * first run goes on; a long blast hands over to a fresh job well before that.
 */
const JOB_BUDGET_MS = 4 * 60_000;

/** The flyer as a `data:` URI (at most 5 MB), read once for the whole job. */
async function loadAttachment(storage: Storage, blast: Blast): Promise<BlastAttachment | null> {
  if (!blast.attachmentKey) return null;
  const { stream } = await storage.get(blast.attachmentKey);
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  const type = blast.attachmentType ?? 'application/octet-stream';
  return {
    filename: blast.attachmentName ?? 'attachment',
    contentType: type,
    path: `data:${type};base64,${Buffer.concat(parts).toString('base64')}`,
  };
}

/** How long in-flight sends may still finish once the process starts to stop. */
const SHUTDOWN_GRACE_MS = 3000;

/**
 * Marks the blast done when no recipient is pending or being sent (unknown ones do not hold it
 * open: they are not sent again unless an admin chooses to); answers whether it is done.
 */
async function markDoneIfFinished(db: Db, blastId: string): Promise<boolean> {
  const open = db
    .select({ one: sql`1` })
    .from(r)
    .where(and(eq(r.blastId, blastId), inArray(r.status, ['pending', 'sending'])));
  const rows = await db
    .update(emailBlasts)
    .set({
      status: 'done',
      finishedAt: sql`coalesce(${emailBlasts.finishedAt}, now())`,
      pausedUntil: null,
      lastError: null,
    })
    .where(and(eq(emailBlasts.id, blastId), notExists(open)))
    .returning({ id: emailBlasts.id });
  return rows.length > 0;
}

/**
 * The `email-blast` job: mails the blast's pending recipients, at most `BLAST_RATE` per second,
 * then marks the blast done. Each recipient is mailed at most once by it (see mailRecipients): an attempt whose outcome was lost becomes `unknown`, for an admin to
 * resend or not. A temporary refusal pauses the blast and queues the job for when the pause
 * ends; the process stopping (`shutdown`) ends the job within a few seconds, the blast queued
 * again. Safe to run again at any point, or twice at once.
 */
export async function sendBlast({
  db,
  env,
  log,
  mailer,
  storage,
  jobs,
  secret,
  shutdown,
  blastId,
  pauses = 0,
  budgetMs = JOB_BUDGET_MS,
  graceMs = SHUTDOWN_GRACE_MS,
}: {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL' | 'BLAST_RATE' | 'BLAST_PAUSE_SECONDS'>;
  log: Logger;
  mailer: Mailer;
  storage: Storage;
  jobs: Jobs;
  secret: string;
  shutdown: AbortSignal;
  blastId: string;
  /** Pauses in a row before this job (its payload): the backoff step of the next one. */
  pauses?: number;
  budgetMs?: number;
  graceMs?: number;
}): Promise<void> {
  // A job that starts while the process stops leaves the blast to a live or the next process.
  const handOver = async (why: string) => {
    try {
      await jobs.send('email-blast', { blastId }, { startAfterSeconds: 5 });
    } catch (err) {
      // resumeBlasts queues it when the next process starts.
      log.warn({ err, blastId }, 'could not queue the email blast again');
    }
    log.info({ blastId }, why);
  };
  if (shutdown.aborted) return handOver('email blast left for the next process');
  // One worker per blast at a time, so BLAST_RATE holds across processes: a second job waits
  // here. The lock lives on its own connection and goes with it if this process dies.
  await db.transaction(async (lock) => {
    // The pool's 5 s statement timeout (db/client.ts) would cut the wait short.
    await lock.execute(sql`set local lock_timeout = '10min'`);
    await lock.execute(sql`set local statement_timeout = '10min'`);
    await lock.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`email-blast:${blastId}`}, 0))`,
    );
    const [blast] = await db
      .select({
        row: emailBlasts,
        paused: sql<boolean>`coalesce(${emailBlasts.pausedUntil} > now(), false)`,
      })
      .from(emailBlasts)
      .where(eq(emailBlasts.id, blastId));
    if (!blast) return;
    // Paused by a refusal: the job queued for the pause's end (pauseBlast) takes it up then.
    if (blast.paused) return;
    if (shutdown.aborted) return handOver('email blast left for the next process');
    // This job holds the blast's lock, so no live worker is mid-send on it: rows still
    // `sending` were handed to the mail server by a process that died before the answer.
    const orphans = await transitionBlastRecipient(db, { move: 'orphaned', blastId });
    if (orphans.length > 0) {
      log.warn(
        { blastId, recipients: orphans.length },
        'email blast attempts of a dead worker are unknown',
      );
    }
    const pending = db
      .select({ one: sql`1` })
      .from(r)
      .where(and(eq(r.blastId, blastId), eq(r.status, 'pending')));
    await db
      .update(emailBlasts)
      .set({ status: 'sending', finishedAt: null })
      .where(and(eq(emailBlasts.id, blastId), ne(emailBlasts.status, 'sending'), exists(pending)));

    const attachment = await loadAttachment(storage, blast.row);
    const deadline = Date.now() + budgetMs;
    const tally = { sent: 0, failed: 0, skipped: 0, unknown: 0 };
    for (let idle = 0; ; ) {
      const run = await mailRecipients({
        db,
        env,
        secret,
        mailer,
        blast: blast.row,
        attachment,
        shutdown,
        graceMs,
        deadline,
      });
      for (const key of ['sent', 'failed', 'skipped', 'unknown'] as const) {
        tally[key] += run.tally[key];
      }
      if (run.stop === 'shutdown') return handOver('email blast stopped with the process');
      if (run.stop === 'time') {
        await jobs.send('email-blast', { blastId });
        log.info({ blastId, ...tally }, 'email blast continues in a new job');
        return;
      }
      if (run.stop === 'pause') {
        // Pauses in a row double; one that follows messages sent starts again from the base.
        const step = tally.sent > 0 ? 0 : pauses;
        const seconds = blastPauseSeconds(env.BLAST_PAUSE_SECONDS, step);
        const reply = errorText(run.refusal);
        await pauseBlast({ db, jobs, blastId, seconds, reply, pauses: step + 1 });
        log.warn(
          { blastId, seconds, reply, ...tally },
          'email blast paused: mail server refused for now',
        );
        return;
      }
      if (await markDoneIfFinished(db, blastId)) break;
      // Pending rows another transaction still holds (an admin's retry being saved): look
      // again shortly, then leave it to a retry of the job.
      const progressed = Object.values(run.tally).some((n) => n > 0);
      idle = progressed ? 1 : idle + 1;
      if (idle >= 3) throw new Error(`email blast ${blastId}: pending recipients are locked`);
      await sleep(1000, shutdown);
    }
    log.info({ blastId, ...tally }, 'email blast done');
  });
}
