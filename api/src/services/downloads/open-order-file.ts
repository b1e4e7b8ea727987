import { downloadLimits } from '@studio/shared/downloads';
import { downloadMessages as m } from '@studio/shared/messages/downloads';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  type DownloadGrant,
  downloadCounts,
  downloadEvents,
  downloadGrants,
  type ProductFile,
} from '../../db/schema/downloads.ts';
import type { Order } from '../../db/schema/orders.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { type BusinessEnv, businessDetails } from '../invoices/business-details.ts';
import type { Storage } from '../storage/storage.ts';
import { findOrderFile } from './find-order-file.ts';
import { openStoredFile, type StoredFileDownload } from './open-stored-file.ts';

const RESUME_WINDOW_MS = downloadLimits.resumeWindowHours * 60 * 60 * 1000;

const dateText = (at: Date) =>
  at.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * Why a download is refused now, or nothing: an order never paid (409), access revoked by a
 * refund or a cancellation, or past its end (410, saying whom to write to).
 */
export function refusal(
  order: Order,
  grant: DownloadGrant | null,
  contact: string,
  now: Date,
): ApiError | null {
  // Paid with no grant: a product made digital after the sale; the studio can grant it.
  if (!grant) {
    return order.paidAt
      ? new ApiError('GONE', m.revoked(contact))
      : new ApiError('CONFLICT', m.notPaid);
  }
  if (grant.status === 'revoked') {
    return order.paidAt
      ? new ApiError('GONE', m.revoked(contact))
      : new ApiError('CONFLICT', m.notPaid);
  }
  if (grant.expiresAt && grant.expiresAt <= now)
    return new ApiError('GONE', m.expired(dateText(grant.expiresAt), contact));
  return null;
}

export type OrderFileDownload = StoredFileDownload;

/**
 * Counts a download under the grant's row lock (decision 045): a request from the first byte
 * counts one, unless none are left (403); a request for the rest of the file (`Range` past its
 * first byte) within a day of a counted download of it is that download resumed and counts
 * nothing. Every request that sends bytes is recorded, with who, when and from where.
 */
async function countDownload(
  tx: Tx,
  {
    grantId,
    file,
    start,
    userId,
    ip,
    userAgent,
    contact,
    order,
    now,
  }: {
    grantId: string;
    file: ProductFile;
    start: number;
    userId: string;
    ip: string | null;
    userAgent: string | null;
    contact: string;
    order: Order;
    now: Date;
  },
) {
  const [grant] = await tx
    .select()
    .from(downloadGrants)
    .where(eq(downloadGrants.id, grantId))
    .for('update');
  // Revoked or ended between the first look and this lock.
  const refused = refusal(order, grant ?? null, contact, now);
  if (!grant || refused) throw refused ?? new ApiError('NOT_FOUND', m.fileNotFound);
  const [counts] = await tx
    .select()
    .from(downloadCounts)
    .where(and(eq(downloadCounts.grantId, grantId), eq(downloadCounts.fileId, file.id)));
  const resumed =
    start > 0 &&
    counts?.lastCountedAt != null &&
    counts.lastCountedAt.getTime() > now.getTime() - RESUME_WINDOW_MS;
  if (!resumed) {
    if (grant.downloadLimit !== null && (counts?.used ?? 0) >= grant.downloadLimit)
      throw new ApiError('FORBIDDEN', m.noDownloadsLeft(grant.downloadLimit, file.name, contact));
    await tx
      .insert(downloadCounts)
      .values({ grantId, fileId: file.id, used: 1, lastCountedAt: now })
      .onConflictDoUpdate({
        target: [downloadCounts.grantId, downloadCounts.fileId],
        set: { used: sql`${downloadCounts.used} + 1`, lastCountedAt: now },
      });
  }
  await tx.insert(downloadEvents).values({
    grantId,
    fileId: file.id,
    userId,
    ip,
    userAgent: userAgent?.slice(0, 300) ?? null,
    rangeStart: start,
    counted: !resumed,
    createdAt: now,
  });
}

/**
 * A customer's download of a file of their paid order, checked, counted and recorded, streamed
 * from storage (decision 045). `Range` is honoured (one range; `If-Range` with another ETag gets
 * the whole file); HEAD answers the headers and counts nothing. Refusals: 404, 409, 410, 403,
 * 416; storage that cannot be read is a 503 and counts nothing.
 */
export async function openOrderFile({
  db,
  env,
  storage,
  log,
  userId,
  orderId,
  fileId,
  rangeHeader,
  ifRange,
  head,
  ip,
  userAgent,
  now = new Date(),
}: {
  db: Db;
  env: BusinessEnv;
  storage: Storage;
  /** Where a store that cannot be read is told of (the buyer sees a 503). */
  log?: Logger;
  userId: string;
  orderId: string;
  fileId: string;
  rangeHeader: string | undefined;
  ifRange: string | undefined;
  head: boolean;
  ip: string | null;
  userAgent: string | null;
  now?: Date;
}): Promise<OrderFileDownload> {
  const contact = businessDetails(env).email;
  const { order, file, grant } = await findOrderFile(db, { userId, orderId, fileId });
  const refused = refusal(order, grant, contact, now);
  if (refused || !grant) throw refused ?? new ApiError('CONFLICT', m.notPaid);
  return openStoredFile({
    storage,
    log,
    file,
    rangeHeader,
    ifRange,
    head,
    beforeSend: (start) =>
      db.transaction((tx) =>
        countDownload(tx, {
          grantId: grant.id,
          file,
          start,
          userId,
          ip,
          userAgent,
          contact,
          order,
          now,
        }),
      ),
  });
}

/**
 * Refuses a download link for what its download would refuse now (409, 410, or 403 with no
 * downloads left), so the order page says why instead of the browser opening an error. The
 * download checks again under the grant's lock when the link is followed.
 */
export async function checkOrderFileAccess({
  db,
  env,
  userId,
  orderId,
  fileId,
  now = new Date(),
}: {
  db: Db;
  env: BusinessEnv;
  userId: string;
  orderId: string;
  fileId: string;
  now?: Date;
}): Promise<void> {
  const contact = businessDetails(env).email;
  const { order, file, grant } = await findOrderFile(db, { userId, orderId, fileId });
  const refused = refusal(order, grant, contact, now);
  if (refused || !grant) throw refused ?? new ApiError('CONFLICT', m.notPaid);
  if (grant.downloadLimit === null) return;
  const [counts] = await db
    .select({ used: downloadCounts.used })
    .from(downloadCounts)
    .where(and(eq(downloadCounts.grantId, grant.id), eq(downloadCounts.fileId, file.id)));
  if ((counts?.used ?? 0) >= grant.downloadLimit)
    throw new ApiError('FORBIDDEN', m.noDownloadsLeft(grant.downloadLimit, file.name, contact));
}
