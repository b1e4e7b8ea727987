import {
  bigint,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { versionFileKind, workActor, workStatus } from './project-room-enums.ts';
import { projectSubmissions } from './project-submissions.ts';
import { users } from './users.ts';

// The project room (issue 26, decision 046).

/**
 * Every move of a submission's work status (its one writer: services/project-room/move-work.ts),
 * with who made it and their note. A client's move through their room link has no account.
 */
export const submissionWorkHistory = pgTable(
  'submission_work_history',
  {
    id: id(),
    submissionId: uuid()
      .notNull()
      .references(() => projectSubmissions.id, { onDelete: 'cascade' }),
    status: workStatus().notNull(),
    actor: workActor().notNull(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submission_work_history_submission_id_idx').on(t.submissionId, t.createdAt)],
);

/** A numbered set of files the studio shared with the client, with its note. */
export const projectVersions = pgTable(
  'project_versions',
  {
    id: id(),
    submissionId: uuid()
      .notNull()
      .references(() => projectSubmissions.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    note: text().notNull().default(''),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('project_versions_submission_number_idx').on(t.submissionId, t.number)],
);

/** A file of a version: a preview to listen to, or a final to download once paid. */
export const projectVersionFiles = pgTable(
  'project_version_files',
  {
    id: id(),
    versionId: uuid()
      .notNull()
      .references(() => projectVersions.id, { onDelete: 'cascade' }),
    submissionId: uuid()
      .notNull()
      .references(() => projectSubmissions.id, { onDelete: 'cascade' }),
    kind: versionFileKind().notNull(),
    /** The name the admin's file had: data only, never a path. */
    name: text().notNull(),
    storageKey: text().notNull().unique(),
    contentType: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_version_files_version_id_idx').on(t.versionId),
    index('project_version_files_submission_id_idx').on(t.submissionId),
  ],
);

/** A comment in the room's thread: general, or pinned to a second of a shared file. */
export const projectComments = pgTable(
  'project_comments',
  {
    id: id(),
    submissionId: uuid()
      .notNull()
      .references(() => projectSubmissions.id, { onDelete: 'cascade' }),
    author: workActor().notNull(),
    /** The admin who answered, or the client's account when signed in. */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    fileId: uuid().references(() => projectVersionFiles.id, { onDelete: 'cascade' }),
    atSeconds: real(),
    /** Plain text, shown as text (never HTML). */
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_comments_submission_id_idx').on(t.submissionId, t.createdAt)],
);

export type ProjectVersion = typeof projectVersions.$inferSelect;
export type ProjectVersionFile = typeof projectVersionFiles.$inferSelect;
export type ProjectComment = typeof projectComments.$inferSelect;
