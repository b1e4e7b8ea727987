import { newsletterMessages } from '@studio/shared/messages/newsletter';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscribers } from '../../db/schema/subscribers.ts';
import { ApiError } from '../../lib/api-error.ts';
import { verifySignedValue } from '../../lib/signed-token.ts';
import { UNSUBSCRIBE_PURPOSE } from './unsubscribe-url.ts';

/** Unsubscribes when the link's token was signed for this address. */
export async function unsubscribe({
  db,
  secret,
  email,
  token,
}: {
  db: Db;
  secret: string;
  email: string;
  token: string;
}) {
  const normalized = email.trim().toLowerCase();
  if (!verifySignedValue(secret, UNSUBSCRIBE_PURPOSE, normalized, token)) {
    throw new ApiError('BAD_REQUEST', newsletterMessages.badLink);
  }
  // Also for an address mailed only because an admin typed it: record the wish, so no blast
  // mails it again. A pending sign-up is dropped too: its confirmation link no longer works.
  await db
    .insert(subscribers)
    .values({
      email: normalized,
      status: 'unsubscribed',
      source: 'unsubscribe',
      unsubscribedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: subscribers.email,
      set: { status: 'unsubscribed', unsubscribedAt: sql`now()` },
      setWhere: inArray(subscribers.status, ['active', 'pending']),
    });
  return { email: normalized };
}
