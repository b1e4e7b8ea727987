import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outboundMail } from '../../db/schema/outbound-mail.ts';
import type { MailMessage } from './mailer.ts';

/** The channel a queued mail wakes the senders on (delivered when the transaction commits). */
export const OUTBOUND_MAIL_CHANNEL = 'outbound_mail';

/** What a mail is for: with its subject's id it names the mail, which is sent at most once. */
export type MailPurpose =
  | 'contact-notice'
  | 'submission-confirmation'
  | 'submission-notice'
  | 'payment-receipt'
  | 'payment-notice'
  | 'shipping-notice'
  | 'refund-notice'
  | 'newsletter-confirm'
  | 'newsletter-welcome'
  | 'project-update'
  | 'project-link';

/**
 * Puts a mail in the outbox, in the caller's transaction: it exists exactly when the change that
 * causes it commits, and the mail worker (start-mail-worker.ts) sends it after the commit. A
 * second call with the same purpose and subject queues nothing (the key is unique), so a retried
 * request or job never mails twice. Answers whether it was queued now.
 */
export async function queueMail(
  db: DbOrTx,
  input: { purpose: MailPurpose; subjectId: string; message: MailMessage },
): Promise<{ queued: boolean }> {
  const { purpose, subjectId, message } = input;
  if (message.attachments?.length) {
    throw new Error('queued mails carry no attachments (they are stored as rows)');
  }
  const rows = await db
    .insert(outboundMail)
    .values({
      key: `${purpose}:${subjectId}`,
      purpose,
      subjectId,
      toAddress: message.to,
      message: {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      },
    })
    .onConflictDoNothing({ target: outboundMail.key })
    .returning({ id: outboundMail.id });
  if (rows.length === 0) return { queued: false };
  await db.execute(sql`select pg_notify(${OUTBOUND_MAIL_CHANNEL}, '')`);
  return { queued: true };
}
