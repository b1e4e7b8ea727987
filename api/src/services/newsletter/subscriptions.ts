import { messages } from '@studio/shared/messages';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscribers } from '../../db/schema/subscribers.ts';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { signValue, verifySignedValue } from '../../lib/signed-token.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { newsletterWelcome } from '../../mail/templates/newsletter-welcome.ts';

const PURPOSE = 'unsubscribe';

export function unsubscribeUrl(env: Pick<Env, 'PUBLIC_URL'>, secret: string, email: string) {
  const params = new URLSearchParams({ email, token: signValue(secret, PURPOSE, email) });
  return `${env.PUBLIC_URL}/api/contact/unsubscribe?${params}`;
}

/**
 * Subscribes `email` (already trimmed and lower-cased). A second subscription of an active
 * address changes nothing and sends nothing; an unsubscribed address becomes active again.
 * Answers whether the address was newly added.
 */
export async function subscribe({
  db,
  env,
  secret,
  mailer,
  log,
  email,
  source = 'newsletter',
}: {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL'>;
  secret: string;
  mailer: Mailer;
  log: Logger;
  email: string;
  source?: string;
}): Promise<{ created: boolean }> {
  const [row] = await db
    .insert(subscribers)
    .values({ email, source })
    .onConflictDoUpdate({
      target: subscribers.email,
      set: { status: 'active', unsubscribedAt: null, updatedAt: sql`now()` },
      setWhere: eq(subscribers.status, 'unsubscribed'),
    })
    .returning({ id: subscribers.id, created: sql<boolean>`(xmax = 0)` });
  if (!row) return { created: false }; // already active
  await mailer
    .send(newsletterWelcome({ to: email, unsubscribeUrl: unsubscribeUrl(env, secret, email) }))
    .catch((err: unknown) => log.error({ err, subscriberId: row.id }, 'welcome mail failed'));
  return { created: row.created };
}

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
  if (!verifySignedValue(secret, PURPOSE, normalized, token)) {
    throw new ApiError('BAD_REQUEST', messages.newsletter.badLink);
  }
  // Also for an address mailed only because an admin typed it: record the wish, so no blast
  // mails it again.
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
      setWhere: eq(subscribers.status, 'active'),
    });
  return { email: normalized };
}

/** Active subscribers' addresses, oldest first. */
export async function listSubscribers({ db }: { db: Db }) {
  const rows = await db
    .select({ email: subscribers.email })
    .from(subscribers)
    .where(eq(subscribers.status, 'active'))
    .orderBy(asc(subscribers.createdAt), asc(subscribers.email));
  return { subscribers: rows.map((r) => r.email), count: rows.length };
}
