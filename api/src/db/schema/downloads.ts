import { grantStatuses } from '@studio/shared/downloads';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { orders } from './orders.ts';
import { products } from './products.ts';
import { users } from './users.ts';

/**
 * A file a digital product carries (issue 25, decision 045): stored under `product-files/<uuid>`
 * in the configured storage, never under a public URL. Buyers download the product's current
 * files; a removed (or replaced) one keeps its row, marked `removedAt`, so the downloads recorded
 * of it still name it, and its bytes are deleted.
 */
export const productFiles = pgTable(
  'product_files',
  {
    id: id(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    storageKey: text().notNull(),
    /** Cleaned as upload names are (file-names.ts): the name a download is saved under. */
    name: text().notNull(),
    /** Found by file-type in the first bytes, as every upload's. */
    contentType: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    /** Hex SHA-256 of the bytes: the admin's check, and the downloads' strong ETag. */
    sha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('product_files_storage_key_key').on(t.storageKey),
    index('product_files_product_id_idx').on(t.productId, t.createdAt),
  ],
);

export const grantStatus = pgEnum('download_grant_status', grantStatuses);

/**
 * A buyer's access to the files of one digital product of a paid order: made in the order's
 * paid transition, revoked in its refund (or cancellation), granted again by an admin. Its
 * status has one writer (services/downloads/open-grant.ts). The limits are the product's
 * at the time it was granted.
 */
export const downloadGrants = pgTable(
  'download_grants',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: grantStatus().notNull().default('active'),
    /** Counted downloads of each file; null: no limit. */
    downloadLimit: integer(),
    /** Null: access never ends. */
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('download_grants_order_product_key').on(t.orderId, t.productId),
    index('download_grants_user_id_idx').on(t.userId),
    check(
      'download_grants_limit_positive',
      sql`${t.downloadLimit} IS NULL OR ${t.downloadLimit} > 0`,
    ),
  ],
);

/**
 * Each file's counted downloads under a grant, and the last one (an admin's grant again removes
 * them: the count starts over). A download counts itself under its grant's row lock, so two
 * processes never both take the last download.
 */
export const downloadCounts = pgTable(
  'download_counts',
  {
    grantId: uuid()
      .notNull()
      .references(() => downloadGrants.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => productFiles.id, { onDelete: 'cascade' }),
    used: integer().notNull().default(0),
    /** The last counted download's start: a resume within the window of it counts no more. */
    lastCountedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.grantId, t.fileId] })],
);

/** Every download of a product file (a resumed one too): who, when, which file, from where. */
export const downloadEvents = pgTable(
  'download_events',
  {
    id: id(),
    grantId: uuid()
      .notNull()
      .references(() => downloadGrants.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => productFiles.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    ip: text(),
    userAgent: text(),
    /** The first byte asked for (0 without `Range`). */
    rangeStart: bigint({ mode: 'number' }).notNull().default(0),
    /** False for a resume of a counted download (it used none up). */
    counted: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('download_events_grant_id_idx').on(t.grantId, t.createdAt),
    index('download_events_user_id_idx').on(t.userId, t.createdAt),
  ],
);

export type ProductFile = typeof productFiles.$inferSelect;
export type DownloadGrant = typeof downloadGrants.$inferSelect;
