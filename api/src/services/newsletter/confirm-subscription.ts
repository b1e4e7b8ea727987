import { newsletterMessages as m } from '@studio/shared/messages/newsletter';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscribers } from '../../db/schema/subscribers.ts';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/api-error.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { newsletterWelcome } from '../mail/templates/newsletter-welcome.ts';
import { checkConfirmLink } from './check-confirm-link.ts';
import { unsubscribeUrl } from './unsubscribe-url.ts';

/**
 * The Confirm button of a confirmation link (decision 025): a pending address becomes active,
 * its consent recorded now (source `newsletter`), and the welcome mail is queued in the same
 * transaction, once per confirmation. Confirming again changes nothing and mails nothing. A bad
 * or expired link, or one for an address no longer pending (it unsubscribed meanwhile, or its
 * request was removed), is refused with 400 and changes nothing.
 */
export async function confirmSubscription({
  db,
  env,
  secret,
  email,
  expires,
  token,
}: {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL'>;
  secret: string;
  email: string;
  expires: string;
  token: string;
}): Promise<{ email: string }> {
  checkConfirmLink({ secret, email, expires, token });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscribers)
      .set({
        status: 'active',
        confirmedAt: sql`now()`,
        consentedAt: sql`now()`,
        unsubscribedAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(subscribers.email, email), eq(subscribers.status, 'pending')))
      .returning({
        id: subscribers.id,
        at: sql<string>`(extract(epoch from ${subscribers.confirmedAt}) * 1000000)::bigint::text`,
      });
    if (!row) {
      const [current] = await tx
        .select({ status: subscribers.status })
        .from(subscribers)
        .where(eq(subscribers.email, email));
      if (current?.status === 'active') return { email }; // confirmed already
      throw new ApiError('BAD_REQUEST', m.confirmLinkExpired);
    }
    await queueMail(tx, {
      purpose: 'newsletter-welcome',
      subjectId: `${row.id}:${row.at}`,
      message: newsletterWelcome({ to: email, unsubscribeUrl: unsubscribeUrl(env, secret, email) }),
    });
    return { email };
  });
}
