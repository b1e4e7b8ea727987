import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit-log.ts';

/** Writes who changed what; call it in the same transaction as the change. */
export async function recordAudit({
  db,
  actorId,
  action,
  entityType,
  entityId,
  detail = {},
}: {
  db: DbOrTx;
  actorId: string | null;
  /** e.g. `order.status`, `event.create`, `blast.send` */
  action: string;
  entityType: string;
  entityId: string | null;
  detail?: Record<string, unknown>;
}) {
  await db.insert(auditLog).values({ actorId, action, entityType, entityId, detail });
}
