import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who changed what and when; written by every admin change, read by the Audit tab.
 * `actorId` is the person's account and deliberately no foreign key (decision 033): the log
 * outlives an account, and an entry of a deleted account must still read "deleted user", not
 * "system" (null: no person, e.g. a job or PayPal's webhook).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid(),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_id_idx').on(t.actorId),
    // The kind filter and the list of kinds present (a skip scan over distinct actions).
    index('audit_log_action_idx').on(t.action),
  ],
);
