import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Settings every API process must agree on and that no one configured, made once by the first
 * process and read by the others (decision 031): today the generated app secret.
 */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
