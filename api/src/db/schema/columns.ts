import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column helpers; column names become snake_case through the client's `casing`. */
export const id = () => uuid().primaryKey().defaultRandom();

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
