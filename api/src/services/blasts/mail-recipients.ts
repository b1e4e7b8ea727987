import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { emailBlasts } from '../../db/schema/email-blasts.ts';
import type { Env } from '../../env.ts';
import { mailErrorKind } from '../mail/mail-error-kind.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type BlastAttachment, blastMail } from '../mail/templates/blast-mail.ts';
import { unsubscribeUrl } from '../newsletter/unsubscribe-url.ts';

/**
 * Messages handed to the transport and not yet answered, at most. A little more than the pool's
 * five connections keeps them all busy; more would only wait in the pool's queue, each one an
 * `unknown` recipient should the process die.
 */
const MAX_IN_FLIGHT = 8;

/** Outcomes answered within this long of each other are recorded together. */
const GATHER_MS = 20;

/**
 * How many recipients one claim takes: those the pacer lets start in about 20 ms, so a slow blast
 * claims each one right before mailing it, while a fast one (up to 20 per claim at 1,000 per
 * second) pays for the statement once per claim rather than once per message.
 */
export function claimSize(perSecond: number): number {
  return Math.max(1, Math.min(20, Math.floor(perSecond / 50)));
}

/** A wait that ends early when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Resolves when the next message may start: starts at least 1/rate seconds apart. */
function pacer(perSecond: number, signal: AbortSignal) {
  const gap = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gap;
    if (at > now) await sleep(at - now, signal);
  };
}

type Outcome =
  | { id: string; status: 'sent' }
  | { id: string; status: 'failed' | 'unknown'; error: string }
  /** Back in the queue: refused for now (`attempted`), or never handed to the server. */
  | { id: string; status: 'pending'; error: string | null; attempted: boolean };

export const errorText = (error: unknown) => {
  const e = error as { response?: unknown; message?: unknown } | null;
  const text = typeof e?.response === 'string' ? e.response : String(e?.message ?? error);
  return text.slice(0, 1000);
};

/**
 * Moves up to `size` pending recipients to `sending` (attempt counted, `attempted_at` set) in one
 * committed statement, and those unsubscribed (or signed up, unconfirmed) since the blast was
 * queued to `skipped`.
 */
async function claim(db: Db, blastId: string, size: number) {
  return db.execute<{ id: string; email: string; status: 'sending' | 'skipped' }>(sql`
    with next as (
      select r.id, coalesce(s.status in ('unsubscribed', 'pending'), false) as gone
      from email_blast_recipients r
      left join subscribers s on s.email = r.email
      where r.blast_id = ${blastId} and r.status = 'pending'
      limit ${size}
      for update of r skip locked
    )
    update email_blast_recipients as r set
      status = case when next.gone then 'skipped' else 'sending' end::blast_recipient_status,
      attempted_at = case when next.gone then r.attempted_at else now() end,
      attempts = r.attempts + case when next.gone then 0 else 1 end,
      error = case when next.gone then null else r.error end
    from next
    where r.id = next.id
    returning r.id, r.email, r.status`);
}

/**
 * Records outcomes in one statement. Rows that a worker which took over meanwhile called
 * `unknown` (this one's database connection was lost) get the outcome now known.
 */
async function record(db: Db, outcomes: Outcome[]) {
  const values = sql.join(
    outcomes.map((o) => {
      const error = o.status === 'sent' ? null : o.error;
      const unattempted = o.status === 'pending' && !o.attempted;
      return sql`(${o.id}::uuid, ${o.status}::blast_recipient_status, ${error}::text, ${unattempted}::boolean)`;
    }),
    sql`, `,
  );
  await db.execute(sql`
    update email_blast_recipients as r set
      status = v.status,
      error = v.error,
      sent_at = case when v.status = 'sent' then now() else null end,
      attempts = r.attempts - case when v.unattempted then 1 else 0 end
    from (values ${values}) as v (id, status, error, unattempted)
    where r.id = v.id and r.status in ('sending', 'unknown')`);
}

export type MailStop = 'pause' | 'shutdown' | 'time';

/**
 * Mails a blast's pending recipients, paced at `BLAST_RATE`, until none is left or a reason to
 * stop. Each recipient is on record as `sending` before its message leaves (claimed a few at a
 * time), and each outcome is recorded as soon as the previous record is written:
 * - accepted: `sent`;
 * - refused for good (5xx): `failed`, with the server's reply;
 * - refused for now (4xx, server down or silent): back to `pending`, and the run stops (`pause`):
 *   claimed messages not yet started go back too;
 * - connection lost mid-message: `unknown`, never sent again by the job (it may have arrived);
 * - on shutdown, no answer within `graceMs`: `unknown`.
 * A crash leaves the rows it had claimed `sending`: the next worker calls them `unknown`, so no
 * recipient is mailed twice, and at most a claim plus MAX_IN_FLIGHT of them are in doubt.
 */
