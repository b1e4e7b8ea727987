import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { emailBlasts } from '../../db/schema/email-blasts.ts';
import type { Env } from '../../env.ts';
import { mailErrorKind } from '../../mail/mail-error-kind.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { type BlastAttachment, blastMail } from '../../mail/templates/blast-mail.ts';
import { unsubscribeUrl } from '../newsletter/unsubscribe-url.ts';

/** What the lanes of one blast job share: why they stop, and when in-flight sends are given up. */
export interface BlastRun {
  /** Set once: no lane claims or starts another message after it. */
  stop?: 'pause' | 'shutdown' | 'time' | 'error';
  /** The first temporary refusal (4xx, server down) of this run. */
  refusal?: unknown;
  shutdown: AbortSignal;
  /** Resolves a short while after `shutdown`: sends still unanswered then are recorded unknown. */
  graceOver: Promise<void>;
}

type Outcome =
  | { id: string; status: 'sent' }
  | { id: string; status: 'failed' | 'unknown'; error: string }
  /** Back in the queue: refused for now (`attempted`), or never handed to the server. */
  | { id: string; status: 'pending'; error: string | null; attempted: boolean };

export interface BatchTally {
  sent: number;
  failed: number;
  skipped: number;
  unknown: number;
  /** Back to pending: refused for now, or not started because the run stopped. */
  requeued: number;
}

export const errorText = (error: unknown) => {
  const e = error as { response?: unknown; message?: unknown } | null;
  const text = typeof e?.response === 'string' ? e.response : String(e?.message ?? error);
  return text.slice(0, 1000);
};

/**
 * Moves up to `size` pending recipients to `sending` (attempt counted, `attempted_at` set) in one
 * committed statement, and those unsubscribed since the blast was queued to `skipped`. SKIP
 * LOCKED lets the job's other lane claim at the same time without waiting or taking the same rows.
 */
async function claim(db: Db, blastId: string, size: number) {
  return db.execute<{ id: string; email: string; status: 'sending' | 'skipped' }>(sql`
    with next as (
      select r.id, coalesce(s.status = 'unsubscribed', false) as gone
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
 * Records each recipient's outcome in one statement. Rows a worker that took over meanwhile
 * called `unknown` (this one's database connection was lost) get the outcome that is now known.
 */
async function record(db: Db, outcomes: Outcome[]) {
  if (outcomes.length === 0) return;
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

/**
 * One batch of a blast: claims recipients (the attempt is on record before any message leaves),
 * mails them through the pooled transport, each start paced, then records every outcome:
 * - accepted: `sent`;
 * - refused for good (5xx): `failed`, with the server's reply;
 * - refused for now (4xx, server down or silent): back to `pending`, and the run stops to pause
 *   the blast (messages of the batch not yet started go back too);
 * - connection lost mid-message: `unknown`, never sent again by the job (it may have arrived);
 * - no answer within the grace period after shutdown: `unknown`.
 * A crash between the claim and the record leaves the rows `sending`; the next worker calls them
 * `unknown`. So no recipient is ever mailed twice by the job.
 */
export async function sendBlastBatch(input: {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL'>;
  secret: string;
  mailer: Mailer;
  blast: typeof emailBlasts.$inferSelect;
  size: number;
  /** Resolves when the next message may start (at once on shutdown). */
  pace: () => Promise<void>;
  attachment: () => Promise<BlastAttachment | null>;
  run: BlastRun;
}): Promise<BatchTally | 'none'> {
  const { blast, run } = input;
  // The first start's slot is taken before the claim, so a slow blast claims a recipient only
  // when it is about to mail it.
  await input.pace();
  if (run.stop) return { sent: 0, failed: 0, skipped: 0, unknown: 0, requeued: 0 };
  // Read before the claim: a claimed row must not wait on anything that can fail.
  const attachment = await input.attachment();
  const claimed = await claim(input.db, blast.id, input.size);
  if (claimed.length === 0) return 'none';
  const outcomes: (Outcome | undefined)[] = [];
  const sends: Promise<void>[] = [];
  const toSend = claimed.filter((c) => c.status === 'sending');
  for (const [i, next] of toSend.entries()) {
    if (i > 0) await input.pace();
    if (run.stop) {
      outcomes[i] = { id: next.id, status: 'pending', error: null, attempted: false };
      continue;
    }
    const message = blastMail({
      to: next.email,
      subject: blast.subject,
      message: blast.message,
      unsubscribeUrl: unsubscribeUrl(input.env, input.secret, next.email),
      attachment,
    });
    sends.push(
      input.mailer.send(message).then(
        () => {
          outcomes[i] = { id: next.id, status: 'sent' };
        },
        (error: unknown) => {
          const kind = mailErrorKind(error);
          if (kind === 'temporary') {
            run.refusal ??= error;
            run.stop ??= 'pause';
            outcomes[i] = {
              id: next.id,
              status: 'pending',
              error: errorText(error),
              attempted: true,
            };
          } else {
            outcomes[i] = {
              id: next.id,
              status: kind === 'permanent' ? 'failed' : 'unknown',
              error: errorText(error),
            };
          }
        },
      ),
    );
  }
  await Promise.race([Promise.all(sends), run.graceOver]);
  const all = toSend.map(
    (next, i): Outcome =>
      outcomes[i] ?? {
        id: next.id,
        status: 'unknown',
        error: 'No answer from the mail server before the API stopped',
      },
  );
  await record(input.db, all);
  const count = (status: Outcome['status']) => all.filter((o) => o.status === status).length;
  return {
    sent: count('sent'),
    failed: count('failed'),
    unknown: count('unknown'),
    requeued: count('pending'),
    skipped: claimed.length - toSend.length,
  };
}
