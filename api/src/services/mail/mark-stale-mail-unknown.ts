import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboundMail } from '../../db/schema/outbound-mail.ts';
import { transitionOutboundMail } from './transition-outbound-mail.ts';

/**
 * A send takes seconds at most (the mailer's timeouts): a mail still `sending` after
 * `olderThanSeconds` belongs to a process that died mid-send. It may have arrived, so it is
 * not sent again: it becomes `unknown`, for an admin to resend or not. Answers how many.
 */
export async function markStaleMailUnknown({
  db,
  olderThanSeconds = 300,
}: {
  db: Db;
  olderThanSeconds?: number;
}): Promise<number> {
  const rows = await transitionOutboundMail(db, {
    which: sql`${outboundMail.attemptedAt} < now() - make_interval(secs => ${olderThanSeconds})`,
    from: ['sending'],
    to: 'unknown',
    set: { lastError: 'the process sending it stopped before the mail server answered' },
  });
  return rows.length;
}
