import { relations } from 'drizzle-orm';
import { bigint, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { projectSubmissions } from './project-submissions.ts';

export const uploadPurpose = pgEnum('upload_purpose', [
  'project',
  'product-file',
  'project-version',
]);

/**
 * A visitor's project in the making: the site gets its token when an upload starts, and every
 * tus request and the submission name it (decision 030). Anonymous visitors submit projects, so
 * this is not an account; only the token's SHA-256 is kept.
 */
export const uploadDrafts = pgTable(
  'upload_drafts',
  {
    id: id(),
    tokenHash: text().notNull().unique(),
    /**
     * What its uploads are for: a visitor's project (anyone may start one), or an admin's files
     * for digital products (issue 25), which may be larger and of more types.
     */
    purpose: uploadPurpose().notNull().default('project'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_drafts_created_at_idx').on(t.createdAt)],
);

/** One resumable upload (its bytes are in the tus datastore under the same id). */
export const projectUploads = pgTable(
  'project_uploads',
  {
    /** The tus id: 32 hex characters. */
    id: text().primaryKey(),
    draftId: uuid()
      .notNull()
      .references(() => uploadDrafts.id, { onDelete: 'cascade' }),
    /** Cleaned as multipart names are (file-names.ts); takes its type's extension once judged. */
    originalName: text().notNull(),
    /** Found by file-type in the first bytes; null until they arrived. */
    contentType: text(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    /**
     * Every byte the store took for it, over all its PATCHes: equals the size unless bytes were
     * received twice. Counted up to `countedOffset` (checked-upload-store.ts): a write's bytes
     * when it ends, or, if its process went first, when the next PATCH starts past them.
     */
    receivedBytes: bigint({ mode: 'number' }).notNull().default(0),
    /** How far into the upload `receivedBytes` has counted the store's bytes (its high mark). */
    countedOffset: bigint({ mode: 'number' }).notNull().default(0),
    completedAt: timestamp({ withTimezone: true }),
    /** Set in the transaction that made a submission of it: it cannot be used again. */
    submissionId: uuid().references(() => projectSubmissions.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Creation or the last PATCH: an upload idle for a day is removed. */
    lastWriteAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_uploads_draft_id_idx').on(t.draftId),
    index('project_uploads_last_write_at_idx').on(t.lastWriteAt),
  ],
);

export type UploadPurpose = (typeof uploadPurpose.enumValues)[number];

export const projectUploadsRelations = relations(projectUploads, ({ one }) => ({
  draft: one(uploadDrafts, { fields: [projectUploads.draftId], references: [uploadDrafts.id] }),
}));
