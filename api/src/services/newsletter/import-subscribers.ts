import { extractListAddresses } from '@studio/shared/schemas/blasts';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscribers } from '../../db/schema/subscribers.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { isStorableAddress } from './is-storable-address.ts';

const CHUNK = 1000;

/**
 * POST /api/admin/subscribers/import: the addresses found in the text of a .txt or .csv list
 * become active subscribers at once (source `import`, consent recorded now): the business vouches
 * for their consent, so there is no confirmation mail (decision 025), and nobody is mailed. A
 * pending sign-up becomes active too. An address that unsubscribed stays unsubscribed (also while
 * a later sign-up of it waits for confirmation): a list upload is not their consent. Addresses
 * with control or invisible characters count as invalid.
 */
export async function importSubscribers({
  db,
  content,
  actorId,
}: {
  db: Db;
  content: string;
  actorId: string | null;
}) {
  const found = extractListAddresses(content);
  const valid = found.valid.filter(isStorableAddress);
  const invalid = [...found.invalid, ...found.valid.filter((e) => !isStorableAddress(e))];
  return db.transaction(async (tx) => {
    let added = 0;
    let unsubscribed = 0;
    for (let i = 0; i < valid.length; i += CHUNK) {
      const part = valid.slice(i, i + CHUNK);
      const opted = await tx
        .select({ email: subscribers.email })
        .from(subscribers)
        .where(
          and(
            inArray(subscribers.email, part),
            or(
              eq(subscribers.status, 'unsubscribed'),
              and(eq(subscribers.status, 'pending'), isNotNull(subscribers.unsubscribedAt)),
            ),
          ),
        );
      unsubscribed += opted.length;
      const inserted = await tx
        .insert(subscribers)
        .values(
          part.map((email) => ({
            email,
            status: 'active' as const,
            source: 'import',
            consentedAt: sql`now()`,
          })),
        )
        .onConflictDoUpdate({
          target: subscribers.email,
          set: {
            status: 'active',
            source: 'import',
            consentedAt: sql`now()`,
            updatedAt: sql`now()`,
          },
          setWhere: and(eq(subscribers.status, 'pending'), isNull(subscribers.unsubscribedAt)),
        })
        .returning({ id: subscribers.id });
      added += inserted.length;
    }
    const result = {
      added,
      alreadySubscribed: valid.length - added - unsubscribed,
      unsubscribed,
      invalid: invalid.length,
      invalidSamples: invalid.slice(0, 10),
    };
    await recordAudit({
      db: tx,
      actorId,
      action: 'subscribers.import',
      entityType: 'subscriber',
      entityId: null,
      detail: { ...result, invalidSamples: undefined },
    });
    return result;
  });
}
