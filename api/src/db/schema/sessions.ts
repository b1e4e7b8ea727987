import { relations } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Sessions per the Lucia guide: the id is the SHA-256 (hex) of the bearer token, so a leaked
 * table cannot be replayed. Expiry slides forward while the session is used.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

/** The users' side of the link, here with the sessions: users.ts imports no table that imports it. */
export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
}));

export type Session = typeof sessions.$inferSelect;
