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
import { unsubscribeUrl } from '../newsletter/subscriptions.ts';

type Blast = typeof emailBlasts.$inferSelect;
type Outcome = 'sent' | 'failed' | 'skipped' | 'none';

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
 * Claims one pending recipient under a row lock (SKIP LOCKED: a row another worker holds is
 * passed over), mails them and records the outcome in the same transaction. The row stays
 * locked until it says `sent` or `failed`, so no two workers mail one person, and a worker that
 * dies mid-way leaves the row `pending` for the next one.
 */
async function sendNext(input: {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL'>;
  secret: string;
  mailer: Mailer;
  blast: Blast;
  attachment: () => Promise<BlastAttachment | null>;
}): Promise<Outcome> {
  const { blast } = input;
  return input.db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: r.id, email: r.email, subscriber: subscribers.status })
      .from(r)
      .leftJoin(subscribers, eq(subscribers.email, r.email))
      .where(and(eq(r.blastId, blast.id), eq(r.status, 'pending')))
      .limit(1)
      .for('update', { of: r, skipLocked: true });
    if (!next) return 'none';
    // Unsubscribed since the blast was queued.
    if (next.subscriber === 'unsubscribed') {
      await tx.update(r).set({ status: 'skipped' }).where(eq(r.id, next.id));
      return 'skipped';
    }
    try {
      await input.mailer.send(
        blastMail({
          to: next.email,
          subject: blast.subject,
          message: blast.message,
          unsubscribeUrl: unsubscribeUrl(input.env, input.secret, next.email),
          attachment: await input.attachment(),
        }),
      );
    } catch (error) {
      // The server is down: the row stays pending and the job is retried later.
      if (isServerError(error)) throw error;
      const text = error instanceof Error ? error.message : String(error);
      await tx
        .update(r)
        .set({ status: 'failed', error: text.slice(0, 1000), attempts: sql`${r.attempts} + 1` })
        .where(eq(r.id, next.id));
      return 'failed';
    }
    await tx
      .update(r)
      .set({ status: 'sent', sentAt: sql`now()`, error: null, attempts: sql`${r.attempts} + 1` })
      .where(eq(r.id, next.id));
    return 'sent';
  });
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
 * The `email-blast` job: mails the blast's pending recipients one at a time, at most
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
    const deadline = Date.now() + budgetMs;
    const tally = { sent: 0, failed: 0, skipped: 0 };
    for (let idle = 0; ; ) {
      if (Date.now() >= deadline) {
        await jobs.send('email-blast', { blastId });
        log.info({ blastId, ...tally }, 'email blast continues in a new job');
        return;
      }
      await pace();
      const outcome = await sendNext({ ...deps, attachment: getAttachment });
      if (outcome !== 'none') {
        tally[outcome] += 1;
        idle = 0;
        continue;
      }
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
