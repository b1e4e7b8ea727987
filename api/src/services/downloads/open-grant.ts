import type { GrantStatus } from '@studio/shared/downloads';
import type { StatusSource } from '@studio/shared/statuses';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { downloadCounts, downloadGrants } from '../../db/schema/downloads.ts';
import { recordAudit } from '../audit/record-audit.ts';

/** What a grant's access is, when it is opened or opened again. */
export interface GrantTerms {
  downloadLimit: number | null;
  expiresAt: Date | null;
}

/**
 * The only code that writes a download grant's status (decision 045). Inside the caller's
 * transaction, with its audit row (the actor when a person made the move):
 * - `open`: a paid order's access to one product's files; an order paid again after a refund or a
 *   cancellation gets its revoked grant back, with new terms and the count started over;
 * - `revoke`: every active grant of an order (its full refund, its cancellation);
 * - `renew`: an admin's grant again: active, new terms, the count started over.
 */
export async function openGrant(
  tx: Tx,
  {
    orderId,
    productId,
    userId,
    terms,
    source,
    actorId = null,
  }: {
    orderId: string;
    productId: string;
    userId: string;
    terms: GrantTerms;
    source: StatusSource;
    actorId?: string | null;
  },
): Promise<{ grantId: string; changed: boolean }> {
  const [made] = await tx
    .insert(downloadGrants)
    .values({ orderId, productId, userId, status: 'active', ...terms })
    .onConflictDoNothing({ target: [downloadGrants.orderId, downloadGrants.productId] })
    .returning({ id: downloadGrants.id });
  if (made) {
    await audit(tx, made.id, { from: null, to: 'active', source, actorId, orderId, terms });
    return { grantId: made.id, changed: true };
  }
  const [grant] = await tx
    .select()
    .from(downloadGrants)
    .where(and(eq(downloadGrants.orderId, orderId), eq(downloadGrants.productId, productId)))
    .for('update');
  if (!grant) throw new Error('a download grant vanished while it was opened');
  if (grant.status === 'active') return { grantId: grant.id, changed: false };
  await renew(tx, grant.id, terms);
  await audit(tx, grant.id, { from: grant.status, to: 'active', source, actorId, orderId, terms });
  return { grantId: grant.id, changed: true };
}

/** Revokes the order's active grants; answers how many. */
export async function revokeGrants(
  tx: Tx,
  {
    orderId,
    source,
    actorId = null,
    detail = {},
  }: {
    orderId: string;
    source: StatusSource;
    actorId?: string | null;
    detail?: Record<string, unknown>;
  },
): Promise<number> {
  const revoked = await tx
    .update(downloadGrants)
    .set({ status: 'revoked', revokedAt: new Date() })
    .where(and(eq(downloadGrants.orderId, orderId), eq(downloadGrants.status, 'active')))
    .returning({ id: downloadGrants.id });
  for (const { id } of revoked) {
    await audit(tx, id, { from: 'active', to: 'revoked', source, actorId, orderId, ...detail });
  }
  return revoked.length;
}

/** An admin's grant again: active, the new terms, every file's count back to none. */
export async function renewGrant(
  tx: Tx,
  {
    grantId,
    terms,
    actorId,
  }: {
    grantId: string;
    terms: GrantTerms;
    actorId: string;
  },
): Promise<void> {
  const [grant] = await tx
    .select()
    .from(downloadGrants)
    .where(eq(downloadGrants.id, grantId))
    .for('update');
  if (!grant) throw new Error('a download grant vanished while it was renewed');
  await renew(tx, grantId, terms);
  await audit(tx, grantId, {
    from: grant.status,
    to: 'active',
    source: 'admin',
    actorId,
    orderId: grant.orderId,
    terms,
    renewed: true,
  });
}

async function renew(tx: Tx, grantId: string, terms: GrantTerms) {
  await tx
    .update(downloadGrants)
    .set({ status: 'active', revokedAt: null, ...terms })
    .where(eq(downloadGrants.id, grantId));
  await tx.delete(downloadCounts).where(inArray(downloadCounts.grantId, [grantId]));
}

async function audit(
  tx: Tx,
  grantId: string,
  {
    from,
    to,
    source,
    actorId,
    orderId,
    terms,
    ...rest
  }: {
    from: GrantStatus | null;
    to: GrantStatus;
    source: StatusSource;
    actorId: string | null;
    orderId: string;
    terms?: GrantTerms;
    [key: string]: unknown;
  },
) {
  await recordAudit({
    db: tx,
    actorId,
    action: 'download.grant',
    entityType: 'order',
    entityId: orderId,
    detail: {
      grantId,
      from,
      to,
      source,
      ...(terms
        ? {
            downloadLimit: terms.downloadLimit,
            expiresAt: terms.expiresAt?.toISOString() ?? null,
          }
        : {}),
      ...rest,
    },
  });
}
