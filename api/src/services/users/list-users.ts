import type { adminUsersQuerySchema } from '@studio/shared/schemas/admin-users';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { toPublicUser } from '../auth/to-public-user.ts';

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export async function listUsers({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof adminUsersQuerySchema>;
}) {
  const filters: SQL[] = [];
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.q) {
    const p = likePattern(query.q);
    const match = or(ilike(users.email, p), ilike(users.firstName, p), ilike(users.lastName, p));
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map(toPublicUser),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
