import { relations } from 'drizzle-orm';
import { bigint, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { workStatus } from './project-room-enums.ts';
import { services } from './services.ts';
import { statusSource } from './status-sources.ts';
import { users } from './users.ts';

/** `refunded`: paid, then all of it given back (decision 035); never payable again. */
export const paymentState = pgEnum('payment_state', ['unpaid', 'pending', 'paid', 'refunded']);

export const projectSubmissions = pgTable(
  'project_submissions',
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    serviceId: uuid()
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    notes: text().notNull(),
    timeline: text(),
    budget: text(),
    /** Set when the visitor was signed in. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    paymentState: paymentState().notNull().default('unpaid'),
    paidAt: timestamp({ withTimezone: true }),
    /** Where the work stands (issue 26); its one writer is services/project-room/move-work.ts. */
    workStatus: workStatus().notNull().default('received'),
    ...timestamps,
  },
  (t) => [
    index('project_submissions_created_at_idx').on(t.createdAt),
    index('project_submissions_payment_state_idx').on(t.paymentState),
    index('project_submissions_email_idx').on(t.email),
    index('project_submissions_service_id_idx').on(t.serviceId),
    index('project_submissions_user_id_idx').on(t.userId),
  ],
);

export const submissionFiles = pgTable(
  'submission_files',
  {
    id: id(),
    submissionId: uuid()
      .notNull()
      .references(() => projectSubmissions.id, { onDelete: 'cascade' }),
    /** The name the visitor gave the file: data only, never a path. */
    originalName: text().notNull(),
    storageKey: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submission_files_submission_id_idx').on(t.submissionId)],
);

/** Every payment-state change of a submission, with what caused it. */
export const submissionStatusHistory = pgTable(
  'submission_status_history',
  {
    id: id(),
    submissionId: uuid()
      .notNull()
      .references(() => projectSubmissions.id, { onDelete: 'cascade' }),
    status: paymentState().notNull(),
    source: statusSource().notNull(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submission_status_history_submission_id_idx').on(t.submissionId, t.createdAt)],
);

export const projectSubmissionsRelations = relations(projectSubmissions, ({ one, many }) => ({
  service: one(services, { fields: [projectSubmissions.serviceId], references: [services.id] }),
  files: many(submissionFiles),
}));

export const submissionFilesRelations = relations(submissionFiles, ({ one }) => ({
  submission: one(projectSubmissions, {
    fields: [submissionFiles.submissionId],
    references: [projectSubmissions.id],
  }),
}));
