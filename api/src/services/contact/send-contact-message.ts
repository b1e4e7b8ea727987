import type { ContactInput } from '@studio/shared/schemas/contact';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/contact-messages.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { contactNotice } from '../../mail/templates/contact-notice.ts';

/** The fixed subject of the pitch and promo forms when they send none. */
const PITCH_SUBJECT = 'Website enquiry';

/**
 * Stores the message, then mails it to the business inbox with Reply-To the sender. A form may
 * name its recipient, but only an allow-listed one is used: never an open relay.
 */
export async function sendContactMessage({
  db,
  env,
  mailer,
  log,
  input,
}: {
  db: Db;
  env: Pick<Env, 'CONTACT_TO' | 'CONTACT_RECIPIENT_ALLOWLIST'>;
  mailer: Mailer;
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
  const [row] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email, subject, message: input.message, recipient })
    .returning({ id: contactMessages.id });
  // Stored first: if the mail server is down the message is kept, and the visitor is not asked
  // to send it again (which would store it twice).
  await mailer
    .send(
      contactNotice({
        to: recipient,
        name: input.name,
        email: input.email,
        subject,
        message: input.message,
      }),
    )
    .catch((err: unknown) => log.error({ err, contactMessageId: row?.id }, 'contact mail failed'));
  return { id: row?.id };
}
