import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailBlastRecipients as r } from '../../db/schema/email-blasts.ts';

type RecipientStatus = (typeof r.status.enumValues)[number];

/**
 * The moves a blast's recipient can make. One is added pending, or skipped (unsubscribed, or not
 * confirmed). A claim takes a pending one for an attempt (`sending`), or skips it if they left the
 * list since. The attempt ends sent, failed (refused for good), unknown (the connection broke
 * mid-message, or no answer before shutdown) or pending again (refused for now, or never handed
 * to the server). A worker that took over calls the attempts of a dead one unknown; should the
 * first worker's outcome arrive after that, it is recorded instead. Only an admin puts a failed or
 * unknown recipient back in the queue.
 */
const allowedFrom: Record<RecipientStatus, readonly RecipientStatus[]> = {
  pending: ['sending', 'unknown', 'failed'],
  sending: ['pending'],
  skipped: ['pending'],
  sent: ['sending', 'unknown'],
  failed: ['sending', 'unknown'],
  unknown: ['sending', 'unknown'],
};

/** An attempt's outcome; `pending`: back in the queue, refused for now (`attempted`) or unsent. */
export type RecipientOutcome =
  | { id: string; status: 'sent' }
  | { id: string; status: 'failed' | 'unknown'; error: string }
  | { id: string; status: 'pending'; error: string | null; attempted: boolean };

export type RecipientMove =
  /** A new blast's recipients, added pending or skipped. */
  | { move: 'add'; blastId: string; recipients: { email: string; skipped: boolean }[] }
  /** Up to `size` pending recipients: committed as `sending` before their message leaves. */
  | { move: 'claim'; blastId: string; size: number }
  | { move: 'record'; outcomes: RecipientOutcome[] }
  /** An admin's retry (`failed`) or resend (`unknown`). */
  | { move: 'requeue'; blastId: string; from: 'failed' | 'unknown' }
  /** Left `sending` by a worker that died before the server answered. */
  | { move: 'orphaned'; blastId: string };

type Moved = { id: string; email: string; status: RecipientStatus };

function check(from: readonly RecipientStatus[], to: readonly RecipientStatus[]) {
  for (const next of to) {
    const refused = from.filter((status) => !allowedFrom[next].includes(status));
    if (refused.length > 0) {
      throw new Error(`a blast recipient cannot move from ${refused.join(', ')} to ${next}`);
    }
  }
}

const statusList = (statuses: readonly RecipientStatus[]) =>
  sql.join(
    statuses.map((status) => sql`${status}::blast_recipient_status`),
    sql`, `,
  );

/**
 * The only code that writes a blast recipient's status (decision 043): each move is checked
 * against the table above and touches only recipients in the statuses it moves from, in one
 * statement. Answers the recipients moved, with their new status.
 */
export async function transitionBlastRecipient(db: DbOrTx, input: RecipientMove): Promise<Moved[]> {
  const returned = { id: r.id, email: r.email, status: r.status };
  switch (input.move) {
    case 'add': {
      if (input.recipients.length === 0) return [];
      return db
        .insert(r)
        .values(
          input.recipients.map(({ email, skipped }) => ({
            blastId: input.blastId,
            email,
            status: skipped ? ('skipped' as const) : ('pending' as const),
          })),
        )
        .returning(returned);
    }
    case 'claim': {
      const from: RecipientStatus[] = ['pending'];
      check(from, ['sending', 'skipped']);
      // Those unsubscribed (or signed up, unconfirmed) since the blast was queued are skipped;
      // the others' attempt is counted and timed.
      return [
        ...(await db.execute<Moved>(sql`
          with next as (
            select r.id, coalesce(s.status in ('unsubscribed', 'pending'), false) as gone
            from email_blast_recipients r
            left join subscribers s on s.email = r.email
            where r.blast_id = ${input.blastId} and r.status in (${statusList(from)})
            limit ${input.size}
            for update of r skip locked
          )
          update email_blast_recipients as r set
            status = case when next.gone then 'skipped' else 'sending' end::blast_recipient_status,
            attempted_at = case when next.gone then r.attempted_at else now() end,
            attempts = r.attempts + case when next.gone then 0 else 1 end,
            error = case when next.gone then null else r.error end
          from next
          where r.id = next.id
          returning r.id, r.email, r.status`)),
      ];
    }
    case 'record': {
      if (input.outcomes.length === 0) return [];
      // Also rows a worker which took over meanwhile called `unknown` (this one's database
      // connection was lost): they get the outcome now known.
      const from: RecipientStatus[] = ['sending', 'unknown'];
      check(
        from,
        input.outcomes.map((o) => o.status),
      );
      const values = sql.join(
        input.outcomes.map((o) => {
          const error = o.status === 'sent' ? null : o.error;
          const unattempted = o.status === 'pending' && !o.attempted;
          return sql`(${o.id}::uuid, ${o.status}::blast_recipient_status, ${error}::text, ${unattempted}::boolean)`;
        }),
        sql`, `,
      );
      return [
        ...(await db.execute<Moved>(sql`
          update email_blast_recipients as r set
            status = v.status,
            error = v.error,
            sent_at = case when v.status = 'sent' then now() else null end,
            attempts = r.attempts - case when v.unattempted then 1 else 0 end
          from (values ${values}) as v (id, status, error, unattempted)
          where r.id = v.id and r.status in (${statusList(from)})
          returning r.id, r.email, r.status`)),
      ];
    }
    case 'requeue': {
      check([input.from], ['pending']);
      return db
        .update(r)
        .set({ status: 'pending', error: null })
        .where(and(eq(r.blastId, input.blastId), eq(r.status, input.from)))
        .returning(returned);
    }
    case 'orphaned': {
      check(['sending'], ['unknown']);
      return db
        .update(r)
        .set({ status: 'unknown' })
        .where(and(eq(r.blastId, input.blastId), eq(r.status, 'sending')))
        .returning(returned);
    }
  }
}
