import { type adminAuditQuerySchema, SYSTEM_ACTOR } from '@studio/shared/schemas/audit';
import { and, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { users } from '../../db/schema/users.ts';
import { describeAuditAction } from './describe-audit-action.ts';
import { findAuditObjects } from './find-audit-objects.ts';
import { summarizeAuditDetail } from './summarize-audit-detail.ts';

/** The first instant of a UTC calendar day (the report's days), whatever the session's zone. */
const utcDay = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'UTC')`;

export type AuditActor =
  | { kind: 'person'; id: string; name: string; email: string }
  | { kind: 'deleted' }
  | { kind: 'system' };

/**
 * GET /api/admin/audit: who did what and when, newest first, by person, action, object type and
 * UTC days, a page at a time: `before` is the id of the last entry shown (keyset, so a page
 * stays put while entries are added). The detail is summarised, never sent.
 */
export async function listAudit({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof adminAuditQuerySchema>;
}) {
  const filters: SQL[] = [];
  if (query.actor === SYSTEM_ACTOR) filters.push(isNull(auditLog.actorId));
  else if (query.actor) filters.push(eq(auditLog.actorId, query.actor));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.entityType) filters.push(eq(auditLog.entityType, query.entityType));
  if (query.from) filters.push(gte(auditLog.createdAt, utcDay(query.from)));
  if (query.to) filters.push(lt(auditLog.createdAt, utcDay(query.to, 1)));
  if (query.before) filters.push(lt(auditLog.id, query.before));

  const rows = await db
    .select({
      entry: auditLog,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.pageSize + 1);
  const page = rows.slice(0, query.pageSize);
  const objectOf = await findAuditObjects(
    db,
    page.map((r) => r.entry),
  );

  return {
    entries: page.map(({ entry, user }) => {
      const actor: AuditActor = user?.id
        ? {
            kind: 'person',
            id: user.id,
            name: `${user.firstName} ${user.lastName}`,
            email: user.email,
          }
        : entry.actorId
          ? { kind: 'deleted' }
          : { kind: 'system' };
      return {
        id: entry.id,
        at: entry.createdAt.toISOString(),
        actor,
        action: entry.action,
        actionLabel: describeAuditAction(entry.action),
        entityType: entry.entityType,
        object: objectOf(entry),
        summary: summarizeAuditDetail(entry.action, entry.detail),
      };
    }),
    /** Pass as `before` for the next (older) page; null on the last page. */
    nextBefore: rows.length > query.pageSize ? (page.at(-1)?.entry.id ?? null) : null,
  };
}
