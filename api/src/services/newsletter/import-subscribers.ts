import { extractListAddresses } from '@studio/shared/schemas/blasts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscribers } from '../../db/schema/subscribers.ts';
import { recordAudit } from '../audit/record-audit.ts';

const CHUNK = 1000;

/**
 * POST /api/admin/subscribers/import: the addresses found in the text of a .txt or .csv list
 * become active subscribers (source `import`). Nobody is mailed. An address that unsubscribed
 * stays unsubscribed: a list upload is not their consent.
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
  const { valid, invalid } = extractListAddresses(content);
  return db.transaction(async (tx) => {
    let added = 0;
    let unsubscribed = 0;
    for (let i = 0; i < valid.length; i += CHUNK) {
      const part = valid.slice(i, i + CHUNK);
      const opted = await tx
        .select({ email: subscribers.email })
        .from(subscribers)
        .where(and(inArray(subscribers.email, part), eq(subscribers.status, 'unsubscribed')));
      unsubscribed += opted.length;
      const inserted = await tx
        .insert(subscribers)
        .values(part.map((email) => ({ email, source: 'import' })))
        .onConflictDoNothing({ target: subscribers.email })
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
