import type { DownloadState } from '@studio/shared/downloads';
import type { DownloadGrantAnswer, OrderDownloadAnswer } from '@studio/shared/schemas/downloads';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type DownloadGrant,
  downloadCounts,
  downloadEvents,
  downloadGrants,
  productFiles,
} from '../../db/schema/downloads.ts';
import { type Order, orderItems } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';

/** The orders of `ids` that hold a digital product: their page lists files to download. */
export async function ordersWithDownloads(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ orderId: orderItems.orderId })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(inArray(orderItems.orderId, ids), eq(products.category, 'digital')));
  return new Set(rows.map((r) => r.orderId));
}

/** An order's digital lines, each with its grant (if any) and its product's current files. */
async function loadDigitalLines(db: DbOrTx, orderId: string) {
  const lines = await db
    .select({ productId: orderItems.productId, productName: orderItems.name })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.orderId, orderId), eq(products.category, 'digital')))
    .orderBy(asc(orderItems.name));
  if (lines.length === 0) return [];
  const productIds = lines.map((l) => l.productId);
  const [grants, files] = await Promise.all([
    db.select().from(downloadGrants).where(eq(downloadGrants.orderId, orderId)),
    db
      .select()
      .from(productFiles)
      .where(and(inArray(productFiles.productId, productIds), isNull(productFiles.removedAt)))
      .orderBy(asc(productFiles.createdAt)),
  ]);
  const grantIds = grants.map((g) => g.id);
  const [counts, lastEvents] = await Promise.all([
    grantIds.length === 0
      ? Promise.resolve([])
      : db.select().from(downloadCounts).where(inArray(downloadCounts.grantId, grantIds)),
    grantIds.length === 0
      ? Promise.resolve([])
      : db
          .selectDistinctOn([downloadEvents.grantId, downloadEvents.fileId], {
            grantId: downloadEvents.grantId,
            fileId: downloadEvents.fileId,
            at: downloadEvents.createdAt,
            ip: downloadEvents.ip,
          })
          .from(downloadEvents)
          .where(inArray(downloadEvents.grantId, grantIds))
          .orderBy(downloadEvents.grantId, downloadEvents.fileId, desc(downloadEvents.createdAt)),
  ]);
  return lines.map((line) => {
    const grant = grants.find((g) => g.productId === line.productId) ?? null;
    return {
      ...line,
      grant,
      files: files
        .filter((f) => f.productId === line.productId)
        .map((file) => {
          const used = grant
            ? (counts.find((c) => c.grantId === grant.id && c.fileId === file.id)?.used ?? 0)
            : 0;
          const last = grant
            ? lastEvents.find((e) => e.grantId === grant.id && e.fileId === file.id)
            : undefined;
          return { file, used, last: last ?? null };
        }),
    };
  });
}

function stateOf(order: Order, grant: DownloadGrant | null, now: Date): DownloadState {
  // Paid with no grant: a product made digital after the sale; nothing to download.
  if (!grant) return order.paidAt ? 'revoked' : 'awaiting-payment';
  if (grant.status === 'revoked') return order.paidAt ? 'revoked' : 'awaiting-payment';
  if (grant.expiresAt && grant.expiresAt <= now) return 'expired';
  return 'ready';
}

/** What the buyer's order page shows of its digital lines (decision 045). */
export async function presentOrderDownloads(
  db: DbOrTx,
  order: Order,
  now = new Date(),
): Promise<OrderDownloadAnswer[]> {
  const lines = await loadDigitalLines(db, order.id);
  return lines.map(({ productId, productName, grant, files }) => ({
    productId,
    productName,
    state: stateOf(order, grant, now),
    expiresAt: grant?.expiresAt?.toISOString() ?? null,
    downloadLimit: grant ? grant.downloadLimit : null,
    files: files.map(({ file, used, last }) => ({
      id: file.id,
      name: file.name,
      sizeBytes: file.sizeBytes,
      downloadsUsed: used,
      downloadsLeft: grant?.downloadLimit == null ? null : Math.max(0, grant.downloadLimit - used),
      lastDownloadAt: last?.at.toISOString() ?? null,
    })),
  }));
}

/** The order's grants as the admin's order detail shows them: each file's use, the last one. */
export async function presentOrderGrants(
  db: DbOrTx,
  orderId: string,
  now = new Date(),
): Promise<DownloadGrantAnswer[]> {
  const lines = await loadDigitalLines(db, orderId);
  return lines.flatMap(({ productId, productName, grant, files }) =>
    grant
      ? [
          {
            id: grant.id,
            productId,
            productName,
            status: grant.status,
            usable: grant.status === 'active' && !(grant.expiresAt && grant.expiresAt <= now),
            expiresAt: grant.expiresAt?.toISOString() ?? null,
            downloadLimit: grant.downloadLimit,
            grantedAt: grant.createdAt.toISOString(),
            files: files.map(({ file, used, last }) => ({
              id: file.id,
              name: file.name,
              sizeBytes: file.sizeBytes,
              downloadsUsed: used,
              lastDownloadAt: last?.at.toISOString() ?? null,
              lastDownloadIp: last?.ip ?? null,
            })),
          },
        ]
      : [],
  );
}

/** The files a paid order gives access to, as its receipt lists them. */
export async function orderFilesForReceipt(db: DbOrTx, orderId: string) {
  const lines = await loadDigitalLines(db, orderId);
  return lines.flatMap(({ productName, files }) =>
    files.map(({ file }) => ({ productName, name: file.name, sizeBytes: file.sizeBytes })),
  );
}