export async function mailRecipients(input: {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL' | 'BLAST_RATE'>;
  secret: string;
  mailer: Mailer;
  blast: typeof emailBlasts.$inferSelect;
  attachment: BlastAttachment | null;
  shutdown: AbortSignal;
  graceMs: number;
  /** No message starts after this time (ms since the epoch). */
  deadline: number;
}) {
  const { db, blast, shutdown } = input;
  const tally = { sent: 0, failed: 0, skipped: 0, unknown: 0 };
  let stop: MailStop | 'done' | 'error' | undefined;
  let refusal: unknown;
  let failure: unknown;
  const fail = (error: unknown) => {
    failure ??= error;
    stop ??= 'error';
  };

  // Shutdown: nothing new starts, and what is in flight gets `graceMs` to be answered.
  let graceTimer: NodeJS.Timeout | undefined;
  let aborted = () => {};
  const stopping = new Promise<void>((resolve) => {
    aborted = resolve;
  });
  const graceOver = stopping.then(
    () => new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, input.graceMs))),
  );
  const onAbort = () => {
    stop ??= 'shutdown';
    aborted();
  };
  shutdown.addEventListener('abort', onAbort, { once: true });
  if (shutdown.aborted) onAbort();

  // Outcomes are written behind the sends: a claim's worth, or those of GATHER_MS, in one
  // statement, so a fast blast pays for its bookkeeping once per few messages and a slow one
  // records each message as soon as it is answered.
  const size = claimSize(input.env.BLAST_RATE);
  const outcomes: Outcome[] = [];
  let flushing: Promise<void> | undefined;
  let gathering: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(gathering);
    gathering = undefined;
    if (flushing || outcomes.length === 0) return;
    flushing = record(db, outcomes.splice(0, 500))
      .catch(fail)
      .finally(() => {
        flushing = undefined;
        flushSoon();
      });
  };
  const flushSoon = () => {
    if (outcomes.length >= size) flush();
    else if (outcomes.length > 0) gathering ??= setTimeout(flush, GATHER_MS);
  };
  const settle = (outcome: Outcome) => {
    if (outcome.status !== 'pending') tally[outcome.status] += 1;
    outcomes.push(outcome);
    flushSoon();
  };

  const live = new Map<string, Promise<void>>();
  const send = (row: { id: string; email: string }) => {
    const message = blastMail({
      to: row.email,
      subject: blast.subject,
      message: blast.message,
      unsubscribeUrl: unsubscribeUrl(input.env, input.secret, row.email),
      attachment: input.attachment,
    });
    const sending = input.mailer.send(message).then(
      () => ({ id: row.id, status: 'sent' }) as const,
      (error: unknown): Outcome => {
        const kind = mailErrorKind(error);
        if (kind === 'temporary') {
          refusal ??= error;
          stop ??= 'pause';
          return { id: row.id, status: 'pending', error: errorText(error), attempted: true };
        }
        return {
          id: row.id,
          status: kind === 'permanent' ? 'failed' : 'unknown',
          error: errorText(error),
        };
      },
    );
    live.set(
      row.id,
      sending.then((outcome) => {
        // Not when given up on after the shutdown's grace period (recorded unknown already).
        if (live.delete(row.id)) settle(outcome);
      }),
    );
  };

  const pace = pacer(input.env.BLAST_RATE, shutdown);
  let claimed: { id: string; email: string }[] = [];
  try {
    while (!stop) {
      if (Date.now() >= input.deadline) {
        stop = 'time';
        break;
      }
      if (live.size >= MAX_IN_FLIGHT) {
        await Promise.race([...live.values(), stopping]);
        continue;
      }
      await pace();
      if (stop) break;
      if (claimed.length === 0) {
        const rows = await claim(db, blast.id, size).catch((error: unknown) => {
          fail(error);
          return [];
        });
        if (rows.length === 0) {
          stop ??= 'done';
          break;
        }
        tally.skipped += rows.filter((r) => r.status === 'skipped').length;
        claimed = rows.filter((r) => r.status === 'sending');
        // Claimed while the run was stopping: they go back below.
        if (stop || claimed.length === 0) continue;
      }
      const next = claimed.shift();
      if (next) send(next);
    }
    // Claimed, never handed to the server: pending again, the attempt not counted.
    for (const row of claimed.splice(0)) {
      settle({ id: row.id, status: 'pending', error: null, attempted: false });
    }
    await Promise.race([Promise.all(live.values()), graceOver]);
    for (const id of [...live.keys()]) {
      live.delete(id);
      settle({
        id,
        status: 'unknown',
        error: 'No answer from the mail server before the API stopped',
      });
    }
    while (flushing || outcomes.length > 0) {
      flush();
      await flushing;
    }
  } finally {
    shutdown.removeEventListener('abort', onAbort);
    clearTimeout(graceTimer);
    clearTimeout(gathering);
  }
  if (failure !== undefined) throw failure;
  return { stop: stop === 'done' ? undefined : stop, refusal, tally };
}
