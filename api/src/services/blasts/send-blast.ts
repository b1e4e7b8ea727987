import { and, eq, exists, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailBlasts, emailBlastRecipients as r } from '../../db/schema/email-blasts.ts';
import { subscribers } from '../../db/schema/subscribers.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { type BlastAttachment, blastMail } from '../../mail/templates/blast-mail.ts';
import type { Storage } from '../../storage/storage.ts';
import { unsubscribeUrl } from '../newsletter/unsubscribe-url.ts';

type Blast = typeof emailBlasts.$inferSelect;

/**
 * pg-boss fails a job that runs past its expiry (15 min by default) and retries it while the
 * first run goes on; a long blast hands over to a fresh job well before that.
 */
const JOB_BUDGET_MS = 4 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Errors that say the mail server cannot be used now, rather than that it refused this one address. */
const serverErrorCodes = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EAUTH',
  'ECONNREFUSED',
  'ECONNRESET',
]);
function isServerError(error: unknown): boolean {
  const e = error as { code?: unknown; responseCode?: unknown } | null;
  return (typeof e?.code === 'string' && serverErrorCodes.has(e.code)) || e?.responseCode === 421;
}

/** Resolves when the next message may start: starts at least 1/rate seconds apart. */
function pacer(perSecond: number) {
  const gap = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gap;
    if (at > now) await sleep(at - now);
  };
}

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

/**
 * How many recipients one transaction claims: as many as the pacer lets start in about 50 ms, so
 * a slow blast still records each message right after it is sent (one at a time below 40 per
 * second), while a fast one pays for its bookkeeping once per batch rather than once per message.
 */
export function batchSize(perSecond: number): number {
  return Math.max(1, Math.min(25, Math.floor(perSecond / 20)));
}

/**
 * Claims up to `size` pending recipients under row locks (SKIP LOCKED: rows another worker
 * holds are passed over), mails them through the pooled transport (each start paced), then
 * records every recipient's own outcome in one statement of the same transaction. The rows stay
 * locked until they say `sent`, `failed` or `skipped`, so no two workers mail one person, and a
 * worker that dies mid-way leaves its rows `pending` for the next one. When the mail server
 * cannot be used, the outcomes already known are still recorded, the rest stay pending, and the
 * error is thrown once the transaction has committed.
 */
async function sendBatch(input: {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL'>;
  secret: string;
  mailer: Mailer;
  blast: Blast;
  size: number;
  pace: () => Promise<void>;
  attachment: () => Promise<BlastAttachment | null>;
}): Promise<{ sent: number; failed: number; skipped: number } | 'none'> {
  const { blast } = input;
  let serverError: unknown;
  const tally = await input.db.transaction(async (tx) => {
    const claimed = await tx
      .select({ id: r.id, email: r.email, subscriber: subscribers.status })
      .from(r)
      .leftJoin(subscribers, eq(subscribers.email, r.email))
      .where(and(eq(r.blastId, blast.id), eq(r.status, 'pending')))
      .limit(input.size)
      .for('update', { of: r, skipLocked: true });
    if (claimed.length === 0) return 'none' as const;
    const attachment = await input.attachment();
    type Result = { id: string; status: 'sent' | 'failed' | 'skipped'; error?: string } | null;
    const results: Promise<Result>[] = [];
    for (const next of claimed) {
      // Unsubscribed since the blast was queued.
      if (next.subscriber === 'unsubscribed') {
        results.push(Promise.resolve({ id: next.id, status: 'skipped' }));
        continue;
      }
      await input.pace();
      // The server went away: the rest stay pending for the job's retry.
      if (serverError !== undefined) break;
      const message = blastMail({
        to: next.email,
        subject: blast.subject,
        message: blast.message,
        unsubscribeUrl: unsubscribeUrl(input.env, input.secret, next.email),
        attachment,
      });
      results.push(
        input.mailer.send(message).then(
          (): Result => ({ id: next.id, status: 'sent' }),
          (error: unknown): Result => {
            // The server is down: the row stays pending and the job is retried later.
            if (isServerError(error)) {
              serverError ??= error;
              return null;
            }
            const text = error instanceof Error ? error.message : String(error);
            return { id: next.id, status: 'failed', error: text.slice(0, 1000) };
          },
        ),
      );
    }
    const outcomes = await Promise.all(results);
    const known = outcomes.filter((o) => o !== null);
    if (known.length > 0) {
      const values = sql.join(
        known.map(
          (o) =>
            sql`(${o.id}::uuid, ${o.status}::blast_recipient_status, ${o.error ?? null}::text)`,
        ),
        sql`, `,
      );
      await tx.execute(sql`
        update ${r} set
          status = v.status,
          error = case v.status when 'sent' then null when 'failed' then v.error else ${r.error} end,
          sent_at = case v.status when 'sent' then now() else ${r.sentAt} end,
          attempts = ${r.attempts} + case when v.status in ('sent', 'failed') then 1 else 0 end
        from (values ${values}) as v (id, status, error)
        where ${r.id} = v.id`);
    }
    return {
      sent: known.filter((o) => o.status === 'sent').length,
      failed: known.filter((o) => o.status === 'failed').length,
      skipped: known.filter((o) => o.status === 'skipped').length,
    };
  });
  if (serverError !== undefined) throw serverError;
  return tally;
}

