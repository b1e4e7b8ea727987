import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

/** The spec only checks `admin`; everyone else is a customer. */
export const userRole = pgEnum('user_role', ['customer', 'admin']);

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** Always stored trimmed and lower-cased. */
    email: text().notNull(),
    phone: text(),
    passwordHash: text().notNull(),
    role: userRole().notNull().default('customer'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
    index('users_last_name_idx').on(t.lastName),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_full_name_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
  ],
);

export type User = typeof users.$inferSelect;
