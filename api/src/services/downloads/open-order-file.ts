import type { Readable } from 'node:stream';
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
import { type ByteRange, parseRange } from '../../lib/byte-range.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import type { Logger } from '../../lib/logger.ts';
import { type BusinessEnv, businessDetails } from '../invoices/business-details.ts';
import type { Storage } from '../storage/storage.ts';
import { findOrderFile } from './find-order-file.ts';

const RESUME_WINDOW_MS = downloadLimits.resumeWindowHours * 60 * 60 * 1000;

/** A product file's strong validator: its bytes' SHA-256. */
export const etagOf = (file: Pick<ProductFile, 'sha256'>) => `"${file.sha256}"`;

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

export interface OrderFileDownload {
  file: ProductFile;
  /** The whole file's size. */
  size: number;
  /** The part sent (206), or the whole file (200). */
  range: ByteRange | null;
  /** The bytes, or none for HEAD. */
  stream: Readable | null;
  /** On the local disk, the file's path (see Storage.get). */
  path?: string | undefined;
  /**
   * On a store that signs URLs (S3 with S3_DOWNLOADS=redirect): the download, counted, is sent
   * there (302) and the store answers the bytes, the range and its own ETag.
   */
  redirect?: string | undefined;
}

/** How long a presigned URL may be used to start the download it was made for. */
export const SIGNED_URL_SECONDS = 5 * 60;

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
  const size = file.sizeBytes;
  // An If-Range naming another version of the file: the whole of this one.
  const asked = ifRange && ifRange !== etagOf(file) ? undefined : rangeHeader;
  const ask = parseRange(asked, size);
  if (ask.kind === 'unsatisfiable') throw new RangeNotSatisfiable(size);
  const range = ask.kind === 'range' ? ask.range : null;
  if (head) return { file, size, range, stream: null };
  const count = (start: number) =>
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
    );
  const unreadable = (err: unknown) => {
    log?.warn({ err, key: file.storageKey }, 'download: storage read failed');
    return ApiError.unavailable(m.storageUnavailable);
  };
  if (storage.signedGetUrl) {
    // The store answers the bytes and checks `If-Range` against its own ETag (the one the
    // client holds from it), so only `Range` decides whether this is a resume. The object
    // under a key never changes (a replaced file gets a new key).
    const sent = parseRange(rangeHeader, size);
    if (sent.kind === 'unsatisfiable') throw new RangeNotSatisfiable(size);
    const start = sent.kind === 'range' ? sent.range.start : 0;
    // The store is asked first: one that is down counts nothing (503).
    const there = await storage.exists(file.storageKey).catch((err) => {
      throw unreadable(err);
    });
    if (!there) throw unreadable(new Error(`no object under ${file.storageKey}`));
    await count(start);
    const redirect = await storage.signedGetUrl(file.storageKey, {
      expiresInSeconds: SIGNED_URL_SECONDS,
      contentType: file.contentType,
      contentDisposition: contentDisposition(file.name),
      cacheControl: 'private, no-store',
    });
    return { file, size, range, stream: null, redirect };
  }
  // The bytes first: storage that is down counts nothing (503).
  let stream: Readable;
  let path: string | undefined;
  try {
    ({ stream, path } = await storage.get(file.storageKey, range ?? undefined));
  } catch (err) {
    throw unreadable(err);
  }
  try {
    await count(range?.start ?? 0);
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return { file, size, range, stream, path };
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

/** 416: the range asked starts past the file's end; the answer names its size. */
export class RangeNotSatisfiable extends ApiError {
  constructor(readonly size: number) {
    super('RANGE_NOT_SATISFIABLE', m.rangeNotSatisfiable);
  }
}
