import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscribers } from '../../db/schema/subscribers.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { newsletterWelcome } from '../../mail/templates/newsletter-welcome.ts';
import { unsubscribeUrl } from './unsubscribe-url.ts';

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
