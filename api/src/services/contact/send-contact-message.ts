import type { ContactInput } from '@studio/shared/schemas/contact';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/contact-messages.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { contactNotice } from '../mail/templates/contact-notice.ts';

/** The fixed subject of the pitch and promo forms when they send none. */
const PITCH_SUBJECT = 'Website enquiry';

/**
 * Stores the message and queues its notice to the business inbox (Reply-To the sender) in one
 * transaction; the mail worker sends it after the commit and retries while the mail server is
 * down. A form may name its recipient, but only an allow-listed one is used: never an open relay.
 */
export async function sendContactMessage({
  db,
  env,
  log,
  input,
}: {
  db: Db;
  env: Pick<Env, 'CONTACT_TO' | 'CONTACT_RECIPIENT_ALLOWLIST'>;
  log: Logger;
  input: ContactInput;
}) {
  const requested = input.form === 'pitch' ? input.recipient : undefined;
  const recipient =
    requested && env.CONTACT_RECIPIENT_ALLOWLIST.includes(requested) ? requested : env.CONTACT_TO;
  if (requested && recipient !== requested) {
    log.warn(
      { requested },
      'contact form named a recipient outside the allowlist; using the business inbox',
    );
  }
  const subject = input.subject || PITCH_SUBJECT;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject, message: input.message, recipient })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error('insert returned no row');
    await queueMail(tx, {
      purpose: 'contact-notice',
      subjectId: row.id,
      message: contactNotice({
        to: recipient,
        name: input.name,
        email: input.email,
        subject,
        message: input.message,
      }),
    });
    return { id: row.id };
  });
}
