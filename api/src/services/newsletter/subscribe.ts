import { newsletterMessages } from '@studio/shared/messages/newsletter';
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { outboundMail } from '../../db/schema/outbound-mail.ts';
import { subscribers } from '../../db/schema/subscribers.ts';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/api-error.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { newsletterConfirm } from '../mail/templates/newsletter-confirm.ts';
import { confirmUrl } from './confirm-url.ts';
import { isStorableAddress } from './is-storable-address.ts';

/**
 * Confirmation mails one address gets at most in 24 hours, whoever asks and from wherever: a
 * stranger cannot flood an inbox by signing it up again and again (decision 025).
 */
export const CONFIRM_MAILS_PER_DAY = 3;

/** Confirmation mails queued to `email` in the last 24 hours (the outbox keeps every one). */
async function confirmationsToday(tx: Tx, email: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(outboundMail)
    .where(
      and(
        eq(outboundMail.purpose, 'newsletter-confirm'),
        eq(outboundMail.toAddress, email),
        gt(outboundMail.createdAt, sql`now() - interval '24 hours'`),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The newsletter form's sign-up (double opt-in, decision 025) of `email`, already trimmed and
 * lower-cased. The caller learns nothing about the address: whatever it was, this returns the
 * same. In one transaction:
 * - new, pending or unsubscribed: the address is `pending` (its request time now) and a
 *   confirmation mail with a signed link is queued, unless it already got CONFIRM_MAILS_PER_DAY;
 *   an unsubscribed address keeps its `unsubscribed_at`, and stays out of every blast until it
 *   confirms;
 * - already subscribed (active): nothing changes and nothing is mailed.
 */
export async function subscribe({
  db,
  env,
  secret,
  email,
}: {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL'>;
  secret: string;
  email: string;
}): Promise<void> {
  if (!isStorableAddress(email)) throw new ApiError('BAD_REQUEST', newsletterMessages.emailInvalid);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(subscribers)
      .values({ email, status: 'pending', source: 'newsletter', requestedAt: sql`now()` })
      .onConflictDoUpdate({
        target: subscribers.email,
        set: {
          status: 'pending',
          source: 'newsletter',
          requestedAt: sql`now()`,
          updatedAt: sql`now()`,
        },
        setWhere: ne(subscribers.status, 'active'),
      })
      .returning({
        id: subscribers.id,
        at: sql<string>`(extract(epoch from ${subscribers.requestedAt}) * 1000000)::bigint::text`,
      });
    if (!row) return; // subscribed already
    // The row is locked until the commit: sign-ups of one address count their mails in turn.
    if ((await confirmationsToday(tx, email)) >= CONFIRM_MAILS_PER_DAY) return;
    await queueMail(tx, {
      purpose: 'newsletter-confirm',
      subjectId: `${row.id}:${row.at}`,
      message: newsletterConfirm({ to: email, confirmUrl: confirmUrl(env, secret, email) }),
    });
  });
}
