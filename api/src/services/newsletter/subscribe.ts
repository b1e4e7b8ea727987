import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscribers } from '../../db/schema/subscribers.ts';
import type { Env } from '../../env.ts';
import { newsletterWelcome } from '../../mail/templates/newsletter-welcome.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { unsubscribeUrl } from './unsubscribe-url.ts';

/**
 * Subscribes `email` (already trimmed and lower-cased) and queues the welcome mail in the same
 * transaction. A second subscription of an active address changes nothing and sends nothing; an
 * unsubscribed address becomes active again (and is welcomed again). Answers whether the address
 * was newly added.
 */
export async function subscribe({
  db,
  env,
  secret,
  email,
  source = 'newsletter',
}: {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL'>;
  secret: string;
  email: string;
  source?: string;
}): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(subscribers)
      .values({ email, source })
      .onConflictDoUpdate({
        target: subscribers.email,
        set: { status: 'active', unsubscribedAt: null, updatedAt: sql`now()` },
        setWhere: eq(subscribers.status, 'unsubscribed'),
      })
      .returning({
        id: subscribers.id,
        created: sql<boolean>`(xmax = 0)`,
        at: sql<string>`(extract(epoch from ${subscribers.updatedAt}) * 1000000)::bigint::text`,
      });
    if (!row) return { created: false }; // already active
    await queueMail(tx, {
      purpose: 'newsletter-welcome',
      // One welcome per subscription: a later re-subscription is welcomed again.
      subjectId: `${row.id}:${row.at}`,
      message: newsletterWelcome({ to: email, unsubscribeUrl: unsubscribeUrl(env, secret, email) }),
    });
    return { created: row.created };
  });
}
