import type { adminMailQuerySchema, OutboundMailItem } from '@studio/shared/schemas/outbound-mail';
import { count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { outboundMail } from '../../db/schema/outbound-mail.ts';

type Row = typeof outboundMail.$inferSelect;

export function toOutboundMailItem(row: Row): OutboundMailItem {
  return {
    id: row.id,
    purpose: row.purpose,
    to: row.toAddress,
    subject: row.message.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    attemptedAt: row.attemptedAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * The outbox for the admin, newest first, with how many mails wait, failed or have an unknown
 * outcome. `attention` (the default) lists the failed and unknown ones: those need a decision.
 */
export async function listOutboundMail({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof adminMailQuerySchema>;
}) {
  const where: SQL | undefined =
    query.status === 'attention'
      ? inArray(outboundMail.status, ['failed', 'unknown'])
      : eq(outboundMail.status, query.status);
  const [rows, [total], byStatus] = await Promise.all([
    db
      .select()
      .from(outboundMail)
      .where(where)
      .orderBy(desc(outboundMail.createdAt), desc(outboundMail.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(outboundMail).where(where),
    db
      .select({ status: outboundMail.status, value: count() })
      .from(outboundMail)
      .where(inArray(outboundMail.status, ['pending', 'sending', 'failed', 'unknown']))
      .groupBy(outboundMail.status),
  ]);
  const counts = { pending: 0, sending: 0, failed: 0, unknown: 0 };
  for (const { status, value } of byStatus) {
    if (status in counts) counts[status as keyof typeof counts] = value;
  }
  return {
    mails: rows.map(toOutboundMailItem),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}
