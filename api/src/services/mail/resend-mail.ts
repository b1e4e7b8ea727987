import { mailMessages } from '@studio/shared/messages/mail';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboundMail } from '../../db/schema/outbound-mail.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { toOutboundMailItem } from './list-outbound-mail.ts';
import { OUTBOUND_MAIL_CHANNEL } from './queue-mail.ts';
import { transitionOutboundMail } from './transition-outbound-mail.ts';

/**
 * An admin's decision to send a failed mail, or one whose delivery is unknown (it may have
 * arrived), once more: it goes back in the queue for one more round of attempts. Audited.
 */
export async function resendMail({ db, actorId, id }: { db: Db; actorId: string; id: string }) {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', mailMessages.notFound);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: outboundMail.id })
      .from(outboundMail)
      .where(eq(outboundMail.id, id))
      .for('update');
    if (!row) throw new ApiError('NOT_FOUND', mailMessages.notFound);
    const [updated] = await transitionOutboundMail(tx, {
      which: eq(outboundMail.id, id),
      from: ['failed', 'unknown'],
      to: 'pending',
      set: { attempts: 0, nextAttemptAt: sql`now()` },
      audit: { actorId, action: 'mail.resend' },
    });
    if (!updated) throw new ApiError('CONFLICT', mailMessages.notResendable);
    await tx.execute(sql`select pg_notify(${OUTBOUND_MAIL_CHANNEL}, '')`);
    return toOutboundMailItem(updated);
  });
}