/** Marks the blast done when no recipient is pending; answers whether it is done. */
async function markDoneIfFinished(db: Db, blastId: string): Promise<boolean> {
  const pending = db
    .select({ one: sql`1` })
    .from(r)
    .where(and(eq(r.blastId, blastId), eq(r.status, 'pending')));
  const rows = await db
    .update(emailBlasts)
    .set({ status: 'done', finishedAt: sql`coalesce(${emailBlasts.finishedAt}, now())` })
    .where(and(eq(emailBlasts.id, blastId), notExists(pending)))
    .returning({ id: emailBlasts.id });
  return rows.length > 0;
}

/**
 * The `email-blast` job: mails the blast's pending recipients in paced batches, at most
 * `BLAST_RATE` per second, then marks the blast done. Safe to run again at any point (after a
 * crash, a retry, or twice at once): only pending rows are mailed.
 */
export async function sendBlast({
  db,
  env,
  log,
  mailer,
  storage,
  jobs,
  secret,
  blastId,
  budgetMs = JOB_BUDGET_MS,
}: {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL' | 'BLAST_RATE'>;
  log: Logger;
  mailer: Mailer;
  storage: Storage;
  jobs: Jobs;
  secret: string;
  blastId: string;
  budgetMs?: number;
}): Promise<void> {
  // One worker per blast at a time, so BLAST_RATE holds across processes: a second job waits
  // here. The lock lives on its own connection and goes with it if this process dies.
  await db.transaction(async (lock) => {
    await lock.execute(sql`set local lock_timeout = '10min'`);
    await lock.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`email-blast:${blastId}`}, 0))`,
    );
    const [blast] = await db.select().from(emailBlasts).where(eq(emailBlasts.id, blastId));
    if (!blast) return;
    const pending = db
      .select({ one: sql`1` })
      .from(r)
      .where(and(eq(r.blastId, blastId), eq(r.status, 'pending')));
    await db
      .update(emailBlasts)
      .set({ status: 'sending', finishedAt: null })
      .where(and(eq(emailBlasts.id, blastId), ne(emailBlasts.status, 'sending'), exists(pending)));

    let attachment: Promise<BlastAttachment | null> | undefined;
    const deps = { db, env, secret, mailer, blast };
    const getAttachment = () => {
      attachment ??= loadAttachment(storage, blast);
      return attachment;
    };
    const pace = pacer(env.BLAST_RATE);
    const size = batchSize(env.BLAST_RATE);
    // Two batches at once keep the pooled SMTP connections busy while the other one claims or
    // records; a slow blast (one recipient per batch) sends strictly one at a time, as before.
    const lanes = size > 1 ? 2 : 1;
    const deadline = Date.now() + budgetMs;
    const tally = { sent: 0, failed: 0, skipped: 0 };
    let stop: 'time' | 'error' | undefined;
    let progressed = false;
    const lane = async () => {
      while (!stop) {
        if (Date.now() >= deadline) {
          stop = 'time';
          return;
        }
        const done = await sendBatch({ ...deps, size, pace, attachment: getAttachment }).catch(
          (error: unknown) => {
            stop = 'error';
            throw error;
          },
        );
        if (done === 'none') return;
        progressed = true;
        tally.sent += done.sent;
        tally.failed += done.failed;
        tally.skipped += done.skipped;
      }
    };
    for (let idle = 0; ; ) {
      progressed = false;
      // Settled, not all: a lane that fails lets the other finish its batch before the error
      // leaves this transaction (and with it the advisory lock).
      const ends = await Promise.allSettled(Array.from({ length: lanes }, lane));
      const failed = ends.find((e) => e.status === 'rejected');
      if (failed) throw failed.reason;
      if (stop === 'time') {
        await jobs.send('email-blast', { blastId });
        log.info({ blastId, ...tally }, 'email blast continues in a new job');
        return;
      }
      if (progressed) idle = 0;
      if (await markDoneIfFinished(db, blastId)) break;
      // Pending rows that another transaction still holds (a worker's connection not yet
      // closed): look again shortly, then leave it to a retry of the job.
      idle += 1;
      if (idle >= 3) throw new Error(`email blast ${blastId}: pending recipients are locked`);
      await sleep(1000);
    }
    log.info({ blastId, ...tally }, 'email blast done');
  });
}
