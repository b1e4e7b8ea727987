import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { outboundMail } from '../../db/schema/outbound-mail.ts';
import { recordAudit } from '../audit/record-audit.ts';

type Row = typeof outboundMail.$inferSelect;
export type OutboundMailStatus = Row['status'];

/**
 * The moves a queued mail can make. A new mail is pending (the column's default). A due one is
 * claimed for an attempt (`sending`); the attempt ends sent, pending again (refused for now),
 * failed (refused for good, or out of attempts) or unknown (the connection broke mid-message, or
 * the process stopped or died before the server answered). Only an admin sends a failed or
 * unknown mail again.
 */
const allowedFrom: Record<OutboundMailStatus, readonly OutboundMailStatus[]> = {
  pending: ['sending', 'failed', 'unknown'],
  sending: ['pending'],
  sent: ['sending'],
  failed: ['sending'],
  unknown: ['sending'],
};

/**
 * The only code that changes a queued mail's status (decision 043). Moves the mails `which`
 * selects whose status is one of `from` (each a move the table above allows, else it throws) to
 * `to`, with the columns that go with it (`set`), in one statement; others are left as they are.
 * An admin's move (`audit`) locks the mails first and writes an audit row for each one moved,
 * naming the status it left. Answers the mails moved.
 */
export async function transitionOutboundMail(
  db: DbOrTx,
  {
    which,
    from,
    to,
    set = {},
    audit,
  }: {
    which: SQL | undefined;
    from: readonly OutboundMailStatus[];
    to: OutboundMailStatus;
    set?: Omit<PgUpdateSetSource<typeof outboundMail>, 'status'>;
    audit?: { actorId: string; action: string };
  },
): Promise<Row[]> {
  const refused = from.filter((status) => !allowedFrom[to].includes(status));
  if (refused.length > 0) throw new Error(`a mail cannot move from ${refused.join(', ')} to ${to}`);
  const where = and(which, inArray(outboundMail.status, [...from]));
  const before = audit
    ? await db
        .select({ id: outboundMail.id, status: outboundMail.status })
        .from(outboundMail)
        .where(where)
        .for('update')
    : [];
  const moved = await db
    .update(outboundMail)
    .set({ ...set, status: to })
    .where(where)
    .returning();
  if (audit) {
    for (const row of moved) {
      await recordAudit({
        db,
        actorId: audit.actorId,
        action: audit.action,
        entityType: 'mail',
        entityId: row.id,
        detail: { purpose: row.purpose, was: before.find((b) => b.id === row.id)?.status },
      });
    }
  }
  return moved;
}
